interface Summary {
  count: number;
  mean: number;
  median: number;
  modes: number[];
  stdDev: number;
}

function round(value: number, places: number): number {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
}

/** Descriptive statistics of a sample (population standard deviation); null when empty. */
function summarize(values: readonly number[]): Summary | null {
  if (values.length === 0) {
    return null;
  }
  const sorted = [...values].sort((a, b) => a - b);
  const count = sorted.length;
  let sum = 0;
  const frequency = new Map<number, number>();
  for (const value of sorted) {
    sum += value;
    frequency.set(value, (frequency.get(value) ?? 0) + 1);
  }
  const mean = sum / count;
  const middle = Math.floor(count / 2);
  const median = count % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  let highest = 0;
  let modes: number[] = [];
  for (const [value, times] of frequency) {
    if (times > highest) {
      highest = times;
      modes = [value];
    } else if (times === highest) {
      modes.push(value);
    }
  }
  let squares = 0;
  for (const value of sorted) {
    squares += (value - mean) ** 2;
  }
  const stdDev = Math.sqrt(squares / count);
  return { count, mean: round(mean, 4), median, modes, stdDev: round(stdDev, 4) };
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

check('summarize([])', summarize([]), null);
check('summarize([4])', summarize([4]), { count: 1, mean: 4, median: 4, modes: [4], stdDev: 0 });
check('summarize([2,4,4,4,5,5,7,9])', summarize([2, 4, 4, 4, 5, 5, 7, 9]), { count: 8, mean: 5, median: 4.5, modes: [4], stdDev: 2 });
check('summarize([3,1,2])', summarize([3, 1, 2]), { count: 3, mean: 2, median: 2, modes: [1, 2, 3], stdDev: 0.8165 });
check('summarize([1.5,-2,1.5,-2,10])', summarize([1.5, -2, 1.5, -2, 10]), { count: 5, mean: 1.8, median: 1.5, modes: [-2, 1.5], stdDev: 4.3886 });
check('summarize([0.1,0.2])', summarize([0.1, 0.2]), { count: 2, mean: 0.15, median: 0.15000000000000002, modes: [0.1, 0.2], stdDev: 0.05 });
if (failures > 0) {
  throw new Error(`${failures} checks failed`);
}
console.log('all checks passed');

export {};
