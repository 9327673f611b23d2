import * as assert from 'assert';
import { distance } from 'fastest-levenshtein';
import { Rng } from '../../src/core/random';
import { advance, closedForm, decode, Pattern } from '../../src/core/similarity/bitColumns';
import { LevenshteinIndex } from '../../src/core/similarity/incremental';
import { equalStretches } from '../../src/core/similarity/stretches';
import { surfaceSimilarity } from '../../src/core/similarity/surface';

function randomText(rng: Rng, length: number, alphabet: string): string {
  let s = '';
  for (let i = 0; i < length; i++) s += alphabet[rng.int(alphabet.length)];
  return s;
}

/** `text` with [at, at + removed) replaced by `inserted` random characters: one rewrite of a search. */
function splice(rng: Rng, text: string, at: number, removed: number, inserted: number, alphabet: string): string {
  const start = Math.max(0, Math.min(at, text.length));
  return text.slice(0, start) + randomText(rng, inserted, alphabet) + text.slice(Math.min(text.length, start + removed));
}

/** A local rewrite at a random place: small, sometimes empty on one side, sometimes tens of characters. */
function localEdit(rng: Rng, text: string, alphabet: string): string {
  const big = rng.int(4) === 0;
  return splice(rng, text, rng.int(text.length + 1), rng.int(big ? 60 : 4), rng.int(big ? 60 : 4), alphabet);
}

/** Asks the index and checks it against fastest-levenshtein. */
function check(index: LevenshteinIndex, b: string, what: string): number {
  const expected = distance(index.a, b);
  const got = index.distance(b);
  assert.strictEqual(got, expected, `${what}: |a| = ${index.a.length}, |b| = ${b.length}`);
  return got;
}

const ALPHABETS = ['ab', 'abc', 'abcdefgh', ' \n\tifx=()+;0123'];

/** Each method forced where it applies, and the index's own choice. */
const METHODS = ['cheaper', 'columns', 'band'] as const;

