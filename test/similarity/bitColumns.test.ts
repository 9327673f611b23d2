import * as assert from 'assert';
import { distance } from 'fastest-levenshtein';
import { Rng } from '../../src/core/random';
import { Band, bandedDistance, decodeBand, diagonalBand, Pattern } from '../../src/core/similarity/bitColumns';

function randomText(rng: Rng, length: number, alphabet: string): string {
  let s = '';
  for (let i = 0; i < length; i++) s += alphabet[rng.int(alphabet.length)];
  return s;
}

/** Whether row i (1..n) of column j (1..m) lies in the band's words. */
function inBand(band: Band, i: number, j: number): boolean {
  const s = band.ends.findIndex((end) => j <= end);
  const word = (i - 1) >> 5;
  return band.tops[s] <= word && word <= band.bottoms[s];
}

/** The full DP table D(a[0, i), b[0, j)). */
function table(a: string, b: string): number[][] {
  const d = [...Array(a.length + 1)].map((_, i) => [...Array(b.length + 1)].map((_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
  }
  return d;
}

describe('diagonal bands of the bit-parallel edit distance', () => {
  it('hold every cell an alignment within the limit could use, and have the shape a banded pass needs', () => {
    const rng = new Rng(3);
    for (let trial = 0; trial < 300; trial++) {
      const n = 1 + rng.int(300);
      const m = 1 + rng.int(300);
      const limit = rng.int(n + m + 10);
      const band = diagonalBand(n, m, limit);
      assert.strictEqual(band.tops[0], 0, 'starts at the first word');
      assert.strictEqual(band.ends[band.ends.length - 1], m, 'ends at the last column');
      assert.strictEqual(band.bottoms[band.bottoms.length - 1], Math.ceil(n / 32) - 1, 'ends at the last word');
      for (let k = 1; k < band.ends.length; k++) {
        assert.ok(band.ends[k] > band.ends[k - 1] && band.tops[k] >= band.tops[k - 1] && band.bottoms[k] >= band.bottoms[k - 1]);
      }
      for (let j = 1; j <= m; j++) {
        for (let i = 1; i <= n; i++) {
          const lower = Math.abs(j - i) + Math.abs(m - j - (n - i));
          if (lower <= limit) assert.ok(inBand(band, i, j), `trial ${trial}: cell (${i}, ${j}) with bound ${lower} <= ${limit}`);
        }
      }
    }
  });

  it('give the exact distance once the limit reaches it, and the cost of a real alignment below it', () => {
    const rng = new Rng(8);
    for (let trial = 0; trial < 300; trial++) {
      const alphabet = ['ab', 'abcd', 'abcdefghij'][trial % 3];
      const a = randomText(rng, 1 + rng.int(400), alphabet);
      const b = trial % 2 === 0 ? randomText(rng, 1 + rng.int(400), alphabet) : a.replace(/a/g, () => 'bc'.slice(rng.int(2)));
      if (b.length === 0) continue;
      const d = distance(a, b);
      const limit = rng.int(2 * d + 2);
      const got = bandedDistance(new Pattern(a, false), b, diagonalBand(a.length, b.length, limit));
      if (limit >= d) assert.strictEqual(got, d, `trial ${trial}: limit ${limit}`);
      else assert.ok(got >= d, `trial ${trial}: ${got} under the distance ${d}`);
    }
  });

  it('stop at the columns asked for, each decoding to the true values of the rows an alignment within the limit passes', () => {
    const rng = new Rng(12);
    for (let trial = 0; trial < 40; trial++) {
      const a = randomText(rng, 1 + rng.int(200), 'abc');
      const b = randomText(rng, 1 + rng.int(200), 'abc');
      const full = table(a, b);
      const back = table([...a].reverse().join(''), [...b].reverse().join(''));
      const limit = full[a.length][b.length] + rng.int(20);
      const band = diagonalBand(a.length, b.length, limit);
      const stops = [0, ...[...Array(5)].map(() => rng.int(b.length + 1))].sort((x, y) => x - y);
      const seen: number[] = [];
      const pattern = new Pattern(a, false);
      const values = new Int32Array(a.length + 1);
      bandedDistance(pattern, b, band, stops, (j, column) => {
        seen.push(j);
        values.fill(-1);
        const [first, last] = decodeBand(pattern, column, values);
        for (let i = 0; i <= a.length; i++) {
          assert.strictEqual(values[i] >= 0, first <= i && i <= last, `trial ${trial}: row ${i} of column ${j} written outside rows ${first}..${last}`);
          // a cell some alignment within the limit passes through
          const through = full[i][j] + back[a.length - i][b.length - j];
          if (through <= limit) assert.strictEqual(values[i], full[i][j], `trial ${trial}: row ${i} of column ${j}`);
          if (values[i] >= 0) assert.ok(values[i] >= full[i][j], `trial ${trial}: row ${i} of column ${j} under its true value`);
        }
      });
      assert.deepStrictEqual(seen, stops, 'one column per stop, in order');
    }
  });
});
