import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { applyPerturbation, PerturbationId, PerturbationRequest } from '../../src/core/codecrash';
import { isCodemorphError } from '../../src/core/errors';
import { DEFAULT_SEARCH } from '../../src/core/search/types';
import { MAX_FILE_CHARS, MAX_UNIT_CHARS } from '../../src/core/session';
import { loader, REPO } from '../support/harness';

/**
 * CodeCrash runs through the engine's session and document (session.ts), so it has what the
 * engine's path has and its copy did not: the size limits, and in a project the other files a
 * rename changed in the document's `files` (its copy left them out, always empty).
 */

function request(perturbation: PerturbationId, text: string, extra: Partial<PerturbationRequest> = {}): PerturbationRequest {
  return {
    lang: 'python',
    text,
    selector: { functionName: 'f' },
    search: { ...DEFAULT_SEARCH, seed: 1 },
    verify: { level: 'syntax', toolchains: {}, timeoutMs: 60_000 },
    mu: 0.5,
    perturbation,
    ...extra,
  };
}

function refusedAs(pattern: RegExp) {
  return (e: unknown) => {
    assert.ok(isCodemorphError(e) && e.kind === 'input', String(e));
    assert.match(e.message, pattern);
    return true;
  };
}

describe('CodeCrash on the engine\'s session', function () {
  this.timeout(120_000);
  const fn = 'def f(values):\n    total = 0\n    for value in values:\n        total += value\n    return total\n';

  it('refuses a file over the engine\'s limit, with the engine\'s message', async () => {
    const over = `# ${'x'.repeat(MAX_FILE_CHARS + 500_000 - fn.length - 3)}\n${fn}`;
    await assert.rejects(applyPerturbation(loader, request('ren', over)), refusedAs(/^the file is too large \(6\.5 million characters; the limit is 6 million\)/));
  });

  it('refuses a unit over the engine\'s limit, with the engine\'s message', async () => {
    const long = `def f(values):\n    total = 0\n${'    total += 1\n'.repeat(Math.ceil(MAX_UNIT_CHARS / 15))}    return total\n`;
    await assert.rejects(applyPerturbation(loader, request('ren', long)), refusedAs(/^the unit is too large \(\d+ characters; the limit is 400000\): choose one function/));
  });

  it('in a project, REN renames the function where the other files call it, and the document holds those files', async () => {
    const root = path.join(REPO, 'test', 'fixtures', 'projects', 'python');
    const file = path.join(root, 'ops.py');
    const text = fs.readFileSync(file, 'utf8');
    const doc = await applyPerturbation(loader, request('ren', text, { filePath: file, selector: { functionName: 'add' } }));
    assert.strictEqual(doc.steps[0].accepted, true, String(doc.steps[0].reason));
    assert.strictEqual(doc.entryPoint, 'f');
    assert.deepStrictEqual(Object.keys(doc.files), ['app.py', 'test_ops.py']);
    assert.match(doc.files['app.py'], /^from ops import f$/m);
    assert.match(doc.files['app.py'], /return f\(x, x\)/);
    assert.match(doc.files['test_ops.py'], /ops\.f\(2, 3\)/);
    // nothing on disk changed
    assert.strictEqual(fs.readFileSync(path.join(root, 'app.py'), 'utf8').includes('import add'), true);
  });
});
