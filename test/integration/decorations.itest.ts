import * as assert from 'assert';
import * as vscode from 'vscode';
import type { PerturbationDocument } from '../../src/core/engine';
import type { CodemorphApi } from '../../src/extension';
import { HistoryStore } from '../../src/vscode/history/store';
import { activeApi, clearHistories, closeAll, openAt, useSettings } from './helpers';

const run = <T>(command: string, ...args: unknown[]) => vscode.commands.executeCommand(command, ...args) as Thenable<T>;

describe('history decorations (in a real VS Code)', () => {
  let api: CodemorphApi;
  let restore: () => Promise<void>;

  before(async () => {
    api = await activeApi();
    restore = await useSettings({ verification: 'syntax', iterations: 4, seed: 1 });
  });

  after(async () => {
    await restore();
    await closeAll();
  });

  beforeEach(() => clearHistories(api));
  afterEach(() => closeAll());

  it('shows `⟲ N steps · ss X` after the signature, with the methods in the hover', async () => {
    const editor = await openAt('go/ledger.go', 'func postTransactions');
    assert.deepStrictEqual(await api.decorations(editor), [], 'nothing before a perturbation');
    const result = await run<PerturbationDocument>('codemorph.perturbFunction');
    const kept = result.steps.filter((s) => s.accepted);
    const [decoration] = await api.decorations(editor);
    assert.ok(decoration, 'the function is decorated');
    assert.strictEqual(decoration.text, `⟲ ${kept.length} steps · ss ${result.similarity.overall.toFixed(2)}`);
    assert.ok(editor.document.lineAt(decoration.line).text.startsWith(`func ${result.entryPoint}(`), 'on the signature line');
    // the hover lists the kept methods in order, with the similarity after each
    const rows = decoration.hover.split('\n').filter((l) => /^\| \d+ \|/.test(l));
    assert.deepStrictEqual(
      rows.map((r) => r.split('|').map((c) => c.trim())[2]),
      kept.map((s) => s.method),
    );
    assert.deepStrictEqual(
      rows.map((r) => r.split('|').map((c) => c.trim())[4]),
      kept.map((s) => s.similarity!.overall.toFixed(3)),
    );
    assert.match(decoration.hover, /command:codemorph\.compareWithOriginal\?/);
  });

  it('follows the function as the user edits, and clears when it is back to its original', async () => {
    const editor = await openAt('go/ledger.go', 'func postTransactions');
    const original = editor.document.getText();
    const result = await run<PerturbationDocument>('codemorph.perturbFunction');
    const [before] = await api.decorations(editor);
    await editor.edit((b) => b.insert(new vscode.Position(0, 0), '// one\n// two\n// three\n'));
    const [moved] = await api.decorations(editor);
    assert.strictEqual(moved.line, before.line + 3, 'found again three lines down');
    assert.ok(editor.document.lineAt(moved.line).text.startsWith(`func ${result.entryPoint}(`));
    // an edit inside the function changes the similarity shown
    const body = editor.document.getText().indexOf('{', editor.document.offsetAt(new vscode.Position(moved.line, 0)));
    await editor.edit((b) => b.insert(editor.document.positionAt(body + 1), '\n\t_ = 12345678901234567890.0\n\t_ = "padding padding padding padding"'));
    const [edited] = await api.decorations(editor);
    assert.notStrictEqual(edited.text, moved.text);
    // undo everything with the editor's own undo: back to the original, no decoration
    for (let i = 0; i < 5 && editor.document.getText() !== original; i++) await run('undo');
    assert.strictEqual(editor.document.getText(), original);
    assert.deepStrictEqual(await api.decorations(editor), []);
    await run('redo');
    assert.strictEqual((await api.decorations(editor)).length, 1, 'redo brings it back');
  });

  it('keeps histories in the workspace state, where a reload finds them', async () => {
    const editor = await openAt('go/ledger.go', 'func postTransactions');
    await run('codemorph.perturbFunction');
    const reloaded = new HistoryStore(api.ctx.extension.workspaceState);
    assert.deepStrictEqual(reloaded.all(editor.document.uri), api.history(editor.document.uri));
    assert.ok(reloaded.uris().some((u) => u.toString() === editor.document.uri.toString()));
    reloaded.dispose();
  });
});
