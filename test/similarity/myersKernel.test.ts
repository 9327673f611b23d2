import * as assert from 'assert';
import { distance } from 'fastest-levenshtein';
import { Rng } from '../../src/core/random';
import { closedForm, decode, Pattern } from '../../src/core/similarity/bitColumns';
import { Kernel, kernelModule } from '../../src/core/similarity/myersKernel';

// The project's type libraries leave WebAssembly out (see myersKernel.ts).
declare const WebAssembly: {
  Module: { new (bytes: Uint8Array): object; exports(module: object): { name: string; kind: string }[] };
};

function randomText(rng: Rng, length: number, alphabet: string): string {
  let s = '';
  for (let i = 0; i < length; i++) s += alphabet[rng.int(alphabet.length)];
  return s;
}

/** Column j of the plain DP table of a against b, rows 0..n. */
function dpColumn(a: string, b: string, j: number): number[] {
  let column = [...Array(a.length + 1)].map((_, i) => i);
  for (let c = 1; c <= j; c++) {
    const next = [c];
    for (let i = 1; i <= a.length; i++) next.push(Math.min(column[i] + 1, next[i - 1] + 1, column[i - 1] + (a[i - 1] === b[c - 1] ? 0 : 1)));
    column = next;
  }
  return column;
}

describe('the WebAssembly step of the bit-parallel edit distance', () => {
  it('is a module WebAssembly accepts, with its memory and its step exported', () => {
    const module = new WebAssembly.Module(kernelModule());
    assert.deepStrictEqual(
      WebAssembly.Module.exports(module).map((e) => `${e.name}:${e.kind}`),
      ['memory:memory', 'run:function'],
    );
  });

  it('gives the columns of the plain DP table for texts of every word count, odd and even, in steps of any length', () => {
    const rng = new Rng(7);
    const kernel = new Kernel();
    for (let t = 0; t < 120; t++) {
      const a = randomText(rng, 1 + rng.int(t < 60 ? 70 : 300), 'abcd');
      const b = randomText(rng, 1 + rng.int(120), 'abcde');
      const p = new Pattern(a, false);
      const w = closedForm(p, 0);
      let score = w.score;
      for (let from = 0; from < b.length; ) {
        const to = Math.min(b.length, from + 1 + rng.int(9));
        score += kernel.step(p, b, from, to, w.bits, 0, p.words - 1);
        const column = new Int32Array(a.length + 1);
        decode(p, w.bits, to, column);
        assert.deepStrictEqual([...column], dpColumn(a, b, to), `a=${a} b=${b} after ${to} columns`);
        from = to;
      }
      assert.strictEqual(score, distance(a, b), `a=${a} b=${b}`);
    }
  });

  it('steps a band of words alone, whichever word it starts and ends on, and leaves the words outside it as they were', () => {
    const rng = new Rng(11);
    const kernel = new Kernel();
    for (let t = 0; t < 60; t++) {
      const a = randomText(rng, 97 + rng.int(200), 'abc');
      const b = randomText(rng, 20 + rng.int(40), 'abc');
      const p = new Pattern(a, false);
      const W = p.words;
      const top = rng.int(W);
      const bottom = top + rng.int(W - top);
      const w = closedForm(p, 0);
      const before = w.bits.slice();
      kernel.step(p, b, 0, b.length, w.bits, top, bottom);
      for (let k = 0; k < W; k++) {
        if (k >= top && k <= bottom) continue;
        assert.strictEqual(w.bits[k], before[k], `Pv word ${k} outside [${top}, ${bottom}]`);
        assert.strictEqual(w.bits[W + k], before[W + k], `Mv word ${k} outside [${top}, ${bottom}]`);
      }
      // the band's first word, stepped alone from the same start, is the band's first word: nothing below feeds it
      const alone = closedForm(p, 0);
      kernel.step(p, b, 0, b.length, alone.bits, top, top);
      assert.strictEqual(alone.bits[top], w.bits[top]);
      assert.strictEqual(alone.bits[W + top], w.bits[W + top]);
    }
  });

  it('stays exact while more patterns take turns than its arena holds, and while its scratch and memory grow', () => {
    const rng = new Rng(3);
    // an arena of 64 words holds one or two of these patterns: most steps copy theirs in again
    const kernel = new Kernel({ scratch: 4, arena: 64 });
    const texts = [...Array(6)].map((_, i) => randomText(rng, 40 + 150 * i, 'abcdefgh'));
    const patterns = texts.map((a) => new Pattern(a, false));
    for (let t = 0; t < 90; t++) {
      const i = rng.int(texts.length);
      // later texts grow long, past what the scratch and the memory held before
      const b = randomText(rng, 1 + rng.int(t < 45 ? 100 : 40_000), 'abcdefgh');
      const p = patterns[i];
      const w = closedForm(p, 0);
      const d = w.score + kernel.step(p, b, 0, b.length, w.bits, 0, p.words - 1);
      assert.strictEqual(d, distance(texts[i], b), `pattern ${i}, text of ${b.length}`);
    }
  });
});
