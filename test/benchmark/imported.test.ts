import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { readBenchmark } from '../../src/core/benchmark/imported';
import { loader } from '../support/harness';

/** "Import benchmark…": how the problems of a published benchmark file are listed, bad lines too. */
describe('imported benchmark', () => {
  it('a line whose bytes are not UTF-8 is listed with that reason, not as invalid JSON', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-imported-'));
    try {
      const file = path.join(dir, 'he.jsonl');
      const good = { task_id: 'HumanEval/1', prompt: 'def add(a, b):\n    """Add."""\n', canonical_solution: '    return a + b\n', test: '\n\ndef check(candidate):\n    assert candidate(1, 2) == 3\n', entry_point: 'add' };
      const bad = Buffer.concat([Buffer.from('{"task_id": "HumanEval/2", "prompt": "caf'), Buffer.from([0xe9]), Buffer.from('"}')]);
      fs.writeFileSync(file, Buffer.concat([Buffer.from(`${JSON.stringify(good)}\n`), bad, Buffer.from('\n')]));
      const { problems } = await readBenchmark(loader, file, 'humaneval');
      assert.strictEqual(problems.length, 2);
      assert.strictEqual(problems[0].problem, null, String(problems[0].problem));
      assert.match(String(problems[1].problem), /^line 2: byte \d+ \(0xE9\) is not UTF-8/);
      assert.doesNotMatch(String(problems[1].problem), /not valid JSON/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
