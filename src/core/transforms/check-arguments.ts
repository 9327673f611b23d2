import type { Node } from 'web-tree-sitter';
import type { FunctionInfo } from '../languages/functions';
import type { UnitContext } from '../syntax/context';
import { catalogued } from './catalogue';
import { APPLICABLE, Method, Site } from './method';
import { holdingWord, namedChildren, nodesOfType } from '../syntax/nodes';
import { startsLine } from '../syntax/runs';

/**
 * A test that an argument is null (None, nil, nullptr, an empty Option) whose branch is empty.
 * Only parameters whose type admits the null value are sites: Python's (any), Java's reference
 * types, C and C++ pointers (and C++ smart pointers), Go's pointers, slices, maps, channels,
 * functions and interfaces, Rust's Option (and raw pointers), JavaScript's (any), and
 * TypeScript's when the comparison type-checks under strict null checks (a comparison with
 * `null`/`undefined` always does; `=== null` is kept for types that admit null).
 * The test goes at the top of the body, after what must stay first.
 */

/** One way to write the check, as lines (depth in indentation units, text). */
type Check = [number, string][];

interface Data {
  at: number;
  indent: string;
  checks: Check[];
}

/** The comment in the check's branch, so that it reads as a case considered rather than as noise. */
function note(ctx: UnitContext, nothing: string): string {
  return ctx.profile.spelling.comment(`nothing to do for ${nothing}`);
}

/** The check as an `if` of the language writes it: an indented block holds the placeholder statement (Python's `pass`) before the comment. */
function check(ctx: UnitContext, cond: string, nothing: string): Check {
  if (ctx.profile.spelling.indentedBlocks) return [[0, `if ${cond}:`], [1, `${ctx.profile.spelling.emptyBlock}  ${note(ctx, nothing)}`]];
  return [[0, `if ${cond} {`], [1, note(ctx, nothing)], [0, '}']];
}

/** The function's parameter list node. */
function parameterList(ctx: UnitContext, fn: Node): Node | null {
  if (ctx.profile.declaratorChain) {
    let d = fn.childForFieldName('declarator');
    while (d && d.type !== 'function_declarator') d = d.childForFieldName('declarator');
    return d?.childForFieldName('parameters') ?? null;
  }
  return fn.childForFieldName('parameters') ?? fn.childForFieldName('parameter');
}

/** Where the check goes: before the first statement that need not stay first, when it starts its own line. */
function insertionPoint(ctx: UnitContext, info: FunctionInfo): Node | null {
  const body = info.body;
  if (!body) return null;
  if (!ctx.profile.blocks.functionBodies.includes(body.type) || body.hasError) return null;
  const holder = ctx.profile.blocks.listInsideBlock ? namedChildren(body).find((c) => c.type === 'statement_list') : body;
  if (!holder) return null;
  const comment = (n: Node) => ctx.profile.commentTypes.includes(n.type);
  const statements = namedChildren(holder).filter((c) => !comment(c));
  const first = (n: Node | undefined) => (n ? namedChildren(n).find((c) => !comment(c)) : undefined);
  const derived = () => info.name === 'constructor' && info.container !== null && /\bextends\b/.test(ctx.source.slice(info.container.startIndex, body.startIndex));
  const i = ctx.profile.blocks.bodyOpening(statements, first, derived);
  if (i === null) return null;
  const stmt = statements[i];
  return stmt && startsLine(ctx, stmt.startIndex) ? stmt : null;
}

/** The parameters that may hold the null value, each with the checks for it. */
function nullableParams(ctx: UnitContext, info: FunctionInfo): { name: Node; checks: Check[] }[] {
  const list = parameterList(ctx, info.node);
  if (!list) return [];
  const unit = {
    source: ctx.source,
    inClass: Boolean(info.container),
    nodesHolding: (kinds: string[], word: string) => nodesOfType(ctx.root, kinds, holdingWord([word])),
  };
  return ctx.profile.parameters.nullable(info.node, list, unit).map(({ name, tests }) => ({ name, checks: tests.map((t) => check(ctx, t.condition, t.nothing)) }));
}

export const checkArguments: Method = {
  ...catalogued('check-arguments'),
  // every language has a nullable parameter type (C pointers, Rust's Option): units without one just have no site
  support: () => APPLICABLE,

  findSites(ctx: UnitContext): Site[] {
    const sites: Site[] = [];
    for (const info of ctx.unitFunctions) {
      const before = insertionPoint(ctx, info);
      if (!before) continue;
      const body = info.body ? ctx.text(info.body) : '';
      for (const { name, checks } of nullableParams(ctx, info)) {
        // one check of an argument is a choice, a second one noise
        if (checks.some((c) => body.includes(c[0][1]))) continue;
        const data: Data = { at: before.startIndex, indent: ctx.indentOf(before), checks };
        sites.push({ start: name.startIndex, end: name.endIndex, label: `null check of \`${name.text}\` in ${info.name}`, data });
      }
    }
    return sites.sort((a, b) => a.start - b.start);
  },

  apply(ctx, site, rng) {
    const { at, indent, checks } = site.data as Data;
    const check = rng.pick(checks);
    const text = check.map(([d, t]) => `${ctx.indentUnit.repeat(d)}${t}\n${indent}`).join('');
    return {
      edits: [{ start: at, end: at, text }],
      summary: `added a ${site.label} that does nothing`,
    };
  },
};
