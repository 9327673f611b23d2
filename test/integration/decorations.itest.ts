import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import type { PerturbationDocument } from '../../src/core/engine';
import type { CodemorphApi } from '../../src/extension';
import { HistoryStore } from '../../src/vscode/history/store';
import { activeApi, clearHistories, closeAll, openAt, useSettings, waitFor, workspaceFile } from './helpers';

const run = <T>(command: string, ...args: unknown[]) => vscode.commands.executeCommand(command, ...args) as Thenable<T>;

/** Sets an `editor.*` user setting and returns a function that puts it back. */
async function useEditorSetting(key: string, value: unknown): Promise<() => Promise<void>> {
  const config = vscode.workspace.getConfiguration('editor');
  const previous = config.inspect(key)?.globalValue;
  await config.update(key, value, vscode.ConfigurationTarget.Global);
  return async () => {
    await vscode.workspace.getConfiguration('editor').update(key, previous, vscode.ConfigurationTarget.Global);
  };
}

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

  it('shows `⟲ N steps kept · similarity X to the original` above the function, with the methods in the hover', async () => {
    const editor = await openAt('go/ledger.go', 'func postTransactions');
    assert.deepStrictEqual(await api.decorations(editor), [], 'nothing before a perturbation');
    const result = await run<PerturbationDocument>('codemorph.perturbFunction');
    const kept = result.steps.filter((s) => s.accepted);
    const [decoration] = await api.decorations(editor);
    assert.ok(decoration, 'the function is decorated');
    assert.strictEqual(decoration.text, `⟲ ${kept.length} steps kept · similarity ${result.similarity.overall.toFixed(2)} to the original`);
    assert.ok(editor.document.lineAt(decoration.line).text.startsWith(`func ${result.entryPoint}(`), 'the hover is on the signature line');
    // the hover lists the kept methods in order, with the similarity after each
    const rows = decoration.hover.split('\n').filter((l) => /^\| \d+ \|/.test(l));
    assert.deepStrictEqual(
      rows.map((r) => r.split('|').map((c) => c.trim())[2]),
      kept.map((s) => s.method),
    );
    assert.deepStrictEqual(
      rows.map((r) => r.split('|').map((c) => c.trim())[4]),
      kept.map((s) => s.similarity!.overall.toFixed(2)),
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

  it('puts the inline history above the function as a code lens that opens the hover, with the hover\'s links', async () => {
    const editor = await openAt('go/ledger.go', 'func postTransactions');
    await run<PerturbationDocument>('codemorph.perturbFunction');
    const [decoration] = await api.decorations(editor);
    const lenses = await waitFor('the code lenses', async () => {
      const found = await run<vscode.CodeLens[]>('vscode.executeCodeLensProvider', editor.document.uri);
      return found.some((l) => l.command?.title.startsWith('⟲')) ? found : undefined;
    });
    const ours = lenses.filter((l) => l.range.start.line === decoration.lensLine);
    assert.deepStrictEqual(
      ours.map((l) => l.command!.title),
      [decoration.text, 'Compare with original', 'Undo last step', 'Save as benchmark entry'],
    );
    assert.ok(editor.document.lineAt(decoration.lensLine).text.startsWith('func '), 'above the definition');
    assert.strictEqual(decoration.trailingLine, null, 'with code lenses on, nothing trails the signature');
    // the first lens opens the hover: the cursor goes to the signature, where the hover is
    assert.strictEqual(await run(ours[0].command!.command, ...(ours[0].command!.arguments ?? [])), true);
    assert.strictEqual(vscode.window.activeTextEditor?.selection.active.line, decoration.line);
    // the others are the hover's links
    const diff = await run<{ original: string }>(ours[1].command!.command, ...(ours[1].command!.arguments ?? []));
    assert.ok(diff && diff.original.includes('func postTransactions('));
  });

  it('shows it above a 120-column signature; with code lenses off, after the signature', async () => {
    const file = workspaceFile('python/long_signature.py');
    const params = ['opening_balance_cents', 'transactions_by_day', 'overdraft_limit_cents', 'daily_limit_cents'];
    const signature = `def settle_account_limits(${params.join(', ')}, rate=0):`;
    assert.ok(signature.length >= 120, `${signature.length} columns`);
    const body = [
      '    balance = opening_balance_cents',
      '    rejected = 0',
      '    for day, amounts in enumerate(transactions_by_day):',
      '        spent = 0',
      '        for amount in amounts:',
      '            if amount < 0 and balance + amount < -overdraft_limit_cents:',
      '                rejected += 1',
      '                continue',
      '            if amount < 0 and spent - amount > daily_limit_cents:',
      '                rejected += 1',
      '                continue',
      '            balance += amount',
      '            if amount < 0:',
      '                spent -= amount',
      '        balance += balance * rate // 100',
      '    return balance, rejected',
    ];
    fs.writeFileSync(file, `${signature}\n${body.join('\n')}\n`);
    const editor = await openAt('python/long_signature.py', 'def settle_account_limits');
    await run<PerturbationDocument>('codemorph.perturbFunction');
    const [decoration] = await api.decorations(editor);
    assert.strictEqual(decoration.lensLine, 0);
    assert.strictEqual(decoration.trailingLine, null);
    const restoreLens = await useEditorSetting('codeLens', false);
    try {
      const [off] = await waitFor('the decorations without code lenses', async () => {
        const found = await api.decorations(editor);
        return found[0]?.trailingLine !== null ? found : undefined;
      });
      // a 120-column signature has no room: the text still goes after it, the only place left
      // (placement.ts, tested in test/vscode/, chooses a line where it fits when there is one)
      assert.strictEqual(off.trailingLine, off.line);
    } finally {
      await restoreLens();
      // put the document back before its file goes (closeAll reads the disk)
      await closeAll();
      fs.rmSync(file, { force: true });
    }
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
