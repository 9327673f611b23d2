import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import type { PerturbationDocument } from '../../src/core/engine';
import type { CodemorphApi } from '../../src/extension';
import { activeApi, clearHistories, closeAll, openAt, useSettings, workspaceFile } from './helpers';

const run = <T>(command: string, ...args: unknown[]) => vscode.commands.executeCommand(command, ...args) as Thenable<T>;

/** The Python fixture project (copied into the workspace as projects/): its tests run in well under a second. */
const OPS = 'projects/python/ops.py';
const APP = 'projects/python/app.py';
const TEST = 'projects/python/test_ops.py';

function documentOf(relative: string): vscode.TextDocument | undefined {
  const file = workspaceFile(relative);
  return vscode.workspace.textDocuments.find((d) => d.uri.fsPath === file);
}

function disk(relative: string): string {
  return fs.readFileSync(workspaceFile(relative), 'utf8');
}

describe('project verification in the editor (in a real VS Code)', () => {
  let api: CodemorphApi;
  let restore: () => Promise<void>;
  const saved: Record<string, string> = {};

  before(async () => {
    api = await activeApi();
    restore = await useSettings({ verification: 'test', projectVerification: true, seed: 1 });
    for (const rel of [OPS, APP, TEST]) saved[rel] = disk(rel);
  });

  after(async () => {
    await restore();
    await closeAll();
  });

  beforeEach(() => clearHistories(api));
  afterEach(() => closeAll());

  it('a cross-file rename changes every file in one workspace edit, unsaved, and one undo reverts all of it', async () => {
    // the caller is open in an editor; the test file is not open at all
    const app = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(workspaceFile(APP)), vscode.ViewColumn.Two);
    const editor = await openAt(OPS, 'def add');
    const ops = editor.document;
    const result = await run<PerturbationDocument>('codemorph.applyMethod', { method: 'function-rename', site: 0 });
    assert.ok(result, 'the rename was applied');
    const step = result.steps[0];
    assert.strictEqual(step.accepted, true, step.reason ?? '');
    assert.deepStrictEqual(step.verified, { syntax: true, compile: true, test: true }, 'the whole project was built and tested');
    const renamed = result.entryPoint!;
    assert.ok(renamed && renamed !== 'add');
    assert.deepStrictEqual(Object.keys(result.files), ['app.py', 'test_ops.py']);

    assert.strictEqual(ops.getText(), result.file);
    assert.strictEqual(app.document.getText(), result.files['app.py']);
    assert.ok(app.document.getText().includes(`from ops import ${renamed}`), 'the open caller follows the rename');
    const test = documentOf(TEST);
    assert.ok(test, 'the test file was opened to be edited');
    assert.strictEqual(test.getText(), result.files['test_ops.py']);
    assert.ok(test.getText().includes(`ops.${renamed}(2, 3)`));
    for (const doc of [ops, app.document, test]) assert.strictEqual(doc.isDirty, true, `${doc.uri.fsPath} is left unsaved`);
    for (const rel of [OPS, APP, TEST]) assert.strictEqual(disk(rel), saved[rel], `${rel} was written to disk`);

    // VS Code keeps a multi-file WorkspaceEdit as one undo element shared by the three files: one
    // undo from the perturbed file's editor reverts all of them (no "undo across files?" prompt:
    // the edit is its own undo group)
    await vscode.window.showTextDocument(ops, vscode.ViewColumn.One);
    await run('undo');
    assert.strictEqual(ops.getText(), saved[OPS]);
    assert.strictEqual(app.document.getText(), saved[APP]);
    assert.strictEqual(test.getText(), saved[TEST]);
    for (const doc of [ops, app.document, test]) assert.strictEqual(doc.isDirty, false, `${doc.uri.fsPath} is back to its saved text`);
  });

  it('Perturb function: the run, opening with the cross-file rename, is applied to every file as one undoable edit', async () => {
    const restoreIterations = await useSettings({ iterations: 2 });
    try {
      const editor = await openAt(OPS, 'def add');
      const ops = editor.document;
      const result = await run<PerturbationDocument>('codemorph.perturbFunction');
      assert.ok(result, 'the run was applied');
      assert.ok(result.entryPoint && result.entryPoint !== 'add', 'the opening step renamed the function');
      assert.deepStrictEqual(Object.keys(result.files), ['app.py', 'test_ops.py']);
      assert.strictEqual(ops.getText(), result.file);
      for (const rel of [APP, TEST]) {
        const doc = documentOf(rel);
        assert.ok(doc, `${rel} was opened to be edited`);
        assert.strictEqual(doc.getText(), result.files[rel.slice('projects/python/'.length)]);
        assert.strictEqual(doc.isDirty, true);
      }
      for (const rel of [OPS, APP, TEST]) assert.strictEqual(disk(rel), saved[rel], `${rel} was written to disk`);
      await run('undo');
      assert.strictEqual(ops.getText(), saved[OPS]);
      for (const rel of [APP, TEST]) assert.strictEqual(documentOf(rel)!.getText(), saved[rel]);
    } finally {
      await restoreIterations();
    }
  });

  it('refuses to overwrite another file of the rename that has unsaved edits, and says which', async () => {
    const test = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(workspaceFile(TEST)), vscode.ViewColumn.Two);
    await test.edit((b) => b.insert(new vscode.Position(0, 0), '# my unsaved note\n'));
    const mine = test.document.getText();
    const editor = await openAt(OPS, 'def add');
    const result = await run<PerturbationDocument>('codemorph.applyMethod', { method: 'function-rename', site: 0 });
    assert.strictEqual(result, undefined, 'nothing was applied');
    const notice = api.ctx.notices[api.ctx.notices.length - 1];
    assert.strictEqual(notice.level, 'warning');
    assert.match(notice.message, /nothing was applied: the result also changes projects\/python\/test_ops\.py, which has unsaved changes/);
    assert.match(notice.message, /Save or revert it/);
    assert.strictEqual(editor.document.getText(), saved[OPS], 'the perturbed file is unchanged');
    assert.strictEqual(editor.document.isDirty, false);
    assert.strictEqual(test.document.getText(), mine, 'the unsaved edit is kept');
    assert.strictEqual(documentOf(APP)?.isDirty ?? false, false, 'no other file was half-renamed');
    for (const rel of [OPS, APP, TEST]) assert.strictEqual(disk(rel), saved[rel]);
  });
});
