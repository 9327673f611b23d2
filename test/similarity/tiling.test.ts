import * as assert from 'assert';
import { greedyStringTiling, Tile } from '../../src/core/similarity/tiling';
import { Rng } from '../../src/core/random';

/** Letters as token codes, to write sequences readably: 'abc' -> [97, 98, 99]. */
const seq = (letters: string): number[] => [...letters].map((c) => c.charCodeAt(0));
const triples = (tiles: Tile[]): number[][] => tiles.map((t) => [t.a, t.b, t.length]);

/** The textbook algorithm (Wise 1993), quadratic per round, as an oracle for small inputs. */
function textbook(p: number[], t: number[], minMatch: number): number {
  const m = Math.min(minMatch, p.length, t.length);
  const markedP = p.map(() => false);
  const markedT = t.map(() => false);
  let tiled = 0;
  let maxMatch: number;
  do {
    maxMatch = m;
    let matches: number[][] = [];
    for (let a = 0; a < p.length; a++) {
      for (let b = 0; b < t.length; b++) {
        let j = 0;
        while (a + j < p.length && b + j < t.length && p[a + j] === t[b + j] && !markedP[a + j] && !markedT[b + j]) j++;
        if (j === maxMatch) matches.push([a, b, j]);
        else if (j > maxMatch) {
          matches = [[a, b, j]];
          maxMatch = j;
        }
      }
    }
    for (const [a, b, j] of matches) {
      let free = true;
      for (let k = 0; k < j; k++) if (markedP[a + k] || markedT[b + k]) free = false;
      if (!free) continue;
      for (let k = 0; k < j; k++) markedP[a + k] = markedT[b + k] = true;
      tiled += j;
    }
  } while (maxMatch > m);
  return tiled;
}

function lexicallyBefore(x: number[], y: number[]): boolean {
  const k = x.findIndex((v, i) => v !== y[i]);
  return k >= 0 && x[k] < y[k];
}

function assertValidTiling(a: number[], b: number[], tiles: Tile[], minMatch: number): void {
  const usedA = new Set<number>();
  const usedB = new Set<number>();
  for (const { a: ia, b: ib, length } of tiles) {
    assert.ok(length >= Math.min(minMatch, a.length, b.length), `tile of ${length} is below the minimum`);
    for (let k = 0; k < length; k++) {
      assert.strictEqual(a[ia + k], b[ib + k], 'a tile covers unequal tokens');
      assert.ok(!usedA.has(ia + k) && !usedB.has(ib + k), 'tiles overlap');
      usedA.add(ia + k);
      usedB.add(ib + k);
    }
  }
}

