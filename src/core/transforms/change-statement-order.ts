import type { Node } from 'web-tree-sitter';
import type { UnitContext } from '../syntax/context';
import { catalogued } from './catalogue';
import { APPLICABLE, Method, Site } from './method';
import { isRustTail, onlySpaceBetween, Placed, placedStatements } from '../syntax/blocks';
import { failureObservable, functionOf, plainLocals, StatementFacts, statementFacts } from '../syntax/dataflow';
import { namedChildren } from '../syntax/nodes';

interface SwapData {
  /** The first statement's lines (with its leading comments) and the second's. */
  first: { start: number; end: number };
  second: { start: number; end: number };
}

/** What an expression statement must hold to be worth swapping: a write, or (Rust) an if or loop. */
const WRITES = new Set([
  'assignment', 'augmented_assignment', 'assignment_expression', 'augmented_assignment_expression', 'compound_assignment_expr',
  'update_expression', 'if_expression', 'while_expression', 'loop_expression',
]);

function candidate(ctx: UnitContext, p: Placed): boolean {
  const stmt = p.node;
  if (!p.movable || !ctx.profile.blocks.swappableStatements.includes(stmt.type)) return false;
  if (stmt.type === 'expression_statement') {
    const inner = namedChildren(stmt).filter((c) => !ctx.profile.commentTypes.includes(c.type));
    if (inner.length !== 1 || !WRITES.has(inner[0].type)) return false;
  }
  return !isRustTail(ctx, stmt);
}

/** Why two adjacent statements cannot swap, or null when they can. */
export function swapHazard(ctx: UnitContext, a: StatementFacts, b: StatementFacts, at: Node): string | null {
  if (a.opaque || b.opaque) return a.opaque ?? b.opaque;
  // a name one writes or declares must not appear in the other at all
  for (const [x, y] of [[a, b], [b, a]]) {
    for (const name of x.mutates) if (y.mentions.has(name)) return `both use \`${name}\``;
  }
  if ((a.writesMemory && (b.readsMemory || b.writesMemory)) || (b.writesMemory && a.readsMemory)) return 'memory both use';
  if (a.mayFail && b.mayFail) return 'both may fail';
  if (a.mayFail || b.mayFail) {
    // the other's writes would happen before a failure they used to follow (or the reverse)
    const other = a.mayFail ? b : a;
    if (other.writesMemory) return 'a write a failure would expose';
    if (failureObservable(ctx, at)) return 'a failure caught in the function';
  }
  return null;
}

export const changeStatementOrder: Method = {
  ...catalogued('change-statement-order'),
  support: () => APPLICABLE,

  findSites(ctx: UnitContext): Site[] {
    const sites: Site[] = [];
    for (const list of ctx.nodes(ctx.profile.blocks.statementLists)) {
      if (!ctx.inFunctionBody(list)) continue;
      const fn = functionOf(ctx.lang, list);
      if (!fn) continue;
      const placed = placedStatements(ctx, list);
      const facts = new Map<number, StatementFacts | null>();
      const factsOf = (p: Placed) => {
        if (!facts.has(p.node.id)) facts.set(p.node.id, candidate(ctx, p) ? statementFacts(ctx, p.node, plainLocals(ctx, fn)) : null);
        return facts.get(p.node.id) ?? null;
      };
      for (let i = 0; i + 1 < placed.length; i++) {
        const a = placed[i];
        const b = placed[i + 1];
        if (!ctx.inUnit(a.node) || !ctx.inUnit(b.node)) continue;
        if (b.leadStart !== b.node.startIndex || !onlySpaceBetween(ctx, a, b)) continue; // a comment between them
        if (ctx.indentOf(a.node) !== ctx.indentOf(b.node)) continue;
        const fa = factsOf(a);
        const fb = fa && factsOf(b);
        if (!fa || !fb || swapHazard(ctx, fa, fb, a.node)) continue;
        const data: SwapData = { first: { start: a.leadStart, end: a.end }, second: { start: b.node.startIndex, end: b.end } };
        sites.push({
          start: a.node.startIndex,
          end: b.node.endIndex,
          label: `swap lines ${ctx.lineOf(a.node.startIndex)} and ${ctx.lineOf(b.node.startIndex)}`,
          data,
        });
      }
    }
    return sites.sort((x, y) => x.start - y.start);
  },

  apply(ctx, site) {
    const { first, second } = site.data as SwapData;
    const src = ctx.source;
    const text = src.slice(second.start, second.end) + src.slice(first.end, second.start) + src.slice(first.start, first.end);
    return {
      edits: [{ start: first.start, end: second.end, text }],
      summary: `swapped the statements at lines ${ctx.lineOf(first.start)} and ${ctx.lineOf(second.start)}`,
    };
  },
};
