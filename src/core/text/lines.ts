import { lowerBound } from '../sorted';

/** Line-oriented helpers over source text; lines and columns are 1-based where they face users. */

export function lineStart(text: string, offset: number): number {
  // lastIndexOf reads a negative start as 0, where it would find a newline the file starts with
  return offset <= 0 ? 0 : text.lastIndexOf('\n', offset - 1) + 1;
}

export function lineEnd(text: string, offset: number): number {
  const nl = text.indexOf('\n', offset);
  return nl < 0 ? text.length : nl;
}

/** The leading whitespace of the line that holds `offset`. */
export function indentationAt(text: string, offset: number): string {
  const start = lineStart(text, offset);
  const match = /^[ \t]*/.exec(text.slice(start, lineEnd(text, start)));
  return match ? match[0] : '';
}

/** One level of indentation as the file writes it: a tab, or the smallest step of spaces seen. */
export function indentUnit(text: string, fallback = '    '): string {
  return indentFrom([indentCounts(text)], fallback);
}

/** How a text's lines are indented: with a tab, with spaces, and the smallest indentation of two or more spaces (0: none). */
export interface IndentCounts {
  tabs: number;
  spaces: number;
  step: number;
}

export function indentCounts(text: string): IndentCounts {
  let tabs = 0;
  let spaces = 0;
  let step = 0;
  // a line is what follows a \n (not \r: the lines are those of split('\n')), indented when a non-space follows its tabs and spaces
  for (const m of text.matchAll(/(?:^|\n)([ \t]+)(?=\S)/g)) {
    if (m[1][0] === '\t') tabs++;
    else {
      spaces++;
      const n = m[1].length;
      if (n >= 2 && (step === 0 || n < step)) step = n;
    }
  }
  return { tabs, spaces, step };
}

/** One level of indentation as lines with these counts write it (indentUnit of their text). */
export function indentFrom(parts: readonly IndentCounts[], fallback: string): string {
  let tabs = 0;
  let spaces = 0;
  let step = 0;
  for (const p of parts) {
    tabs += p.tabs;
    spaces += p.spaces;
    if (p.step > 0 && (step === 0 || p.step < step)) step = p.step;
  }
  if (tabs > spaces) return '\t';
  return step > 0 ? ' '.repeat(Math.min(step, 8)) : fallback;
}

export function lineOf(text: string, offset: number): number {
  const known = lineBreaks(text, offset);
  return lowerBound(known.breaks, offset) + 1;
}

/**
 * Offsets of the line breaks of the two texts asked about last: a step asks for many lines of the
 * file before and after it, and scanning from the start each time made a step quadratic in the
 * file's size. A text is scanned only as far as a question has reached (`scanned`): a step asks
 * about lines of its unit, and scanning a 5 MB file on each step to answer for its first function
 * cost what the file costs.
 */
const recentBreaks: { text: string; breaks: number[]; scanned: number }[] = [];

function lineBreaks(text: string, offset: number): { breaks: number[] } {
  let known = recentBreaks.find((r) => r.text === text);
  if (!known) {
    known = { text, breaks: [], scanned: 0 };
    recentBreaks.unshift(known);
    recentBreaks.length = Math.min(recentBreaks.length, 2);
  }
  if (known.scanned <= offset && known.scanned < text.length) {
    // every break before `offset` is known once the scan has passed it; scanning ahead a little
    // spares the next question a scan of its own
    const to = Math.min(text.length, Math.max(offset + 1, known.scanned * 2, 1 << 16));
    for (let i = text.indexOf('\n', known.scanned); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) known.breaks.push(i);
    known.scanned = to;
  }
  return known;
}

/** Re-indents a block of text written at indentation `from` to indentation `to`. */
export function reindent(block: string, from: string, to: string): string {
  return block
    .split('\n')
    .map((line) => (line.startsWith(from) ? to + line.slice(from.length) : line.trim() === '' ? line : to + line.trimStart()))
    .join('\n');
}

/** The first line of a node's text, trimmed and shortened for labels. */
export function excerpt(text: string, max = 60): string {
  const first = text.split('\n')[0].trim();
  return first.length > max ? `${first.slice(0, max - 1)}…` : first;
}
