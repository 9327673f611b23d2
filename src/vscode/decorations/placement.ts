// Where the inline history text goes on a function's signature (plain logic, tested in test/vscode/).

/**
 * Columns a line and the text after it may take and still be seen: a window at its default size
 * with the side bar open shows about 110 columns of code. A text placed further right is off
 * screen (and after a reload, clipped).
 */
export const VISIBLE_COLUMNS = 100;

/** The gap the decoration leaves before its text (2.5em), in columns. */
const GAP = 3;

/** Lines a signature may span before its body opens. */
const MAX_SIGNATURE_LINES = 12;

/**
 * The line where the function's body opens (0-based): the first line from the name on that opens
 * a brace or ends with Python's colon; the name's line when none does within a signature's reach.
 */
export function openingLine(lines: readonly string[], nameLine: number): number {
  for (let i = nameLine; i < Math.min(lines.length, nameLine + MAX_SIGNATURE_LINES); i++) {
    const code = lines[i].replace(/\s+$/, '');
    if (code.includes('{') || code.endsWith(':')) return i;
  }
  return nameLine;
}

/**
 * The signature line the text fits after (0-based): the opening line first, then the lines from
 * the name down to it; null when the text fits after none of them within `columns`.
 */
export function fittingLine(lines: readonly string[], nameLine: number, textLength: number, columns = VISIBLE_COLUMNS): number | null {
  const opening = openingLine(lines, nameLine);
  const fits = (i: number) => lines[i].replace(/\t/g, '    ').replace(/\s+$/, '').length + GAP + textLength <= columns;
  if (fits(opening)) return opening;
  for (let i = nameLine; i < opening; i++) if (fits(i)) return i;
  return null;
}