for (const method of METHODS) {
  describe(`incremental Levenshtein index (${method})`, () => {
    it('equals fastest-levenshtein on seeded random pairs of lengths 0 to 3,000, related and unrelated', () => {
      const rng = new Rng(41);
      for (let trial = 0; trial < 60; trial++) {
        const alphabet = ALPHABETS[trial % ALPHABETS.length];
        const length = trial % 10 === 0 ? rng.int(3) : rng.int(trial % 3 === 0 ? 3000 : 400);
        const a = randomText(rng, length, alphabet);
        const index = new LevenshteinIndex(a, { interval: [16, 64, 256][trial % 3], method });
        for (let k = 0; k < 4; k++) {
          const kind = rng.int(3);
          const b =
            kind === 0
              ? randomText(rng, rng.int(length + 50), alphabet)
              : kind === 1
                ? localEdit(rng, a, alphabet)
                : splice(rng, a, rng.int(length + 1), rng.int(length + 1), rng.int(200), alphabet);
          check(index, b, `trial ${trial}, kind ${kind}`);
        }
      }
    });

    it('follows a search: each text one local rewrite of an earlier one, kept or dropped, with returns and restarts', () => {
      const rng = new Rng(7);
      for (const [length, interval] of [
        [2500, 64],
        [1800, 256],
        [700, 16],
        [3000, undefined],
      ] as const) {
        const alphabet = ALPHABETS[length % 4];
        const a = randomText(rng, length, alphabet);
        const index = new LevenshteinIndex(a, interval === undefined ? { method } : { interval, method });
        // the opening renames change the text throughout; then local steps, most kept, some dropped
        let current = a;
        for (let k = 0; k < 40; k++) current = splice(rng, current, rng.int(current.length), 2, 3, alphabet);
        check(index, current, 'after the opening');
        const seen = [current];
        for (let step = 0; step < 36; step++) {
          const candidate = localEdit(rng, current, alphabet);
          check(index, candidate, `step ${step}`);
          if (rng.int(3) > 0) current = candidate;
          seen.push(candidate);
          if (step % 11 === 10) check(index, seen[rng.int(seen.length)], `return to a text seen before, step ${step}`);
          if (step % 17 === 16) check(index, randomText(rng, length, alphabet), `unrelated text, step ${step}`);
        }
        check(index, a, 'the original itself');
      }
    });

    it('is exact for rewrites at the start, the end, in the middle and at the columns it keeps', () => {
      const rng = new Rng(19);
      const interval = 32;
      const a = randomText(rng, 1000, 'abcd');
      const index = new LevenshteinIndex(a, { interval, method });
      const base = splice(rng, a, 0, 0, 0, 'abcd').replace(/a/g, 'b');
      check(index, base, 'base');
      const places = [0, 1, base.length - 1, base.length, Math.floor(base.length / 2)];
      for (let k = 1; k * interval < base.length; k += 5) places.push(k * interval - 1, k * interval, k * interval + 1);
      for (const at of places) {
        for (const [removed, inserted] of [
          [0, 1],
          [1, 0],
          [1, 1],
          [interval, 0],
          [0, interval + 1],
          [3, 2 * interval],
        ]) {
          const b = splice(rng, base, at, removed, inserted, 'abcd');
          check(index, b, `at ${at}, -${removed} +${inserted}`);
          // and a second rewrite of that one, on the other side of the first
          check(index, splice(rng, b, (at + base.length / 3) % base.length, 2, 1, 'abcd'), `after the rewrite at ${at}`);
        }
      }
    });

    it('handles empty texts, equal texts, prefixes, suffixes and UTF-16 code units', () => {
      for (const a of ['', 'x', 'abc', 'x😀y', 'ab'.repeat(300)]) {
        const index = new LevenshteinIndex(a, { interval: 8, method });
        const middle = Math.floor(a.length / 2);
        const edited = [a.slice(1), a.slice(0, -1), 'z' + a + 'z', a.slice(0, middle) + '😀' + a.slice(middle)];
        const others = ['', a, 'x', 'xy', a + a, ...edited, 'ab'.repeat(299) + 'b'];
        for (const b of others) {
          check(index, b, JSON.stringify(b.slice(0, 20)));
          check(index, b, `${JSON.stringify(b.slice(0, 20))} again`);
        }
      }
      assert.strictEqual(new LevenshteinIndex('x😀y').distance('xy'), 2);
    });

    it('gives surfaceSimilarity to the last bit', () => {
      const rng = new Rng(5);
      const a = randomText(rng, 900, ALPHABETS[3]);
      const index = new LevenshteinIndex(a, { interval: 64, method });
      let b = a;
      for (let k = 0; k < 20; k++) {
        b = localEdit(rng, b, ALPHABETS[3]);
        assert.strictEqual(index.similarity(b), surfaceSimilarity(a, b));
      }
      assert.strictEqual(new LevenshteinIndex('').similarity(''), 1);
    });

    it('stays within its bounds on texts and kept columns, and stays exact when it evicts', () => {
      const rng = new Rng(23);
      const a = randomText(rng, 2000, 'abcdefgh');
      for (const options of [{ interval: 32, maxTexts: 1 }, { interval: 32, maxTexts: 3, maxBytes: 40_000 }, { interval: 32 }]) {
        const index = new LevenshteinIndex(a, { ...options, method });
        let current = randomText(rng, 2000, 'abcdefgh');
        check(index, current, 'start');
        for (let step = 0; step < 20; step++) {
          const candidate = localEdit(rng, current, 'abcdefgh');
          check(index, candidate, `step ${step} with ${JSON.stringify(options)}`);
          if (step % 2 === 0) current = candidate;
          assert.ok(index.texts <= (options.maxTexts ?? 4));
          if (options.maxBytes) assert.ok(index.keptBytes <= options.maxBytes || index.texts === 1, `${index.keptBytes} bytes kept`);
        }
      }
    });

    it('is exact for rewrites made of two edits far apart, with the text between them shifted', () => {
      // extract-if and insert-junk-function: a helper added away from the code they change
      const rng = new Rng(37);
      const block = randomText(rng, 120, 'abcdef');
      let a = '';
      for (let k = 0; k < 25; k++) a += splice(rng, block, rng.int(120), 3, 3, 'abcdef');
      const index = new LevenshteinIndex(a, { interval: 64, method });
      let current = a.replace(/ab/g, 'ba');
      check(index, current, 'opening');
      for (let step = 0; step < 30; step++) {
        const edited = localEdit(rng, current, 'abcdef');
        const helper = randomText(rng, 10 + rng.int(150), 'abcdef');
        const at = [0, edited.length, rng.int(edited.length + 1)][step % 3];
        const candidate = edited.slice(0, at) + helper + edited.slice(at);
        check(index, candidate, `step ${step}`);
        if (rng.int(4) > 0) current = candidate;
      }
    });

    it('follows a search whose rewrites move, copy and delete whole stretches of repeated text', () => {
      // Repeated blocks give many near-optimal alignments, and moving a block makes the best one jump:
      // what the band of rows around the anchor must still hold.
      const rng = new Rng(13);
      const block = randomText(rng, 90, 'abcd');
      let a = '';
      for (let k = 0; k < 12; k++) a += splice(rng, block, rng.int(90), 2, 2, 'abcd');
      const index = new LevenshteinIndex(a, { interval: 32, method });
      let current = a;
      for (let k = 0; k < 30; k++) current = splice(rng, current, rng.int(current.length), 1, 2, 'abcd');
      check(index, current, 'opening');
      for (let step = 0; step < 40; step++) {
        const at = rng.int(current.length + 1);
        const len = rng.int(150);
        const piece = current.slice(at, at + len);
        const rest = current.slice(0, at) + current.slice(at + len);
        const to = rng.int(rest.length + 1);
        const moved = rest.slice(0, to) + piece + rest.slice(to);
        const copied = current.slice(0, to) + piece + current.slice(to);
        const candidate = [moved, copied, rest, localEdit(rng, current, 'abcd')][step % 4];
        check(index, candidate, `step ${step}`);
        if (rng.int(3) > 0) current = candidate;
      }
    });
  });
}

