/** Parses durations such as "1h30m", "90s" or "2d 4h" into seconds; throws on malformed input. */
function parseDuration(text: string): number {
  const source = text.trim();
  if (source === '') {
    throw new Error('empty duration');
  }
  let total = 0;
  let pos = 0;
  while (pos < source.length) {
    if (source[pos] === ' ') {
      pos++;
      continue;
    }
    let digits = '';
    while (pos < source.length && source[pos] >= '0' && source[pos] <= '9') {
      digits += source[pos];
      pos++;
    }
    if (digits === '' || pos >= source.length) {
      throw new Error(`expected a number and a unit at ${pos}`);
    }
    const amount = parseInt(digits, 10);
    switch (source[pos]) {
      case 'd':
        total += amount * 86400;
        break;
      case 'h':
        total += amount * 3600;
        break;
      case 'm':
        total += amount * 60;
        break;
      case 's':
        total += amount;
        break;
      default:
        throw new Error(`unknown unit '${source[pos]}'`);
    }
    pos++;
  }
  return total;
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

function attempt(text: string): number | string {
  try {
    return parseDuration(text);
  } catch (error) {
    return `error: ${(error as Error).message}`;
  }
}

const cases: Array<[string, number | string]> = [
  ['90s', 90],
  ['1h30m', 5400],
  ['2d 4h', 187200],
  [' 1m 1s ', 61],
  ['0s', 0],
  ['3h3h', 21600],
  ['', 'error: empty duration'],
  ['15', 'error: expected a number and a unit at 2'],
  ['h', 'error: expected a number and a unit at 0'],
  ['5w', "error: unknown unit 'w'"],
];
for (const [text, expected] of cases) {
  check(`parseDuration(${JSON.stringify(text)})`, attempt(text), expected);
}
if (failures > 0) {
  throw new Error(`${failures} checks failed`);
}
console.log('all checks passed');

export {};
