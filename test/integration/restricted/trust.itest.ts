import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { readEntries } from '../../../src/core/benchmark/entries';
import type { PerturbationDocument } from '../../../src/core/engine';
import type { CodemorphApi } from '../../../src/extension';
import { RESTRICTED_MESSAGE } from '../../../src/vscode/trust';
import { activeApi, closeAll, cursorAt, noticesDuring, openAt, useSettings, workspaceFile } from '../helpers';

const run = <T>(command: string, ...args: unknown[]) => vscode.commands.executeCommand(command, ...args) as Thenable<T>;

// The runner opens this pass's workspace with workspace trust enabled and never granted, so
// VS Code runs in Restricted Mode for real: nothing here fakes vscode.workspace.isTrusted.
describe('Restricted Mode (an untrusted workspace, in a real VS Code)', () => {
  let api: CodemorphApi;
  let restore: () => Promise<void>;

  before(async () => {
    api = await activeApi();
    restore = await useSettings({ verification: 'compile', iterations: 6, seed: 1 });
  });

  after(async () => {
    await restore();
    await closeAll();
  });

  afterEach(() => closeAll());

  it('runs in an untrusted workspace', () => {
    assert.strictEqual(vscode.workspace.isTrusted, false);
  });

  it('ignores the workspace\'s own compile command (a restricted setting), not its other settings', () => {
    // the runner wrote both into .vscode/settings.json; the compile command would run workspace code
    const written = JSON.parse(fs.readFileSync(workspaceFile('.vscode/settings.json'), 'utf8'));
    assert.strictEqual(written['codemorph.compileCommand.python'], 'touch /tmp/codemorph-should-not-run && false');
    const config = vscode.workspace.getConfiguration('codemorph');
    assert.strictEqual(config.get('compileCommand.python'), '');
    assert.strictEqual(config.get('timeoutSeconds'), written['codemorph.timeoutSeconds']);
  });

  it('Perturb function verifies by parsing only, and says why and how to trust', async () => {
    const editor = await openAt('python/inventory.py', 'def restock_plan');
    const result = await run<PerturbationDocument>('codemorph.perturbFunction');
    assert.ok(result && result.steps.some((s) => s.accepted), 'the function was perturbed');
    assert.strictEqual(result.verification.level, 'syntax');
    assert.ok(result.steps.every((s) => s.verified.compile === null && s.verified.test === null), 'nothing was compiled or run');
    assert.strictEqual(editor.document.getText(), result.file);
    const warning = api.ctx.notices.find((n) => n.message === RESTRICTED_MESSAGE);
    assert.ok(warning, 'the restriction was explained');
    assert.strictEqual(warning.level, 'warning');
    assert.match(api.ctx.notices[api.ctx.notices.length - 1].message, /Checked by parsing only \(Restricted Mode\)/);
    assert.ok(!fs.existsSync('/tmp/codemorph-should-not-run'), 'the workspace\'s compile command never ran');
  });

  it('Apply a method and the site actions verify by parsing only too', async () => {
    await openAt('python/inventory.py', 'def restock_plan');
    const result = await run<PerturbationDocument>('codemorph.applyMethod', { method: 'modify-operations', site: 0 });
    assert.ok(result.steps[0].accepted);
    assert.strictEqual(result.steps[0].verified.compile, null);
  });

  it('views, diffs, similarity and entries work as in a trusted workspace', async () => {
    const editor = await openAt('python/inventory.py', 'def restock_plan');
    const result = await run<PerturbationDocument>('codemorph.perturbFunction');
    cursorAt(editor, `def ${result.entryPoint}`);
    assert.ok((await api.candidates()).length === 6);
    assert.ok((await api.historyItems()).length > 1);
    assert.ok(await run('codemorph.showSimilarity'));
    const entry = await run<{ id: string }>('codemorph.saveEntry');
    assert.ok(readEntries(workspaceFile('.codemorph/benchmark.jsonl')).entries.some((e) => e.id === entry.id));
    assert.strictEqual((await api.decorations(editor)).length, 1);
  });

  it('the walkthrough perturbs its example by parsing only; History stays on it while a step\'s diff shows', async () => {
    await closeAll();
    const result = await run<PerturbationDocument>('codemorph.walkthroughPerturb');
    assert.ok(result && result.steps.some((s) => s.accepted), 'the example was perturbed');
    assert.strictEqual(result.verification.level, 'syntax');
    assert.ok(api.walkthroughDone().includes('perturbed'));
    const labels = (await api.historyItems()).map((i) => i.label);
    assert.ok(labels.length > 1, labels.join(', '));
    await run('codemorph.walkthroughInspect');
    assert.strictEqual(vscode.window.activeTextEditor?.document.uri.scheme, 'codemorph');
    assert.deepStrictEqual((await api.historyItems()).map((i) => i.label), labels);
    assert.ok(!fs.existsSync('/tmp/codemorph-should-not-run'), 'the workspace\'s compile command never ran');
  });

  it('a control pair and Perturb function with options work here too; the options verify by parsing only', async () => {
    await openAt('python/inventory.py', 'def reorder_point');
    const made = await run<{ uri: string }>('codemorph.createControlPair');
    assert.ok(made && made.uri.startsWith('codemorph-control:'), made?.uri);
    const saved = await run<{ saved: boolean }>('codemorph.savePair', { uri: made.uri });
    assert.ok(saved?.saved, 'saved');
    assert.strictEqual(vscode.workspace.textDocuments.find((d) => d.uri.toString() === made.uri)?.isDirty, false, 'clean after Save pair');
    await openAt('python/inventory.py', 'def restock_plan');
    const result = await run<PerturbationDocument>('codemorph.perturbFunctionWithOptions', { options: { verification: 'compile', seed: 3, iterations: 2 } });
    assert.ok(result);
    assert.strictEqual(result.verification.level, 'syntax');
    assert.strictEqual(result.seed, 3);
    assert.ok(!fs.existsSync('/tmp/codemorph-should-not-run'), 'the workspace\'s compile command never ran');
  });

  it('Re-verify of a saved entry refuses to compile here, and says how to trust', async () => {
    await openAt('python/inventory.py', 'def restock_plan');
    await run<PerturbationDocument>('codemorph.perturbFunction');
    const saved = await run<{ id: string }>('codemorph.saveEntry');
    const { result, notices } = await noticesDuring(api, () => run('codemorph.reverifyEntry', { id: saved.id }));
    assert.strictEqual(result, undefined);
    const said = notices.find((n) => n.message.startsWith('Re-verify needs a trusted workspace.'));
    assert.ok(said, 'the refusal was explained');
    assert.ok(said.message.includes(RESTRICTED_MESSAGE));
    assert.ok(!fs.existsSync('/tmp/codemorph-should-not-run'), 'the workspace\'s compile command never ran');
  });
});
