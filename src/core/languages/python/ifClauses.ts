import type { Node } from 'web-tree-sitter';
import type { TreeQueries } from '../writtenDeclarations';

/**
 * Python's if, whose `elif` and `else` are clauses of its own (where `blocks.elifClauses`), not
 * an if nested in an else: its clauses, in order. The syntax layer's answers come in `q`
 * (syntax/declarations.ts TYPE_QUERIES).
 */
export function elifElseClauses(node: Node, q: TreeQueries): Node[] {
  return q.namedChildren(node).filter((c) => c.type === 'elif_clause' || c.type === 'else_clause');
}
