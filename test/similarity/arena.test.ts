import * as assert from 'assert';
import { Arena } from '../../src/core/similarity/arena';

describe('scratch arena', () => {
  it('hands out arrays that do not share memory until the next reset, and zeroes them only when asked', () => {
    const arena = new Arena(1024);
    const a = arena.int32(5).fill(7);
    const b = arena.float64(3).fill(1.5);
    const c = arena.uint8(9).fill(255);
    const d = arena.int32(4, true);
    assert.deepStrictEqual([...a], [7, 7, 7, 7, 7]);
    assert.deepStrictEqual([...b], [1.5, 1.5, 1.5]);
    assert.deepStrictEqual([...c], Array(9).fill(255));
    assert.deepStrictEqual([...d], [0, 0, 0, 0]);
    arena.reset();
    // after a reset the same memory is handed out again, as it was left
    assert.deepStrictEqual([...arena.int32(5)], [7, 7, 7, 7, 7]);
    assert.deepStrictEqual([...arena.int32(5, true)], [0, 0, 0, 0, 0]);
  });

  it('keeps earlier arrays intact when it outgrows its buffer mid-computation', () => {
    const arena = new Arena(32);
    const early = arena.int32(6).fill(3);
    const large = arena.int32(1000).fill(9);
    const later = arena.float64(500).fill(2);
    assert.deepStrictEqual([...early], Array(6).fill(3));
    assert.ok(large.every((v) => v === 9));
    assert.ok(later.every((v) => v === 2));
    assert.notStrictEqual(early.buffer, large.buffer);
  });

  it('lets a buffer grown past its limit go at the next reset, and keeps one within it', () => {
    const arena = new Arena(64, 1024);
    const kept = arena.int32(100);
    arena.reset();
    assert.strictEqual(arena.int32(1).buffer, kept.buffer, 'a buffer within the limit is reused');
    const big = arena.int32(1000);
    arena.reset();
    const after = arena.int32(1);
    assert.notStrictEqual(after.buffer, big.buffer);
    assert.strictEqual(after.buffer.byteLength, 64);
  });
});
