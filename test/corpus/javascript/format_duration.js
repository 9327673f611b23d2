'use strict';

/** Formats a number of seconds as "1 day, 2 hours and 5 seconds" ("now" for zero). */
function formatDuration(totalSeconds) {
  if (totalSeconds === 0) {
    return 'now';
  }
  const units = [
    ['year', 365 * 24 * 3600],
    ['day', 24 * 3600],
    ['hour', 3600],
    ['minute', 60],
    ['second', 1],
  ];
  let remaining = totalSeconds;
  const parts = [];
  for (const [name, size] of units) {
    const count = Math.floor(remaining / size);
    if (count > 0) {
      parts.push(count + ' ' + name + (count === 1 ? '' : 's'));
      remaining -= count * size;
    }
  }
  if (parts.length === 1) {
    return parts[0];
  }
  return parts.slice(0, -1).join(', ') + ' and ' + parts[parts.length - 1];
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
  [0, 'now'],
  [1, '1 second'],
  [62, '1 minute and 2 seconds'],
  [3600, '1 hour'],
  [3662, '1 hour, 1 minute and 2 seconds'],
  [86400 * 2 + 5, '2 days and 5 seconds'],
  [31536000 + 86400 + 120, '1 year, 1 day and 2 minutes'],
  [132030240, '4 years, 68 days, 3 hours and 4 minutes'],
];
for (const [seconds, expected] of cases) {
  check(`formatDuration(${seconds})`, formatDuration(seconds), expected);
}
if (failures > 0) {
  process.exitCode = 1;
} else {
  console.log('all checks passed');
}
