import type { Tree } from 'web-tree-sitter';
import type { GrammarLoader } from '../languages/grammarLoader';
import type { LanguageId } from '../languages/languageIds';
import type { TextEdit } from '../text/edits';
import { inheritNodeTable } from './nodeTable';

/**
 * `oldText` with `edits` applied, parsed from `old` (GrammarLoader.reparseSync), with the new
 * tree's node table set to take what `old`'s table has walked (nodeTable.ts, "Inheriting"). The
 * two go together: the inheriting holds only while `old` is alive, right after the reparse, so a
 * caller that reparses must not be left to remember it (the search once did it by hand after
 * each step). The grammar loader cannot do it itself: node tables are syntax, a layer above it.
 */
export function reparse(loader: GrammarLoader, lang: LanguageId, old: Tree, oldText: string, edits: readonly TextEdit[], text: string): Tree {
  const tree = loader.reparseSync(lang, old, oldText, edits, text);
  let before = oldText.length;
  let after = oldText.length;
  for (const e of edits) {
    before = Math.min(before, e.start);
    after = Math.min(after, oldText.length - e.end);
  }
  inheritNodeTable(tree, old, { before, after, oldLength: oldText.length, newLength: text.length });
  return tree;
}
