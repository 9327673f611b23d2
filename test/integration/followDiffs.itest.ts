import * as assert from 'assert';
import * as vscode from 'vscode';
import type { PerturbationDocument } from '../../src/core/engine';
import type { CodemorphApi } from '../../src/extension';
import type { SiteRef } from '../../src/vscode/applySite';
import type { ItemSnapshot } from '../../src/vscode/testApi';
import { activeApi, clearHistories, closeAll, cursorAt, focusOutput, noticesDuring, openAt, useSettings, waitFor } from './helpers';

const run = <T>(command: string, ...args: unknown[]) => vscode.commands.executeCommand(command, ...args) as Thenable<T>;

/** The diff tab CodeMorph opened last, once it is there (in any group). */
function codemorphDiff(): Promise<vscode.TabInputTextDiff> {
  return waitFor('a CodeMorph diff', () => {
    const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    return input instanceof vscode.TabInputTextDiff && input.modified.scheme === 'codemorph' ? input : undefined;
  });
}

function siteRefs(categories: ItemSnapshot[]): SiteRef[] {
  return categories.flatMap((c) => c.children.flatMap((m) => m.children.map((s) => s.command!.arguments![0] as SiteRef)));
}

// Issue 29, item 1: the views follow the code the user works in, not CodeMorph's own diffs.
describe('the CodeMorph view while CodeMorph\'s diffs are shown (in a real VS Code)', () => {
  let api: CodemorphApi;
  let restore: () => Promise<void>;

  before(async () => {
    api = await activeApi();
    restore = await useSettings({ verification: 'syntax', iterations: 6, seed: 1, entriesFile: '.codemorph/follow-entries.jsonl' });
  });

  after(async () => {
    await restore();
    await closeAll();
  });

  beforeEach(() => clearHistories(api));
  afterEach(() => closeAll());

  it('clicking three History steps in a row keeps History and Candidates on the function; a code editor moves them again', async () => {
    const editor = await openAt('python/inventory.py', 'def restock_plan');
    const uri = editor.document.uri.toString();
    const result = await run<PerturbationDocument>('codemorph.perturbFunction');
    cursorAt(editor, `def ${result.entryPoint}`);
    await run('codemorph.history.focus');
    const items = await api.historyItems();
    const kept = items.filter((i) => i.contextValue === 'step.kept');
    assert.ok(kept.length >= 3, `${kept.length} kept steps`);
    const description = api.historyDescription();
    assert.match(description ?? '', /^restock_plan → /);
    for (const item of kept.slice(0, 3)) {
      await run(item.command!.command, ...(item.command!.arguments ?? []));
      await codemorphDiff();
      assert.strictEqual(vscode.window.activeTextEditor?.document.uri.scheme, 'codemorph', 'the step\'s diff is the active editor');
      const now = await api.historyItems();
      assert.deepStrictEqual(now.map((i) => i.label), items.map((i) => i.label), `History still lists restock_plan's steps after ${item.label}`);
      assert.strictEqual(api.historyDescription(), description);
      const sites = siteRefs(await api.candidates());
      assert.ok(sites.length > 0 && sites.every((s) => s.uri === uri), 'Candidates still list the sites of the file, not of the diff');
    }
    // back in the code, the views follow the cursor again
    const code = await vscode.window.showTextDocument(editor.document);
    cursorAt(code, 'def reorder_point');
    await waitFor('History to follow the cursor', async () => ((await api.historyItems()).length === 0 ? true : undefined));
  });

  it('a site\'s preview and an entry\'s diff keep the views on the function too; so does the Output panel', async () => {
    const editor = await openAt('python/inventory.py', 'def restock_plan');
    const uri = editor.document.uri.toString();
    const result = await run<PerturbationDocument>('codemorph.perturbFunction');
    cursorAt(editor, `def ${result.entryPoint}`);
    const labels = (await api.historyItems()).map((i) => i.label);
    const site = siteRefs(await api.candidates())[0];
    await run('codemorph.previewSite', site);
    await codemorphDiff();
    assert.deepStrictEqual((await api.historyItems()).map((i) => i.label), labels, 'after a preview');
    const entry = await run<{ id: string }>('codemorph.saveEntry');
    await run('codemorph.openEntry', { id: entry.id });
    await codemorphDiff();
    assert.deepStrictEqual((await api.historyItems()).map((i) => i.label), labels, 'after an entry\'s diff');
    assert.ok(siteRefs(await api.candidates()).every((s) => s.uri === uri));
    // the Output panel is a text editor too: commands without arguments still act on the function
    await focusOutput(api);
    const { result: scores, notices } = await noticesDuring(api, () => run('codemorph.showSimilarity'));
    assert.ok(scores, 'Show similarity acted on the function');
    assert.ok(!notices.some((n) => /not supported/.test(n.message)));
  });
});
