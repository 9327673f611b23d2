import type { Node } from 'web-tree-sitter';
import { ELEMENT, FIELD, javaLiteralType, javaTypeOf } from './types';
import type { JavaType } from './types';
import type { TypeQueries } from '../writtenDeclarations';

/**
 * Where Java's `x op= y` and `x = x op y` do the same (modify-operations, reached where
 * `expressions.compoundAssignmentCasts` holds): the compound form casts its result back to x's
 * type, the plain one does not. The syntax layer's answers come in `q` (syntax/declarations.ts
 * TYPE_QUERIES).
 */

/** The variable's declared type, or its element type for `a[i]`, or a field's for `this.f`. */
export function javaTargetType(target: Node, q: TypeQueries): JavaType | null {
  if (target.type === 'identifier') return javaTypeOf(target, target.text, q);
  if (target.type === 'array_access') {
    const array = target.childForFieldName('array')!;
    return javaTypeOf(target, array.text, q, ELEMENT);
  }
  const field = target.childForFieldName('field');
  return field ? javaTypeOf(target, field.text, q, FIELD) : null;
}

/** Java's integer operators (the binary operators of its grammar whose int operands give an int). */
const JAVA_INT_OPS = new Set(['+', '-', '*', '/', '%', '&', '|', '^', '<<', '>>', '>>>']);

/** Whether a Java expression is certainly of type int (or long, when `long` is allowed). */
function javaIntegral(node: Node, long: boolean, q: TypeQueries): boolean {
  const n = node.type === 'parenthesized_expression' && node.namedChildren[0] ? node.namedChildren[0] : node;
  const literal = javaLiteralType(n, q);
  if (literal) return literal === 'int' || literal === 'char' || (long && literal === 'long');
  if (n.type === 'identifier') {
    const type = javaTypeOf(n, n.text, q);
    return type === 'int' || type === 'short' || type === 'byte' || type === 'char' || (long && type === 'long');
  }
  if (n.type === 'unary_expression') {
    const op = n.childForFieldName('operator')?.text;
    const operand = n.childForFieldName('operand');
    return (op === '-' || op === '+' || op === '~') && operand !== null && javaIntegral(operand, long, q);
  }
  const b = q.asBinary('java', n);
  return b !== null && JAVA_INT_OPS.has(b.operator) && javaIntegral(b.left, long, q) && javaIntegral(b.right, long, q);
}

/**
 * Whether `target op= value` may be expanded: only where no narrowing can be involved.
 * Contracting only adds a cast to the type `x = x op y` already has (javaTargetType known).
 */
export function javaExpandable(target: Node, op: string, value: Node, q: TypeQueries): boolean {
  switch (javaTargetType(target, q)) {
    case 'double':
      return true;
    case 'String':
      return op === '+';
    case 'int':
      return javaIntegral(value, false, q);
    case 'long':
      return javaIntegral(value, true, q);
    default:
      return false;
  }
}
