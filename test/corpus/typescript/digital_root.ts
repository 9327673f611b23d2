interface Persistence {
  root: number;
  steps: number;
}

/** Repeatedly sums the decimal digits of n until one digit is left: the digit and how many sums it took. */
function digitalRoot(n: number): Persistence {
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new RangeError(`not a non-negative integer: ${n}`);
  }
  let value = n;
  let steps = 0;
  while (value >= 10) {
    let sum = 0;
    do {
      sum += value % 10;
      value = Math.floor(value / 10);
    } while (value > 0);
    value = sum;
    steps++;
  }
  return { root: value, steps };
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

function attempt(n: number): Persistence | string {
  try {
    return digitalRoot(n);
  } catch (error) {
    return `error: ${(error as Error).message}`;
  }
}

const cases: Array<[number, Persistence | string]> = [
  [0, { root: 0, steps: 0 }],
  [7, { root: 7, steps: 0 }],
  [10, { root: 1, steps: 1 }],
  [38, { root: 2, steps: 2 }],
  [199, { root: 1, steps: 3 }],
  [987654321, { root: 9, steps: 2 }],
  [9007199254740991, { root: 4, steps: 3 }],
  [-5, 'error: not a non-negative integer: -5'],
  [1.5, 'error: not a non-negative integer: 1.5'],
];
for (const [n, expected] of cases) {
  check(`digitalRoot(${n})`, attempt(n), expected);
}
if (failures > 0) {
  throw new Error(`${failures} checks failed`);
}
console.log('all checks passed');

export {};
