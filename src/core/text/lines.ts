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
  let tabs = 0;
  let spaces = 0;
  let step = 0;
  for (const line of text.split('\n')) {
    const m = /^([ \t]+)\S/.exec(line);
    if (!m) continue;
    if (m[1][0] === '\t') tabs++;
    else {
      spaces++;
      const n = m[1].length;
      if (n >= 2 && (step === 0 || n < step)) step = n;
    }
  }
  if (tabs > spaces) return '\t';
  return step > 0 ? ' '.repeat(Math.min(step, 8)) : fallback;
}

export function lineOf(text: string, offset: number): number {
  return lowerBound(lineBreaks(text), offset) + 1;
}

/**
 * Offsets of the line breaks of the two texts asked about last: a step asks for many lines of the
 * file before and after it, and scanning from the start each time made a step quadratic in the
 * file's size.
 */
const recentBreaks: { text: string; breaks: number[] }[] = [];

function lineBreaks(text: string): number[] {
  const known = recentBreaks.find((r) => r.text === text);
  if (known) return known.breaks;
  const breaks: number[] = [];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) breaks.push(i);
  recentBreaks.unshift({ text, breaks });
  recentBreaks.length = Math.min(recentBreaks.length, 2);
  return breaks;
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