describe('greedy string tiling', () => {
  it('tiles identical sequences with one tile', () => {
    const a = seq('abcdefghijklmnop');
    assert.deepStrictEqual(greedyStringTiling(a, a, 4), { tiled: 16, tiles: [{ a: 0, b: 0, length: 16 }] });
  });

  it('finds moved blocks', () => {
    const a = seq('abcdefghijklmnopqrst');
    const b = seq('klmnopqrstabcdefghij');
    const { tiled, tiles } = greedyStringTiling(a, b, 5);
    assert.strictEqual(tiled, 20);
    assert.deepStrictEqual(triples(tiles), [
      [0, 10, 10],
      [10, 0, 10],
    ]);
  });

  it('takes the longest match first, even when two shorter ones would cover more', () => {
    // "bcde" (4) wins over "abc" + "def" (3 + 3); what it leaves of A ("a", "f") is below the minimum.
    const { tiled, tiles } = greedyStringTiling(seq('abcdef'), seq('bcdeYabcZdef'), 3);
    assert.strictEqual(tiled, 4);
    assert.deepStrictEqual(triples(tiles), [[1, 0, 4]]);
  });

  it('breaks ties by position in the first sequence, and lets the loser compete again with what is left', () => {
    // "abcd" and "cdef" both have 4 tokens and overlap in A; "abcd" starts first in A and wins,
    // then the free "ef" of "cdef" is tiled in the next round.
    const { tiled, tiles } = greedyStringTiling(seq('abcdef'), seq('cdefXabcd'), 2);
    assert.deepStrictEqual(triples(tiles), [
      [0, 5, 4],
      [4, 2, 2],
    ]);
    assert.strictEqual(tiled, 6);
  });

  it('breaks ties between equal matches in the second sequence by position there', () => {
    const { tiles } = greedyStringTiling(seq('abcd'), seq('abcdXabcd'), 4);
    assert.deepStrictEqual(triples(tiles), [[0, 0, 4]]);
  });

  it('tiles a match of exactly the minimum length and nothing shorter', () => {
    // Two matches: "abcde" (5) and "fghi" (4).
    const a = seq('abcdeXfghiY');
    const b = seq('ZabcdeWfghiV');
    assert.deepStrictEqual(triples(greedyStringTiling(a, b, 4).tiles), [
      [0, 1, 5],
      [6, 7, 4],
    ]);
    assert.deepStrictEqual(triples(greedyStringTiling(a, b, 5).tiles), [[0, 1, 5]]);
    assert.strictEqual(greedyStringTiling(a, b, 6).tiled, 0);
  });

  it('is symmetric: swapping the sequences mirrors the tiles', () => {
    const a = seq('abcdefabcxyzdef');
    const b = seq('defabcxyzabc');
    const forward = greedyStringTiling(a, b, 3);
    const backward = greedyStringTiling(b, a, 3);
    assert.strictEqual(forward.tiled, backward.tiled);
    assert.deepStrictEqual(
      triples(backward.tiles),
      forward.tiles.map((t) => [t.b, t.a, t.length]),
    );
  });

  it('lowers the minimum to the length of a shorter sequence', () => {
    assert.strictEqual(greedyStringTiling(seq('abc'), seq('abc'), 12).tiled, 3);
    assert.strictEqual(greedyStringTiling(seq('abc'), seq('xxabcxx'), 12).tiled, 3);
    assert.strictEqual(greedyStringTiling(seq('abc'), seq('xxabxcx'), 12).tiled, 0);
  });

  it('gives nothing for empty sequences and rejects a bad minimum', () => {
    assert.deepStrictEqual(greedyStringTiling([], seq('abc'), 2), { tiled: 0, tiles: [] });
    assert.deepStrictEqual(greedyStringTiling([], [], 2), { tiled: 0, tiles: [] });
    assert.throws(() => greedyStringTiling(seq('a'), seq('a'), 0), RangeError);
    assert.throws(() => greedyStringTiling(seq('a'), seq('a'), 1.5), RangeError);
  });

  it('accepts any integers as tokens', () => {
    assert.strictEqual(greedyStringTiling([-5, 1e9, 3, -5], [7, -5, 1e9, 3], 3).tiled, 3);
  });

  it('agrees with the textbook algorithm on random sequences', () => {
    const rng = new Rng(7);
    for (let round = 0; round < 300; round++) {
      const alphabet = 1 + rng.int(4);
      const a = Array.from({ length: 1 + rng.int(60) }, () => rng.int(alphabet));
      // Half unrelated, half a mutated copy (edits, a moved block), where the interesting tilings are.
      const b =
        round % 2 === 0
          ? Array.from({ length: 1 + rng.int(60) }, () => rng.int(alphabet))
          : a.map((x) => (rng.int(5) === 0 ? rng.int(alphabet) : x)).concat(a.slice(0, rng.int(10)));
      const minMatch = 1 + rng.int(6);
      const result = greedyStringTiling(a, b, minMatch);
      assertValidTiling(a, b, result.tiles, minMatch);
      // The oracle's tie order is only the same as the implementation's in the canonical order (shorter first).
      const [p, t] = a.length < b.length || (a.length === b.length && !lexicallyBefore(b, a)) ? [a, b] : [b, a];
      assert.strictEqual(result.tiled, textbook(p, t, minMatch), `a=${a} b=${b} minMatch=${minMatch}`);
      assert.strictEqual(greedyStringTiling(b, a, minMatch).tiled, result.tiled);
    }
  });

  it('tiles the same whether tokens are coded through its table (small kinds) or its map (any integers)', () => {
    const rng = new Rng(21);
    for (let round = 0; round < 100; round++) {
      const alphabet = 2 + rng.int(6);
      const a = Array.from({ length: 1 + rng.int(80) }, () => rng.int(alphabet));
      const b = a.map((x) => (rng.int(6) === 0 ? rng.int(alphabet) : x)).concat(a.slice(0, rng.int(20)));
      // the same sequences under an order-keeping map onto negative numbers, which the table cannot hold
      const shifted = (s: number[]) => s.map((x) => x - 1000);
      const minMatch = 1 + rng.int(5);
      assert.deepStrictEqual(greedyStringTiling(shifted(a), shifted(b), minMatch), greedyStringTiling(a, b, minMatch), `round ${round}`);
    }
  });

  it('gives each tiling its own answer while reusing its scratch, across sizes that outgrow it', () => {
    const rng = new Rng(22);
    const pair = (length: number): [number[], number[]] => {
      const a = Array.from({ length }, () => rng.int(30));
      const b = a.slice();
      for (let k = 0; k < length / 50 + 1; k++) b.splice(rng.int(b.length), rng.int(5), ...Array.from({ length: rng.int(5) }, () => rng.int(30)));
      return [a, b];
    };
    const small = pair(40);
    const large = pair(30_000);
    const first = greedyStringTiling(small[0], small[1], 4);
    const big = greedyStringTiling(large[0], large[1], 12);
    assertValidTiling(large[0], large[1], big.tiles, 12);
    assert.deepStrictEqual(greedyStringTiling(small[0], small[1], 4), first);
    assert.strictEqual(first.tiled, textbook(...(small[0].length <= small[1].length ? small : ([small[1], small[0]] as const)), 4));
    assert.deepStrictEqual(greedyStringTiling(large[0], large[1], 12), big);
  });

  it('finishes on long periodic sequences, the worst case for match enumeration', () => {
    const a = Array.from({ length: 20_000 }, (_, i) => i % 2);
    const b = a.slice();
    for (let i = 50; i < b.length; i += 1000) b[i] = 2;
    const { tiled, tiles } = greedyStringTiling(a, b, 12);
    assertValidTiling(a, b, tiles, 12);
    assert.ok(tiled > 19_900 && tiled < 20_000, `tiled ${tiled}`);
  });
});
