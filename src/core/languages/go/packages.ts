import type { Node } from 'web-tree-sitter';

/** The package a Go file's clause names (`main` in `package main`), or undefined without one (syntax/references.ts, for `modules: 'packages'`). */
export function packageName(root: Node): string | undefined {
  const clause = root.namedChildren.find((c) => c?.type === 'package_clause');
  return clause?.namedChildren[0]?.text;
}
