import * as assert from 'assert';
import { recordSeed } from '../../src/core/dataset/common';
import { DatasetOptions, processJob } from '../../src/core/dataset/process';
import { loader } from '../support/harness';

/**
 * A record's output line and seed as the dataset path builds them without the spread and the
 * Buffer it once used (issue 34, CodeCrash speed): the same line and the same seed, whatever the
 * record holds.
 */
const OPTIONS: DatasetOptions = {
  template: { search: { strategy: 'peso', maxIter: 15, threshold: 0.2, temperature: 2, seed: 1 }, verify: { level: 'syntax', toolchains: {}, timeoutMs: 60_000 }, mu: 0.5 },
  perturbation: 'rtf',
};

const CODE = 'def g(a):\n    if a > 1:\n        return 1\n    return 2\n';

describe('dataset output line', () => {
  it("keeps the record's fields in their order, a __proto__ key among them, with the entry point where the record had it", async () => {
    const raw = `{"task_id": "p/0", "entry_point": "g", "__proto__": {"keep": 1}, "code": ${JSON.stringify(CODE)}, "language": "python", "extra": [1]}`;
    const line = await processJob(loader, { index: 0, line: 1, raw }, OPTIONS);
    assert.deepStrictEqual(Object.keys(JSON.parse(line)).slice(0, 7), ['task_id', 'entry_point', '__proto__', 'code', 'language', 'extra', 'perturbed_code']);
    assert.ok(line.startsWith('{"task_id":"p/0","entry_point":"g","__proto__":{"keep":1},"code":'), line);
    const out = JSON.parse(line) as Record<string, unknown>;
    assert.strictEqual(out.error, null);
    assert.strictEqual(out.perturbed_code, CODE.replace('a > 1', '{0: (a > 1)}[0]'));
  });

  it('seeds a record from the UTF-8 bytes of its task id, ASCII or not (the values the Buffer-based hash gave)', () => {
    assert.strictEqual(recordSeed(1, 'crux/0'), 2502865663);
    assert.strictEqual(recordSeed(1, 'tâche/é'), 1597920722);
    assert.strictEqual(recordSeed(7, '日本/😀'), 1684554186);
    assert.strictEqual(recordSeed(3, 42), 3118239020);
  });
});
