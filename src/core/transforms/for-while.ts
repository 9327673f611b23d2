import type { Node } from 'web-tree-sitter';
import { profileOf } from '../languages/profiles';
import type { LoopLayout, LoopPlan, LoopQueries } from '../languages/loopRewrites';
import type { UnitContext } from '../syntax/context';
import { catalogued } from './catalogue';
import { APPLICABLE, Method, Site } from './method';
import {
  afterLine,
  bodyIndent,
  cannotComplete,
  declaredNames,
  isComment,
  reindented,
  scanJumps,
  statementsOf,
} from '../syntax/loops';
import { allChildren, descendants, hasErrorIn, holdingWord, identifiersIn, identifiersWhere, namedChildren, nodesOfType } from '../syntax/nodes';
import { constantTruth } from '../syntax/shapes';
import { factTest } from '../syntax/nodeTable';

/**
 * Hazards shared by every counted loop that becomes a while with its update at the end of the
 * body: a `continue` would skip the update, labels and gotos are not followed, an update after
 * a final jump is dead (and unreachable code in Java), and a name the body's top level declares
 * would capture the update's identifiers.
 */
function bodyBlocksUpdate(ctx: UnitContext, body: Node, updateNames: readonly string[]): boolean {
  const jumps = scanJumps(ctx.lang, body);
  if (jumps.ownContinue || jumps.irregular) return true;
  const isBlock = ctx.profile.blocks.blockKinds.includes(body.type);
  const statements = isBlock ? statementsOf(ctx, body) : [body];
  const last = statements[statements.length - 1];
  if (last && cannotComplete(ctx, last)) return true;
  if (!isBlock) return false;
  const declared = new Set(statements.flatMap((s) => declaredNames(ctx.lang, s)));
  return updateNames.some((n) => declared.has(n));
}

/**
 * The text of the rewritten loop, laid out like the original: one line stays one line, the
 * body keeps its brace style, and a block wrapped around the loop indents its contents one level.
 */
function layout(ctx: UnitContext, p: LoopLayout): string {
  const base = ctx.indentOf(p.node);
  const extra = p.wrap ? ctx.indentUnit : '';
  const at = base + extra;
  const oneLine = p.node.startPosition.row === p.node.endPosition.row;
  const slice = (start: number, end: number, by: string) =>
    p.tail === undefined || p.tail < start || p.tail > end
      ? reindented(ctx, start, end, by)
      : `${reindented(ctx, start, p.tail, by)};${reindented(ctx, p.tail, end, by)}`;
  let loop: string;
  if (ctx.profile.blocks.blockKinds.includes(p.body.type)) {
    const open = p.body.startIndex + 1;
    const close = p.body.endIndex - 1;
    const inner = slice(open, close, extra);
    if (p.body.startPosition.row === p.body.endPosition.row) {
      loop = `${p.header} { ${[inner.trim(), ...p.updates].filter((s) => s).join(p.sep)} }`;
    } else {
      const inside = bodyIndent(ctx, p.body, base + ctx.indentUnit) + extra;
      const before = p.body.previousSibling;
      const brace = before && before.endPosition.row < p.body.startPosition.row ? `\n${at}{` : ' {';
      const kept = inner.trim() ? inner.trimEnd() : '';
      loop = `${p.header}${brace}${kept}${p.updates.map((u) => `\n${inside}${u}`).join('')}\n${at}}`;
    }
  } else {
    const empty = p.body.text.trim() === ';';
    if (oneLine) {
      loop = `${p.header} { ${[empty ? '' : slice(p.body.startIndex, p.body.endIndex, ''), ...p.updates].filter((s) => s).join(p.sep)} }`;
    } else {
      const inside = at + ctx.indentUnit;
      const lineStart = ctx.source.lastIndexOf('\n', p.body.startIndex - 1) + 1;
      const old = /^[ \t]*$/.test(ctx.source.slice(lineStart, p.body.startIndex)) ? ctx.indentOf(p.body) : base;
      const stmt = empty ? '' : slice(p.body.startIndex, p.body.endIndex, inside.startsWith(old) ? inside.slice(old.length) : '');
      loop = `${p.header} {${[stmt, ...p.updates]
        .filter((s) => s)
        .map((s) => `\n${inside}${s}`)
        .join('')}\n${at}}`;
    }
  }
  const statements = [...p.inits, loop];
  if (oneLine) return p.wrap ? `{ ${statements.join(p.sep)} }` : statements.join(p.sep);
  return p.wrap ? `{\n${at}${statements.join(`\n${at}`)}\n${base}}` : statements.join(`\n${base}`);
}

// ---- the method -----------------------------------------------------------------------

/**
 * The syntax layer's answers and this method's layout, made once and passed to the languages'
 * rewrites (languages/<id>/loopRewrites.ts), which lie below the syntax layer.
 */
const LOOP_QUERIES: LoopQueries<UnitContext> = {
  isComment,
  statementsOf,
  reindented,
  bodyIndent,
  afterLine,
  declaredNames,
  constantTruth,
  allChildren,
  namedChildren,
  descendants,
  identifiersIn,
  identifiersWhere,
  nodesOfType,
  holdingWord,
  factTest,
  hasErrorIn,
  bodyBlocksUpdate,
  layout,
};

function planOf(ctx: UnitContext, node: Node): LoopPlan | null {
  return ctx.profile.loops.rewrite(ctx, node, LOOP_QUERIES);
}

function describe(ctx: UnitContext, node: Node, plan: LoopPlan): string {
  const line = ctx.lineOf(node.startIndex);
  const forms = profileOf(ctx.lang).loops.forms;
  if (forms === 'for-only') {
    return plan.toWhile ? `counted for at line ${line} to conditional for` : `conditional for at line ${line} to three-clause for`;
  }
  if (forms === 'while-loop-and-for-in' && !plan.toWhile) return `while loop at line ${line} to loop`;
  return plan.toWhile ? `for loop at line ${line} to while` : `while loop at line ${line} to for`;
}

export const forWhile: Method = {
  ...catalogued('for-while'),
  support: () => APPLICABLE,

  findSites(ctx: UnitContext): Site[] {
    const sites: Site[] = [];
    for (const node of ctx.nodes(ctx.profile.loops.forAndWhile)) {
      if (!ctx.inFunctionBody(node)) continue;
      const plan = planOf(ctx, node);
      if (plan) sites.push({ start: node.startIndex, end: node.endIndex, label: describe(ctx, node, plan), data: { type: node.type } });
    }
    return sites;
  },

  apply(ctx, site, rng) {
    const { type } = site.data as { type: string };
    const node = ctx.nodes(type).find((n) => n.startIndex === site.start && n.endIndex === site.end);
    const plan = node ? planOf(ctx, node) : null;
    if (!plan) throw new Error(`for-while: no loop to rewrite at ${site.start}`);
    return { edits: plan.edits(rng), summary: `rewrote the ${site.label}` };
  },
};
