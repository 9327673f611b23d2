import * as assert from 'assert';
import type { Span } from '../../src/core/text/edits';
import { outermost } from '../../src/core/text/outermost';

/** The pairwise check every caller made before: kept when no other item's span contains it. */
function pairwise<T extends Span>(items: readonly T[]): T[] {
  return items.filter((f) => !items.some((o) => o !== f && o.start <= f.start && f.end <= o.end));
}

const span = (s: Span) => s;
const names = (items: readonly (Span & { name: string })[]) => items.map((i) => i.name);

describe('outermost spans', () => {
  it('drops nested spans and keeps adjacent ones, in the given order', () => {
    const items = [
      { name: 'b', start: 50, end: 90 },
      { name: 'inner', start: 10, end: 20 },
      { name: 'a', start: 0, end: 50 },
      { name: 'same-start', start: 0, end: 30 },
      { name: 'same-end', start: 60, end: 90 },
      { name: 'after', start: 90, end: 90 },
    ];
    assert.deepStrictEqual(names(outermost(items, span)), ['b', 'a']);
    assert.deepStrictEqual(names(outermost(items, span)), names(pairwise(items)));
  });

  it('two items with the same span contain each other, so neither is outermost; one item listed twice stays', () => {
    const x = { name: 'x', start: 5, end: 9 };
    const items = [x, { name: 'y', start: 5, end: 9 }, { name: 'z', start: 20, end: 30 }];
    assert.deepStrictEqual(names(outermost(items, span)), ['z']);
    assert.deepStrictEqual(names(outermost(items, span)), names(pairwise(items)));
    assert.deepStrictEqual(names(outermost([x, x], span)), names(pairwise([x, x])));
    assert.deepStrictEqual(names(outermost([x, x], span)), ['x', 'x']);
  });

  it('gives the pairwise check\'s set on many random spans, empty ones too', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let round = 0; round < 500; round++) {
      const items = Array.from({ length: random(12) }, (_, i) => {
        const start = random(20);
        return { name: `f${i}`, start, end: start + random(8) };
      });
      assert.deepStrictEqual(names(outermost(items, span)), names(pairwise(items)), JSON.stringify(items));
    }
  });
});
