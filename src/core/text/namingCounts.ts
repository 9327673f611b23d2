import type { Span } from './edits';
import { linesOf } from './linesFacts';

/**
 * How many distinct names of a file that start with a lower-case letter are snake_case and how
 * many camelCase: the style C and C++, which have no convention, take from the file's own names
 * (synonyms.ts namingOf). Around a function unit, the lines before and after it change only when a
 * step edits outside the unit, so their names are kept from one step to the next, as linesFacts.ts
 * keeps their words, and a step reads only the unit's lines: reading the whole of a 5 MB file for
 * the style cost each step that offers a rename about a tenth of a second.
 */
export interface NamingCounts {
  snake: number;
  camel: number;
}

/** A name as the file is read for its style: a run of word characters that starts with a lower-case letter. */
const LOWER_NAME = /\b[a-z][A-Za-z0-9_]*\b/g;
const SNAKE = /^[a-z][a-z0-9]*(_[a-z0-9]+)+$/;
const CAMEL = /^[a-z][a-z0-9]*([A-Z][a-z0-9]*)+$/;

function count(names: Iterable<string>, skip: ReadonlySet<string>, into: NamingCounts): void {
  for (const w of names) {
    if (skip.has(w)) continue;
    if (SNAKE.test(w)) into.snake++;
    else if (CAMEL.test(w)) into.camel++;
  }
}

interface Around {
  before: string;
  after: string;
  names: Set<string>;
  counts: NamingCounts;
}

/** The last two texts around a unit (a step's search reads the current file, its rewrite the same one). */
const recent: Around[] = [];

const NONE: ReadonlySet<string> = new Set();

/**
 * The counts of the distinct names of `text`, read as the lines outside `unit` (kept while they
 * stay the same) and the unit's lines. The cuts fall at line starts and line breaks, which no run
 * of word characters crosses, so the names are those of the whole text.
 */
export function namingCounts(text: string, unit: Span): NamingCounts {
  const lines = linesOf(text, unit);
  const before = text.slice(0, lines.start);
  const after = text.slice(lines.end);
  let around = recent.find((r) => r.before === before && r.after === after);
  if (!around) {
    const names = new Set(before.match(LOWER_NAME) ?? []);
    for (const w of after.match(LOWER_NAME) ?? []) names.add(w);
    const counts = { snake: 0, camel: 0 };
    count(names, NONE, counts);
    around = { before, after, names, counts };
    recent.unshift(around);
    recent.length = Math.min(recent.length, 2);
  }
  const counts = { ...around.counts };
  count(new Set(text.slice(lines.start, lines.end).match(LOWER_NAME) ?? []), around.names, counts);
  return counts;
}
