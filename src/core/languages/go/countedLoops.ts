import type { Node } from 'web-tree-sitter';
import type { CountedContext, CountedLoop, CountedQueries } from '../countedLoops';

/**
 * Go's counted loop as transforms/div-loop.ts splits it (where `loops.headerClauses`): the header
 * in a `for_clause` of its own, the index declared alone with `:=`. The syntax layer's answers
 * and the method's reading of the condition and update come in `q`.
 */
export function readCountedLoop<C extends CountedContext>(ctx: C, loop: Node, q: CountedQueries<C>): CountedLoop | null {
  const clause = q.namedChildren(loop).find((c) => c.type === 'for_clause');
  const body = loop.childForFieldName('body');
  if (!clause || !body) return null;
  const init = clause.childForFieldName('initializer');
  const cond = clause.childForFieldName('condition');
  const update = clause.childForFieldName('update');
  if (!init || !cond || !update || init.type !== 'short_var_declaration') return null;
  const left = q.namedChildren(init.childForFieldName('left') ?? init);
  const right = q.namedChildren(init.childForFieldName('right') ?? init);
  if (left.length !== 1 || right.length !== 1 || left[0].type !== 'identifier') return null;
  return q.threeClause(ctx, loop, { index: left[0].text, start: right[0], cond, update, body, type: null });
}
