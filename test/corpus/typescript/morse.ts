const MORSE = new Map<string, string>([
  ['.-', 'A'], ['-...', 'B'], ['-.-.', 'C'], ['-..', 'D'], ['.', 'E'], ['..-.', 'F'], ['--.', 'G'],
  ['....', 'H'], ['..', 'I'], ['.---', 'J'], ['-.-', 'K'], ['.-..', 'L'], ['--', 'M'], ['-.', 'N'],
  ['---', 'O'], ['.--.', 'P'], ['--.-', 'Q'], ['.-.', 'R'], ['...', 'S'], ['-', 'T'], ['..-', 'U'],
  ['...-', 'V'], ['.--', 'W'], ['-..-', 'X'], ['-.--', 'Y'], ['--..', 'Z'], ['-----', '0'],
  ['.----', '1'], ['..---', '2'], ['...--', '3'], ['....-', '4'], ['.....', '5'], ['-....', '6'],
  ['--...', '7'], ['---..', '8'], ['----.', '9'],
]);

/**
 * Decodes Morse code: letters are separated by one space, words by three spaces or " / ".
 * Returns null when a symbol is not Morse.
 */
function decodeMorse(code: string): string | null {
  const words: string[] = [];
  for (const word of code.trim().split(/ {3,}| \/ /)) {
    if (word.trim() === '') {
      continue;
    }
    let decoded = '';
    for (const symbol of word.split(' ')) {
      if (symbol === '') {
        continue;
      }
      const letter = MORSE.get(symbol);
      if (letter === undefined) {
        return null;
      }
      decoded += letter;
    }
    words.push(decoded);
  }
  return words.join(' ');
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

const cases: Array<[string, string | null]> = [
  ['', ''],
  ['...', 'S'],
  ['... --- ...', 'SOS'],
  ['.... . -.--   .--- ..- -.. .', 'HEY JUDE'],
  ['-- --- .-. ... . / -.-. --- -.. .', 'MORSE CODE'],
  ['  .----  ..--- ', '12'],
  ['.-.-.-', null],
  ['... abc', null],
];
for (const [code, expected] of cases) {
  check(`decodeMorse(${JSON.stringify(code)})`, decodeMorse(code), expected);
}
if (failures > 0) {
  throw new Error(`${failures} checks failed`);
}
console.log('all checks passed');

export {};
