import type { Node } from 'web-tree-sitter';
import { javaFieldDeclarations } from './declarations';
import type { TypeQueries } from '../writtenDeclarations';

/**
 * How Java writes what transforms/switch-to-if.ts reads of a switch: the values of its labels, the
 * type of its subject (which decides `==`, `equals` or an enum's constants), and a switch
 * expression that may become a conditional. The syntax layer's answers come in `q`
 * (syntax/declarations.ts TYPE_QUERIES).
 */

/** The values of a `case` label, or `default`. */
export function javaLabelValues(label: Node, q: TypeQueries): (Node | 'default')[] {
  if (label.children.some((c) => c?.type === 'default')) return ['default'];
  return [...q.namedChildren(label)];
}

export type JavaSubject = { kind: 'int' } | { kind: 'string' } | { kind: 'enum'; type: string } | null;

const JAVA_INTEGRAL = new Set(['int', 'short', 'byte', 'char', 'Integer', 'Short', 'Byte', 'Character']);

/** What a switch's subject is, when its declarations say so: an integer, a String, an enum (by its type's name), or null. */
export function javaSubjectType(subject: Node, q: TypeQueries): JavaSubject {
  const s = q.unparenthesize(subject);
  let decls;
  if (s.type === 'identifier') decls = q.declarationsOf('java', s, s.text);
  else if (s.type === 'field_access' && s.childForFieldName('object')?.type === 'this') decls = javaFieldDeclarations(s, s.childForFieldName('field')?.text ?? '', q);
  else if (s.type === 'method_invocation' && !s.childForFieldName('object')) {
    // a call to a method of this file: its declared return type (overloads must agree)
    let root = s;
    while (root.parent) root = root.parent;
    const name = s.childForFieldName('name')?.text;
    const methods = q.descendants(root, (d) => d.type === 'method_declaration' && d.childForFieldName('name')?.text === name);
    decls = methods.map((m) => ({ kind: 'local', array: false, type: m.childForFieldName('type')?.text ?? null }));
  } else return null;
  if (decls.length === 0) return null;
  const types = new Set(decls.map((d) => (d.kind === 'other' || d.array ? '?' : (d.type ?? '?'))));
  if (types.size !== 1) return null;
  const [type] = [...types];
  if (JAVA_INTEGRAL.has(type)) return { kind: 'int' };
  if (type === 'String') return { kind: 'string' };
  return /^[A-Z]\w*(\.[A-Z]\w*)*$/.test(type) ? { kind: 'enum', type } : null;
}

/** A Java switch expression whose value initialises a typed local or is returned, with an expression in every arm. */
export function javaValueSwitch(node: Node, q: TypeQueries): boolean {
  const parent = node.parent;
  let type: string | null = null;
  if (parent?.type === 'variable_declarator' && parent.childForFieldName('value')?.equals(node)) type = parent.parent?.childForFieldName('type')?.text ?? null;
  else if (parent?.type === 'return_statement') {
    let m: Node | null = parent;
    while (m && m.type !== 'method_declaration' && m.type !== 'lambda_expression') m = m.parent;
    type = m?.type === 'method_declaration' ? (m.childForFieldName('type')?.text ?? null) : null;
  }
  // The conditional's type rules differ from the switch's for boxed and mixed arms: keep to plain types.
  if (!type || !/^(int|long|short|byte|char|double|float|boolean|String)$/.test(type)) return false;
  const body = node.childForFieldName('body');
  return body !== null && q.namedChildren(body).every((c) => c.type === 'switch_rule' && q.namedChildren(c).some((x) => x.type === 'expression_statement'));
}
