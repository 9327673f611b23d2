import * as assert from 'assert';
import { distance } from 'fastest-levenshtein';
import { Rng } from '../../src/core/random';
import { AlignmentTooLong, levenshtein, surfaceSimilarity } from '../../src/core/similarity/surface';

/** The textbook dynamic programme: the definition the fast distance must equal. */
function reference(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length];
}

function randomText(rng: Rng, length: number, alphabet: string): string {
  let s = '';
  for (let i = 0; i < length; i++) s += alphabet[rng.int(alphabet.length)];
  return s;
}

/** `text` with `count` random single-character edits (insert, delete or substitute). */
function mutate(rng: Rng, text: string, count: number, alphabet: string): string {
  let s = text;
  for (let k = 0; k < count; k++) {
    const at = rng.int(s.length + 1);
    const op = rng.int(3);
    const c = alphabet[rng.int(alphabet.length)];
    if (op === 0 || s.length === 0) s = s.slice(0, at) + c + s.slice(at);
    else if (op === 1) s = s.slice(0, Math.min(at, s.length - 1)) + s.slice(Math.min(at, s.length - 1) + 1);
    else s = s.slice(0, Math.min(at, s.length - 1)) + c + s.slice(Math.min(at, s.length - 1) + 1);
  }
  return s;
}

describe('surface similarity', () => {
  it('equals the textbook edit distance on random pairs, from nearly equal to unrelated', () => {
    const rng = new Rng(8);
    for (let trial = 0; trial < 400; trial++) {
      const alphabet = ['ab', 'abc', 'abcdefgh', ' \n\tifx=()+;0123'][trial % 4];
      const a = randomText(rng, rng.int(120), alphabet);
      // few edits (the diagonal algorithm finishes), many (it hands over to the bit-parallel one), or unrelated text
      const b = trial % 3 === 2 ? randomText(rng, rng.int(120), alphabet) : mutate(rng, a, trial % 3 === 0 ? rng.int(6) : 20 + rng.int(60), alphabet);
      const expected = reference(a, b);
      assert.strictEqual(levenshtein(a, b), expected, `${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
      assert.strictEqual(levenshtein(b, a), expected);
    }
  });

  it('equals fastest-levenshtein on long texts with scattered edits and on unrelated long texts', () => {
    const rng = new Rng(3);
    const alphabet = 'abcdefghij \n(){};=+';
    for (const [length, edits] of [[3000, 5], [3000, 150], [2000, 900], [1500, 0]]) {
      const a = randomText(rng, length, alphabet);
      const b = edits > 0 ? mutate(rng, a, edits, alphabet) : randomText(rng, length, alphabet);
      assert.strictEqual(levenshtein(a, b), distance(a, b), `length ${length}, ${edits} edits`);
    }
  });

  it('equals fastest-levenshtein on long texts that differ throughout, whether or not the alignment keeps near the diagonal', () => {
    // Scattered edits a little past what the diagonal-transition algorithm takes on: the first
    // diagonal band holds the alignment. A rename-like rewrite, further from the diagonal: the first
    // band's distance is a bound, which makes the second band exact. A moved block takes the
    // alignment far off, and unrelated text fills the table: the bound is loose, or whole columns cost less.
    const rng = new Rng(21);
    const alphabet = 'abcdefghijklmnopqrstuvwxyz ();=\n';
    for (let trial = 0; trial < 15; trial++) {
      const a = randomText(rng, 4000 + rng.int(12_000), alphabet);
      const renamed = a.replace(/[a-e]/g, (c) => (rng.int(3) === 0 ? 'xyz'.slice(0, 1 + rng.int(3)) : c));
      const cut = rng.int(a.length >> 2);
      const b = [
        mutate(rng, a, Math.ceil(a.length / 43), alphabet),
        renamed,
        renamed.slice(cut) + renamed.slice(0, cut),
        renamed.slice(0, a.length >> 1),
        randomText(rng, a.length, alphabet),
      ][trial % 5];
      assert.strictEqual(levenshtein(a, b), distance(a, b), `trial ${trial}: |a| = ${a.length}, |b| = ${b.length}`);
    }
  });

  it('handles empty texts and counts UTF-16 code units', () => {
    assert.strictEqual(levenshtein('', ''), 0);
    assert.strictEqual(levenshtein('', 'abc'), 3);
    assert.strictEqual(levenshtein('abc', ''), 3);
    assert.strictEqual(levenshtein('x😀y', 'xy'), 2);
    assert.strictEqual(surfaceSimilarity('', ''), 1);
    assert.strictEqual(surfaceSimilarity('abcd', 'abxd'), 0.75);
  });

  it('a table large enough for the WebAssembly step gives the distance fastest-levenshtein gives', () => {
    const rng = new Rng(17);
    for (const alphabet of ['ab', 'abcdefghij', 'abcdefghijklmnopqrstuvwxyz {}();=+-*\n']) {
      const a = randomText(rng, 6000 + rng.int(500), alphabet);
      const b = randomText(rng, 6000 + rng.int(500), alphabet);
      assert.strictEqual(levenshtein(a, b), distance(a, b), `alphabet of ${alphabet.length}`);
    }
  });

  it('refuses an alignment over its limit of word-steps, and says when one will take long', () => {
    const rng = new Rng(19);
    const a = randomText(rng, 6000, 'abcdefgh');
    const b = randomText(rng, 5000, 'abcdefgh');
    assert.throws(
      () => levenshtein(a, b, { maxWordSteps: 100_000 }),
      (e: unknown) => e instanceof AlignmentTooLong && e.lengthA === 6000 && e.lengthB === 5000 && e.wordSteps > 100_000 && e.maxWordSteps === 100_000,
    );
    const told: number[] = [];
    const d = levenshtein(a, b, { maxWordSteps: 1e9, noticeFrom: 1000, onLongPass: (steps) => told.push(steps) });
    assert.strictEqual(d, distance(a, b));
    assert.ok(told.length > 0 && told.every((s) => s > 1000), `told of ${told.join(', ')}`);
    // texts that share most of their characters need no column pass at all, whatever their length
    const long = randomText(rng, 200_000, 'abcdefgh');
    const edited = `${long.slice(0, 1000)}xyz${long.slice(1003, 150_000)}${long.slice(150_010)}`;
    assert.strictEqual(levenshtein(long, edited, { maxWordSteps: 1 }), 13);
  });
});

