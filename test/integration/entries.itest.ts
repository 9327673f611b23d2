import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { BenchmarkEntry, readEntries } from '../../src/core/benchmark/entries';
import type { ReverifyResult } from '../../src/core/benchmark/reverify';
import type { PerturbationDocument } from '../../src/core/engine';
import type { CodemorphApi } from '../../src/extension';
import type { SavePairResult } from '../../src/vscode/savePair';
import type { ItemSnapshot } from '../../src/vscode/testApi';
import { activeApi, clearHistories, closeAll, cursorAt, openAt, useSettings, waitFor, workspaceFile } from './helpers';

const run = <T>(command: string, ...args: unknown[]) => vscode.commands.executeCommand(command, ...args) as Thenable<T>;

const ENTRIES = '.codemorph/entries-itest.jsonl';

/** The argument a view item passes to its command (the tree node). */
function nodeOf(item: ItemSnapshot): unknown {
  assert.ok(item.command?.arguments?.length, `${item.label} has a command`);
  return item.command!.arguments![0];
}

describe('Entries view, control pairs (in a real VS Code)', () => {
  let api: CodemorphApi;
  let restore: () => Promise<void>;
  let file: string;

  before(async () => {
    api = await activeApi();
    restore = await useSettings({ verification: 'compile', iterations: 4, seed: 1, entriesFile: ENTRIES });
    file = workspaceFile(ENTRIES);
  });

  after(async () => {
    await restore();
    await closeAll();
  });

  beforeEach(async () => {
    await clearHistories(api);
    fs.rmSync(file, { force: true });
  });
  afterEach(async () => {
    // an unsaved control would ask to be saved on close
    for (const doc of vscode.workspace.textDocuments.filter((d) => d.uri.scheme === 'codemorph-control' && d.isDirty)) {
      await vscode.window.showTextDocument(doc);
      await run('workbench.action.revertAndCloseActiveEditor');
    }
    await closeAll();
  });

  it('lists a saved entry and a corrupt line; opens it as a diff, re-verifies, exports and deletes it', async () => {
    await openAt('python/inventory.py', 'def restock_plan');
    await useSettings({ verification: 'syntax' }).then(async (back) => {
      const doc = await run<PerturbationDocument>('codemorph.perturbFunction');
      assert.ok(doc && doc.steps.some((s) => s.accepted));
      await back();
    });
    const saved = await run<BenchmarkEntry>('codemorph.saveEntry');
    assert.ok(saved);
    await api.entries(); // the view reads the file, and watches it from then on
    const refreshes = api.entriesRefreshes();
    fs.appendFileSync(file, '{"id": "half\n');
    await waitFor('the view to notice the file changed', () => (api.entriesRefreshes() > refreshes ? true : undefined));

    let items = await api.entries();
    assert.strictEqual(items.length, 3, JSON.stringify(items.map((i) => i.label)));
    const [item, problem, statistics] = items;
    assert.strictEqual(item.contextValue, 'entry.perturbed');
    assert.match(item.label, /^restock_plan/);
    assert.match(item.description ?? '', /perturbed · python · similarity \d\.\d\d/);
    assert.strictEqual(problem.contextValue, 'entryProblem');
    assert.strictEqual(problem.label, 'line 2: not an entry');
    // the statistics of the entries, after them
    assert.strictEqual(statistics.contextValue, 'entriesStatistics');
    assert.strictEqual(statistics.label, '1 entry');
    assert.strictEqual(
      statistics.description,
      `python 1 · mean similarity ${saved.similarity.overall.toFixed(2)} to the original · mean growth ${saved.growth!.tokens.toFixed(2)}× tokens`,
    );

    // open as diff: both sides from memory, the saved texts
    const shown = await run<{ original: string; perturbed: string }>('codemorph.openEntry', nodeOf(item));
    assert.deepStrictEqual(shown, { original: saved.original, perturbed: saved.perturbed });
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.ok(tab?.input instanceof vscode.TabInputTextDiff, 'a diff editor is open');
    const diff = tab.input as vscode.TabInputTextDiff;
    assert.strictEqual(diff.original.scheme, 'codemorph');
    assert.strictEqual((await vscode.workspace.openTextDocument(diff.modified)).getText(), saved.perturbed);
    assert.strictEqual((await vscode.workspace.openTextDocument(diff.original)).languageId, 'python');

    // re-verify: the file in the workspace holds the perturbed function; it still compiles
    const verified = await run<ReverifyResult>('codemorph.reverifyEntry', nodeOf(item));
    assert.ok(verified, 'a result');
    assert.strictEqual(verified.context, 'file');
    assert.strictEqual(verified.ok, true, `${verified.reason}\n${verified.output}`);
    assert.strictEqual(verified.verdict!.compile, true);

    const target = workspaceFile('.codemorph/export-itest.jsonl');
    const exported = await run<{ target: string; count: number }>('codemorph.exportEntries', { target });
    assert.deepStrictEqual(exported, { target, count: 1 });
    const record = JSON.parse(fs.readFileSync(target, 'utf8'));
    assert.deepStrictEqual([record.task_id, record.code, record.perturbed_code, record.entry_point], [saved.id, saved.original, saved.perturbed, saved.entryPoint.new]);

    assert.strictEqual(await run<boolean>('codemorph.deleteEntry', nodeOf(item), { confirm: false }), true);
    items = await api.entries();
    assert.deepStrictEqual(items.map((i) => i.contextValue), ['entryProblem'], 'the entry is gone, the corrupt line still shows');
    assert.strictEqual(readEntries(file).entries.length, 0);
    assert.ok(fs.readFileSync(file, 'utf8').includes('{"id": "half'), 'the corrupt line is kept in the file');
  });

  it('Create control pair opens the control beside the original; Save pair checks it and writes a pair entry', async () => {
    const editor = await openAt('python/inventory.py', 'def restock_plan');
    const made = await run<{ uri: string; control: string; renames: { from: string; to: string }[] }>('codemorph.createControlPair');
    assert.ok(made && made.renames.length > 0);
    assert.ok(made.renames.some((r) => r.from === 'restock_plan'));
    const control = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === made.uri);
    assert.ok(control, 'the control is open');
    assert.strictEqual(control.document.uri.scheme, 'codemorph-control', 'a control copy in memory, not an untitled tab');
    const tab = vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === made.uri);
    assert.strictEqual(tab?.label, 'restock_plan (control)', 'named after the function, not its doc comment');
    assert.strictEqual(control.document.languageId, 'python');
    assert.strictEqual(control.document.getText(), made.control);
    assert.notStrictEqual(control.viewColumn, editor.viewColumn, 'beside the original');
    assert.strictEqual(editor.document.isDirty, false, 'the original is untouched');

    // a hand edit that adds a branch: the checks fail, and without confirmation nothing is saved
    const loop = control.document.getText().indexOf('    for ');
    assert.ok(loop > 0);
    await control.edit((b) => b.insert(control.document.positionAt(loop), '    if len([]) > 1:\n        pass\n'));
    const refused = await run<SavePairResult>('codemorph.savePair', { uri: made.uri, confirm: false });
    assert.ok(refused && !refused.saved);
    assert.ok(refused.result.failing.includes('cyclomatic'), refused.result.failing.join(','));
    assert.ok(!fs.existsSync(file) || readEntries(file).entries.length === 0);

    // undone, the control passes every check and is saved as a pair
    await run('undo');
    assert.strictEqual(control.document.getText(), made.control);
    const saved = await run<SavePairResult>('codemorph.savePair', { uri: made.uri });
    assert.ok(saved && saved.saved, 'saved');
    assert.strictEqual(saved.result.passed, true, JSON.stringify(saved.result.checks));
    const [entry] = readEntries(file).entries;
    assert.strictEqual(entry.kind, 'pair');
    assert.strictEqual(entry.perturbed, made.control);
    assert.deepStrictEqual(entry.source, { path: 'python/inventory.py', function: 'restock_plan' });
    assert.strictEqual(entry.pair!.passed, true);
    assert.strictEqual(entry.pair!.confirmed, false);
    const items = await api.entries();
    assert.strictEqual(items.length, 2);
    assert.strictEqual(items[0].contextValue, 'entry.pair');
    assert.strictEqual(items[1].contextValue, 'entriesStatistics');
    assert.match(items[0].description ?? '', /pair · python · similarity .* · checks pass/);

    // a failing control saved on confirmation records the failing check
    await control.edit((b) => b.insert(control.document.positionAt(loop), '    if len([]) > 1:\n        pass\n'));
    const confirmed = await run<SavePairResult>('codemorph.savePair', { uri: made.uri, confirm: true });
    assert.ok(confirmed && confirmed.saved);
    const second = readEntries(file).entries[1];
    assert.strictEqual(second.pair!.confirmed, true);
    assert.ok(second.pair!.failing.includes('cyclomatic'));
    assert.strictEqual(second.pair!.edited, true);

    // saved, the control is clean: closing it asks nothing (a save prompt would hold the close)
    assert.strictEqual(control.document.isDirty, false, 'clean after Save pair');
    await vscode.window.showTextDocument(control.document);
    await run('workbench.action.closeActiveEditor');
    await waitFor('the control to close', () =>
      vscode.window.tabGroups.all.flatMap((g) => g.tabs).some((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === made.uri) ? undefined : true,
    );
  });
  it('an entries file that leads outside the workspace is refused by every command that reads or writes it, trusted or not', async () => {
    // a saved entry in the usual file, for the commands that read one
    const editor = await openAt('python/inventory.py', 'def restock_plan');
    const perturbed = await useSettings({ verification: 'syntax' }).then(async (back) => {
      const doc = await run<PerturbationDocument>('codemorph.perturbFunction');
      assert.ok(doc?.steps.some((s) => s.accepted));
      await back();
      return doc;
    });
    const saved = await run<BenchmarkEntry>('codemorph.saveEntry');
    assert.ok(saved);
    const [item] = await api.entries();
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-outside-'));
    const sibling = path.resolve(workspaceFile('.'), '..', 'outside-trusted.jsonl');
    const link = workspaceFile('.codemorph-linked');
    fs.symlinkSync(scratch, link);
    const cases: [string, string, RegExp][] = [
      ['../outside-trusted.jsonl', sibling, /is outside the workspace folder/],
      [path.join(scratch, 'absolute.jsonl'), path.join(scratch, 'absolute.jsonl'), /is outside the workspace folder/],
      ['.codemorph-linked/entries.jsonl', path.join(scratch, 'entries.jsonl'), /leads outside the workspace folder through the symlink \.codemorph-linked /],
    ];
    try {
      for (const [value, lands, why] of cases) {
        const back = await useSettings({ entriesFile: value });
        try {
          const errors = () => api.ctx.notices.filter((n) => n.level === 'error').length;
          let count = errors();
          const expectRefused = async (command: string, ...args: unknown[]) => {
            assert.strictEqual(await run(command, ...args), undefined, `${command} with ${value}`);
            assert.strictEqual(errors(), count + 1, `${command} with ${value} said why`);
            count++;
            const said = api.ctx.notices.filter((n) => n.level === 'error').pop()!.message;
            assert.match(said, why);
            assert.match(said, /set codemorph\.entriesFile to a path inside the workspace folder, such as \.codemorph\/benchmark\.jsonl\.$/);
          };
          cursorAt(await vscode.window.showTextDocument(editor.document), `def ${perturbed.entryPoint}`);
          await expectRefused('codemorph.saveEntry');
          await expectRefused('codemorph.exportEntries', { target: workspaceFile('.codemorph/export-refused.jsonl') });
          await expectRefused('codemorph.deleteEntry', { id: saved.id }, { confirm: false });
          await expectRefused('codemorph.deleteEntry', nodeOf(item), { confirm: false });
          const made = await run<{ uri: string }>('codemorph.createControlPair');
          assert.ok(made);
          await expectRefused('codemorph.savePair', { uri: made.uri, confirm: true });
          const view = await api.entries();
          assert.deepStrictEqual(view.map((i) => i.label), ['entries file refused']);
          assert.match(view[0].description ?? '', why);
          assert.ok(!fs.existsSync(lands), `nothing written to ${lands}`);
          assert.ok(!fs.existsSync(workspaceFile('.codemorph/export-refused.jsonl')));
        } finally {
          await back();
        }
      }
      assert.deepStrictEqual(fs.readdirSync(scratch), [], 'nothing written through the symlink');
      assert.deepStrictEqual(readEntries(file).entries.map((e) => e.id), [saved.id], 'the usual file is untouched');
    } finally {
      fs.rmSync(link, { force: true });
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });
});
