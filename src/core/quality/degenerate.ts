import type { Node } from 'web-tree-sitter';
import type { LanguageId } from '../languages/languageIds';

/** One degenerate shape in a program: what it is, its 1-based line, and the code there. */
export interface DegenerateFinding {
  shape: string;
  line: number;
  excerpt: string;
}

/**
 * Degenerate shapes (issue 30: an empty branch without purpose, `if true {`, a loop split more
 * than once, a closure wrapping a single extracted expression, a wrapper of a wrapper) in a parsed
 * program. A stub on this branch so that bench:quality can count them: the detectors are written
 * on the other branch, whose implementation of this module replaces this one at merge.
 */
export function findDegenerate(_lang: LanguageId, _rootNode: Node, _text: string): DegenerateFinding[] {
  return [];
}