/**
 * A search over text like code after a rename (most of it matches the original, a third of the
 * characters differ): the opening, one kept step (which becomes the anchor), then 12 kept rewrites
 * made by `rewrite`, each checked exact and to cost under a quarter of the words per column.
 */
function bandedChain(seed: number, rewrite: (rng: Rng, current: string, alphabet: string) => string): LevenshteinIndex {
  const rng = new Rng(seed);
  const alphabet = 'abcdefghijklmnopqrstuvwxyz ();=\n';
  const a = randomText(rng, 6000, alphabet);
  let current = a.replace(/[a-e]/g, (c) => (rng.int(2) === 0 ? 'x' : c));
  const index = new LevenshteinIndex(a, { interval: 128 });
  const words = Math.ceil(a.length / 32);
  check(index, current, 'the opening');
  check(index, (current = localEdit(rng, current, alphabet)), 'first step');
  assert.strictEqual(index.counts.anchors, 1, 'the first kept text after a change throughout becomes the anchor');
  for (let step = 0; step < 12; step++) {
    const before = index.wordSteps;
    current = rewrite(rng, current, alphabet);
    check(index, current, `step ${step}`);
    const perColumn = (index.wordSteps - before) / current.length;
    assert.ok(perColumn < words / 4, `step ${step}: ${perColumn.toFixed(1)} words per column of ${words}`);
  }
  return index;
}

describe('incremental Levenshtein index: what it computes', () => {
  it('computes only the rewritten region and the columns next to it once a text is covered', () => {
    // Behaviour, not time: counted in word steps (one 32-row word of one DP column).
    const rng = new Rng(2);
    const interval = 64;
    const a = randomText(rng, 3000, 'abcdefgh');
    const index = new LevenshteinIndex(a, { interval, method: 'columns' });
    const words = Math.ceil(a.length / 32);
    const b = randomText(rng, 3000, 'abcdefgh');
    check(index, b, 'unrelated');
    // a rewrite near the start reads the rest of b backward once: then b is covered both ways
    check(index, splice(rng, b, 10, 2, 2, 'abcdefgh'), 'rewrite near the start');
    for (const at of [1500, 700, 2900, 64 * 20]) {
      const before = index.wordSteps;
      check(index, splice(rng, b, at, 5, 7, 'abcdefgh'), `rewrite at ${at}`);
      const spent = (index.wordSteps - before) / words;
      assert.ok(spent <= 7 + 2 * interval, `${spent} columns for a rewrite of 7 characters at ${at}`);
    }
  });

  it('scores a chain of kept rewrites on a narrow band around the anchor, not on whole columns', () => {
    const index = bandedChain(31, (rng, current, alphabet) => splice(rng, current, rng.int(current.length), rng.int(20), rng.int(20), alphabet));
    assert.ok(index.counts.band >= 10, `band used ${index.counts.band} times`);
  });

  it('keeps the band narrow when each rewrite adds a helper far from the code it changes', () => {
    // The text between the two edits is the same text shifted: taken as one gap it would widen the
    // band over most rows, and the search would soon buy a new anchor.
    const index = bandedChain(43, (rng, current, alphabet) => {
      const at = 200 + rng.int(current.length - 400);
      return splice(rng, current, at, 5, 10, alphabet) + randomText(rng, 20, alphabet);
    });
    assert.strictEqual(index.counts.anchors, 1, 'no second anchor');
  });
});

