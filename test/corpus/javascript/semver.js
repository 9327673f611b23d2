'use strict';

/**
 * Compares two versions like "1.4.2" or "2.0.0-rc.1": -1, 0 or 1. Missing parts count
 * as zero, and a pre-release sorts before its release.
 */
function compareVersions(a, b) {
  const dashA = a.indexOf('-');
  const dashB = b.indexOf('-');
  const coreA = (dashA === -1 ? a : a.slice(0, dashA)).split('.');
  const coreB = (dashB === -1 ? b : b.slice(0, dashB)).split('.');
  const length = Math.max(coreA.length, coreB.length);
  for (let i = 0; i < length; i++) {
    const x = Number(coreA[i] || 0);
    const y = Number(coreB[i] || 0);
    if (Number.isNaN(x) || Number.isNaN(y)) {
      throw new Error(`cannot compare ${a} with ${b}`);
    }
    if (x !== y) {
      return x < y ? -1 : 1;
    }
  }
  if (dashA === -1 && dashB === -1) {
    return 0;
  } else if (dashA === -1) {
    return 1;
  } else if (dashB === -1) {
    return -1;
  }
  const preA = a.slice(dashA + 1);
  const preB = b.slice(dashB + 1);
  if (preA === preB) {
    return 0;
  }
  return preA < preB ? -1 : 1;
}

let failures = 0;
function check(label, got, expected) {
  console.log(`${label} = ${JSON.stringify(got)}`);
  if (JSON.stringify(got) !== JSON.stringify(expected)) {
    console.log(`  MISMATCH: expected ${JSON.stringify(expected)}`);
    failures += 1;
  }
}

function attempt(a, b) {
  try {
    return compareVersions(a, b);
  } catch (error) {
    return `error: ${error.message}`;
  }
}

const cases = [
  ['1.0.0', '1.0.0', 0],
  ['1.2', '1.2.0', 0],
  ['1.2.10', '1.2.9', 1],
  ['0.9.9', '1.0', -1],
  ['2.0.0-rc.1', '2.0.0', -1],
  ['2.0.0', '2.0.0-beta', 1],
  ['2.0.0-alpha', '2.0.0-beta', -1],
  ['3.1.4-x', '3.1.4-x', 0],
  ['1.x', '1.0', 'error: cannot compare 1.x with 1.0'],
];
for (const [a, b, expected] of cases) {
  check(`compareVersions(${a}, ${b})`, attempt(a, b), expected);
}
if (failures > 0) {
  process.exitCode = 1;
} else {
  console.log('all checks passed');
}
