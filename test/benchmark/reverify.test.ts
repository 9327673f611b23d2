import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { checkPair } from '../../src/core/benchmark/pairChecks';
import { makeControl, pairEntry } from '../../src/core/benchmark/pairs';
import { reverifyEntry } from '../../src/core/benchmark/reverify';
import { loader, readFixture, REPO } from '../support/harness';

const options = { toolchains: {}, timeoutMs: 60_000 };

async function pairOf(file: string, fn: string) {
  const { text, lang } = readFixture(file);
  const pair = await makeControl(loader, { lang, text, selector: { functionName: fn } });
  const result = await checkPair(loader, lang, { text: pair.file, span: pair.sample }, { text: pair.controlFile, span: pair.controlSample });
  return pairEntry(pair, pair.control, result, { sourcePath: `test/fixtures/${file}`, tool: '0.0.0', confirmed: false });
}

describe('re-verifying a saved entry', function () {
  this.timeout(120_000);

  it('runs the saved code again in its source file, callers following a renamed function', async () => {
    const entry = await pairOf('pairs/grades.py', 'grade_summary');
    assert.notStrictEqual(entry.entryPoint.new, entry.entryPoint.original);
    const result = await reverifyEntry(loader, entry, REPO, { ...options, level: 'test' });
    assert.strictEqual(result.context, 'file');
    assert.strictEqual(result.ok, true, `${result.reason}\n${result.output}`);
    assert.strictEqual(result.verdict!.test, true);
  });

  it('reports a saved perturbation that no longer compiles, and a unit whose file is gone is checked alone', async () => {
    const entry = await pairOf('pairs/grades.c', 'grade_summary');
    const broken = { ...entry, perturbed: entry.perturbed.replace('return ', 'return undefined_name + ') };
    const result = await reverifyEntry(loader, broken, REPO, { ...options, level: 'compile' });
    assert.strictEqual(result.ok, false);
    assert.strictEqual(result.verdict!.compile, false);
    assert.match(result.reason!, /does not compile/);
    const alone = await reverifyEntry(loader, { ...entry, source: { path: 'gone/grades.c', function: 'grade_summary' } }, fs.mkdtempSync(path.join(os.tmpdir(), 'cm-')), { ...options, level: 'syntax' });
    assert.strictEqual(alone.context, 'unit');
    assert.strictEqual(alone.ok, true);
  });
});