describe('incremental Levenshtein index: a text that differs throughout', () => {
  /** A 20,000-character original and a rename-like opening: about one character in twenty changed, all through it. */
  function farOpening(seed: number): { rng: Rng; index: LevenshteinIndex; opening: string; words: number } {
    const rng = new Rng(seed);
    const alphabet = 'abcdefghijklmnopqrstuvwxyz ();=\n';
    const a = randomText(rng, 20_000, alphabet);
    const opening = a.replace(/[a-e]/g, (c) => (rng.int(3) === 0 ? 'xy'.slice(0, 1 + rng.int(2)) : c));
    return { rng, index: new LevenshteinIndex(a), opening, words: Math.ceil(a.length / 32) };
  }

  it('becomes the anchor itself, on a diagonal band, for less than one whole pass', () => {
    const { rng, index, opening, words } = farOpening(5);
    check(index, opening, 'the opening');
    assert.strictEqual(index.counts.anchors, 1, 'the opening is the anchor');
    assert.strictEqual(index.counts.columns, 0, 'no whole columns');
    // a whole pass is a word per 32 rows for every column; the old way spent one now and one more on the next text
    assert.ok(index.wordSteps < opening.length * words, `${index.wordSteps} word steps, a whole pass is ${opening.length * words}`);
    let current = opening;
    for (let step = 0; step < 6; step++) {
      const before = index.wordSteps;
      check(index, (current = localEdit(rng, current, 'abcdefghij')), `step ${step}`);
      const perColumn = (index.wordSteps - before) / current.length;
      assert.ok(perColumn < words / 10, `step ${step}: ${perColumn.toFixed(1)} words per column of ${words}`);
    }
    assert.strictEqual(index.counts.anchors, 1, 'no second anchor');
  });

  it('skips the narrow pass when told a bound: the same distance and anchor for less, and a wrong bound still exact', () => {
    const { rng, opening } = farOpening(11);
    const plain = farOpening(11).index;
    check(plain, opening, 'the opening without a hint');
    const exact = distance(plain.a, opening);
    const told = new LevenshteinIndex(plain.a);
    assert.strictEqual(told.distance(opening, { from: told.a, cost: exact + 10 }), exact, 'a true bound');
    assert.strictEqual(told.counts.anchors, 1, 'the opening is the anchor');
    // the narrow band is about 2,048 diagonals plus the skew: a tenth of the rows here, or more
    const saved = plain.wordSteps - told.wordSteps;
    assert.ok(saved >= opening.length * 64, `${saved} word steps saved of ${plain.wordSteps}`);
    // the same anchor: the next texts cost the same both ways, and are exact
    let current = opening;
    for (let step = 0; step < 4; step++) {
      current = localEdit(rng, current, 'abcdefghij');
      const [p0, t0] = [plain.wordSteps, told.wordSteps];
      check(plain, current, `step ${step} without`);
      check(told, current, `step ${step} with`);
      assert.strictEqual(told.wordSteps - t0, plain.wordSteps - p0, `step ${step}: the same work`);
    }
    // a bound that is wrong (too small) or from a text the index never saw changes nothing it returns
    for (const hint of [{ from: plain.a, cost: 0 }, { from: plain.a, cost: Math.floor(exact / 2) }, { from: 'never scored', cost: 0 }]) {
      const index = new LevenshteinIndex(plain.a);
      assert.strictEqual(index.distance(opening, hint), exact, `hint ${hint.cost} from ${hint.from.length} characters`);
      assert.strictEqual(index.counts.anchors, 1);
    }
  });

  it('profiles each word at most its least Through, and at exactly it wherever that is within the band', () => {
    // White-box: the profile's running minima against whole forward and backward columns.
    const { index, opening } = farOpening(7);
    const d = check(index, opening, 'the opening');
    const anchor = (index as unknown as { anchor: { positions: number[]; upTo: Int32Array[]; from: Int32Array[] } }).anchor;
    const a = index.a;
    const n = a.length;
    const m = opening.length;
    const words = Math.ceil(n / 32);
    const forward = new Pattern(a, false);
    const backward = new Pattern(a, true);
    // whole columns at every position: forward ones in order, backward ones from the end
    const fs: Int32Array[] = [];
    const rs: Int32Array[] = [];
    const fw = closedForm(forward, 0);
    const bw = closedForm(backward, 0);
    anchor.positions.forEach((p, k) => {
      fw.score = advance(forward, fw, opening, k === 0 ? 0 : anchor.positions[k - 1], p);
      decode(forward, fw.bits, p, (fs[k] = new Int32Array(n + 1)));
    });
    for (let k = anchor.positions.length - 1; k >= 0; k--) {
      const read = m - anchor.positions[k];
      bw.score = advance(backward, bw, opening, k === anchor.positions.length - 1 ? 0 : m - anchor.positions[k + 1], read);
      decode(backward, bw.bits, read, (rs[k] = new Int32Array(n + 1)));
    }
    let checked = 0;
    anchor.positions.forEach((p, k) => {
      const [f, r] = [fs[k], rs[k]];
      const least = [...Array(words)].map((_, w) => {
        let low = w === 0 ? f[0] + r[n] : Infinity;
        for (let i = 32 * w + 1; i <= Math.min(n, 32 * w + 32); i++) low = Math.min(low, f[i] + r[n - i]);
        return low;
      });
      const upTos = least.slice();
      const froms = least.slice();
      for (let w = 1; w < words; w++) upTos[w] = Math.min(upTos[w], upTos[w - 1]);
      for (let w = words - 2; w >= 0; w--) froms[w] = Math.min(froms[w], froms[w + 1]);
      for (let w = 0; w < words; w++) {
        const [upTo, from] = [upTos[w], froms[w]];
        assert.ok(anchor.upTo[k][w] <= upTo && anchor.from[k][w] <= from, `position ${p}, word ${w}: above its least Through`);
        // the anchor's band holds every alignment costing up to the distance and 4,096 more
        if (upTo <= d + 4096) assert.strictEqual(anchor.upTo[k][w], upTo, `position ${p}, word ${w}`);
        if (from <= d + 4096) assert.strictEqual(anchor.from[k][w], from, `position ${p}, word ${w}`);
        if (least[w] <= d + 4096) checked++;
      }
    });
    assert.ok(checked > 1000, `${checked} words checked exact`);
  });

  it('stays exact when the best alignment of a rewrite leaves the rows the anchor knows exactly', () => {
    // a = P Q T with Q a copy of P but for 3 characters. The anchor R is a rename-like rewrite of a
    // (only rows near its own alignment have an exact profile). b drops R's copy of P and gives
    // R's copy of Q P's 3 characters back: b's best alignment now matches it against P, rows far
    // from R's own alignment, which the profile holds only as lower bounds.
    const rng = new Rng(4);
    const alphabet = 'abcdefghijklmnopqrstuvwxyz ();=\n';
    const P = randomText(rng, 5000, alphabet);
    const sites = [700, 2200, 3700];
    const Q = [...P].map((c, i) => (sites.includes(i) ? '#' : c)).join('');
    const a = P + Q + randomText(rng, 30_000, alphabet);
    const R = a.replace(/[a-e]/g, (c) => (rng.int(3) === 0 ? 'x' : c));
    const index = new LevenshteinIndex(a);
    check(index, R, 'the anchor');
    assert.strictEqual(index.counts.anchors, 1, 'R is the anchor');
    const b = [...R.slice(5000, 10_000)].map((c, i) => (sites.includes(i) ? P[i] : c)).join('') + R.slice(10_000);
    const d = check(index, b, 'R without P, its Q turned back into P');
    assert.strictEqual(index.counts.band, 1, 'scored on the anchor band');
    assert.ok(d < distance(a.slice(5000), b) + 5000, 'the best alignment matches b against P');
  });
});

