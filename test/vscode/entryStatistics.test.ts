import * as assert from 'assert';
import type { BenchmarkEntry } from '../../src/core/benchmark/entries';
import { entryStatistics, statisticsLine } from '../../src/core/benchmark/entryStatistics';

// The Entries view's statistics (issue 29, item 10): count per language, mean similarity, growth.

function entry(language: string, kind: string, overall: number, growth?: number): BenchmarkEntry {
  return { language, kind, similarity: { surface: overall, structural: overall, overall }, ...(growth === undefined ? {} : { growth: { tokens: growth, lines: growth } }) } as unknown as BenchmarkEntry;
}

describe('the statistics of saved entries', () => {
  it('counts per language and kind and takes the means', () => {
    const stats = entryStatistics([entry('go', 'perturbed', 0.4, 1.5), entry('python', 'perturbed', 0.6, 1.1), entry('go', 'pair', 0.8)]);
    assert.strictEqual(stats.count, 3);
    assert.deepStrictEqual(stats.languages, [['go', 2], ['python', 1]]);
    assert.deepStrictEqual(stats.kinds, [['perturbed', 2], ['pair', 1]]);
    assert.ok(Math.abs(stats.meanSimilarity! - 0.6) < 1e-9);
    assert.ok(Math.abs(stats.meanGrowth! - 1.3) < 1e-9, 'over the entries that record growth only');
    assert.strictEqual(stats.withGrowth, 2);
    assert.deepStrictEqual(statisticsLine(stats), { label: '3 entries', description: 'go 2, python 1 · mean similarity 0.60 to the original · mean growth 1.30× tokens' });
  });

  it('leaves out the means nothing records', () => {
    const stats = entryStatistics([entry('c', 'pair', Number.NaN)]);
    assert.strictEqual(stats.meanSimilarity, null);
    assert.strictEqual(stats.meanGrowth, null);
    assert.deepStrictEqual(statisticsLine(stats), { label: '1 entry', description: 'c 1' });
  });
});
