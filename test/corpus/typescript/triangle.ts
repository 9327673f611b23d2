type TriangleKind = 'invalid' | 'equilateral' | 'isosceles' | 'right' | 'scalene';

/** Classifies a triangle by its side lengths; degenerate or impossible sides are invalid. */
function classifyTriangle(a: number, b: number, c: number): TriangleKind {
  if (!Number.isFinite(a) || !Number.isFinite(b) || !Number.isFinite(c)) {
    return 'invalid';
  }
  const [x, y, z] = [a, b, c].sort((p, q) => p - q);
  if (x <= 0 || x + y <= z) {
    return 'invalid';
  }
  if (x === z) {
    return 'equilateral';
  } else if (x === y || y === z) {
    return 'isosceles';
  } else if (Math.abs(x * x + y * y - z * z) < 1e-9 * z * z) {
    return 'right';
  } else {
    return 'scalene';
  }
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

const cases: Array<[number, number, number, TriangleKind]> = [
  [3, 3, 3, 'equilateral'],
  [5, 5, 8, 'isosceles'],
  [8, 5, 5, 'isosceles'],
  [3, 4, 5, 'right'],
  [13, 5, 12, 'right'],
  [0.3, 0.4, 0.5, 'right'],
  [4, 5, 6, 'scalene'],
  [1, 2, 3, 'invalid'],
  [0, 1, 1, 'invalid'],
  [-3, 4, 5, 'invalid'],
  [NaN, 1, 1, 'invalid'],
];
for (const [a, b, c, expected] of cases) {
  check(`classifyTriangle(${a}, ${b}, ${c})`, classifyTriangle(a, b, c), expected);
}
if (failures > 0) {
  throw new Error(`${failures} checks failed`);
}
console.log('all checks passed');

export {};
