import * as assert from 'assert';
import { Rng } from '../../src/core/random';
import { Arena } from '../../src/core/similarity/arena';
import { suffixArray } from '../../src/core/similarity/suffixArray';

/** The suffixes of `text` sorted by comparing them outright: the definition, for checking. */
function bySorting(text: Int32Array): number[] {
  const n = text.length;
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((x, y) => {
    for (let d = 0; x + d < n && y + d < n; d++) if (text[x + d] !== text[y + d]) return text[x + d] - text[y + d];
    return y - x; // the shorter suffix is a prefix of the longer one (cannot happen past the unique sentinel)
  });
  return order;
}

/** Codes 1..alphabet-1 followed by the sentinel 0. */
function withSentinel(codes: number[]): Int32Array {
  return Int32Array.from([...codes, 0]);
}

describe('suffix array (induced sorting)', () => {
  it('equals sorting the suffixes outright on random texts of every small alphabet', () => {
    const rng = new Rng(11);
    for (let trial = 0; trial < 300; trial++) {
      const alphabet = 2 + (trial % 6);
      const length = trial % 50 === 0 ? trial % 3 : rng.int(trial % 4 === 0 ? 2000 : 120);
      const text = withSentinel(Array.from({ length }, () => 1 + rng.int(alphabet - 1)));
      assert.deepStrictEqual([...suffixArray(text, alphabet)], bySorting(text), `trial ${trial}, length ${length}, alphabet ${alphabet}`);
    }
  });

  it('equals sorting the suffixes outright on periodic texts and on two near-equal halves', () => {
    const rng = new Rng(12);
    const cases: number[][] = [];
    for (const period of [1, 2, 3, 7, 32]) {
      const unit = Array.from({ length: period }, () => 1 + rng.int(4));
      cases.push(Array.from({ length: 900 }, (_, i) => unit[i % period]));
    }
    // what tiling sorts: the original's tokens, a separator, the candidate's tokens (a few rewritten)
    const original = Array.from({ length: 700 }, () => 2 + rng.int(20));
    const candidate = [...original];
    for (let k = 0; k < 5; k++) candidate.splice(rng.int(candidate.length), rng.int(4), ...Array.from({ length: rng.int(6) }, () => 2 + rng.int(20)));
    cases.push([...original, 1, ...candidate]);
    cases.push([...original, ...original, ...original]);
    for (const [k, codes] of cases.entries()) {
      const text = withSentinel(codes);
      const alphabet = Math.max(...codes) + 1;
      assert.deepStrictEqual([...suffixArray(text, alphabet)], bySorting(text), `case ${k}`);
    }
  });

  it('sorts into an arena the caller reuses and outgrows from call to call as it sorts into its own', () => {
    const rng = new Rng(13);
    const arena = new Arena(256);
    for (let trial = 0; trial < 60; trial++) {
      arena.reset();
      const length = rng.int(trial % 5 === 0 ? 3000 : 100);
      const text = withSentinel(Array.from({ length }, () => 1 + rng.int(5)));
      assert.deepStrictEqual([...suffixArray(text, 6, arena)], bySorting(text), `trial ${trial}`);
    }
  });
});
