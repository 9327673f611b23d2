import * as assert from 'assert';
import * as vscode from 'vscode';
import type { SiteRef } from '../../src/vscode/applySite';
import type { PerturbationDocument } from '../../src/core/engine';
import type { CodemorphApi } from '../../src/extension';
import type { ItemSnapshot } from '../../src/vscode/testApi';
import { activeApi, clearHistories, closeAll, cursorAt, openAt, useSettings, waitFor } from './helpers';

const run = <T>(command: string, ...args: unknown[]) => vscode.commands.executeCommand(command, ...args) as Thenable<T>;

function find(items: ItemSnapshot[], label: string): ItemSnapshot {
  const item = items.find((i) => i.label === label);
  assert.ok(item, `${label} is among ${items.map((i) => i.label).join(', ')}`);
  return item;
}

describe('the CodeMorph view (in a real VS Code)', () => {
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

  it('shows the view in its own container, with a welcome when no supported file is open', async () => {
    await closeAll();
    await run('workbench.view.extension.codemorph');
    await run('codemorph.candidates.focus');
    assert.deepStrictEqual(await api.candidates(), [], 'empty: the welcome text shows instead');
    assert.deepStrictEqual(await api.historyItems(), []);
  });

  it('Candidates: categories, then methods with site counts or reasons, then sites with line and excerpt', async () => {
    const editor = await openAt('python/inventory.py', 'def restock_plan');
    const categories = await api.candidates();
    assert.deepStrictEqual(categories.map((c) => c.label), ['basic', 'condition', 'loop', 'logic', 'decomposition', 'arithmetic']);
    const condition = find(categories, 'condition');
    assert.match(condition.description!, /^\d+ of 6 apply$/);
    const usable = find(condition.children, 'add-condition');
    assert.match(usable.description!, /^\d+ sites?$/);
    assert.strictEqual(usable.contextValue, 'method');
    const none = find(condition.children, 'switch-to-if');
    assert.strictEqual(none.description, 'no site in this function');
    assert.strictEqual(none.contextValue, 'method.unavailable');
    assert.deepStrictEqual(none.children, []);
    // the applicable ones come first
    const kinds = condition.children.map((m) => m.contextValue);
    assert.deepStrictEqual(kinds, [...kinds].sort());
    const site = usable.children[0];
    const line = editor.document.lineAt(Number(/^line (\d+)$/.exec(site.label)![1]) - 1).text.trim();
    assert.ok(line.startsWith(site.description!.replace(/…$/, '')), `${site.description} is the excerpt of ${line}`);
    assert.strictEqual(site.contextValue, 'site');
    assert.strictEqual(site.command?.command, 'codemorph.previewSite');
  });

  it('Candidates follow the cursor, and say why a method cannot run in a language', async () => {
    const editor = await openAt('rust/wordstats.rs', 'fn top_words');
    let categories = await api.candidates();
    const exception = find(find(categories, 'basic').children, 'add-exception');
    assert.strictEqual(exception.contextValue, 'method.unavailable');
    assert.match(exception.description!, /exception/i);
    const siteLines = (items: ItemSnapshot[]) => items.flatMap((c) => c.children.flatMap((m) => m.children.map((site) => Number(site.label.slice(5)))));
    const mainLine = editor.document.getText().split('\n').findIndex((l) => l.startsWith('fn main')) + 1;
    const inTopWords = siteLines(categories);
    assert.ok(inTopWords.length > 0 && inTopWords.every((l) => l >= 23 && l < 46), 'the sites are in top_words');
    cursorAt(editor, 'fn main');
    categories = await api.candidates();
    const inMain = siteLines(categories);
    assert.ok(inMain.length > 0 && inMain.every((l) => l >= mainLine), 'after the cursor moved, the sites are in main');
  });

  it('selecting a site previews its rewrite as a diff; nothing changes', async () => {
    const editor = await openAt('python/inventory.py', 'def restock_plan');
    const before = editor.document.getText();
    const site = find(find(await api.candidates(), 'loop').children, 'for-while').children[0];
    const preview = await run<PerturbationDocument>(site.command!.command, ...(site.command!.arguments ?? []));
    assert.ok(preview.steps[0].accepted);
    const tab = await waitFor('the preview diff', () => {
      const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      return input instanceof vscode.TabInputTextDiff ? input : undefined;
    });
    assert.strictEqual(tab.modified.scheme, 'codemorph');
    assert.strictEqual((await vscode.workspace.openTextDocument(tab.modified)).getText(), preview.file);
    assert.strictEqual((await vscode.workspace.openTextDocument(tab.original)).getText(), before);
    assert.strictEqual(editor.document.getText(), before);
    assert.strictEqual(editor.document.isDirty, false);
  });

  it('the inline action verifies the site, then applies it as one undoable edit', async () => {
    const editor = await openAt('python/inventory.py', 'def restock_plan');
    const before = editor.document.getText();
    const site = find(find(await api.candidates(), 'arithmetic').children, 'modify-operations').children[0];
    const ref = site.command!.arguments![0] as SiteRef;
    const result = await run<PerturbationDocument>('codemorph.applySite', { kind: 'site', ref });
    assert.ok(result.steps[0].accepted);
    assert.strictEqual(editor.document.getText(), result.file);
    const [history] = api.history(editor.document.uri);
    assert.strictEqual(history.steps[0].step.method, 'modify-operations');
    await run('undo');
    assert.strictEqual(editor.document.getText(), before);
  });

  it('a site that fails verification is not applied, and its output is shown', async () => {
    // a compile command that rejects any file where restock_plan lost its name
    const restoreCompile = await useSettings({
      verification: 'compile',
      'compileCommand.python': `grep -q 'def restock_plan' {file} || { echo 'restock_plan was renamed (checked by the test)' >&2; exit 1; }`,
    });
    try {
      const editor = await openAt('python/inventory.py', 'def restock_plan');
      const before = editor.document.getText();
      const site = find(find(await api.candidates(), 'basic').children, 'function-rename').children[0];
      const result = await run<PerturbationDocument>('codemorph.applySite', site.command!.arguments![0]);
      assert.strictEqual(result.steps[0].accepted, false);
      assert.strictEqual(result.steps[0].verified.compile, false);
      assert.match(result.steps[0].reason!, /restock_plan was renamed/);
      assert.strictEqual(editor.document.getText(), before, 'the edit was not applied');
      assert.strictEqual(editor.document.isDirty, false);
      const notice = api.ctx.notices[api.ctx.notices.length - 1];
      assert.strictEqual(notice.level, 'error');
      assert.match(notice.message, /function-rename at line \d+ was not applied: does not compile: restock_plan was renamed/);
      assert.deepStrictEqual(api.history(editor.document.uri), []);
      // the output channel has the command that ran and everything it printed
      const log = api.ctx.recentLog.join('\n');
      assert.match(log, /\$ grep -q 'def restock_plan' .*inventory\.py/);
      assert.match(log, /\| restock_plan was renamed \(checked by the test\)/);
    } finally {
      await restoreCompile();
    }
  });

  it('History: every step with method, category, kept or not and similarity; a step shows its diff', async () => {
    const editor = await openAt('python/inventory.py', 'def restock_plan');
    const result = await run<PerturbationDocument>('codemorph.perturbFunction');
    cursorAt(editor, `def ${result.entryPoint}`);
    const items = await api.historyItems();
    assert.strictEqual(items.length, result.steps.length + 1);
    assert.strictEqual(items[0].label, 'original: restock_plan');
    assert.strictEqual(items[0].command?.command, 'codemorph.compareWithOriginal');
    // steps are numbered; a category with nothing to apply is listed, but is no step
    let number = 0;
    result.steps.forEach((step, i) => {
      const item = items[i + 1];
      if (step.method === null) {
        assert.strictEqual(item.label, `${step.category}: nothing to apply`);
        assert.strictEqual(item.contextValue, 'step.skipped');
        return;
      }
      assert.strictEqual(item.label, `${++number}. ${step.method}`);
      const ss = step.similarity ? ` · similarity ${step.similarity.overall.toFixed(2)}` : '';
      assert.strictEqual(item.description, `${step.category ?? '-'} · ${step.accepted ? 'kept' : 'rejected'}${ss}`);
      assert.strictEqual(item.contextValue, step.accepted ? 'step.kept' : 'step.rejected');
    });
    const keptIndex = result.steps.findIndex((s) => s.accepted);
    const item = items[keptIndex + 1];
    const diff = await run<{ before: string; after: string }>(item.command!.command, ...(item.command!.arguments ?? []));
    assert.notStrictEqual(diff.before, diff.after);
    const tab = await waitFor('the step diff', () => {
      const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      return input instanceof vscode.TabInputTextDiff ? input : undefined;
    });
    assert.strictEqual((await vscode.workspace.openTextDocument(tab.original)).getText(), diff.before);
    assert.strictEqual((await vscode.workspace.openTextDocument(tab.modified)).getText(), diff.after);
  });
});
