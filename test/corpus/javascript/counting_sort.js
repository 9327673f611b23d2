'use strict';

/** Sorts small integers by counting occurrences; returns a new array. */
function countingSort(values) {
  if (values.length === 0) {
    return [];
  }
  let min = values[0];
  let max = values[0];
  for (let i = 1; i < values.length; i++) {
    if (values[i] < min) {
      min = values[i];
    } else if (values[i] > max) {
      max = values[i];
    }
  }
  const counts = new Array(max - min + 1).fill(0);
  for (let i = 0; i < values.length; i++) {
    counts[values[i] - min] += 1;
  }
  const sorted = [];
  for (let offset = 0; offset < counts.length; offset++) {
    let remaining = counts[offset];
    while (remaining > 0) {
      sorted.push(offset + min);
      remaining--;
    }
  }
  return sorted;
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
  [[], []],
  [[3], [3]],
  [[4, 2, 2, 8, 3, 3, 1], [1, 2, 2, 3, 3, 4, 8]],
  [[-5, 0, -5, 3, -1], [-5, -5, -1, 0, 3]],
  [[7, 7, 7], [7, 7, 7]],
  [[10, 9, 8, 7, 6, 5], [5, 6, 7, 8, 9, 10]],
  [[1, 100, 50], [1, 50, 100]],
];
for (const [input, expected] of cases) {
  check(`countingSort(${JSON.stringify(input)})`, countingSort(input), expected);
}
if (failures > 0) {
  process.exitCode = 1;
} else {
  console.log('all checks passed');
}
