import type { Node } from 'web-tree-sitter';
import type { TreeQueries } from '../writtenDeclarations';

/**
 * The condition of Go's one `for` (where `loops.forms` is 'for-only'), which has no `condition`
 * field of its own: the `for_clause`'s condition, or the lone expression of `for c {}`; null for
 * `for {}`. syntax/loops.ts asks it whether a loop can complete; the syntax layer's answers come
 * in `q` (syntax/declarations.ts TYPE_QUERIES).
 */
export function loopCondition(forStmt: Node, q: TreeQueries): Node | null {
  const clause = q.namedChildren(forStmt).find((c) => c.type === 'for_clause');
  if (clause) return clause.childForFieldName('condition');
  return q.namedChildren(forStmt).find((c) => c.type !== 'block' && c.type !== 'range_clause' && c.type !== 'comment') ?? null;
}
