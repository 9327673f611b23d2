import type { Node } from 'web-tree-sitter';
import type { LanguageId } from '../languages/languageIds';
import { profileOf } from '../languages/profiles';
import { asBinary, binaryPrecedence, isLogical, PREC, precedenceOf } from './expressions';
import { MEMBER_TYPES } from './nodes';

/** Parents that bind an operand at their start tighter than any operator: `x.f`, `f(...)`, `a[i]`, `x?`. */
const TIGHT_PARENTS = new Set([
  ...MEMBER_TYPES, 'call_expression', 'call', 'method_invocation', 'subscript', 'subscript_expression', 'index_expression', 'array_access',
  'try_expression', 'await_expression', 'non_null_expression', 'update_expression', 'type_cast_expression',
]);

/**
 * Whether an expression that binds at `prec` (a binary operator's level from binaryPrecedence,
 * or a PREC level) needs parentheses to replace `node` where it stands. `&&` and `||` associate
 * both ways (short-circuiting included), so a chain of one of them never needs parentheses.
 */
export function wrapNeeded(lang: LanguageId, node: Node, prec: number): boolean {
  const parent = node.parent;
  if (!parent) return false;
  const b = asBinary(lang, parent);
  if (b) {
    const outer = binaryPrecedence(lang, b.operator);
    if (outer === undefined || prec < outer) return true;
    if (prec > outer) return false;
    if (isLogical(b.operator)) return false;
    if (profileOf(lang).expressions.nonAssociativeComparisons && outer === 60) return true; // comparisons do not group left to right there
    return b.operator === '**' ? b.left.id === node.id : b.right.id === node.id;
  }
  if (parent.type === 'comparison_operator') return prec <= 60;
  const outer = precedenceOf(lang, parent);
  if (outer < PREC.primary) return prec <= outer;
  return TIGHT_PARENTS.has(parent.type) && parent.startIndex === node.startIndex;
}
