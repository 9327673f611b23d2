import type { Node } from 'web-tree-sitter';
import { javaFieldDeclarations } from './declarations';
import { collapse } from '../writtenDeclarations';
import type { TypeQueries } from '../writtenDeclarations';

/**
 * What a Java file says about a variable's type without a type checker: its literal, or the
 * declarations of its name around a use (or the class's fields) when they all agree. Null is
 * "don't know", and callers decline on it. The syntax layer's answers come in `q`
 * (syntax/declarations.ts TYPE_QUERIES).
 */

export type JavaType = 'int' | 'long' | 'short' | 'byte' | 'char' | 'float' | 'double' | 'boolean' | 'String' | 'boxed' | 'other';

const JAVA_BOXES = new Set(['Integer', 'Long', 'Short', 'Byte', 'Character', 'Float', 'Double', 'Boolean']);

/** The type of a Java literal, or null for anything else. */
export function javaLiteralType(node: Node, q: TypeQueries): JavaType | null {
  const n = q.unparenthesize(node);
  const text = n.text;
  switch (n.type) {
    case 'decimal_integer_literal':
    case 'hex_integer_literal':
    case 'octal_integer_literal':
    case 'binary_integer_literal':
      return /[lL]$/.test(text) ? 'long' : 'int';
    case 'decimal_floating_point_literal':
    case 'hex_floating_point_literal':
      return /[fF]$/.test(text) ? 'float' : 'double';
    case 'character_literal':
      return 'char';
    case 'string_literal':
      return 'String';
    case 'true':
    case 'false':
      return 'boolean';
    default:
      return null;
  }
}

function javaTypeName(text: string): JavaType {
  if (['int', 'long', 'short', 'byte', 'char', 'float', 'double', 'boolean'].includes(text)) return text as JavaType;
  if (text === 'String' || text === 'java.lang.String') return 'String';
  if (JAVA_BOXES.has(text)) return 'boxed';
  return 'other';
}

/** javaTypeOf's options, made once: an array's element type; a field of the class around. */
export const ELEMENT: { readonly element: true } = { element: true };
export const FIELD: { readonly field: true } = { field: true };
const DECLARED: { readonly element?: boolean; readonly field?: boolean } = {};

/**
 * The declared type of a Java variable (its element type when `element` is set and it is an
 * array), when every declaration of the name around `at` agrees; `var` takes its literal's type.
 * With `field`, the class's fields named so (what `this.name` refers to).
 */
export function javaTypeOf(at: Node, name: string, q: TypeQueries, options: { readonly element?: boolean; readonly field?: boolean } = DECLARED): JavaType | null {
  const element = options.element ?? false;
  const decls = options.field ? javaFieldDeclarations(at, name, q) : q.declarationsOf('java', at, name);
  if (decls.length === 0) return null;
  let result: JavaType | null = null;
  for (const d of decls) {
    if (d.kind === 'other' || !d.type) return null;
    let text = d.type;
    let array = d.array;
    if (d.typeNode?.type === 'array_type') {
      const el = d.typeNode.childForFieldName('element');
      const dims = d.typeNode.childForFieldName('dimensions')?.text.replace(/\s+/g, '') ?? '';
      if (!el || dims !== '[]' || array) return null;
      text = collapse(el.text);
      array = true;
    }
    if (array !== element) return null;
    const type = text === 'var' ? (d.value ? javaLiteralType(d.value, q) : null) : javaTypeName(text);
    if (!type || (result && result !== type)) return null;
    result = type;
  }
  return result;
}

/**
 * A Java operand whose type is provably primitive, so `+` on it is arithmetic or the concatenation
 * of a primitive and runs no toString() (syntax/dataflow.ts, for `variables.objectOperandsRunCode`).
 */
export function provablyPrimitive(node: Node, q: TypeQueries): boolean {
  const n = q.unparenthesize(node);
  if (/literal$/.test(n.type) || n.type === 'true' || n.type === 'false') return n.type !== 'null_literal';
  if (n.type === 'identifier') {
    const t = javaTypeOf(n, n.text, q);
    return t !== null && t !== 'boxed' && t !== 'other';
  }
  if (n.type === 'array_access') {
    const array = n.childForFieldName('array');
    if (array?.type !== 'identifier') return false;
    const t = javaTypeOf(n, array.text, q, ELEMENT);
    return t !== null && t !== 'boxed' && t !== 'other';
  }
  if (n.type === 'binary_expression') {
    const b = q.asBinary('java', n);
    return b !== null && provablyPrimitive(b.left, q) && provablyPrimitive(b.right, q);
  }
  if (n.type === 'unary_expression') {
    const arg = n.childForFieldName('operand');
    return arg !== null && provablyPrimitive(arg, q);
  }
  if (n.type === 'cast_expression') {
    return ['integral_type', 'floating_point_type', 'boolean_type'].includes(n.childForFieldName('type')?.type ?? '');
  }
  return false;
}
