import type { TextEdit } from './text/edits';
import { lineOf } from './text/lines';
import type { UnitState } from './unit';

/** A run of lines: `count` lines from `line` (1-based, relative to the unit's first line); count 0 is the point before `line`. */
export interface LineRange {
  line: number;
  count: number;
}

/** One place a step rewrote: these unit lines before became those lines after. */
export interface LineChange {
  before: LineRange;
  after: LineRange;
}

/**
 * Which lines of the unit each edit of a step rewrote, before and after: the provenance that
 * aligns a perturbed program with its original line by line (entries.md, completion tasks).
 * An edit covers the whole lines it touches, less the lines it left as they were (an inserted
 * statement moves the next line down without changing it). Edits outside the unit (callers of
 * a renamed function) are left out.
 */
export function lineChanges(before: UnitState, after: UnitState, edits: readonly TextEdit[]): LineChange[] {
  const baseBefore = lineOf(before.text, before.unit.start);
  const baseAfter = lineOf(after.text, after.unit.start);
  // whole-line regions of each edit, before and after; edits sharing a line merge
  const regions: { b0: number; b1: number; a0: number; a1: number }[] = [];
  let shift = 0;
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
    const newStart = edit.start + shift;
    shift += edit.text.length - (edit.end - edit.start);
    if (edit.end < before.unit.start || edit.start > before.unit.end) continue;
    const region = {
      b0: lineOf(before.text, edit.start),
      b1: lineOf(before.text, edit.end),
      a0: lineOf(after.text, newStart),
      a1: lineOf(after.text, newStart + edit.text.length),
    };
    const last = regions[regions.length - 1];
    if (last && region.b0 <= last.b1) {
      last.b1 = Math.max(last.b1, region.b1);
      last.a1 = Math.max(last.a1, region.a1);
    } else {
      regions.push(region);
    }
  }
  const changes: LineChange[] = [];
  // split once: a rename rewrites hundreds of places, and splitting per region was quadratic
  const beforeLines = regions.length > 0 ? before.text.split('\n') : [];
  const afterLines = regions.length > 0 ? after.text.split('\n') : [];
  for (let { b0, b1, a0, a1 } of regions) {
    // trim lines the edit left intact at either end (an inserted statement pushes its line down)
    const old = beforeLines.slice(b0 - 1, b1);
    const neu = afterLines.slice(a0 - 1, a1);
    while (old.length && neu.length && old[0] === neu[0]) {
      old.shift();
      neu.shift();
      b0++;
      a0++;
    }
    while (old.length && neu.length && old[old.length - 1] === neu[neu.length - 1]) {
      old.pop();
      neu.pop();
      b1--;
      a1--;
    }
    if (old.length === 0 && neu.length === 0) continue;
    changes.push({
      before: { line: b0 - baseBefore + 1, count: old.length },
      after: { line: a0 - baseAfter + 1, count: neu.length },
    });
  }
  return changes;
}

/** Where a line of the perturbed unit comes from: an original line kept as it was, or a rewrite of a region. */
export interface LineOrigin {
  /** The original line it is (unchanged by every step), or null when a step wrote it. */
  line: number | null;
  /** The original lines it was written from (for rewritten lines; null for lines only added). */
  from: { first: number; last: number } | null;
}

/**
 * Composes the steps' changes over the original unit's `lineCount` lines: for every line of the
 * final unit, where it came from. Steps must be given in order, only the kept ones.
 */
export function traceLines(lineCount: number, steps: readonly (readonly LineChange[])[]): LineOrigin[] {
  let current: LineOrigin[] = Array.from({ length: lineCount }, (_, i) => ({ line: i + 1, from: { first: i + 1, last: i + 1 } }));
  for (const changes of steps) {
    const next: LineOrigin[] = [];
    let at = 1;
    for (const change of [...changes].sort((a, b) => a.before.line - b.before.line)) {
      while (at < change.before.line && at <= current.length) next.push(current[at++ - 1]);
      const replaced = current.slice(change.before.line - 1, change.before.line - 1 + change.before.count);
      const spans = replaced.map((o) => o.from).filter((f): f is { first: number; last: number } => f !== null);
      // an insertion derives from nothing; it is anchored to the line after it for alignment
      const from = spans.length
        ? { first: Math.min(...spans.map((s) => s.first)), last: Math.max(...spans.map((s) => s.last)) }
        : null;
      for (let i = 0; i < change.after.count; i++) next.push({ line: null, from });
      at = change.before.line + change.before.count;
    }
    while (at <= current.length) next.push(current[at++ - 1]);
    current = next;
  }
  return current;
}
