import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { readEntries } from '../../../src/core/benchmark/entries';
import type { PerturbationDocument } from '../../../src/core/engine';
import type { CodemorphApi } from '../../../src/extension';
import type { PerturbAllResult } from '../../../src/vscode/perturbAll';
import { RUN_RESTRICTED_MESSAGE } from '../../../src/vscode/runVariant';
import { activeApi, closeAll, noticesDuring, openAt, useSettings, workspaceFile } from '../helpers';

const run = <T>(command: string, ...args: unknown[]) => vscode.commands.executeCommand(command, ...args) as Thenable<T>;

// Restricted Mode for real (the runner never trusts this pass's workspace): "Perturb all
// functions…" checks by parsing only, and "Run variant", which can only run code, refuses.
describe('Perturb all functions and Run variant in Restricted Mode', () => {
  let api: CodemorphApi;
  let restore: () => Promise<void>;

  before(async () => {
    api = await activeApi();
    restore = await useSettings({ verification: 'compile', iterations: 3, seed: 1, profile: 'paper' });
  });

  after(async () => {
    await restore();
    await closeAll();
  });

  afterEach(() => closeAll());

  it('Perturb all functions checks every function by parsing only, and says so', async () => {
    assert.strictEqual(vscode.workspace.isTrusted, false);
    const entries = workspaceFile('.codemorph/benchmark.jsonl');
    const before = fs.existsSync(entries) ? readEntries(entries).entries.length : 0;
    const uri = vscode.Uri.file(workspaceFile('go/ledger.go'));
    const { result, notices } = await noticesDuring(api, () => run<PerturbAllResult>('codemorph.perturbAll', { uris: [uri.toString()] }));
    assert.ok(result && result.saved.length > 0, 'functions became entries');
    const added = readEntries(entries).entries.slice(before);
    assert.strictEqual(added.length, result.saved.length);
    for (const entry of added) {
      assert.strictEqual(entry.verification.level, 'syntax');
      assert.ok(entry.steps.every((s) => s.verified.compile === null && s.verified.test === null), 'nothing was compiled or run');
    }
    assert.match(notices[notices.length - 1].message, /Checked by parsing only \(Restricted Mode\)\.$/);
    assert.ok(!fs.existsSync('/tmp/codemorph-should-not-run'), 'the workspace\'s compile command never ran');
  });

  it('Run variant refuses to run code here, and says why and how to trust', async () => {
    await openAt('python/inventory.py', 'def restock_plan');
    const doc = await run<PerturbationDocument>('codemorph.perturbFunction');
    assert.ok(doc && doc.steps.some((s) => s.accepted));
    const { result, notices } = await noticesDuring(api, () => run('codemorph.runVariant'));
    assert.strictEqual(result, undefined, 'nothing ran');
    assert.deepStrictEqual(
      notices.map((n) => [n.level, n.message]),
      [['warning', RUN_RESTRICTED_MESSAGE]],
    );
    assert.ok(!api.ctx.recentLog.some((l) => l.startsWith('run variant:')), 'no run was started');
  });
});
