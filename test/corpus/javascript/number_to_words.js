'use strict';

const SMALL = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten',
  'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** Spells out an integer in English words, e.g. 1234 -> "one thousand two hundred thirty-four". */
function numberToWords(n) {
  if (n < 0) {
    return 'minus ' + numberToWords(-n);
  }
  if (n < 20) {
    return SMALL[n];
  }
  if (n < 100) {
    const tens = TENS[Math.floor(n / 10)];
    return n % 10 === 0 ? tens : tens + '-' + SMALL[n % 10];
  }
  let scale;
  let name;
  if (n < 1000) {
    scale = 100;
    name = 'hundred';
  } else if (n < 1e6) {
    scale = 1000;
    name = 'thousand';
  } else if (n < 1e9) {
    scale = 1e6;
    name = 'million';
  } else {
    scale = 1e9;
    name = 'billion';
  }
  const head = numberToWords(Math.floor(n / scale)) + ' ' + name;
  const rest = n % scale;
  return rest === 0 ? head : head + ' ' + numberToWords(rest);
}

let failures = 0;
function check(label, got, expected) {
  console.log(`${label} = ${JSON.stringify(got)}`);
  if (JSON.stringify(got) !== JSON.stringify(expected)) {
    console.log(`  MISMATCH: expected ${JSON.stringify(expected)}`);
    failures += 1;
  }
}

const cases = [
  [0, 'zero'],
  [13, 'thirteen'],
  [40, 'forty'],
  [99, 'ninety-nine'],
  [100, 'one hundred'],
  [1234, 'one thousand two hundred thirty-four'],
  [-7, 'minus seven'],
  [1000010, 'one million ten'],
  [2147483647, 'two billion one hundred forty-seven million four hundred eighty-three thousand six hundred forty-seven'],
];
for (const [n, expected] of cases) {
  check(`numberToWords(${n})`, numberToWords(n), expected);
}
if (failures > 0) {
  process.exitCode = 1;
} else {
  console.log('all checks passed');
}
