import type { FunctionInfo } from '../languages/functions';
import type { LanguageId } from '../languages/languageIds';
import type { Rng } from '../random';
import type { TextEdit } from '../text/edits';
import type { UnitContext } from '../transforms/context';
import { APPLICABLE, Method, Site } from '../transforms/method';
import { declarationOf } from '../transforms/shared/bindings';
import { nodesOfType, spanOf } from '../transforms/shared/nodes';
import { InsertionPoint, insertionPoints } from '../transforms/shared/statements';
import { pythonGarbage } from './pythonGarbage';
import { outermost } from '../text/outermost';

/** Dead shapes GBC inserts per function by default: a seeded count from two to four, as CodeCrash does. */
export const GBC_DEFAULT_COUNT = { min: 2, max: 4 };

interface GbcPlan {
  fn: string;
  /** A parameter no code outside the function mentions: a global of that name is always shadowed. */
  shadow: string | null;
  /** Where the global goes (the function's first line) and its indentation. */
  outerOffset: number;
  outerIndent: string;
  /** The first statement of the body, where the dead code goes; null when the body shares a line. */
  bodyOffset: number | null;
  bodyIndent: string;
  /** C only: the dead-loop function goes before the function, since C has no local functions. */
  topLevel: boolean;
  /** Python: every statement position of the function's own body (not of a nested function or class). */
  spots: { offset: number; indent: string }[];
  /** Python: a parameter dead code may read (never bind), or a literal. */
  read: string;
}

/** Parameters of a function, in order. */
function parameters(ctx: UnitContext, fn: FunctionInfo): string[] {
  const list = fn.node.childForFieldName('parameters') ?? fn.node.childForFieldName('declarator')?.childForFieldName('parameters');
  if (!list) return [];
  const out: string[] = [];
  for (const id of nodesOfType(list, ['identifier'])) {
    if (declarationOf(ctx.lang, id)?.param && !out.includes(id.text) && !['self', 'cls', 'this'].includes(id.text)) out.push(id.text);
  }
  return out;
}