describe('incremental Levenshtein index: direct distances of small texts', () => {
  it('equals fastest-levenshtein with a shared prefix, a shared suffix, both, neither, and empty texts', () => {
    const rng = new Rng(17);
    for (let trial = 0; trial < 200; trial++) {
      const alphabet = ALPHABETS[trial % ALPHABETS.length];
      const a = randomText(rng, trial % 25 === 0 ? 0 : rng.int(1200), alphabet);
      const index = new LevenshteinIndex(a);
      const b = [
        randomText(rng, rng.int(1200), alphabet),
        localEdit(rng, a, alphabet),
        a.slice(0, rng.int(a.length + 1)) + randomText(rng, rng.int(300), alphabet),
        randomText(rng, rng.int(300), alphabet) + a.slice(rng.int(a.length + 1)),
        '',
        a,
      ][trial % 6];
      assert.strictEqual(index.direct(b), distance(a, b), `trial ${trial}: |a| = ${a.length}, |b| = ${b.length}`);
    }
  });

  it('equals fastest-levenshtein when one text only adds characters to the other, and when it also changes one', () => {
    // MCC and MPS add a line before statements: the length difference is the distance (subsequenceDistance)
    const rng = new Rng(23);
    for (let trial = 0; trial < 200; trial++) {
      const alphabet = ALPHABETS[trial % ALPHABETS.length];
      const a = randomText(rng, 1 + rng.int(600), alphabet);
      let b = a;
      for (let k = rng.int(8); k >= 0; k--) {
        const at = rng.int(b.length + 1);
        b = b.slice(0, at) + randomText(rng, 1 + rng.int(80), alphabet) + b.slice(at);
      }
      if (trial % 3 === 1 && b.length > 0) {
        const at = rng.int(b.length);
        b = b.slice(0, at) + randomText(rng, 1, alphabet) + b.slice(at + 1);
      }
      const [x, y] = trial % 2 === 0 ? [a, b] : [b, a];
      assert.strictEqual(new LevenshteinIndex(x).direct(y), distance(x, y), `trial ${trial}: |a| = ${x.length}, |b| = ${y.length}`);
    }
  });
});

