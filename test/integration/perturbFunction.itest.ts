import * as assert from 'assert';
import * as vscode from 'vscode';
import type { PerturbationDocument } from '../../src/core/engine';
import { minimalEdit } from '../../src/core/text/edits';
import { activeApi, cursorAt, openAt, undoUntil, useSettings } from './helpers';

describe('Perturb function (in a real VS Code)', () => {
  let restore: () => Promise<void>;

  before(async () => {
    await activeApi();
    // compile-verified, with a budget that keeps three languages' compilers under a minute
    restore = await useSettings({ verification: 'compile', iterations: 6 });
  });

  after(() => restore());

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it('perturbs the function at the cursor, compile-verified, as one undoable edit', async () => {
    const editor = await openAt('python/inventory.py', 'def restock_plan');
    const doc = editor.document;
    const before = doc.getText();
    const result = (await vscode.commands.executeCommand('codemorph.perturbFunction')) as PerturbationDocument;
    assert.ok(result, 'the command returns its result');
    assert.strictEqual(result.function, 'restock_plan');
    assert.ok(result.steps.some((s) => s.accepted && s.verified.compile === true), 'steps were compile-verified');
    assert.ok(result.similarity.overall < 1);
    assert.strictEqual(doc.getText(), result.file, 'the buffer holds the perturbed file');
    assert.ok(doc.getText().includes(`def ${result.entryPoint}(`));
    assert.strictEqual(await undoUntil(doc, before, 1), 1, 'a single undo restores the original');
  });

  it('keeps the cursor on its line and column, in view, though the text around it was rewritten', async () => {
    // the editor put a cursor inside the replaced text at the end of the replacement: the last
    // changed line, perhaps scrolled far to the right, away from the function and its inline history
    const editor = await openAt('python/inventory.py', 'def restock_plan');
    const before = editor.document.getText();
    cursorAt(editor, 'candidates.sort()', 0);
    const { line, character } = editor.selection.active;
    const cursor = editor.document.offsetAt(editor.selection.active);
    const restoreSeed = await useSettings({ seed: 1 });
    try {
      const result = (await vscode.commands.executeCommand('codemorph.perturbFunction')) as PerturbationDocument;
      assert.ok(result && result.steps.some((s) => s.accepted), 'the function was perturbed');
      const edit = minimalEdit(before, result.file);
      assert.ok(edit.start < cursor && cursor < edit.end, 'the cursor was inside the rewritten text');
      assert.deepStrictEqual([editor.selection.active.line, editor.selection.active.character], [line, character]);
      assert.ok(editor.selection.isEmpty);
    } finally {
      await restoreSeed();
    }
  });

  it('works in the other languages too (Go and Rust)', async () => {
    for (const [file, marker] of [['go/ledger.go', 'func postTransactions'], ['rust/wordstats.rs', 'fn top_words']]) {
      const editor = await openAt(file, marker);
      const before = editor.document.getText();
      const result = (await vscode.commands.executeCommand('codemorph.perturbFunction')) as PerturbationDocument;
      assert.ok(result && result.steps.some((s) => s.accepted), `${file} was perturbed`);
      assert.notStrictEqual(editor.document.getText(), before);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
  });

  it('leaves the document alone when the cursor is outside any function', async () => {
    const editor = await openAt('python/inventory.py', 'if __name__');
    const before = editor.document.getText();
    const result = await vscode.commands.executeCommand('codemorph.perturbFunction');
    assert.strictEqual(result, undefined);
    assert.strictEqual(editor.document.getText(), before);
    assert.strictEqual(editor.document.isDirty, false);
  });
});
