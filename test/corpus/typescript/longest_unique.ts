/** The first longest substring without a repeated character (sliding window over code points). */
function longestUniqueSubstring(text: string): string {
  const chars = Array.from(text);
  const lastSeen = new Map<string, number>();
  let start = 0;
  let bestStart = 0;
  let bestLength = 0;
  for (let end = 0; end < chars.length; end++) {
    const ch = chars[end];
    const seen = lastSeen.get(ch);
    if (seen !== undefined && seen >= start) {
      start = seen + 1;
    }
    lastSeen.set(ch, end);
    const length = end - start + 1;
    if (length > bestLength) {
      bestLength = length;
      bestStart = start;
    }
  }
  return chars.slice(bestStart, bestStart + bestLength).join('');
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

const cases: Array<[string, string]> = [
  ['', ''],
  ['a', 'a'],
  ['abcabcbb', 'abc'],
  ['bbbbb', 'b'],
  ['pwwkew', 'wke'],
  ['abba', 'ab'],
  ['dvdf', 'vdf'],
  ['tmmzuxt', 'mzuxt'],
  ['😀a😀b', 'a😀b'],
];
for (const [text, expected] of cases) {
  check(`longestUniqueSubstring(${JSON.stringify(text)})`, longestUniqueSubstring(text), expected);
}
if (failures > 0) {
  throw new Error(`${failures} checks failed`);
}
console.log('all checks passed');

export {};
