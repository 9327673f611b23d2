/** A replacement of source[start, end) by `text`; offsets are JS string indices, as tree-sitter gives them. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

export interface Span {
  start: number;
  end: number;
}

export function inSourceOrder(edits: readonly TextEdit[]): TextEdit[] {
  const list = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  for (let i = 1; i < list.length; i++) {
    if (list[i].start < list[i - 1].end) {
      throw new Error(`overlapping edits at ${list[i - 1].start}-${list[i - 1].end} and ${list[i].start}-${list[i].end}`);
    }
  }
  return list;
}

/** Applies non-overlapping edits in one pass (insertions at one offset keep their given order). */
export function applyEdits(source: string, edits: readonly TextEdit[]): string {
  const parts: string[] = [];
  let at = 0;
  for (const edit of inSourceOrder(edits)) {
    if (edit.start < at || edit.end > source.length) throw new Error(`edit ${edit.start}-${edit.end} is outside the source`);
    parts.push(source.slice(at, edit.start), edit.text);
    at = edit.end;
  }
  parts.push(source.slice(at));
  return parts.join('');
}

/**
 * Where a span lands after the edits. An edit that touches the span's boundary from inside,
 * including an insertion exactly at its start or end, becomes part of it: a helper function
 * inserted right before the unit belongs to the perturbed unit (docs/engine.md, "Unit").
 */
export function mapSpan(span: Span, edits: readonly TextEdit[]): Span {
  let shift = 0; // length change of the edits seen so far
  let start = span.start;
  let end = span.end;
  let startFixed = false;
  for (const edit of inSourceOrder(edits)) {
    const delta = edit.text.length - (edit.end - edit.start);
    const insertion = edit.start === edit.end;
    const before = edit.start < span.start && edit.end <= span.start;
    const after = edit.start > span.end || (edit.start === span.end && !insertion);
    if (before) {
      shift += delta;
      continue;
    }
    if (after) break;
    if (!startFixed) {
      start = Math.min(edit.start, span.start) + shift;
      startFixed = true;
    }
    end = Math.max(edit.start + shift + edit.text.length, span.end + shift + delta);
    shift += delta;
  }
  if (!startFixed) return { start: span.start + shift, end: span.end + shift };
  return { start, end };
}

/** The smallest single edit that turns `before` into `after`: what an editor should apply. */
export function minimalEdit(before: string, after: string): TextEdit {
  let prefix = 0;
  const max = Math.min(before.length, after.length);
  while (prefix < max && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (
    suffix < max - prefix &&
    before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)
  ) {
    suffix++;
  }
  // never between the halves of a surrogate pair
  if (prefix > 0 && isHighSurrogate(after.charCodeAt(prefix - 1))) prefix--;
  if (suffix > 0 && isLowSurrogate(after.charCodeAt(after.length - suffix))) suffix--;
  return { start: prefix, end: before.length - suffix, text: after.slice(prefix, after.length - suffix) };
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** The part of `edit` that changes `source` (see minimalEdit), or null when it changes nothing. */
export function changedPart(source: string, edit: TextEdit): TextEdit | null {
  const part = minimalEdit(source.slice(edit.start, edit.end), edit.text);
  if (part.start === part.end && part.text === '') return null;
  return { start: edit.start + part.start, end: edit.start + part.end, text: part.text };
}

/**
 * How a step changed the file, as the smallest single replacement (at `start`, `removed` became
 * `inserted`), with a little text on either side so it can be found again after other edits.
 */
export interface FileEdit {
  start: number;
  removed: string;
  inserted: string;
  before: string;
  after: string;
}

/**
 * Where a step's inserted text is in `text` now: at its recorded offset when its context is
 * still there, else the only place where it occurs with its context; undefined when the text
 * around it changed or it occurs more than once (then no one can tell which to revert).
 */
export function findEdit(text: string, edit: FileEdit): number | undefined {
  const needle = edit.before + edit.inserted + edit.after;
  if (text.startsWith(needle, edit.start - edit.before.length)) return edit.start;
  const first = text.indexOf(needle);
  if (first < 0 || text.indexOf(needle, first + 1) >= 0) return undefined;
  return first + edit.before.length;
}
