import type { Node } from 'web-tree-sitter';
import type { LanguageId } from '../languageIds';
import type { NumType } from '../numericTypes';
import { cppLiteralType, cppTypeOf } from './types';
import type { TypeQueries } from '../writtenDeclarations';

/**
 * Whether a C++ expression is of a built-in scalar type, so that no class's operator (which may
 * define `<` and no `>`, `==` apart from `!=`, its own `!`, `&&`, `||`) is involved: for the
 * boolean rewrites (equi-boolean-logic, swap-boolean-expression), reached where
 * `variables.classValuesRunCode` holds. Two readers by two kinds of evidence, each what its
 * method has always asked: the numeric type the source proves (cppScalar), or the declarations
 * through the operators (cppBuiltinOperand).
 */

/**
 * The syntax layer's answers these readers ask, which lie above languages/: TYPE_QUERIES with
 * the expression readers of syntax/expressions.ts and syntax/numeric.ts. syntax/scalarQueries.ts
 * makes the one object (SCALAR_QUERIES).
 */
export interface ScalarQueries extends TypeQueries {
  /** syntax/numeric.ts numericType: what the source proves about an expression's numeric type, or null. */
  numericType(lang: LanguageId, node: Node): NumType | null;
  /** syntax/expressions.ts isNullLiteral: `nullptr`, `NULL` and the like, through parentheses. */
  isNullLiteral(node: Node): boolean;
  /** syntax/expressions.ts isLogical: `&&`, `||` and their word spellings. */
  isLogical(op: string): boolean;
  /** syntax/expressions.ts negatedOperand: the operand of a `!`, or null. */
  negatedOperand(node: Node): Node | null;
}

/** C++'s comparison operators, each with a complement (`<` and `>=`): built-in results, whatever a class defines. */
const CPP_COMPARISONS = new Set(['==', '!=', '<', '>=', '>', '<=']);

/** A C++ expression of a built-in scalar type by the numeric type it has or its declarations (so no class operator is involved). */
export function cppScalar(node: Node, q: ScalarQueries): boolean {
  const n = q.unparenthesize(node);
  if (q.numericType('cpp', n) || q.isNullLiteral(n)) return true;
  if (n.type === 'identifier') {
    const t = cppTypeOf(n, n.text, q);
    return t === 'arithmetic' || t === 'pointer';
  }
  return false;
}

/** A C++ operand of `!`, `&&` or `||` that no user-defined operator can take. */
export function cppSafe(node: Node, q: ScalarQueries): boolean {
  const n = q.unparenthesize(node);
  if (n.type === 'true' || n.type === 'false' || n.type === 'call_expression') return true;
  const negated = q.negatedOperand(n);
  if (negated) return cppSafe(negated, q);
  const b = q.asBinary('cpp', n);
  if (b && q.isLogical(b.operator)) return cppSafe(b.left, q) && cppSafe(b.right, q);
  if (b && CPP_COMPARISONS.has(b.operator)) return true;
  return cppScalar(n, q);
}

/**
 * Whether a C++ expression is certainly of a built-in arithmetic or pointer type, by its literals
 * and declarations through unary and (not logical) binary operators.
 */
export function cppBuiltinOperand(node: Node, q: ScalarQueries): boolean {
  const n = q.unparenthesize(node);
  if (q.isNullLiteral(n) || cppLiteralType(n, q) === 'arithmetic' || n.type === 'sizeof_expression') return true;
  if (n.type === 'identifier') {
    const type = cppTypeOf(n, n.text, q);
    // Undeclared all-caps names are macros or enumerators of constants.
    if (type === null) return /^[A-Z][A-Z0-9_]*$/.test(n.text);
    return type === 'arithmetic' || type === 'pointer';
  }
  if (n.type === 'unary_expression') {
    const arg = n.childForFieldName('argument');
    return arg !== null && cppBuiltinOperand(arg, q);
  }
  const b = q.asBinary('cpp', n);
  if (b) return !q.isLogical(b.operator) && cppBuiltinOperand(b.left, q) && cppBuiltinOperand(b.right, q);
  return false;
}
