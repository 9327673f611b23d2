import * as assert from 'assert';
import { mcnemarExact, pairedBootstrap, passAtK } from '../../src/core/evaluate/metrics';
import { similarityBucket } from '../../src/core/evaluate/report';

describe('evaluate metrics', () => {
  it('pass@k is the unbiased estimator 1 - C(n-c, k) / C(n, k)', () => {
    assert.strictEqual(passAtK(5, 1, 1), 0.2);
    // 1 - C(7,5)/C(10,5) = 1 - 21/252
    assert.ok(Math.abs(passAtK(10, 3, 5)! - (1 - 21 / 252)) < 1e-12);
    assert.strictEqual(passAtK(10, 6, 5), 1, 'fewer failures than k: some draw always passes');
    assert.strictEqual(passAtK(10, 0, 5), 0);
    assert.strictEqual(passAtK(2, 1, 5), null, 'k above n has no estimate');
    // large n does not overflow
    assert.ok(Math.abs(passAtK(200, 20, 100)! - 1) < 1e-6);
  });

  it('the exact McNemar test is the two-sided binomial test on the discordant pairs', () => {
    assert.strictEqual(mcnemarExact(0, 0), 1);
    assert.ok(Math.abs(mcnemarExact(6, 0) - 2 / 64) < 1e-12);
    assert.ok(Math.abs(mcnemarExact(3, 1) - (2 * 5) / 16) < 1e-12);
    assert.strictEqual(mcnemarExact(5, 5), 1);
    assert.ok(Math.abs(mcnemarExact(0, 12) - 2 / 4096) < 1e-12, 'symmetric');
    assert.ok(mcnemarExact(5, 0) > 0.05 && mcnemarExact(6, 0) < 0.05, 'six one-sided changes are the fewest that are significant');
  });

  it('the paired bootstrap is seeded and brackets the statistic', () => {
    const items = Array.from({ length: 40 }, (_, i) => ({ o: i % 4 !== 0 ? 1 : 0, p: i % 2 }));
    const drop = (s: readonly { o: number; p: number }[]) => s.reduce((a, x) => a + x.o - x.p, 0) / s.length;
    const a = pairedBootstrap(items, drop, 1000, 7)!;
    const b = pairedBootstrap(items, drop, 1000, 7)!;
    assert.deepStrictEqual(a, b);
    assert.ok(a.low < drop(items) && drop(items) < a.high, JSON.stringify(a));
    assert.ok(a.low > 0, 'a 25-point drop on 40 items is clear of zero');
  });

  it('buckets similarity by fifths', () => {
    assert.strictEqual(similarityBucket(0), '0.0-0.2');
    assert.strictEqual(similarityBucket(0.45), '0.4-0.6');
    assert.strictEqual(similarityBucket(1), '0.8-1.0');
    assert.strictEqual(similarityBucket(null), 'unknown');
  });
});
