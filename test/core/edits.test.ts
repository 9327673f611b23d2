import * as assert from 'assert';
import { applyEdits, changedPart, mapSpan, minimalEdit } from '../../src/core/text/edits';
import { Rng } from '../../src/core/random';
import { lineOf, lineStart } from '../../src/core/text/lines';

describe('text edits', () => {
  const text = 'aaaa[unit]bbbb';
  const unit = { start: 4, end: 10 };

  it('applies non-overlapping edits in one pass and refuses overlapping ones', () => {
    assert.strictEqual(applyEdits(text, [{ start: 10, end: 14, text: 'B' }, { start: 0, end: 4, text: 'A' }]), 'A[unit]B');
    assert.throws(() => applyEdits(text, [{ start: 0, end: 5, text: '' }, { start: 4, end: 6, text: '' }]), /overlapping/);
  });

  it('moves the unit with edits before it and leaves it for edits after it', () => {
    assert.deepStrictEqual(mapSpan(unit, [{ start: 0, end: 2, text: 'xxxxx' }]), { start: 7, end: 13 });
    assert.deepStrictEqual(mapSpan(unit, [{ start: 11, end: 12, text: 'yyy' }]), unit);
  });

  it('grows the unit for edits inside it and for insertions at its boundaries', () => {
    assert.deepStrictEqual(mapSpan(unit, [{ start: 5, end: 9, text: 'longer text' }]), { start: 4, end: 17 });
    // a helper inserted right before the function, or right after it, belongs to the unit
    assert.deepStrictEqual(mapSpan(unit, [{ start: 4, end: 4, text: 'fn helper(){}\n' }]), { start: 4, end: 24 });
    assert.deepStrictEqual(mapSpan(unit, [{ start: 10, end: 10, text: '\nhelper' }]), { start: 4, end: 17 });
  });

  it('combines edits on both sides and inside', () => {
    const edits = [
      { start: 0, end: 0, text: '12' },
      { start: 5, end: 5, text: '+' },
      { start: 12, end: 14, text: '' },
    ];
    const out = applyEdits(text, edits);
    const span = mapSpan(unit, edits);
    assert.strictEqual(out.slice(span.start, span.end), '[+unit]');
  });

  it('finds the smallest single edit between two texts', () => {
    const e = minimalEdit('let total = 0;\nreturn total;', 'let sum = 0;\nreturn sum;');
    assert.deepStrictEqual(e, { start: 4, end: 27, text: 'sum = 0;\nreturn sum' });
    assert.strictEqual(applyEdits('abc', [minimalEdit('abc', 'abc')]), 'abc');
  });

  it('never splits a surrogate pair', () => {
    // U+1F600 and U+1F601 share their high surrogate, U+1F600 and U+1F700 their low one
    assert.deepStrictEqual(minimalEdit('a\u{1F600}b', 'a\u{1F601}b'), { start: 1, end: 3, text: '\u{1F601}' });
    assert.deepStrictEqual(minimalEdit('a\u{1F600}b', 'a\u{1F700}b'), { start: 1, end: 3, text: '\u{1F700}' });
  });

  it('narrows an edit to what it changes, in the source\'s offsets', () => {
    const source = '    value = ordered[i]\n';
    // a rename that keeps its prefix: only the insertion after it
    assert.deepStrictEqual(changedPart(source, { start: 4, end: 9, text: 'value_long' }), { start: 9, end: 9, text: '_long' });
    // a prefix and a suffix kept at once
    assert.deepStrictEqual(changedPart(source, { start: 4, end: 22, text: 'value = sorted(ordered)[i]' }), { start: 12, end: 19, text: 'sorted(ordered)' });
    // a suffix kept
    assert.deepStrictEqual(changedPart(source, { start: 12, end: 19, text: 'sorted' }), { start: 12, end: 17, text: 'sort' });
    // nothing changed, or nothing at all
    assert.strictEqual(changedPart(source, { start: 4, end: 9, text: 'value' }), null);
    assert.strictEqual(changedPart(source, { start: 4, end: 4, text: '' }), null);
    for (const edit of [
      { start: 4, end: 9, text: 'value_long' },
      { start: 0, end: 23, text: '  x = 1\n' },
      { start: 10, end: 10, text: '= =' },
    ]) {
      const part = changedPart(source, edit)!;
      assert.strictEqual(applyEdits(source, [part]), applyEdits(source, [edit]), `${JSON.stringify(edit)} and its changed part give the same text`);
    }
  });
});

describe('seeded random generator', () => {
  it('repeats its sequence for a seed and differs between seeds', () => {
    const draw = (seed: number) => {
      const rng = new Rng(seed);
      return Array.from({ length: 8 }, () => rng.int(1000));
    };
    assert.deepStrictEqual(draw(42), draw(42));
    assert.notDeepStrictEqual(draw(42), draw(43));
  });

  it('draws weighted choices in proportion to their weights', () => {
    const rng = new Rng(1);
    const counts = [0, 0, 0];
    for (let i = 0; i < 30_000; i++) counts[rng.weighted([1, 2, 7])]++;
    assert.ok(Math.abs(counts[2] / 30_000 - 0.7) < 0.02, `counts ${counts}`);
    assert.ok(Math.abs(counts[0] / 30_000 - 0.1) < 0.02, `counts ${counts}`);
  });

  it('gives the 1-based line of an offset, for texts asked about in turn', () => {
    // the line index is kept for recent texts, so alternate between three to cover a stale one
    const texts = ['a\nbb\n\nccc', 'x\ny', 'no breaks', 'a\nbb\n\nccc'];
    for (const text of [...texts, ...texts.reverse()]) {
      for (let offset = -1; offset <= text.length + 1; offset++) {
        const expected = 1 + [...text.slice(0, Math.max(0, offset))].filter((c) => c === '\n').length;
        assert.strictEqual(lineOf(text, offset), expected, `${JSON.stringify(text)} at ${offset}`);
      }
    }
  });

  it('gives the start of the line at an offset, in a text that begins with blank lines too', () => {
    // HumanEval's prompts begin with "\n\n": the first line is empty, not the second
    const text = '\n\ndef f():\n    pass\n';
    assert.deepStrictEqual([0, 1, 2, 3, 12].map((offset) => lineStart(text, offset)), [0, 1, 2, 2, 11]);
    assert.strictEqual(lineStart('abc', 0), 0);
  });
});