describe('equal stretches of a text and its rewrite', () => {
  /** Every triple a true match, in increasing order in both texts, not overlapping. */
  function assertStretches(t: string, b: string, found: number[]): number {
    let j = 0;
    let r = 0;
    let matched = 0;
    for (let k = 0; k < found.length; k += 3) {
      const [at, from, len] = found.slice(k, k + 3);
      assert.ok(at >= j && from >= r && len > 0, `stretch ${k / 3} out of order`);
      assert.strictEqual(b.slice(at, at + len), t.slice(from, from + len), `stretch ${k / 3} is not a match`);
      j = at + len;
      r = from + len;
      matched += len;
    }
    return matched;
  }

  it('finds the shifted text between edits far apart, besides the common prefix and suffix', () => {
    const rng = new Rng(3);
    for (let trial = 0; trial < 40; trial++) {
      const t = randomText(rng, 500 + rng.int(3000), trial % 2 === 0 ? 'abcdefghij' : 'ab');
      const first = rng.int(t.length / 3);
      const second = Math.floor(t.length / 2) + rng.int(t.length / 3);
      const b = splice(rng, splice(rng, t, second, rng.int(20), rng.int(200), 'xyz'), first, rng.int(20), rng.int(200), 'xyz');
      let prefix = 0;
      while (prefix < Math.min(t.length, b.length) && t[prefix] === b[prefix]) prefix++;
      let suffix = 0;
      while (suffix < Math.min(t.length, b.length) - prefix && t[t.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;
      const found = equalStretches(t, b, prefix, suffix);
      const matched = assertStretches(t, b, found);
      // random text over ten letters: the shifted middle is found whole; over two, in pieces at worst
      if (trial % 2 === 0) assert.ok(matched >= t.length - 2 * 20 - 2 * 64, `trial ${trial}: ${matched} of ${t.length} matched`);
      else assert.ok(matched > prefix + suffix, `trial ${trial}: nothing found between the edits`);
    }
  });

  it('gives true matches on texts that differ throughout, and on empty and equal texts', () => {
    const rng = new Rng(9);
    const t = randomText(rng, 4000, 'abc');
    assertStretches(t, t.replace(/ab/g, 'ba'), equalStretches(t, t.replace(/ab/g, 'ba'), 0, 0));
    assertStretches(t, randomText(rng, 3000, 'abc'), equalStretches(t, randomText(rng, 3000, 'abc'), 0, 0));
    assert.deepStrictEqual(equalStretches('', '', 0, 0), []);
    assert.deepStrictEqual(equalStretches(t, t, t.length, t.length), [0, 0, t.length]);
  });
});
