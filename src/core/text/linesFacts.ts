import type { Span } from './edits';
import { IndentCounts, indentCounts } from './lines';

/**
 * What a step asks of a whole file's text: which identifier-like words it holds (a new name must
 * be none of them) and how its lines are indented (one level of indentation in its style). Both
 * are sums over lines, so the file is read in three parts cut at line breaks: the lines before
 * the unit's first line, the unit's lines, and the lines after its last. Around a function unit
 * the first and last parts change only when a step edits outside the unit (a renamed function's
 * callers), so they are kept from one step to the next and a step reads only the unit's lines;
 * reading a 5 MB file's words on every step was a tenth of the step.
 */
export interface LinesFacts extends IndentCounts {
  words: ReadonlySet<string>;
}

const WORD = /[A-Za-z_$][A-Za-z0-9_$]*/g;

export function wordsOf(text: string): Set<string> {
  // match by match into the set: `new Set(text.match(WORD))` built an array of every word of the
  // text first, which for a 5 MB file took twice as long (bench:in-file's first step)
  const words = new Set<string>();
  WORD.lastIndex = 0;
  for (let m = WORD.exec(text); m !== null; m = WORD.exec(text)) words.add(m[0]);
  return words;
}

export function linesFacts(text: string): LinesFacts {
  return { words: wordsOf(text), ...indentCounts(text) };
}

/** The lines holding `span`: from the start of its first line to the line break ending its last (or the end). */
export function linesOf(text: string, span: Span): Span {
  const start = text.lastIndexOf('\n', span.start - 1) + 1;
  const end = text.indexOf('\n', span.end);
  return { start, end: end < 0 ? text.length : end };
}

/** The facts of the text around the lines `lines`, with the strings they were read from. */
interface Around {
  before: string;
  after: string;
  facts: LinesFacts;
}

/** The last two texts around a unit: a step's search reads the current file, its candidate the file after the rewrite. */
const recent: Around[] = [];

/**
 * The facts of the lines of `text` outside `lines` (a span from linesOf): read once, and again
 * only when those lines change. The cuts fall after or at a line break, which no word spans and
 * no line's indentation crosses.
 */
export function factsAround(text: string, lines: Span): LinesFacts {
  const before = text.slice(0, lines.start);
  const after = text.slice(lines.end);
  const known = recent.find((r) => r.before === before && r.after === after);
  if (known) return known.facts;
  const a = linesFacts(before);
  const b = linesFacts(after);
  const words = new Set(a.words);
  for (const w of b.words) words.add(w);
  const facts = { words, tabs: a.tabs + b.tabs, spaces: a.spaces + b.spaces, step: a.step === 0 ? b.step : b.step === 0 ? a.step : Math.min(a.step, b.step) };
  recent.unshift({ before, after, facts });
  recent.length = Math.min(recent.length, 2);
  return facts;
}
