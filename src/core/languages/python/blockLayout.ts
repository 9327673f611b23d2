import type { Node } from 'web-tree-sitter';
import { indentationAt } from '../../text/lines';

/**
 * Whether two Python blocks may trade places (equi-boolean-logic's flip, reached where
 * `blocks.elifClauses` holds): only when both sit on their own lines at the same indentation,
 * since the indentation is what delimits them.
 */
export function pythonLayoutMatches(source: string, a: Node, b: Node): boolean {
  const own = (block: Node) => {
    const lineStart = source.lastIndexOf('\n', block.startIndex - 1) + 1;
    return /^[ \t]*$/.test(source.slice(lineStart, block.startIndex));
  };
  return own(a) && own(b) && indentationAt(source, a.startIndex) === indentationAt(source, b.startIndex);
}
