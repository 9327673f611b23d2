import type { Node } from 'web-tree-sitter';
import { append } from '../../maps';
import type { BindingRules } from '../nameRoles';
import { collapse, opaque, TreeQueries, WrittenDeclaration } from '../writtenDeclarations';

const RUST_PATTERN_PARENTS = new Set([
  'tuple_pattern', 'struct_pattern', 'field_pattern', 'tuple_struct_pattern', 'slice_pattern', 'ref_pattern', 'mut_pattern',
  'or_pattern', 'captured_pattern', 'match_pattern', 'closure_parameters', 'reference_pattern', 'remaining_field_pattern',
]);

function rustDeclarations(q: TreeQueries, scope: Node, name: string): WrittenDeclaration[] {
  // every name's declarations in the scope at once: type checks ask about each name of an expression
  const byName = q.perTree(scope.tree, `rust-declarations:${scope.id}`, () => {
    const all = new Map<string, WrittenDeclaration[]>();
    for (const n of q.descendants(scope, (x) => x.type === 'identifier')) {
      const parent = n.parent;
      if (!parent) continue;
      const name = n.text;
      const pattern = parent.childForFieldName('pattern');
      const isPattern = pattern !== null && pattern.startIndex === n.startIndex && pattern.endIndex === n.endIndex;
      if (isPattern && (parent.type === 'let_declaration' || parent.type === 'parameter')) {
        const typeNode = parent.childForFieldName('type');
        append(all, name, {
          name, node: parent, type: typeNode ? collapse(typeNode.text) : null, typeNode, array: false, pointer: false,
          value: parent.childForFieldName('value'), mutable: parent.children.some((c) => c?.type === 'mutable_specifier'),
          kind: parent.type === 'let_declaration' ? 'local' : 'parameter',
        });
      } else if (isPattern || RUST_PATTERN_PARENTS.has(parent.type)) {
        append(all, name, opaque(name, parent));
      }
    }
    return all;
  });
  return [...(byName.get(name) ?? [])];
}

/** The declarations of a name (lets, parameters, patterns) in the function around a use. */
export const writtenDeclarations: BindingRules['writtenDeclarations'] = (at, name, fn, q) => (fn ? rustDeclarations(q, fn, name) : []);
