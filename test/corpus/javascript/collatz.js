'use strict';

/** Follows the Collatz sequence from n down to 1: the number of steps and the highest value reached. */
function collatz(n) {
  if (!Number.isSafeInteger(n) || n < 1) {
    return null;
  }
  if (n === 1) {
    return { steps: 0, peak: 1 };
  }
  let steps = 0;
  let peak = n;
  let value = n;
  do {
    if (value % 2 === 0) {
      value = value / 2;
    } else {
      value = 3 * value + 1;
    }
    steps += 1;
    if (value > peak) {
      peak = value;
    }
  } while (value !== 1);
  return { steps, peak };
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
  [1, { steps: 0, peak: 1 }],
  [2, { steps: 1, peak: 2 }],
  [6, { steps: 8, peak: 16 }],
  [7, { steps: 16, peak: 52 }],
  [27, { steps: 111, peak: 9232 }],
  [0, null],
  [-4, null],
  [2.5, null],
];
for (const [n, expected] of cases) {
  check(`collatz(${n})`, collatz(n), expected);
}
if (failures > 0) {
  process.exitCode = 1;
} else {
  console.log('all checks passed');
}
