import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { DatasetOptions } from '../../src/core/dataset/process';
import { cli } from '../support/cli';
import { crashRecord } from '../support/codecrashRecord';

const NO_CONDITION = { task_id: 'crux/plain', code: 'def f(text):\n    return text.upper() + text\n', language: 'python', entry_point: 'f', test: "assert f('ab') == 'ABab'\n" };

async function perturbRow(row: object, perturbation: DatasetOptions['perturbation']): Promise<Record<string, unknown>> {
  return crashRecord(row, perturbation, { level: 'test' });
}

describe('CodeCrash perturbations with nothing to change', function () {
  this.timeout(60_000);

  it('rtf keeps a record without a condition unchanged, with a note, not an error', async () => {
    const out = await perturbRow(NO_CONDITION, 'rtf');
    assert.strictEqual(out.error, null);
    assert.strictEqual(out.perturbed_code, NO_CONDITION.code);
    assert.strictEqual(out.perturbed_test, NO_CONDITION.test);
    assert.match(String(out.note), /rtf had nothing to change in this unit: the code is kept unchanged/);
  });

  it('a record with something changed has no note', async () => {
    const out = await perturbRow({ ...NO_CONDITION, code: 'def f(text):\n    if text:\n        return text.upper() + text\n    return text\n' }, 'rtf');
    assert.strictEqual(out.error, null);
    assert.strictEqual(out.note, undefined);
  });

  it('perturb exits 0 and says the code is unchanged', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-unchanged-'));
    try {
      const file = path.join(dir, 'plain.py');
      fs.writeFileSync(file, `${NO_CONDITION.code}\n\nprint(f('ab'))\n`);
      const run = cli(['perturb', file, '--function', 'f', '--perturbation', 'rtf', '--json']);
      assert.strictEqual(run.code, 0, run.stderr);
      assert.match(run.stderr, /rtf had nothing to change/);
      assert.strictEqual(JSON.parse(run.stdout).unchanged, 'rtf had nothing to change in this unit: the code is kept unchanged');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
