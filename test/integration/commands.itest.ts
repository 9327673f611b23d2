import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { BenchmarkEntry, readEntries } from '../../src/core/benchmark/entries';
import type { PerturbationDocument } from '../../src/core/engine';
import type { Scores } from '../../src/core/similarity/scorer';
import type { CodemorphApi } from '../../src/extension';
import type { HistoryStep } from '../../src/vscode/history/types';
import { activeApi, clearHistories, closeAll, cursorAt, openAt, useSettings, waitFor, workspaceFile } from './helpers';

const run = <T>(command: string, ...args: unknown[]) => vscode.commands.executeCommand(command, ...args) as Thenable<T>;

/** The text of restock_plan in the example, as the file has it. */
function restockPlan(text: string): string {
  return text.slice(text.indexOf('def restock_plan'), text.indexOf('\n\n\ndef stock_status'));
}

describe('CodeMorph commands (in a real VS Code)', () => {
  let api: CodemorphApi;
  let restore: () => Promise<void>;

  before(async () => {
    api = await activeApi();
    // parser checks and short searches keep these tests quick; compiling is covered elsewhere
    restore = await useSettings({ verification: 'syntax', iterations: 4, seed: 1, entriesFile: '.codemorph/test-entries.jsonl' });
  });

  after(async () => {
    await restore();
    await closeAll();
  });

  beforeEach(() => clearHistories(api));
  afterEach(() => closeAll());

  it('Perturb function twice: the history continues, measured against the first original', async () => {
    const editor = await openAt('python/inventory.py', 'def restock_plan');
    const doc = editor.document;
    const original = restockPlan(doc.getText());
    const first = await run<PerturbationDocument>('codemorph.perturbFunction');
    assert.ok(first && first.steps.some((s) => s.accepted));
    assert.strictEqual(doc.getText(), first.file);
    let histories = api.history(doc.uri);
    assert.strictEqual(histories.length, 1);
    assert.strictEqual(histories[0].original, original);
    assert.strictEqual(histories[0].current, first.perturbed);
    assert.strictEqual(histories[0].currentName, first.entryPoint);

    cursorAt(editor, `def ${first.entryPoint}`);
    await vscode.workspace.getConfiguration('codemorph').update('seed', 2, vscode.ConfigurationTarget.Global);
    const second = await run<PerturbationDocument>('codemorph.perturbFunction');
    assert.ok(second);
    histories = api.history(doc.uri);
    assert.strictEqual(histories.length, 1, 'the same history continues');
    const history = histories[0];
    assert.strictEqual(history.original, original, 'the first original stays the baseline');
    assert.strictEqual(history.runs.length, 2);
    assert.strictEqual(history.steps.length, first.steps.length + second.steps.length);
    // measured against the first original, the second run starts where the first ended (its
    // first step, another rename, moves it a little); against its own start it would be near 1
    const opening = second.steps.find((s) => s.accepted)!;
    assert.ok(Math.abs(opening.similarity!.overall - first.similarity.overall) < 0.05, `${opening.similarity!.overall} vs ${first.similarity.overall}`);
    assert.ok(second.similarity.overall <= first.similarity.overall + 0.05);
    const scores = await run<Scores>('codemorph.showSimilarity');
    assert.deepStrictEqual(scores, second.similarity);
    await vscode.workspace.getConfiguration('codemorph').update('seed', 1, vscode.ConfigurationTarget.Global);
  });

  it('Undo last step reverts exactly one step as one edit, even after edits elsewhere', async () => {
    const editor = await openAt('python/inventory.py', 'def restock_plan');
    const doc = editor.document;
    const original = restockPlan(doc.getText());
    const result = await run<PerturbationDocument>('codemorph.perturbFunction');
    const kept = result.steps.filter((s) => s.accepted).length;
    assert.ok(kept >= 2);
    // an edit above the function moves every offset the history recorded
    await editor.edit((b) => b.insert(new vscode.Position(0, 0), '# edited above\n'));
    cursorAt(editor, `def ${result.entryPoint}`);
    const beforeUndo = doc.getText();
    const removed = await run<HistoryStep>('codemorph.undoLastStep');
    assert.ok(removed && removed.step.accepted);
    const history = api.history(doc.uri)[0];
    assert.strictEqual(history.steps.filter((s) => s.step.accepted).length, kept - 1);
    assert.ok(doc.getText().includes(history.current), 'the document holds the state before that step');
    assert.ok(doc.getText().startsWith('# edited above\n'), 'the other edit stays');
    await run('undo');
    assert.strictEqual(doc.getText(), beforeUndo, 'one undo reverts the Undo last step');
    await run('redo');
    // undo every remaining step: the function is back to its original and the history is gone
    for (let i = 0; i < kept - 1; i++) {
      cursorAt(editor, `def ${api.history(doc.uri)[0].currentName}(`);
      assert.ok(await run<HistoryStep>('codemorph.undoLastStep'));
    }
    assert.strictEqual(restockPlan(doc.getText().replace('# edited above\n', '')), original);
    assert.deepStrictEqual(api.history(doc.uri), []);
  });

  it('Perturb selection changes only the selection and joins the function history', async () => {
    const editor = await openAt('python/inventory.py', 'def restock_plan');
    const doc = editor.document;
    const text = doc.getText();
    const start = text.indexOf('    orders = []');
    const end = text.indexOf('    return orders, total_cost');
    editor.selection = new vscode.Selection(doc.positionAt(start), doc.positionAt(end));
    const result = await run<PerturbationDocument>('codemorph.perturbSelection');
    assert.ok(result && result.steps.some((s) => s.accepted));
    assert.ok(doc.getText().startsWith(text.slice(0, start)), 'nothing before the selection changed');
    assert.ok(doc.getText().endsWith(text.slice(end)), 'nothing after it changed');
    const [history] = api.history(doc.uri);
    assert.strictEqual(history.kind, 'function');
    assert.strictEqual(history.originalName, 'restock_plan');
    assert.strictEqual(history.runs[0].kind, 'selection');
    assert.ok(doc.getText().includes(history.current));
  });

  it('Perturb file perturbs the whole file under a file history', async () => {
    const editor = await openAt('javascript/cart.js', 'function checkout');
    const before = editor.document.getText();
    const result = await run<PerturbationDocument>('codemorph.perturbFile');
    assert.ok(result && result.steps.some((s) => s.accepted));
    assert.strictEqual(result.function, null);
    assert.strictEqual(editor.document.getText(), result.file);
    const [history] = api.history(editor.document.uri);
    assert.strictEqual(history.kind, 'file');
    assert.strictEqual(history.original, before);
    const decorations = await api.decorations(editor);
    assert.strictEqual(decorations.length, 1);
    assert.strictEqual(decorations[0].line, 0);
    assert.match(decorations[0].text, /^⟲ file: \d+ steps? kept · similarity 0\.\d\d to the original$/);
  });

  it('Apply a method...: lists methods with site counts and reasons, applies one site as one verified edit', async () => {
    const editor = await openAt('python/inventory.py', 'def restock_plan');
    const doc = editor.document;
    const before = doc.getText();
    const picks = await api.methodPicks();
    const usable = picks.filter((p) => p.method && p.method.unavailable === null);
    const unusable = picks.filter((p) => p.method && p.method.unavailable !== null);
    assert.ok(usable.length >= 10);
    assert.ok(usable.every((p) => /^\d+ sites?$/.test(p.description ?? '')));
    assert.ok(unusable.every((p) => p.label.startsWith('$(circle-slash) ') && p.description === p.method!.unavailable));
    assert.strictEqual(picks.filter((p) => p.kind === vscode.QuickPickItemKind.Separator)[0].label, 'basic');

    const result = await run<PerturbationDocument>('codemorph.applyMethod', { method: 'extract-arithmetic', site: 1 });
    assert.ok(result && result.steps[0].accepted);
    assert.strictEqual(result.steps[0].method, 'extract-arithmetic');
    assert.strictEqual(doc.getText(), result.file);
    const [history] = api.history(doc.uri);
    assert.strictEqual(history.runs[0].kind, 'method');
    await run('undo');
    assert.strictEqual(doc.getText(), before, 'one undo reverts the applied method');
  });

  it('Apply a method... through its quick picks', async () => {
    const editor = await openAt('python/inventory.py', 'def restock_plan');
    const before = editor.document.getText();
    const first = (await api.methodPicks()).find((p) => p.method && p.method.unavailable === null)!.method!;
    const pending = run<PerturbationDocument>('codemorph.applyMethod');
    // the first item of each pick: the first usable method, then its first site
    for (let pick = 0; pick < 2; pick++) {
      await new Promise((r) => setTimeout(r, 1500));
      await run('workbench.action.acceptSelectedQuickOpenItem');
    }
    const result = await pending;
    assert.ok(result, 'a method was applied');
    assert.strictEqual(result.steps[0].method, first.id);
    assert.strictEqual(result.steps[0].site!.label, first.sites[0].label);
    assert.notStrictEqual(editor.document.getText(), before);
  });

  it('says why a method is not available (C has no exceptions)', async () => {
    await openAt('c/rle.c', 'rle_decode(');
    const picks = await api.methodPicks();
    const exception = picks.find((p) => p.method?.id === 'add-exception')!;
    assert.match(exception.description!, /exception/i);
    const result = await run('codemorph.applyMethod', { method: 'add-exception' });
    assert.strictEqual(result, undefined);
    assert.match(api.ctx.notices[api.ctx.notices.length - 1].message, /add-exception is not available here: .*exception/i);
  });

  it('Compare with original opens a diff of the first original against the live document', async () => {
    const editor = await openAt('python/inventory.py', 'def restock_plan');
    const original = editor.document.getText();
    await run('codemorph.perturbFunction');
    const shown = await run<{ original: string }>('codemorph.compareWithOriginal');
    // the function as it first was, in the file as it is now (callers keep their new names)
    assert.strictEqual(restockPlan(shown.original), restockPlan(original));
    assert.notStrictEqual(shown.original, editor.document.getText());
    const tab = await waitFor('the diff tab', () => {
      const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      return input instanceof vscode.TabInputTextDiff ? input : undefined;
    });
    assert.strictEqual(tab.original.scheme, 'codemorph');
    assert.strictEqual(tab.modified.toString(), editor.document.uri.toString());
    const left = await vscode.workspace.openTextDocument(tab.original);
    assert.strictEqual(left.getText(), shown.original);
    assert.strictEqual(left.languageId, 'python', 'the original is highlighted as the file is');
  });

  it('Save as benchmark entry writes the history to the entries file, once', async () => {
    const file = workspaceFile('.codemorph/test-entries.jsonl');
    fs.rmSync(file, { force: true });
    const editor = await openAt('python/inventory.py', 'def restock_plan');
    const original = restockPlan(editor.document.getText());
    const result = await run<PerturbationDocument>('codemorph.perturbFunction');
    cursorAt(editor, `def ${result.entryPoint}`);
    const entry = await run<BenchmarkEntry>('codemorph.saveEntry');
    assert.ok(entry);
    const saved = readEntries(file);
    assert.deepStrictEqual(saved.problems, []);
    assert.strictEqual(saved.entries.length, 1);
    const [written] = saved.entries;
    assert.strictEqual(written.id, entry.id);
    assert.strictEqual(written.kind, 'perturbed');
    assert.strictEqual(written.language, 'python');
    assert.deepStrictEqual(written.source, { path: 'python/inventory.py', function: 'restock_plan' });
    assert.deepStrictEqual(written.entryPoint, { original: 'restock_plan', new: result.entryPoint });
    assert.strictEqual(written.original, original);
    assert.strictEqual(written.perturbed, result.perturbed);
    assert.strictEqual(written.steps.length, result.steps.length);
    assert.deepStrictEqual(written.similarity, result.similarity);
    assert.strictEqual(written.seed, 1);
    assert.match(written.tool, /^codemorph \d+\.\d+\.\d+/);
    await run('codemorph.saveEntry');
    assert.strictEqual(readEntries(file).entries.length, 1, 'the same result is not saved twice');
    assert.match(api.ctx.notices[api.ctx.notices.length - 1].message, /already saved/);
  });

  it('commands without a perturbed function say what to do instead of failing', async () => {
    await openAt('python/inventory.py', 'def stock_status');
    for (const command of ['codemorph.compareWithOriginal', 'codemorph.undoLastStep', 'codemorph.showSimilarity', 'codemorph.saveEntry']) {
      assert.strictEqual(await run(command), undefined, command);
      assert.match(api.ctx.notices[api.ctx.notices.length - 1].message, /stock_status has no perturbation history yet/);
    }
    await openAt('python/inventory.py', 'if __name__');
    assert.strictEqual(await run('codemorph.perturbFunction'), undefined);
    assert.match(api.ctx.notices[api.ctx.notices.length - 1].message, /not inside a function/);
    assert.strictEqual(await run('codemorph.perturbSelection'), undefined);
    assert.match(api.ctx.notices[api.ctx.notices.length - 1].message, /select the code/);
  });
});
