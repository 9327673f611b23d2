import type { Tree } from 'web-tree-sitter';
import type { LanguageId } from '../languages/languageIds';
import { inSourceOrder, Span, TextEdit } from '../text/edits';
import { round4 } from '../round';
import { tokenize } from './tokens';

/**
 * How long a unit is: its tokens (the leaves structural similarity compares, so comments and
 * layout do not count) and its lines. A unit's span takes in the helpers its steps put next to
 * its function (docs/engine.md, "Unit"); what a run adds outside the span (a dummy argument at a call
 * site, a helper placed before the function a selection sits in) is added to it. Measured here,
 * beside similarity, since it counts the same tokens; the search's budget on it is search/growth.ts.
 */
export interface Size {
  tokens: number;
  lines: number;
}

/** The unit's size over its original's (its first original, when a history is continued). */
export interface Growth {
  tokens: number;
  lines: number;
}

export const NO_SIZE: Size = { tokens: 0, lines: 0 };

export function lineCount(text: string): number {
  let lines = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
  // a trailing newline ends the last line rather than starting one
  return text.endsWith('\n') && lines > 1 ? lines - 1 : lines;
}

function newlines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** Four decimals, as similarity is reported. */
export function growthOf(size: Size, original: Size): Growth {
  return { tokens: round4(size.tokens / Math.max(1, original.tokens)), lines: round4(size.lines / Math.max(1, original.lines)) };
}

const WORD = /^[\p{L}\p{N}_$]+$/u;

/**
 * What the edits outside `unit` (the unit's span before them) added: tokens that start in each
 * such edit's new text less those that started in the text it replaced, and newlines likewise.
 * Edits inside the span, and insertions at its ends, are the unit's own (text/edits.ts mapSpan).
 */
export function outsideGrowth(lang: LanguageId, before: Tree, after: Tree, source: string, unit: Span, edits: readonly TextEdit[]): Size {
  let tokens = 0;
  let lines = 0;
  let shift = 0;
  for (const e of inSourceOrder(edits)) {
    const insertion = e.start === e.end;
    const outside = (e.start < unit.start && e.end <= unit.start) || e.start > unit.end || (e.start === unit.end && !insertion);
    // a rename's edit swaps one word for another: nothing to count, and a rename touches every reference in the file
    if (outside && !(WORD.test(e.text) && WORD.test(source.slice(e.start, e.end)))) {
      const removed = e.end > e.start ? tokenize(lang, before, { start: e.start, end: e.end }).kinds.length : 0;
      const added = e.text.length > 0 ? tokenize(lang, after, { start: e.start + shift, end: e.start + shift + e.text.length }).kinds.length : 0;
      tokens += added - removed;
      lines += newlines(e.text) - newlines(source.slice(e.start, e.end));
    }
    shift += e.text.length - (e.end - e.start);
  }
  return { tokens, lines };
}
