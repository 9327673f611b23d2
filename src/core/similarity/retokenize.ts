import type { Tree } from 'web-tree-sitter';
import type { LanguageId } from '../languages/languageIds';
import { lowerBound } from '../sorted';
import { inSourceOrder, Span, TextEdit } from '../text/edits';
import { tokenize, TokenStream } from './tokens';

/** How streams were made (for tests and benchmarks): spliced around the rewrite, or read whole. */
export const retokenizeCounts = { spliced: 0, whole: 0 };

/** What a tree was reparsed from: the old unit's tokens, and how its text and syntax changed. */
export interface TokenEdit {
  /** Tokens of `oldSpan` in the old tree. */
  old: TokenStream;
  oldSpan: Span;
  /** The text edits, in the old text's offsets. */
  edits: readonly TextEdit[];
  /** Where the new tree's syntax differs from the old one's (GrammarLoader.changedSpans). */
  changed: readonly Span[];
}

/**
 * The tokens of `span` of `tree`, the same stream `tokenize(lang, tree, span)` gives, from the
 * tokens of the tree it was reparsed from. A search step rewrites a small part of a unit, and
 * tokenising all of it again was a tenth of the step at every size. Outside the edited text and
 * the ranges where tree-sitter reports a change of syntax, every leaf is the one the old tree had,
 * moved by the edits' change of length, with the same type and the same literal context (a change
 * of either is a change of syntax). So the old tokens stand there; the tokens starting inside
 * are read from the new tree (a leaf starting before the region whose text the edit changed keeps
 * its type and start, or tree-sitter reports the change).
 *
 * Falls back to tokenising the whole span when an edit lies outside the old span or the region
 * covers most of the unit, where the splice would save nothing.
 */
export function retokenize(lang: LanguageId, tree: Tree, span: Span, from: TokenEdit): TokenStream {
  const edits = inSourceOrder(from.edits);
  const { old, oldSpan } = from;
  const whole = () => {
    retokenizeCounts.whole++;
    return tokenize(lang, tree, span);
  };
  if (edits.length === 0) return whole();
  const delta = edits.reduce((sum, e) => sum + e.text.length - (e.end - e.start), 0);
  const first = edits[0];
  const last = edits[edits.length - 1];
  if (first.start < oldSpan.start || last.end > oldSpan.end) return whole();
  if (span.start !== oldSpan.start || span.end !== oldSpan.end + delta) return whole();

  // the region in the new text's offsets: the edited text and every change of syntax
  let lo = first.start;
  let hi = last.end + delta;
  for (const c of from.changed) {
    lo = Math.min(lo, c.start);
    hi = Math.max(hi, c.end);
  }
  lo = Math.max(lo, span.start);
  hi = Math.min(hi, span.end);
  if (2 * (hi - lo) > span.end - span.start) return whole();

  retokenizeCounts.spliced++;
  const head = lowerBound(old.starts, lo);
  const tail = lowerBound(old.starts, hi - delta);
  const middle = tokenize(lang, tree, { start: lo, end: hi });
  const count = head + middle.kinds.length + (old.kinds.length - tail);
  const kinds = new Int32Array(count);
  const starts = new Int32Array(count);
  kinds.set(old.kinds.subarray(0, head), 0);
  starts.set(old.starts.subarray(0, head), 0);
  kinds.set(middle.kinds, head);
  starts.set(middle.starts, head);
  const after = head + middle.kinds.length;
  kinds.set(old.kinds.subarray(tail), after);
  for (let i = tail; i < old.kinds.length; i++) starts[after + i - tail] = old.starts[i] + delta;
  return { lang, kinds, starts };
}
