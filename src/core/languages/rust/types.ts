import type { Node } from 'web-tree-sitter';
import type { TypeQueries } from '../writtenDeclarations';

const RUST_NUMERIC = /^(i8|i16|i32|i64|i128|isize|u8|u16|u32|u64|u128|usize|f32|f64)$/;

function rustNumericLiteral(node: Node, q: TypeQueries): boolean {
  const n = q.unparenthesize(node);
  if (n.type === 'integer_literal' || n.type === 'float_literal') return true;
  if (n.type === 'unary_expression' && n.children[0]?.text === '-') {
    const arg = n.namedChildren[0];
    return arg !== null && arg !== undefined && (arg.type === 'integer_literal' || arg.type === 'float_literal');
  }
  return false;
}

/**
 * Whether a Rust name, used at `at`, is a `mut` binding of a primitive number everywhere it is
 * bound in the function: declared with an integer or float type, or initialised with a number
 * literal. The syntax layer's answers come in `q` (syntax/declarations.ts TYPE_QUERIES).
 */
export function rustIsMutableNumber(at: Node, name: string, q: TypeQueries): boolean {
  const decls = q.declarationsOf('rust', at, name);
  if (decls.length === 0) return false;
  return decls.every((d) => {
    if (d.kind === 'other' || !d.mutable) return false;
    if (d.type !== null) return RUST_NUMERIC.test(d.type);
    return d.value !== null && rustNumericLiteral(d.value, q);
  });
}
