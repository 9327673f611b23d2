import type { FunctionSpan } from '../../core/languages/outline';
import type { UnitHistory } from './types';

/** Where a history's unit is in the document now. */
export interface Located {
  start: number;
  end: number;
  /** 1-based line of the signature (the function's name; line 1 for a file). */
  nameLine: number;
  /** The function itself (without helpers the steps put next to it). */
  fn?: FunctionSpan;
}

function occurrences(text: string, needle: string): number[] {
  const found: number[] = [];
  if (!needle) return found;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) found.push(at);
  return found;
}

function matches(history: UnitHistory, fn: FunctionSpan): boolean {
  if (fn.name !== history.currentName) return false;
  return !history.container || fn.qualifiedName === `${history.container}.${fn.name}`;
}

/**
 * Finds a history's unit in `text`. A file is the whole text. A function is found by its current
 * name with tree-sitter (the user may have edited anything since), the one nearest its last line
 * among same-named ones; when the text the last step left is still there whole, that span is the
 * unit, so helper functions the steps added next to it count as part of it, as in the engine.
 */
export function locate(history: UnitHistory, text: string, functions: readonly FunctionSpan[]): Located | undefined {
  if (history.kind === 'file') return { start: 0, end: text.length, nameLine: 1 };
  const named = functions.filter((fn) => matches(history, fn));
  if (named.length === 0) return undefined;
  for (const at of occurrences(text, history.current)) {
    const end = at + history.current.length;
    const fn = named.find((f) => f.start >= at && f.end <= end);
    if (fn) return { start: at, end, nameLine: fn.nameLine, fn };
  }
  // outermost ones only: a nested helper may share the name after a rename collision
  const outer = named.filter((f) => !named.some((o) => o !== f && o.start <= f.start && f.end <= o.end));
  const nearest = outer.reduce((best, f) => (Math.abs(f.line - history.line) < Math.abs(best.line - history.line) ? f : best));
  return { start: nearest.start, end: nearest.end, nameLine: nearest.nameLine, fn: nearest };
}

/** The function history whose unit holds `offset` (the innermost), with where it is. */
export function historyAt(
  histories: readonly UnitHistory[],
  text: string,
  functions: readonly FunctionSpan[],
  offset: number,
): { history: UnitHistory; located: Located } | undefined {
  let best: { history: UnitHistory; located: Located } | undefined;
  for (const history of histories) {
    if (history.kind !== 'function') continue;
    const located = locate(history, text, functions);
    if (!located || offset < located.start || offset > located.end) continue;
    if (!best || located.end - located.start < best.located.end - best.located.start) best = { history, located };
  }
  return best;
}
