import type { Node } from 'web-tree-sitter';

/** What the languages' blocks.ts share. */

/** A line comment after a statement, in the languages that write `//` (and not the start of a `/* … *\/` closed on the line). */
export const SLASH_COMMENT = /^[ \t]*\/\/(?!.*\*\/)/;

/** Whether the node, or a named node under it, has one of the types. */
export function holds(node: Node, types: readonly string[]): boolean {
  if (types.includes(node.type)) return true;
  for (const c of node.namedChildren) if (c && holds(c, types)) return true;
  return false;
}
