import type { Node } from 'web-tree-sitter';
import { append } from '../../maps';
import type { BindingRules } from '../nameRoles';
import { collapse, opaque, TreeQueries, WrittenDeclaration } from '../writtenDeclarations';

const JAVA_OWN_SCOPES = new Set(['class_body', 'method_declaration', 'constructor_declaration']);

function javaDeclarations(q: TreeQueries, scope: Node, name: string, kind: WrittenDeclaration['kind']): WrittenDeclaration[] {
  // every name's declarations in the scope at once: hazard checks ask about many names per step
  const byName = q.perTree(scope.tree, `java-declarations:${scope.id}:${kind}`, () => javaDeclarationsByName(q, scope, kind));
  return [...(byName.get(name) ?? [])];
}

function javaDeclarationsByName(q: TreeQueries, scope: Node, kind: WrittenDeclaration['kind']): Map<string, WrittenDeclaration[]> {
  const all = new Map<string, WrittenDeclaration[]>();
  const add = (d: WrittenDeclaration) => append(all, d.name, d);
  const field = (n: Node, f: string) => n.childForFieldName(f);
  /** Adds the declaration of `nameNode`; `holder` carries the dimensions of `int a[]`. */
  type Kind = WrittenDeclaration['kind'];
  const push = (node: Node, typeNode: Node | null, nameNode: Node | null, holder: Node, value: Node | null, k: Kind, array = false) => {
    if (!nameNode) return;
    const type = typeNode ? collapse(typeNode.text) : null;
    array ||= field(holder, 'dimensions') !== null;
    add({ name: nameNode.text, node, type, typeNode, array, pointer: false, value, mutable: true, kind: k });
  };
  // Fields of nested classes are not the enclosing class's fields.
  const prune = (n: Node) => kind === 'field' && JAVA_OWN_SCOPES.has(n.type);
  for (const n of q.descendants(scope, () => true, prune)) {
    switch (n.type) {
      case 'local_variable_declaration':
      case 'field_declaration':
        if (n.type === 'field_declaration' && kind !== 'field') break;
        for (const d of n.childrenForFieldName('declarator')) {
          if (d) push(n, field(n, 'type'), field(d, 'name'), d, field(d, 'value'), kind);
        }
        break;
      case 'formal_parameter':
      case 'resource':
        push(n, field(n, 'type'), field(n, 'name'), n, field(n, 'value'), 'parameter');
        break;
      case 'catch_formal_parameter':
        push(n, null, field(n, 'name'), n, null, 'other');
        break;
      case 'enhanced_for_statement':
        push(n, field(n, 'type'), field(n, 'name'), n, null, 'local');
        break;
      case 'spread_parameter': {
        const declarator = n.namedChildren.find((c) => c?.type === 'variable_declarator') ?? null;
        if (declarator) push(n, n.namedChildren[0] ?? null, field(declarator, 'name'), declarator, null, 'parameter', true);
        break;
      }
      case 'instanceof_expression':
        push(n, field(n, 'right'), field(n, 'name'), n, null, 'other');
        break;
      case 'lambda_expression': {
        const params = field(n, 'parameters');
        const names = params?.type === 'identifier' ? [params] : params?.type === 'inferred_parameters' ? params.namedChildren : [];
        for (const bound of new Set(names.map((c) => c?.text))) if (bound !== undefined) add(opaque(bound, n));
        break;
      }
    }
  }
  return all;
}

/** The fields named `name` of the Java class around `at` (what `this.name` refers to). */
export function javaFieldDeclarations(at: Node, name: string, q: TreeQueries): WrittenDeclaration[] {
  for (let n = at.parent; n; n = n.parent) if (n.type === 'class_body') return javaDeclarations(q, n, name, 'field');
  return [];
}

/** The declarations of a name in the method around a use, else the fields of its class. */
export const writtenDeclarations: BindingRules['writtenDeclarations'] = (at, name, fn, q) => {
  const local = fn ? javaDeclarations(q, fn, name, 'local') : [];
  return local.length > 0 ? local : javaFieldDeclarations(at, name, q);
};
