import type { Tree } from 'web-tree-sitter';
import type { LanguageId } from '../languages/languageIds';
import { tokenize } from '../similarity/tokens';
import { inSourceOrder, Span, TextEdit } from '../text/edits';
import type { UnitKind } from '../syntax/context';
import { round4 } from '../round';

/**
 * How long a unit is: its tokens (the leaves structural similarity compares, so comments and
 * layout do not count) and its lines. A unit's span takes in the helpers its steps put next to
 * its function (docs/engine.md, "Unit"); what a run adds outside the span (a dummy argument at a call
 * site, a helper placed before the function a selection sits in) is added to it.
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

const UNIT_WORDS: Record<UnitKind, string> = { function: 'the function', selection: 'the selection', file: 'the file' };

/** Two decimals, or as many as it takes to show the value above the budget. */
function times(value: number, budget: number): string {
  for (let digits = 2; digits < 6; digits++) if (Number(value.toFixed(digits)) > budget) return value.toFixed(digits);
  return value.toFixed(6);
}

/**
 * Tokens a unit of any size may grow by under a budget (docs/growth-budget.md). A ratio alone
 * leaves a function of one line no room: 1.3 times `def f(x): return x + 1` (10 tokens) is 3
 * tokens, a rename and nothing else, so every method that adds code is refused and the unit
 * cannot be perturbed at all. 8 tokens fit the cheap rewrites a person might write (a guard on an
 * argument, a named temporary, an optional parameter: bench/results/tiny.md) and no junk loop or
 * junk function; it only matters for units under 8 / (budget - 1) tokens (27 at 1.3x).
 */
export const TINY_UNIT_SLACK = 8;

/** The most tokens a unit of `original` tokens may reach under `maxGrowth`. */
export function tokenBudget(original: number, maxGrowth: number): number {
  return Math.max(maxGrowth * original, original + TINY_UNIT_SLACK);
}

/**
 * Why a step may not be taken under a growth budget (`--max-growth`), or null when it may: it
 * would take the unit past `maxGrowth` times its original's tokens (or past TINY_UNIT_SLACK more
 * tokens, for a unit so short that this is more). A step that does not lengthen a unit already
 * past the budget (one continued from a run without it) stays allowed: it makes nothing worse,
 * and renames or rewrites of equal length still have somewhere to go.
 */
export function overBudget(kind: UnitKind, original: Size, now: Size, candidate: Size, maxGrowth: number | null | undefined): string | null {
  if (maxGrowth === null || maxGrowth === undefined || !(maxGrowth > 0)) return null;
  const limit = tokenBudget(original.tokens, maxGrowth);
  if (candidate.tokens <= limit || candidate.tokens <= now.tokens) return null;
  const ratio = candidate.tokens / Math.max(1, original.tokens);
  const slack = original.tokens + TINY_UNIT_SLACK > maxGrowth * original.tokens;
  const budget = slack ? `budget ${maxGrowth}x, or ${TINY_UNIT_SLACK} more tokens for a unit this short` : `budget ${maxGrowth}x`;
  return `would grow ${UNIT_WORDS[kind]} to ${times(ratio, slack ? limit / Math.max(1, original.tokens) : maxGrowth)}x its original tokens (${budget})`;
}
