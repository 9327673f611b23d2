import { Span, TextEdit } from './text/edits';
import { linesOf } from './text/linesFacts';
import { lowerBound } from './sorted';
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
 * aligns a perturbed program with its original line by line (completion tasks, benchmark/completion.ts).
 * An edit covers the whole lines it touches, less the lines it left as they were (an inserted
 * statement moves the next line down without changing it). Edits outside the unit (callers of
 * a renamed function) are left out.
 */
export function lineChanges(before: UnitState, after: UnitState, edits: readonly TextEdit[]): LineChange[] {
  // whole-line regions of each edit, before and after, as offsets; edits sharing a line merge
  const regions: { b0: number; b1: number; a0: number; a1: number }[] = [];
  let shift = 0;
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
    const newStart = edit.start + shift;
    shift += edit.text.length - (edit.end - edit.start);
    if (edit.end < before.unit.start || edit.start > before.unit.end) continue;
    regions.push({ b0: edit.start, b1: edit.end, a0: newStart, a1: newStart + edit.text.length });
  }
  if (regions.length === 0) return [];
  // lines are counted from the unit's first line, over the lines the unit and its edits reach: a
  // step in a large file reads the unit, not the file
  const old = new LocalLines(before.text, before.unit, regions.map((r) => ({ start: r.b0, end: r.b1 })));
  const neu = new LocalLines(after.text, after.unit, regions.map((r) => ({ start: r.a0, end: r.a1 })));
  const merged: { b0: number; b1: number; a0: number; a1: number }[] = [];
  for (const r of regions) {
    const region = { b0: old.line(r.b0), b1: old.line(r.b1), a0: neu.line(r.a0), a1: neu.line(r.a1) };
    const last = merged[merged.length - 1];
    if (last && region.b0 <= last.b1) {
      last.b1 = Math.max(last.b1, region.b1);
      last.a1 = Math.max(last.a1, region.a1);
    } else {
      merged.push(region);
    }
  }
  const changes: LineChange[] = [];
  for (let { b0, b1, a0, a1 } of merged) {
    // trim lines the edit left intact at either end (an inserted statement pushes its line down)
    const was = old.lines(b0, b1);
    const now = neu.lines(a0, a1);
    while (was.length && now.length && was[0] === now[0]) {
      was.shift();
      now.shift();
      b0++;
      a0++;
    }
    while (was.length && now.length && was[was.length - 1] === now[now.length - 1]) {
      was.pop();
      now.pop();
      b1--;
      a1--;
    }
    if (was.length === 0 && now.length === 0) continue;
    changes.push({ before: { line: b0, count: was.length }, after: { line: a0, count: now.length } });
  }
  return changes;
}

/**
 * The lines of a text from the first line of `unit` or of any span (whichever comes first) to the
 * last line any of them reaches, numbered from the unit's first line (1; lines before it 0 and
 * below), split once: a rename rewrites hundreds of places.
 */
class LocalLines {
  private readonly text: string[];
  /** Offsets of the line breaks in the window. */
  private readonly breaks: number[] = [];
  private readonly base: number;

  constructor(source: string, unit: Span, spans: readonly Span[]) {
    let from = unit.start;
    let to = unit.end;
    for (const s of spans) {
      from = Math.min(from, s.start);
      to = Math.max(to, s.end);
    }
    const window = linesOf(source, { start: from, end: to });
    for (let i = source.indexOf('\n', window.start); i >= 0 && i < window.end; i = source.indexOf('\n', i + 1)) this.breaks.push(i);
    this.text = source.slice(window.start, window.end).split('\n');
    this.base = this.index(unit.start);
  }

  /** Index in the window of the line holding `offset`. */
  private index(offset: number): number {
    return lowerBound(this.breaks, offset);
  }

  /** The line of `offset`, numbered from the unit's first line. */
  line(offset: number): number {
    return this.index(offset) - this.base + 1;
  }

  /** Lines `from` to `to` (numbered from the unit's first line), inclusive. */
  lines(from: number, to: number): string[] {
    return this.text.slice(from + this.base - 1, to + this.base);
  }
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