/** Whether `name` appears anywhere in the file outside the function (a global would be seen there). */
function usedOutside(ctx: UnitContext, fn: FunctionInfo, name: string): boolean {
  const re = new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`);
  return re.test(ctx.source.slice(0, fn.start)) || re.test(ctx.source.slice(fn.end));
}

/** Whether a global (or, in a class, a field) of a parameter's name can be declared before the function. */
function canShadow(ctx: UnitContext, fn: FunctionInfo): boolean {
  switch (ctx.lang) {
    case 'rust':
      // a const or static in scope turns a `let p` or parameter `p` pattern into a constant pattern
      return false;
    case 'cpp':
      return fn.container === null;
    case 'c':
    case 'go':
      return fn.outer.parent?.type === 'translation_unit' || fn.outer.parent?.type === 'source_file';
    case 'javascript':
    case 'typescript':
      // a script's top-level `var` joins the global scope, where lib.dom already declares `name`, `status`...
      return fn.outer.parent?.type === 'program' && (ctx.lang === 'javascript' || /^\s*(import|export)\s/m.test(ctx.source));
    default:
      return true;
  }
}

/** Points whose nearest enclosing definition is `fn` itself: a `def` put in a class body would add a method. */
function ownPoints(points: InsertionPoint[], fn: FunctionInfo): InsertionPoint[] {
  return points.filter((p) => {
    for (let n = p.before.parent; n; n = n.parent) {
      if (n.id === fn.node.id) return true;
      if (n.type === 'function_definition' || n.type === 'class_definition' || n.type === 'lambda') return false;
    }
    return false;
  });
}

function plans(ctx: UnitContext): GbcPlan[] {
  const points = insertionPoints(ctx);
  const fns = ctx.unitKind === 'function' ? (ctx.target ? [ctx.target] : []) : outermost(ctx.unitFunctions, (f) => spanOf(f.node));
  const out: GbcPlan[] = [];
  for (const fn of fns) {
    if (!fn.body || fn.node.hasError) continue;
    if (fn.name === 'constructor' || (ctx.lang === 'java' && fn.node.type === 'constructor_declaration')) continue;
    const body = fn.body;
    const first = points.find((p) => {
      const block = p.before.parent;
      return !!block && (block.id === body.id || (block.parent?.id === body.id && block.type === 'statement_list'));
    });
    const shadow = canShadow(ctx, fn) ? (parameters(ctx, fn).find((p) => !usedOutside(ctx, fn, p)) ?? null) : null;
    const lineStart = ctx.source.lastIndexOf('\n', fn.start - 1) + 1;
    const outerIndent = ctx.source.slice(lineStart, fn.start);
    const ownLine = /^\s*$/.test(outerIndent);
    const topLevel = ctx.lang === 'c' && fn.outer.parent?.type === 'translation_unit' && ownLine;
    if (!first && !(shadow && ownLine) && !topLevel) continue;
    out.push({
      fn: fn.name,
      shadow: ownLine ? shadow : null,
      outerOffset: fn.start,
      outerIndent,
      bodyOffset: first?.offset ?? null,
      bodyIndent: first?.indent ?? '',
      topLevel,
      spots: ctx.lang === 'python' ? ownPoints(points, fn).map((p) => ({ offset: p.offset, indent: p.indent })) : [],
      read: parameters(ctx, fn)[0] ?? '0',
    });
  }
  return out;
}

function numbered(ctx: UnitContext, base: string): string {
  for (let i = 0; ; i++) if (ctx.isFree(`${base}${i}`)) return ctx.claim(`${base}${i}`);
}

function globalLine(lang: LanguageId, name: string, value: number): string {
  switch (lang) {
    case 'python':
      return `${name} = ${value}`;
    case 'go':
      return `var ${name} = ${value}`;
    case 'javascript':
    case 'typescript':
      return `var ${name} = ${value};`;
    default:
      return `static int ${name} = ${value};`;
  }
}

/** A block that never runs, holding a dead assignment (CodeCrash's "in-executable conditional"). */
function deadBranch(lang: LanguageId, temp: string, source: string, u: string): string[] {
  switch (lang) {
    case 'python':
      return ['while False:', `${u}${temp} = ${source}`];
    case 'c':
    case 'cpp':
      return ['if (0) {', `${u}int ${temp} = 0;`, `${u}(void)${temp};`, '}'];
    case 'go':
      return ['if false {', `${u}${temp} := 0`, `${u}_ = ${temp}`, '}'];
    case 'rust':
      return ['if false {', `${u}let _${temp.toLowerCase()} = 0;`, '}'];
    case 'java':
      return ['if (false) {', `${u}int ${temp} = 0;`, '}'];
    default:
      return ['if (false) {', `${u}let ${temp} = 0;`, '}'];
  }
}

/** A function that would loop forever, defined and never called (CodeCrash's "dead-loop function"). */
function deadLoop(lang: LanguageId, name: string, u: string): string[] {
  switch (lang) {
    case 'python':
      return [`def ${name}():`, `${u}while True:`, `${u}${u}pass`];
    case 'c':
      return [`static void ${name}(void) {`, `${u}for (;;) {`, `${u}}`, '}'];
    case 'cpp':
      return [`auto ${name} = []() {`, `${u}for (;;) {`, `${u}}`, '};', `(void)${name};`];
    case 'go':
      return [`${name} := func() {`, `${u}for {`, `${u}}`, '}', `_ = ${name}`];
    case 'rust':
      return ['#[allow(dead_code)]', `fn ${name.toLowerCase()}() {`, `${u}loop {}`, '}'];
    case 'java':
      return [`Runnable ${name} = () -> {`, `${u}while (true) {`, `${u}}`, '};'];
    default:
      return [`function ${name}() {`, `${u}while (true) {`, `${u}}`, '}'];
  }
}

function insertion(offset: number, indent: string, lines: readonly string[]): TextEdit {
  return { start: offset, end: offset, text: `${lines.map((l, i) => (i === 0 || l === '' ? l : indent + l)).join('\n')}\n${indent}` };
}

/** Python: `count` random dead shapes at seeded statement positions of the function's own body. */
function pythonShapes(ctx: UnitContext, plan: GbcPlan, rng: Rng, count: number, parts: string[]): TextEdit[] {
  const at = new Map<number, { indent: string; lines: string[] }>();
  const names = { temp: () => numbered(ctx, 'TempVar'), func: () => numbered(ctx, 'funct'), read: plan.shadow ?? plan.read };
  for (let i = 0; i < count; i++) {
    const spot = plan.spots[rng.int(plan.spots.length)];
    const slot = at.get(spot.offset) ?? { indent: spot.indent, lines: [] };
    slot.lines.push(...pythonGarbage(names, rng, ctx.indentUnit));
    at.set(spot.offset, slot);
  }
  parts.push(`${count} dead shape(s) at ${at.size} position(s)`);
  return [...at].sort((a, b) => a[0] - b[0]).map(([offset, slot]) => insertion(offset, slot.indent, slot.lines));
}

/**
 * GBC (CodeCrash): garbage that never runs, in three kinds: a global named like a parameter
 * (always shadowed by it), a branch whose condition is constantly false, and a local function
 * that would loop forever but is never called. In Python, `count` shapes (a seeded two to four
 * by default) drawn from dozens of dead branches and loops go anywhere in the body; elsewhere one
 * branch and one dead-loop function go at the top of the body.
 */
export function gbcMethod(count?: number): Method {
  return {
    id: 'gbc',
    category: 'decomposition',
    description: 'CodeCrash GBC: insert a shadowed global, never-taken branches and uncalled dead-loop functions',
    support: () => APPLICABLE,

    findSites(ctx: UnitContext): Site[] {
      const found = plans(ctx);
      if (found.length === 0) return [];
      return [{ start: found[0].outerOffset, end: found[found.length - 1].outerOffset, label: `garbage code in ${found.length} function(s)`, data: found, all: true }];
    },

    apply(ctx, site, rng: Rng) {
      const u = ctx.indentUnit;
      const edits: TextEdit[] = [];
      const parts: string[] = [];
      for (const plan of site.data as GbcPlan[]) {
        const before: string[] = [];
        if (plan.shadow) {
          before.push(globalLine(ctx.lang, plan.shadow, 1 + rng.int(99)));
          parts.push(`global \`${plan.shadow}\``);
        }
        if (plan.spots.length > 0) {
          if (before.length) edits.push(insertion(plan.outerOffset, plan.outerIndent, [...before, '']));
          const n = count ?? GBC_DEFAULT_COUNT.min + rng.int(GBC_DEFAULT_COUNT.max - GBC_DEFAULT_COUNT.min + 1);
          edits.push(...pythonShapes(ctx, plan, rng, n, parts));
          continue;
        }
        const loopName = plan.bodyOffset !== null || plan.topLevel ? numbered(ctx, 'funct') : null;
        if (plan.topLevel && loopName) {
          before.push(...deadLoop(ctx.lang, loopName, u));
          parts.push(`dead-loop function \`${loopName}\``);
        }
        if (before.length) edits.push(insertion(plan.outerOffset, plan.outerIndent, [...before, '']));
        if (plan.bodyOffset !== null) {
          const lines = deadBranch(ctx.lang, numbered(ctx, 'TempVar'), plan.shadow ?? '0', u);
          if (!plan.topLevel && loopName) {
            lines.push(...deadLoop(ctx.lang, loopName, u));
            parts.push(`dead-loop function \`${loopName}\``);
          }
          edits.push(insertion(plan.bodyOffset, plan.bodyIndent, lines));
          parts.push('never-taken branch');
        }
      }
      return { edits, summary: `inserted ${parts.join(', ')}` };
    },
  };
}

export const gbc: Method = gbcMethod();
