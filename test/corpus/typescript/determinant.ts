/** Determinant of a square matrix by cofactor expansion along the first row. */
function determinant(matrix: readonly (readonly number[])[]): number {
  const n = matrix.length;
  for (const row of matrix) {
    if (row.length !== n) {
      throw new Error('matrix is not square');
    }
  }
  if (n === 0) {
    return 1;
  }
  if (n === 1) {
    return matrix[0][0];
  }
  if (n === 2) {
    return matrix[0][0] * matrix[1][1] - matrix[0][1] * matrix[1][0];
  }
  let result = 0;
  let sign = 1;
  for (let col = 0; col < n; col++) {
    if (matrix[0][col] !== 0) {
      const minor: number[][] = [];
      for (let r = 1; r < n; r++) {
        minor.push(matrix[r].filter((_, c) => c !== col));
      }
      result += sign * matrix[0][col] * determinant(minor);
    }
    sign = -sign;
  }
  return result;
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

function attempt(matrix: number[][]): number | string {
  try {
    return determinant(matrix);
  } catch (error) {
    return `error: ${(error as Error).message}`;
  }
}

check('det([])', attempt([]), 1);
check('det([[7]])', attempt([[7]]), 7);
check('det(2x2)', attempt([[3, 8], [4, 6]]), -14);
check('det(3x3)', attempt([[6, 1, 1], [4, -2, 5], [2, 8, 7]]), -306);
check('det(identity 4)', attempt([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]), 1);
check('det(singular)', attempt([[1, 2, 3], [4, 5, 6], [7, 8, 9]]), 0);
check('det(4x4)', attempt([[1, 0, 2, -1], [3, 0, 0, 5], [2, 1, 4, -3], [1, 0, 5, 0]]), 30);
check('det(not square)', attempt([[1, 2], [3]]), 'error: matrix is not square');
if (failures > 0) {
  throw new Error(`${failures} checks failed`);
}
console.log('all checks passed');

export {};
