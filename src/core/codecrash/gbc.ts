import type { FunctionInfo } from '../languages/functions';
import { deadLoopFunction } from '../languages/c/garbage';
import { deadShape } from '../languages/python/garbage';
import type { Rng } from '../random';
import type { TextEdit } from '../text/edits';
import type { UnitContext } from '../syntax/context';
import { APPLICABLE, Method, Site } from '../transforms/method';
import { declarationOf } from '../syntax/bindings';
import { nodesOfType, spanOf } from '../syntax/nodes';
import { InsertionPoint, insertionPoints } from '../syntax/statements';
import { BraceLanguage, braceGarbage, tempBase } from './braceGarbage';
import { outermost } from '../text/outermost';
import { count as plural } from '../text/plural';

/** Dead shapes GBC inserts per function by default: a seeded count from two to four, as CodeCrash does. */
export const GBC_DEFAULT_COUNT = { min: 2, max: 4 };

interface GbcPlan {
  fn: string;
  /** A parameter no code outside the function mentions: a global of that name is always shadowed. */
  shadow: string | null;
  /** Where the global goes (the function's first line) and its indentation. */
  outerOffset: number;
  outerIndent: string;
  /** C only: the dead-loop function goes before the function, since C has no local functions. */
  topLevel: boolean;
  /** Every statement position of the function's own body (not of a nested function, closure or class); `body`: a statement of the body itself. */
  spots: { offset: number; indent: string; body: boolean }[];
  /** A parameter dead code may read (never bind), or a literal: Python's shapes read it. */
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

/** Whether a global (or, in a class, a field) of a parameter's name can be declared before the function (LanguageProfile.codecrash.shadowingGlobals). */
function canShadow(ctx: UnitContext, fn: FunctionInfo): boolean {
  const topLevel = () => fn.outer.parent?.type === ctx.tree.rootNode.type;
  switch (ctx.profile.codecrash.shadowingGlobals) {
    case 'none':
      return false;
    case 'free':
      return fn.container === null;
    case 'top-level':
      return topLevel();
    case 'module-top-level':
      return topLevel() && /^\s*(import|export)\s/m.test(ctx.source);
    case 'anywhere':
      return true;
  }
}

/** Nodes that open code of their own: a statement put in one belongs to another function, closure or class. */
const OWN_CODE = new Set(['function_definition', 'class_definition', 'lambda', 'lambda_expression', 'func_literal', 'closure_expression', 'class_body', 'class', 'class_declaration', 'class_specifier', 'struct_specifier', 'impl_item', 'function_item', 'function_declaration', 'generator_function_declaration', 'method_definition', 'method_declaration', 'arrow_function', 'function_expression', 'function', 'constructor_declaration']);

/** Points whose nearest enclosing definition is `fn` itself: a `def` put in a class body would add a method. */
function ownPoints(points: InsertionPoint[], fn: FunctionInfo): InsertionPoint[] {
  return points.filter((p) => {
    for (let n = p.before.parent; n; n = n.parent) {
      if (n.id === fn.node.id) return true;
      if (OWN_CODE.has(n.type)) return false;
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
    if (fn.name === 'constructor' || ctx.profile.codecrash.constructorTypes.includes(fn.node.type)) continue;
    const body = fn.body;
    const atBody = (p: InsertionPoint) => {
      const block = p.before.parent;
      return !!block && (block.id === body.id || (block.parent?.id === body.id && block.type === 'statement_list'));
    };
    const spots = ownPoints(points, fn).map((p) => ({ offset: p.offset, indent: p.indent, body: atBody(p) }));
    const shadow = canShadow(ctx, fn) ? (parameters(ctx, fn).find((p) => !usedOutside(ctx, fn, p)) ?? null) : null;
    const lineStart = ctx.source.lastIndexOf('\n', fn.start - 1) + 1;
    const outerIndent = ctx.source.slice(lineStart, fn.start);
    const ownLine = /^\s*$/.test(outerIndent);
    const topLevel = ctx.profile.codecrash.deadLoopBeforeFunction && fn.outer.parent?.type === ctx.tree.rootNode.type && ownLine;
    if (spots.length === 0 && !(shadow && ownLine) && !topLevel) continue;
    out.push({
      fn: fn.name,
      shadow: ownLine ? shadow : null,
      outerOffset: fn.start,
      outerIndent,
      topLevel,
      spots,
      read: parameters(ctx, fn)[0] ?? '0',
    });
  }
  return out;
}

function numbered(ctx: UnitContext, base: string): string {
  for (let i = 0; ; i++) if (ctx.isFree(`${base}${i}`)) return ctx.claim(`${base}${i}`);
}

function insertion(offset: number, indent: string, lines: readonly string[]): TextEdit {
  return { start: offset, end: offset, text: `${lines.map((l, i) => (i === 0 || l === '' ? l : indent + l)).join('\n')}\n${indent}` };
}

/** `count` random dead shapes at seeded statement positions of the function's own body. */
function shapes(ctx: UnitContext, plan: GbcPlan, rng: Rng, count: number, parts: string[]): TextEdit[] {
  const at = new Map<number, { indent: string; lines: string[] }>();
  const indented = ctx.profile.codecrash.indentedGarbage;
  // the languages written in braces have their spellings in braceGarbage.ts; Python is the one indented
  const lang = ctx.lang as BraceLanguage;
  const names = { temp: () => numbered(ctx, indented ? 'TempVar' : tempBase(lang)), func: () => numbered(ctx, 'funct'), read: plan.shadow ?? plan.read };
  for (let i = 0; i < count; i++) {
    const spot = plan.spots[rng.int(plan.spots.length)];
    const slot = at.get(spot.offset) ?? { indent: spot.indent, lines: [] };
    slot.lines.push(...(indented ? deadShape(names, rng, ctx.indentUnit) : braceGarbage(lang, names, rng, ctx.indentUnit, spot)));
    at.set(spot.offset, slot);
  }
  parts.push(`${plural(count, 'dead shape')} at ${plural(at.size, 'position')}`);
  return [...at].sort((a, b) => a[0] - b[0]).map(([offset, slot]) => insertion(offset, slot.indent, slot.lines));
}

/**
 * GBC (CodeCrash): garbage that never runs, in three kinds: a global named like a parameter
 * (always shadowed by it), a branch whose condition is constantly false, and a local function
 * that would loop forever but is never called. `count` shapes (a seeded two to four by default),
 * drawn from the language's dead branches, loops and functions (languages/python/garbage.ts,
 * braceGarbage.ts), go before any statements of the body; C's dead-loop function goes before the
 * function, as C has no local ones (languages/c/garbage.ts).
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
      return [{ start: found[0].outerOffset, end: found[found.length - 1].outerOffset, label: `garbage code in ${plural(found.length, 'function')}`, data: found, all: true }];
    },

    apply(ctx, site, rng: Rng) {
      const u = ctx.indentUnit;
      const edits: TextEdit[] = [];
      const parts: string[] = [];
      for (const plan of site.data as GbcPlan[]) {
        const before: string[] = [];
        if (plan.shadow) {
          before.push(ctx.profile.codecrash.globalDeclaration(plan.shadow, 1 + rng.int(99)));
          parts.push(`global \`${plan.shadow}\``);
        }
        if (plan.topLevel) {
          const name = numbered(ctx, 'funct');
          before.push(...deadLoopFunction(name, u));
          parts.push(`dead-loop function \`${name}\``);
        }
        if (before.length) edits.push(insertion(plan.outerOffset, plan.outerIndent, [...before, '']));
        if (plan.spots.length > 0) {
          const n = count ?? GBC_DEFAULT_COUNT.min + rng.int(GBC_DEFAULT_COUNT.max - GBC_DEFAULT_COUNT.min + 1);
          edits.push(...shapes(ctx, plan, rng, n, parts));
        }
      }
      return { edits, summary: `inserted ${parts.join(', ')}` };
    },
  };
}

export const gbc: Method = gbcMethod();
