import type { Node } from 'web-tree-sitter';
import { bindings } from './bindings';
import { NUMBER, rootOf, ARITHMETIC, BITWISE } from '../numericTypes';
import type { NumericLanguage, NumericQueries, NumericTypeReader } from '../numericTypes';

/**
 * JavaScript's reader for `lang` (JavaScript, or TypeScript, whose checker keeps annotated
 * numbers numbers): a number, never a string or a BigInt, or null. TypeScript's bindings are
 * JavaScript's, so the declarations read are JavaScript's readers' in both.
 */
export function jsNumericType(lang: NumericLanguage): NumericTypeReader {
  return (node, q) => (jsNumeric(lang, node, new Set(), q) ? NUMBER : null);
}

const JS_NUMBER_FUNCTIONS = new Set(['Number', 'parseInt', 'parseFloat']);

function jsDeclares(root: Node, name: string, q: NumericQueries): boolean {
  return q.perTree(root.tree, `js-declares:${root.id}:${name}`, () => q.identifiersWhere(root, name, 'js declares', (n) => bindings.declarationOf(n, q) !== null).length > 0);
}

/** Whether a JavaScript or TypeScript expression is certainly a number (never a string or a BigInt). */
function jsNumeric(lang: NumericLanguage, node: Node, seen: Set<string>, q: NumericQueries): boolean {
  const n = q.unparenthesize(node);
  switch (n.type) {
    case 'number':
      return true;
    case 'identifier':
      return jsNumericName(lang, n, seen, q);
    case 'member_expression':
      return n.childForFieldName('property')?.text === 'length' && !n.children.some((c) => c?.type === 'optional_chain');
    case 'call_expression': {
      const fn = n.childForFieldName('function');
      if (!fn) return false;
      const root = rootOf(n);
      if (fn.type === 'identifier') return JS_NUMBER_FUNCTIONS.has(fn.text) && !jsDeclares(root, fn.text, q);
      const object = fn.type === 'member_expression' ? fn.childForFieldName('object') : null;
      return object?.type === 'identifier' && object.text === 'Math' && !jsDeclares(root, 'Math', q);
    }
    case 'as_expression':
      return q.namedChildren(n)[1]?.text === 'number';
    case 'subscript_expression': {
      // an element of an array TypeScript declares as `number[]`
      const object = n.childForFieldName('object');
      if (!lang.rules().checkedTypeAnnotations || object?.type !== 'identifier' || n.children.some((c) => c?.type === 'optional_chain')) return false;
      const decls = q.descendants(rootOf(n), (d) => d.type === 'identifier' && d.text === object.text && bindings.declarationOf(d, q) !== null);
      return decls.length > 0 && decls.every((d) => {
        const type = d.parent?.childForFieldName('type')?.text.replace(/^:\s*/, '').replace(/\s+/g, '');
        return type === 'number[]' || type === 'Array<number>' || type === 'readonlynumber[]';
      });
    }
    case 'unary_expression': {
      const op = n.childForFieldName('operator')?.text;
      const arg = n.childForFieldName('argument');
      return arg !== null && (op === '-' || op === '+' || op === '~') && jsNumeric(lang, arg, seen, q);
    }
    case 'ternary_expression': {
      const a = n.childForFieldName('consequence');
      const b = n.childForFieldName('alternative');
      return a !== null && b !== null && jsNumeric(lang, a, seen, q) && jsNumeric(lang, b, seen, q);
    }
    case 'binary_expression': {
      const b = q.asBinary(lang.id, n);
      if (!b || !(ARITHMETIC.has(b.operator) || BITWISE.has(b.operator) || b.operator === '**')) return false;
      return jsNumeric(lang, b.left, seen, q) && jsNumeric(lang, b.right, seen, q);
    }
    default:
      return false;
  }
}

/**
 * Every declaration of the name in the file makes it a number: a TypeScript `number`
 * annotation, or an initial value that is a number (in JavaScript, every assignment to the
 * name must keep it one; TypeScript's checker already does).
 */
function jsNumericName(lang: NumericLanguage, id: Node, seen: Set<string>, q: NumericQueries): boolean {
  const name = id.text;
  if (seen.has(name)) return true;
  // asked once per operand of every arithmetic site, and the answer is about the whole file's
  // mentions of the name: a large unit asks it thousands of times a step for a few dozen names
  return q.perTreeUnguarded(seen, id.tree, `js-numeric:${lang.id}:${name}`, () => numericByDeclarations(lang, id, name, seen, q));
}

function numericByDeclarations(lang: NumericLanguage, id: Node, name: string, seen: Set<string>, q: NumericQueries): boolean {
  const inner = new Set([...seen, name]);
  const root = rootOf(id);
  const decls = q.identifiersWhere(root, name, `${lang.id} declares or names`, (m) => bindings.declarationOf(m, q) !== null || ['function_declaration', 'class_declaration'].includes(m.parent?.type ?? ''));
  if (decls.length === 0) return false;
  const declared = decls.every((d) => {
    const p = d.parent!;
    if (p.type === 'variable_declarator' && q.fieldName(d) === 'name') {
      const type = p.childForFieldName('type');
      if (type) return lang.rules().checkedTypeAnnotations && type.text.replace(/^:\s*/, '') === 'number';
      const value = p.childForFieldName('value');
      return value !== null && jsNumeric(lang, value, inner, q);
    }
    if ((p.type === 'required_parameter' || p.type === 'optional_parameter') && lang.rules().checkedTypeAnnotations) {
      return p.childForFieldName('type')?.text.replace(/^:\s*/, '') === 'number';
    }
    return false;
  });
  if (!declared) return false;
  // the checker keeps every assignment to an annotated or inferred number a number
  if (lang.rules().checkedTypeAnnotations) return true;
  const mentions = q.identifiersNamed(root, name);
  return mentions.every((m) => {
    const p = m.parent;
    if (!p) return true;
    // destructuring and for-of/in assignments give values this does not follow
    if (['array_pattern', 'object_pattern', 'pair_pattern', 'rest_pattern', 'assignment_pattern'].includes(p.type)) return bindings.declarationOf(m, q) !== null;
    if (q.fieldName(m) !== 'left') return true;
    if (p.type === 'for_in_statement') return false;
    if (p.type === 'assignment_expression') {
      const right = p.childForFieldName('right');
      return right !== null && jsNumeric(lang, right, inner, q);
    }
    if (p.type === 'augmented_assignment_expression') {
      const op = p.childForFieldName('operator')?.text ?? '';
      const right = p.childForFieldName('right');
      if (['&&=', '||=', '??='].includes(op)) return false;
      return right !== null && jsNumeric(lang, right, inner, q);
    }
    return true;
  });
}

