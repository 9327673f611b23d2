import type { LanguageId } from '../languages/languageIds';
import { profileOf } from '../languages/profiles';
import type { Rng } from '../random';
import type { UnitContext } from '../syntax/context';
import { catalogued } from './catalogue';
import { APPLICABLE, Method, Site } from './method';
import { HelperSpot, helperSpots, insertHelper, opensOnOwnLine, pickName } from '../syntax/helpers';
import { inHelper, isLocalFunction } from '../syntax/shapes';

/**
 * A helper that nobody calls: a small function computing something plausible from its
 * parameters (clamping, a series, digit counting, a gcd, a percentage), written in the file's
 * language and style, next to the unit's function. Unused functions are fine everywhere: Go
 * only rejects unused locals and imports, Rust and C warn (dead_code, -Wunused-function), Java
 * accepts an unused private method.
 */

type Stmt =
  | { kind: 'if' | 'while'; cond: string; body: Stmt[] }
  | { kind: 'for'; index: string; count: string; body: Stmt[] }
  | { kind: 'let'; name: string; value: string; mutable: boolean }
  | { kind: 'set' | 'add'; name: string; value: string }
  | { kind: 'return'; value: string };

interface Template {
  fn: readonly (readonly string[])[];
  params: readonly (readonly (readonly string[])[])[];
  locals: readonly (readonly (readonly string[])[])[];
  body(p: string[], l: string[], ops: Ops): Stmt[];
}

interface Ops {
  /** Integer division. */
  div(a: string, b: string): string;
}

const TEMPLATES: readonly Template[] = [
  {
    fn: [['clamp', 'score'], ['clamp', 'value'], ['bound', 'reading'], ['limit', 'level']],
    params: [[['value'], ['amount'], ['reading']], [['low'], ['lower'], ['minimum']], [['high'], ['upper'], ['maximum']]],
    locals: [],
    body: ([value, low, high]) => [
      { kind: 'if', cond: `${value} < ${low}`, body: [{ kind: 'return', value: low }] },
      { kind: 'if', cond: `${value} > ${high}`, body: [{ kind: 'return', value: high }] },
      { kind: 'return', value },
    ],
  },
  {
    fn: [['sum', 'steps'], ['series', 'total'], ['accumulate', 'steps'], ['total', 'increments']],
    params: [[['count'], ['steps'], ['length']], [['step'], ['increment'], ['stride']]],
    locals: [[['total'], ['sum'], ['accumulated']], [['index'], ['position'], ['offset']]],
    body: ([count, step], [total, index]) => [
      { kind: 'let', name: total, value: '0', mutable: true },
      { kind: 'for', index, count, body: [{ kind: 'add', name: total, value: `${index} * ${step}` }] },
      { kind: 'return', value: total },
    ],
  },
  {
    fn: [['count', 'digits'], ['digit', 'count'], ['number', 'width']],
    params: [[['number'], ['value'], ['amount']]],
    locals: [[['remaining'], ['rest'], ['magnitude']], [['digits'], ['width'], ['places']]],
    body: ([number], [remaining, digits], ops) => [
      { kind: 'let', name: remaining, value: number, mutable: true },
      { kind: 'if', cond: `${remaining} < 0`, body: [{ kind: 'set', name: remaining, value: `-${remaining}` }] },
      { kind: 'let', name: digits, value: '1', mutable: true },
      {
        kind: 'while',
        cond: `${remaining} >= 10`,
        body: [
          { kind: 'set', name: remaining, value: ops.div(remaining, '10') },
          { kind: 'add', name: digits, value: '1' },
        ],
      },
      { kind: 'return', value: digits },
    ],
  },
  {
    fn: [['greatest', 'common', 'divisor'], ['common', 'divisor'], ['shared', 'factor']],
    params: [[['first'], ['left'], ['lhs']], [['second'], ['right'], ['rhs']]],
    locals: [[['larger'], ['big'], ['dividend']], [['smaller'], ['small'], ['divisor']], [['remainder'], ['leftover'], ['rest']]],
    body: ([first, second], [larger, smaller, rest]) => [
      { kind: 'let', name: larger, value: first, mutable: true },
      { kind: 'let', name: smaller, value: second, mutable: true },
      {
        kind: 'while',
        cond: `${smaller} != 0`,
        body: [
          { kind: 'let', name: rest, value: `${larger} % ${smaller}`, mutable: false },
          { kind: 'set', name: larger, value: smaller },
          { kind: 'set', name: smaller, value: rest },
        ],
      },
      { kind: 'return', value: larger },
    ],
  },
  {
    fn: [['percent', 'of'], ['percentage'], ['share', 'percent'], ['ratio', 'percent']],
    params: [[['part'], ['portion'], ['count']], [['whole'], ['total'], ['base']]],
    locals: [],
    body: ([part, whole], _, ops) => [
      { kind: 'if', cond: `${whole} == 0`, body: [{ kind: 'return', value: '0' }] },
      { kind: 'return', value: ops.div(`${part} * 100`, whole) },
    ],
  },
];

