import type { Node } from 'web-tree-sitter';
import type { TreeQueries } from '../writtenDeclarations';

/**
 * Python's plain `x = v` statement (where `variables.declaredByAssignment`: an assignment is a
 * declaration), which syntax/shapes.ts reads as the start of a counted range. The syntax layer's
 * answers come in `q` (syntax/declarations.ts TYPE_QUERIES).
 */
export function plainAssignment(stmt: Node, q: TreeQueries): { name: string; value: Node } | null {
  const a = stmt.type === 'expression_statement' ? q.namedChildren(stmt)[0] : null;
  if (a?.type !== 'assignment') return null;
  const left = a.childForFieldName('left');
  const right = a.childForFieldName('right');
  return left?.type === 'identifier' && right ? { name: left.text, value: right } : null;
}
