import type { Node } from 'web-tree-sitter';
import { append } from '../../maps';
import type { BindingRules } from '../nameRoles';
import { collapse, TreeQueries, WrittenDeclaration } from '../writtenDeclarations';

/** The node kinds of a function with a body: the C and C++ profiles' functionTypes. */
export const FUNCTION_TYPES: readonly string[] = ['function_definition'];

/** Follows a C declarator down to its name, noting pointers and arrays on the way. */
function cDeclarator(decl: Node): { name: Node; pointer: boolean; array: boolean; value: Node | null; other: boolean } | null {
  let pointer = false;
  let array = false;
  let value: Node | null = null;
  let other = false;
  let current: Node | null = decl;
  while (current) {
    switch (current.type) {
      case 'identifier':
        return { name: current, pointer, array, value, other };
      case 'init_declarator':
        value = current.childForFieldName('value');
        current = current.childForFieldName('declarator');
        break;
      case 'pointer_declarator':
        pointer = true;
        current = current.childForFieldName('declarator');
        break;
      case 'array_declarator':
        array = true;
        current = current.childForFieldName('declarator');
        break;
      case 'reference_declarator':
        current = current.namedChildren.find((c) => c !== null && (c.type === 'identifier' || c.type.endsWith('declarator'))) ?? null;
        break;
      case 'parenthesized_declarator':
      case 'function_declarator':
        other = true;
        current = current.childForFieldName('declarator') ?? current.namedChildren[0] ?? null;
        break;
      default:
        return null;
    }
  }
  return null;
}

const C_DECLARING = new Set([
  'declaration', 'parameter_declaration', 'optional_parameter_declaration', 'for_range_loop', 'field_declaration',
]);

function cDeclarations(q: TreeQueries, scope: Node, name: string, kind: WrittenDeclaration['kind'], topLevelOnly: boolean): WrittenDeclaration[] {
  // every name's declarations in the scope at once: hazard checks ask about many names per step
  const byName = q.perTree(scope.tree, `c-declarations:${scope.id}:${kind}:${topLevelOnly}`, () => {
    const all = new Map<string, WrittenDeclaration[]>();
    const add = (d: WrittenDeclaration) => append(all, d.name, d);
    const declaring = (n: Node) => (C_DECLARING.has(n.type) && !(n.type === 'field_declaration' && kind !== 'field')) || n.type === 'structured_binding_declarator';
    const prune = (n: Node) => topLevelOnly && n.type === 'function_definition';
    for (const n of q.descendants(scope, declaring, prune)) {
      if (n.type === 'structured_binding_declarator') {
        for (const bound of new Set(q.namedChildren(n).map((c) => c.text))) {
          add({ name: bound, node: n, type: null, typeNode: null, array: false, pointer: false, value: null, mutable: true, kind: 'other' });
        }
        continue;
      }
      const typeNode = n.childForFieldName('type');
      for (const d of n.childrenForFieldName('declarator')) {
        const found = d && cDeclarator(d);
        if (!found) continue;
        add({
          name: found.name.text, node: n, type: typeNode ? collapse(typeNode.text) : null, typeNode,
          array: found.array, pointer: found.pointer, value: found.value ?? n.childForFieldName('default_value'),
          mutable: true, kind: found.other ? 'other' : n.type.includes('parameter') ? 'parameter' : kind,
        });
      }
    }
    return all;
  });
  return [...(byName.get(name) ?? [])];
}

function isCppMethod(fn: Node): boolean {
  for (let n = fn.parent; n; n = n.parent) if (['class_specifier', 'struct_specifier', 'union_specifier'].includes(n.type)) return true;
  const declarator = fn.childForFieldName('declarator');
  const name = declarator?.type === 'function_declarator' ? declarator.childForFieldName('declarator') : null;
  return name?.type === 'qualified_identifier' || name?.type === 'field_identifier';
}


function enclosingFunction(node: Node): Node | null {
  for (let n = node.parent; n; n = n.parent) if (FUNCTION_TYPES.includes(n.type)) return n;
  return null;
}

/**
 * The declarations of a name in the function around a use, else the file's globals (C and C++).
 * `classes`: the language has classes (C++), so that in a method a name without a local
 * declaration may be a member, whose declaration this does not read.
 */
export function writtenDeclarations(classes: boolean): BindingRules['writtenDeclarations'] {
  return (at, name, fn, q) => {
    const local = fn ? cDeclarations(q, fn, name, 'local', false) : [];
    if (local.length > 0) return local;
    if (fn && classes && isCppMethod(fn)) return [];
    let root: Node = at;
    while (root.parent) root = root.parent;
    return cDeclarations(q, root, name, 'global', true).filter((d) => enclosingFunction(d.node) === null);
  };
}
