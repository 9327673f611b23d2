import * as assert from 'assert';
import type { EditorSettings } from '../../src/vscode/config';
import { isRunOptions, parseIterations, parseSeed, runOptionsText, withRunOptions } from '../../src/vscode/runOptions';

// "Perturb function with options…" (issue 29, item 10): the options of one run over the settings.

const settings = {
  engine: 'local',
  search: { strategy: 'peso', maxIter: 15, threshold: 0.2, temperature: 2, seed: null, maxGrowth: null, maxJunk: null },
  mu: 0.5,
  verification: 'compile',
} as unknown as EditorSettings;

describe('Perturb function with options', () => {
  it('reads the seed box: a whole number, or empty for a new seed', () => {
    assert.deepStrictEqual(parseSeed(' 42 '), { seed: 42 });
    assert.deepStrictEqual(parseSeed(''), { seed: null });
    for (const bad of ['-1', '1.5', 'abc', '99999999999999999999']) assert.ok('error' in parseSeed(bad), bad);
  });

  it('reads the iterations box within the setting bounds', () => {
    assert.deepStrictEqual(parseIterations('3'), { iterations: 3 });
    for (const bad of ['0', '201', '', 'ten', '2.5']) assert.ok('error' in parseIterations(bad), bad);
  });

  it('replaces only the settings chosen, for this run', () => {
    const run = withRunOptions(settings, { verification: 'syntax', seed: 7, iterations: 3 });
    assert.strictEqual(run.verification, 'syntax');
    assert.strictEqual(run.search.seed, 7);
    assert.strictEqual(run.search.maxIter, 3);
    assert.strictEqual(run.search.threshold, 0.2, 'the rest stays');
    assert.strictEqual(settings.search.maxIter, 15, 'the settings themselves are untouched');
    assert.strictEqual(withRunOptions({ ...settings, search: { ...settings.search, seed: 5 } }, { seed: null }).search.seed, null, 'a new seed over a fixed one');
    assert.strictEqual(withRunOptions(settings, {}).search.maxIter, 15);
  });

  it('checks options passed to the command and says them in words', () => {
    assert.ok(isRunOptions({ verification: 'test', seed: null, iterations: 200 }));
    assert.ok(!isRunOptions({ verification: 'run' }));
    assert.ok(!isRunOptions({ iterations: 0 }));
    assert.ok(!isRunOptions({ seed: 'x' }));
    assert.strictEqual(runOptionsText({ verification: 'syntax', seed: 7, iterations: 3 }), 'verification syntax, seed 7, 3 iterations');
  });
});
