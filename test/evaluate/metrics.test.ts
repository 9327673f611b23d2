import * as assert from 'assert';
import { mcnemarExact, pairedBootstrap, passAtK } from '../../src/core/evaluate/metrics';
import type { EvaluationItem, ItemSide } from '../../src/core/evaluate/items';
import { buildReport, similarityBucket } from '../../src/core/evaluate/report';
import type { SampleResult, Side } from '../../src/core/evaluate/run';

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

/**
 * The report's groupings and intervals (issue 32, item 4), from results as the run writes them:
 * per similarity bucket and per method beside per language, and paired-bootstrap intervals for
 * pass@k and for the drop. The end-to-end tests (evaluate.test.ts) check the overall figures.
 */
describe('evaluate report', () => {
  const side = (code: string): ItemSide => ({ code, entryPoint: 'f', test: null, prompt: null, io: null, completion: null });
  // 30 items: 10 near the original (similarity 0.9, renamed only), 20 far from it (0.3, renamed and restructured)
  const items: EvaluationItem[] = Array.from({ length: 30 }, (_, i) => ({
    id: `t/${i}`,
    language: i % 2 ? 'python' : 'go',
    kind: 'perturbed',
    original: side('o'),
    perturbed: side('p'),
    methods: i < 10 ? ['variable-rename'] : ['variable-rename', 'for-while'],
    similarity: i < 10 ? 0.9 : 0.3,
  }));
  // n = 2 samples a side; every original passes both; a near item's perturbed side passes both,
  // a far item's passes its second sample only (pass@1 0.5 by the estimator, pass@2 1)
  const results: SampleResult[] = items.flatMap((item, i) =>
    (['original', 'perturbed'] as Side[]).flatMap((s) =>
      [0, 1].map((sample) => ({
        item: item.id,
        side: s,
        sample,
        answer: '',
        passed: s === 'original' || i < 10 || sample === 1,
        reason: null,
        usage: { promptTokens: 10, completionTokens: 5 },
        cached: false,
        process_ms: 1,
      })),
    ),
  );
  const report = buildReport(items, results, [], { task: 'generation', model: 'm', n: 2, temperature: 0.8, maxTokens: null, cot: false }, [1, 2], 1, {});

  it('groups by similarity bucket and by method: the drop is where the code moved most', () => {
    assert.deepStrictEqual(Object.keys(report.by_similarity), ['0.2-0.4', '0.8-1.0']);
    assert.strictEqual(report.by_similarity['0.8-1.0'].items, 10);
    assert.strictEqual(report.by_similarity['0.8-1.0'].drop.absolute, 0);
    assert.strictEqual(report.by_similarity['0.2-0.4'].items, 20);
    assert.strictEqual(report.by_similarity['0.2-0.4'].drop.absolute, 0.5);
    // an item counts under every method its kept steps used
    assert.strictEqual(report.by_method['variable-rename'].items, 30);
    assert.strictEqual(report.by_method['for-while'].items, 20);
    assert.deepStrictEqual(Object.keys(report.by_language), ['go', 'python']);
  });

  it('gives pass@k and the drop with paired-bootstrap intervals around them', () => {
    assert.ok(Math.abs(report.perturbed.pass_at_1 - 2 / 3) < 1e-12, String(report.perturbed.pass_at_1));
    assert.strictEqual(report.perturbed.pass_at_k['2'], 1);
    assert.ok(Math.abs(report.drop.absolute - 1 / 3) < 1e-12);
    const ci = report.drop.ci!;
    assert.ok(ci.low > 0 && ci.low < report.drop.absolute && report.drop.absolute < ci.high, JSON.stringify(ci));
    const p1 = report.perturbed.pass_at_1_ci!;
    assert.ok(p1.low < report.perturbed.pass_at_1 && report.perturbed.pass_at_1 < p1.high, JSON.stringify(p1));
    // every item passes at k = 2 on both sides: no drop, and an interval that cannot leave zero
    assert.deepStrictEqual(report.drop_at_k['2'], { absolute: 0, relative: 0, ci: report.drop_at_k['2']!.ci });
    assert.strictEqual(report.drop_at_k['2']!.ci!.low, 0);
    assert.strictEqual(report.drop_at_k['2']!.ci!.high, 0);
    assert.ok(report.perturbed.pass_at_k_ci['2']);
  });
});