function opsFor(lang: LanguageId): Ops {
  return { div: profileOf(lang).spelling.integerDivision };
}

/** The helper's statements as lines, indented with `unit` per level, as the language spells them. */
function render(lang: LanguageId, stmts: Stmt[], unit: string, allman: boolean, top = true): string[] {
  const spell = profileOf(lang).spelling;
  const block = (header: string, body: Stmt[]): string[] => {
    const inner = render(lang, body, unit, allman, false).map((l) => unit + l);
    if (spell.indentedBlocks) return [`${header}:`, ...inner];
    return allman ? [header, '{', ...inner, '}'] : [`${header} {`, ...inner, '}'];
  };
  const out: string[] = [];
  stmts.forEach((s, i) => {
    switch (s.kind) {
      case 'if':
        out.push(...block(spell.ifHeader(s.cond), s.body));
        break;
      case 'while':
        out.push(...block(spell.whileHeader(s.cond), s.body));
        break;
      case 'for':
        out.push(...block(spell.countedForHeader(s.index, s.count), s.body));
        break;
      case 'let':
        out.push(spell.declareInteger(s.name, s.value, s.mutable));
        break;
      case 'set':
      case 'add': {
        const op = s.kind === 'set' ? '=' : '+=';
        out.push(spell.statement(`${s.name} ${op} ${s.value}`));
        break;
      }
      case 'return':
        // where a function ends with its value (Rust), early returns stay explicit
        if (spell.valueAsLastExpression && top && i === stmts.length - 1) out.push(s.value);
        else out.push(spell.statement(`return ${s.value}`));
        break;
    }
  });
  return out;
}

interface SpotData {
  offset: number;
  indent: string;
  where: HelperSpot['where'];
  member: boolean;
  gap: number;
  allman: boolean;
  host: string;
}

export const insertJunkFunction: Method = {
  ...catalogued('insert-junk-function'),
  support: () => APPLICABLE,

  findSites(ctx: UnitContext): Site[] {
    const sites: Site[] = [];
    // next to the program's own functions only: not in a closure or a helper, nor next to a
    // function nobody calls (an earlier step's junk), which would make junk of junk; a function
    // unit is a definition (or a run of them): a definition reaching into it has its node there too
    const target = ctx.target;
    const called = (name: string) => (ctx.source.match(new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`, 'g')) ?? []).length > 1;
    const near = ctx.unitKind === 'function' ? ctx.functionsTouching(ctx.unit) : ctx.functions;
    const hosts = near.filter(
      (fn) =>
        fn.end > ctx.unit.start &&
        fn.start < ctx.unit.end &&
        !fn.node.hasError &&
        !isLocalFunction(ctx.lang, fn.node) &&
        !inHelper(ctx.lang, fn.node, target?.node) &&
        (fn === target || called(fn.name)),
    );
    for (const fn of hosts) {
      const spots = helperSpots(ctx, fn);
      const outside = spots.find((s) => s.where !== 'inside');
      const inside = spots.find((s) => s.where === 'inside');
      for (const spot of [outside, inside]) {
        if (!spot) continue;
        const data: SpotData = { ...spot, host: fn.name, allman: opensOnOwnLine(ctx, fn) };
        const label = spot.where === 'inside' ? `nested in \`${fn.name}\`` : `${spot.where} \`${fn.name}\``;
        sites.push({ start: spot.offset, end: spot.offset, label, data });
      }
    }
    return sites.sort((a, b) => a.start - b.start);
  },

  apply(ctx, site, rng: Rng) {
    const data = site.data as SpotData;
    const template = TEMPLATES[rng.int(TEMPLATES.length)];
    const name = pickName(ctx, rng, template.fn);
    const params = template.params.map((c) => pickName(ctx, rng, c));
    const locals = template.locals.map((c) => pickName(ctx, rng, c));
    const body = render(ctx.lang, template.body(params, locals, opsFor(ctx.lang)), ctx.indentUnit, data.allman);
    const head = profileOf(ctx.lang).spelling.integerFunctionHeader(name, params, data.member && data.where !== 'inside');
    const lines = profileOf(ctx.lang).spelling.indentedBlocks
      ? [...head.slice(0, -1), `${head[head.length - 1]}:`, ...body.map((l) => ctx.indentUnit + l)]
      : data.allman
        ? [...head, '{', ...body.map((l) => ctx.indentUnit + l), '}']
        : [...head.slice(0, -1), `${head[head.length - 1]} {`, ...body.map((l) => ctx.indentUnit + l), '}'];
    return {
      edits: [insertHelper(data, lines)],
      summary: `added unused function \`${name}\` ${site.label}`,
    };
  },
};
