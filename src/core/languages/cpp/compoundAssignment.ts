import type { Node } from 'web-tree-sitter';
import { cppTypeOf } from './types';
import type { TypeQueries } from '../writtenDeclarations';

/**
 * Where C++'s `x op= y` and `x = x op y` do the same (modify-operations, reached where
 * `variables.classValuesRunCode` holds): a class may define one of `op=` and `op` only. The
 * syntax layer's answers come in `q` (syntax/declarations.ts TYPE_QUERIES).
 */

/**
 * Built-in arithmetic and pointer targets with operands that are not class objects, and
 * std::string for `+`; `expanding` when the compound form is the one written now.
 */
export function cppFits(target: Node, op: string, value: Node, expanding: boolean, q: TypeQueries): boolean {
  if (target.type === 'subscript_expression') {
    const array = target.childForFieldName('argument');
    return array !== null && cppTypeOf(target, array.text, q, true) === 'arithmetic' && !cppClassOperand(value, q);
  }
  if (target.type !== 'identifier') return false;
  switch (cppTypeOf(target, target.text, q)) {
    case 'arithmetic':
      return !cppClassOperand(value, q);
    case 'pointer':
      return (op === '+' || op === '-') && !cppClassOperand(value, q);
    case 'string':
      // `s += x` takes more than `s + x` does (a string_view, a braced list): expand only strings, C strings and chars.
      return op === '+' && (!expanding || cppStringOperand(value, q));
    default:
      return false;
  }
}

/**
 * Whether an operand is visibly a class object (whose operators with a number may exist in one
 * form only): a braced temporary, or a variable declared with a class type, through arithmetic.
 */
function cppClassOperand(node: Node, q: TypeQueries): boolean {
  switch (node.type) {
    case 'compound_literal_expression':
    case 'initializer_list':
    case 'string_literal':
    case 'raw_string_literal':
      return true;
    case 'identifier': {
      const type = cppTypeOf(node, node.text, q);
      return type === 'other' || type === 'string';
    }
    case 'binary_expression':
    case 'unary_expression':
    case 'parenthesized_expression':
      return node.namedChildren.some((c) => c !== null && cppClassOperand(c, q));
    default:
      return false;
  }
}

/** A string literal, a char, or a variable declared a string or a pointer (a C string). */
function cppStringOperand(node: Node, q: TypeQueries): boolean {
  if (node.type === 'string_literal' || node.type === 'char_literal' || node.type === 'raw_string_literal') return true;
  if (node.type !== 'identifier') return false;
  const type = cppTypeOf(node, node.text, q);
  return type === 'string' || type === 'pointer';
}
