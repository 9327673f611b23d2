import type { Node } from 'web-tree-sitter';
import type { TreeQueries } from '../writtenDeclarations';

/**
 * Whether a Rust value keeps its meaning as an assignment, for transforms/move-assignments.ts,
 * which splits a `let x = v;` (Rust's `let_declaration`) into `let x;` and `x = v;`: a `let`
 * extends the life of a temporary it borrows (`let r = &make();`), an assignment does not;
 * closures infer their signature from the binding. The syntax layer's answers come in `q`.
 */
export function valueSplits(value: Node, q: TreeQueries): boolean {
  if (q.descendants(value, (n) => n.type === 'closure_expression' || n.type === 'async_block').length > 0) return false;
  return q.descendants(value, (n) => n.type === 'reference_expression').every((r) => {
    let v: Node | null = r.childForFieldName('value');
    while (v && (v.type === 'field_expression' || v.type === 'index_expression' || v.type === 'parenthesized_expression')) {
      v = v.childForFieldName('value') ?? v.namedChildren[0] ?? null;
    }
    return v?.type === 'identifier' || v?.type === 'self';
  });
}
