import type { Node, Tree } from 'web-tree-sitter';
import { javaFieldDeclarations } from './declarations';
import { javaLiteralType } from './types';
import type { Occurrence } from '../nameRoles';
import type { TypeQueries } from '../writtenDeclarations';

/**
 * The typed parameters of a Java static helper, read from the declarations of what the expression
 * reads. Reached from syntax/helpers.ts staticHelper where `declaratorChain` does not hold (Java's
 * static helpers). The syntax layer's answers come in `q` (syntax/helpers.ts JAVA_HELPER_QUERIES, made once).
 */

/** The unit read (syntax/context.ts UnitContext): its file. */
export interface JavaUnit {
  readonly tree: Tree;
  readonly root: Node;
}

/** The syntax layer's answers these readers ask, beyond TypeQueries: one object, made once. */
export interface JavaHelperQueries<U extends JavaUnit> extends TypeQueries {
  /** The names `node` reads that it does not declare itself, as their occurrences (syntax/helpers.ts freeNames). */
  freeNames(unit: U, node: Node): readonly Occurrence[];
  /** The nodes of the given kinds under `root`, reading only the regions `mayHold` accepts (syntax/nodes.ts). */
  nodesOfType(root: Node, types: readonly string[], mayHold?: (text: string, root: Node) => boolean): Node[];
  /** A region test: the text holds one of the words. */
  holdingWord(names: Iterable<string>): (text: string, root: Node) => boolean;
}

/** Type parameters visible at `at` (a generic method's and its classes'), which a static helper cannot use. */
function javaTypeParameters(at: Node, q: TypeQueries): Set<string> {
  const out = new Set<string>();
  for (let n = at.parent; n; n = n.parent) {
    const params = n.childForFieldName('type_parameters');
    if (!params) continue;
    for (const p of q.descendants(params, (d) => d.type === 'type_parameter')) {
      const name = q.namedChildren(p).find((c) => c.type === 'type_identifier' || c.type === 'identifier');
      if (name) out.add(name.text);
    }
  }
  return out;
}

const JAVA_TYPE_DECLARATIONS = ['class_declaration', 'record_declaration', 'enum_declaration', 'interface_declaration'];

/**
 * Classes, records, enums and interfaces declared inside a method: not visible to a sibling method.
 * Kept per tree (every candidate helper asks), from the regions that can declare one.
 */
function javaLocalTypes<U extends JavaUnit>(root: Node, q: JavaHelperQueries<U>): ReadonlySet<string> {
  return q.perTree(root.tree, `java-local-types:${root.id}`, () => {
    const out = new Set<string>();
    for (const d of q.nodesOfType(root, JAVA_TYPE_DECLARATIONS, q.holdingWord(['class', 'record', 'enum', 'interface']))) {
      if (q.ancestor(d, ['block'])) out.add(d.childForFieldName('name')?.text ?? '');
    }
    return out;
  });
}

/**
 * Per method name of a class, enum or interface body: true when all its methods of that name are
 * static. Kept per tree, since every unqualified call of every candidate helper asks its class.
 */
function javaStaticMethods(body: Node, q: TypeQueries): ReadonlyMap<string, boolean> {
  return q.perTree(body.tree, `java-static-methods:${body.id}`, () => {
    const members = body.type === 'enum_body' ? (q.namedChildren(body).find((c) => c.type === 'enum_body_declarations') ?? body) : body;
    const out = new Map<string, boolean>();
    for (const m of q.namedChildren(members)) {
      if (m.type !== 'method_declaration') continue;
      const name = m.childForFieldName('name')?.text;
      if (name !== undefined) out.set(name, (out.get(name) ?? true) && isStatic(m, q));
    }
    return out;
  });
}

function isStatic(decl: Node, q: TypeQueries): boolean {
  const modifiers = q.namedChildren(decl).find((c) => c.type === 'modifiers');
  return modifiers !== undefined && /\bstatic\b/.test(modifiers.text);
}

/**
 * The parameters of a Java static helper that reads what `node` reads, as `Type name`, or
 * null when a static method cannot: a local whose declared type is unknown (`var` of a
 * non-literal, a lambda parameter) or generic, an instance field, `this`, an unqualified call
 * of an instance method, a constructor call.
 */
export function javaParameters<U extends JavaUnit>(ctx: U, node: Node, q: JavaHelperQueries<U>): string[] | null {
  const instance = ['this', 'super', 'object_creation_expression', 'lambda_expression', 'method_reference'];
  if (q.descendants(node, (n) => instance.includes(n.type)).length > 0) return null;
  const cls = q.ancestor(node, ['class_body', 'interface_body', 'enum_body']);
  if (!cls) return null;
  for (const call of q.descendants(node, (n) => n.type === 'method_invocation')) {
    if (call.childForFieldName('object')) continue;
    const name = call.childForFieldName('name')?.text;
    if (name === undefined || javaStaticMethods(cls, q).get(name) !== true) return null;
  }
  const generic = javaTypeParameters(node, q);
  const localTypes = javaLocalTypes(ctx.root, q);
  const params: string[] = [];
  for (const o of q.freeNames(ctx, node)) {
    const parent = o.node.parent;
    if (parent?.type === 'method_invocation' && parent.childForFieldName('name')?.startIndex === o.start) continue;
    const decls = q.declarationsOf('java', node, o.name);
    if (decls.length === 0) {
      if (/^[A-Z]/.test(o.name)) continue; // a class name: `Math.max`
      return null;
    }
    if (decls.every((d) => d.kind === 'field')) {
      const fields = javaFieldDeclarations(node, o.name, q);
      if (fields.length === 0 || !fields.every((f) => isStatic(f.node, q))) return null;
      continue;
    }
    let type: string | null = null;
    for (const d of decls) {
      if (d.kind === 'other' || !d.type) return null;
      let text = d.type;
      if (text === 'var') {
        const literal = d.value ? javaLiteralType(d.value, q) : null;
        if (!literal || literal === 'boxed' || literal === 'other') return null;
        text = literal;
      }
      if (d.node.type === 'spread_parameter') text += '[]';
      else if (d.array && d.typeNode?.type !== 'array_type') text += '[]'.repeat(arrayDims(d.node, o.name, q));
      if (type !== null && type !== text) return null;
      type = text;
    }
    if (!type) return null;
    const words = type.match(/[A-Za-z_$][\w$]*/g) ?? [];
    if (words.some((w) => generic.has(w) || localTypes.has(w))) return null;
    params.push(`${type} ${o.name}`);
  }
  return params;
}

/** The `[]` count of a C-style Java array declarator `int a[][]`. */
function arrayDims(decl: Node, name: string, q: TypeQueries): number {
  const declarator = q.descendants(decl, (n) => n.type === 'variable_declarator' && n.childForFieldName('name')?.text === name)[0] ?? decl;
  const dims = declarator.childForFieldName('dimensions')?.text ?? '';
  return Math.max(1, (dims.match(/\[/g) ?? []).length);
}
