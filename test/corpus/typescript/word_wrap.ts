/**
 * Greedy word wrap: lines at most `width` characters long; a word longer than the
 * width is split across lines.
 */
function wordWrap(text: string, width: number): string[] {
  if (width < 1) {
    throw new RangeError('width must be positive');
  }
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (word === '') {
      continue;
    }
    let rest = word;
    while (rest.length > width) {
      if (line !== '') {
        lines.push(line);
        line = '';
      }
      lines.push(rest.slice(0, width));
      rest = rest.slice(width);
    }
    if (line === '') {
      line = rest;
    } else if (line.length + 1 + rest.length <= width) {
      line += ' ' + rest;
    } else {
      lines.push(line);
      line = rest;
    }
  }
  if (line !== '') {
    lines.push(line);
  }
  return lines;
}

let failures = 0;
function check<T>(label: string, got: T, expected: T): void {
  const text = JSON.stringify(got);
  console.log(`${label} = ${text}`);
  if (text !== JSON.stringify(expected)) {
    console.log(`  MISMATCH: expected ${JSON.stringify(expected)}`);
    failures += 1;
  }
}

check('wordWrap("", 10)', wordWrap('', 10), []);
check('wordWrap("hello", 10)', wordWrap('hello', 10), ['hello']);
check('wordWrap(fox, 10)', wordWrap('the quick brown fox jumps over the lazy dog', 10), ['the quick', 'brown fox', 'jumps over', 'the lazy', 'dog']);
check('wordWrap(exact, 5)', wordWrap('abcde fghij', 5), ['abcde', 'fghij']);
check('wordWrap(long word, 4)', wordWrap('a supercalifragilistic b', 4), ['a', 'supe', 'rcal', 'ifra', 'gili', 'stic', 'b']);
check('wordWrap(spaces, 8)', wordWrap('  many   spaces\n\there  ', 8), ['many', 'spaces', 'here']);
check('wordWrap(width 1)', wordWrap('ab c', 1), ['a', 'b', 'c']);
let error = '';
try {
  wordWrap('text', 0);
} catch (e) {
  error = (e as Error).message;
}
check('wordWrap(text, 0) throws', error, 'width must be positive');
if (failures > 0) {
  throw new Error(`${failures} checks failed`);
}
console.log('all checks passed');

export {};
