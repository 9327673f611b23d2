import type { Node } from 'web-tree-sitter';
import type { TypeQueries } from '../writtenDeclarations';

/**
 * What a C++ lambda may capture (extract-arithmetic and extract-if, reached where
 * `helpers.closureCaptures` is 'declared-variables'). The syntax layer's answers come in `q`
 * (syntax/declarations.ts TYPE_QUERIES).
 */

/** C++17 lambdas cannot capture structured bindings or variable-length arrays. */
export function cppCapturable(at: Node, names: readonly string[], q: TypeQueries): boolean {
  return names.every((name) =>
    q.declarationsOf('cpp', at, name).every((d) => {
      if (d.kind === 'other') return false;
      if (!d.array) return true;
      return q.descendants(d.node, (n) => n.type === 'array_declarator').every((a) => {
        const size = a.childForFieldName('size');
        return size === null || size.type === 'number_literal';
      });
    }),
  );
}
