import * as assert from 'assert';
import * as vscode from 'vscode';
import type { PerturbationDocument } from '../../src/core/engine';
import type { CodemorphApi } from '../../src/extension';
import type { SiteRef } from '../../src/vscode/applySite';
import { activeApi, clearHistories, closeAll, openAt, useSettings, waitFor } from './helpers';

/** The preview diff's tab, in whichever group it opened. */
function previewTab(): vscode.Tab | undefined {
  for (const group of vscode.window.tabGroups.all) {
    for (const tab of group.tabs) {
      if (tab.input instanceof vscode.TabInputTextDiff && tab.input.modified.path.startsWith('/preview/')) return tab;
    }
  }
  return undefined;
}

// Issue 29, item 5: the site pick of "Apply a method..." stays open across previews, shows the
// site its active item names, and its texts read right.
describe('the site pick of Apply a method (in a real VS Code)', () => {
  let api: CodemorphApi;
  let restore: () => Promise<void>;

  before(async () => {
    api = await activeApi();
    restore = await useSettings({ verification: 'syntax', seed: 1 });
  });

  after(async () => {
    await restore();
    await closeAll();
  });

  beforeEach(() => clearHistories(api));
  afterEach(async () => {
    api.sitePick()?.pick.hide();
    await closeAll();
  });

  it('highlights the site as the active item moves, stays open across previews, then applies the chosen site', async () => {
    const editor = await openAt('python/inventory.py', 'def restock_plan');
    const before = editor.document.getText();
    const applied = vscode.commands.executeCommand('codemorph.applyMethod', { method: 'insert-variables' }) as Thenable<PerturbationDocument | undefined>;
    const handle = await waitFor('the site pick', () => api.sitePick());
    const { pick } = handle;
    assert.ok(!pick.placeholder?.includes('$('), `the placeholder shows no raw icon: ${pick.placeholder}`);
    assert.match(pick.title ?? '', /insert-variables in restock_plan/);
    assert.ok(pick.items.length >= 3, `${pick.items.length} sites`);
    // moving through the sites reveals and highlights each in the code
    for (const item of [pick.items[pick.items.length - 1], pick.items[0]]) {
      pick.activeItems = [item];
      const ref = (item as unknown as { ref: SiteRef }).ref;
      const range = await waitFor('the highlight', () => {
        const r = handle.highlighted();
        return r && r.start.line === ref.site.line - 1 ? r : undefined;
      });
      const shown = await waitFor('the site in view', () => (editor.visibleRanges.some((v) => v.contains(range.start)) ? true : undefined));
      assert.ok(shown);
    }
    // a preview opens beside the code and the pick stays open for the next one
    const item = pick.items[1];
    const preview = (await handle.preview(item)) as PerturbationDocument;
    assert.ok(preview.steps[0].accepted);
    const tab = await waitFor('the preview', () => previewTab());
    assert.ok(!/at line (\d+).*at line \1\b/.test(tab.label), `the title says the line once: ${tab.label}`);
    assert.match(tab.label, /^insert-variables.*\(preview\)/);
    await new Promise((r) => setTimeout(r, 500));
    assert.strictEqual(api.sitePick(), handle, 'the pick is still open after the preview');
    assert.strictEqual(editor.document.getText(), before, 'a preview changes nothing');
    // choosing the site now verifies and applies it
    pick.activeItems = [item];
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    const result = await applied;
    assert.ok(result && result.steps[0].accepted, 'the chosen site was applied');
    assert.strictEqual(result.steps[0].site?.line, (item as unknown as { ref: SiteRef }).ref.site.line);
    assert.strictEqual(editor.document.getText(), result.file);
    assert.strictEqual(api.sitePick(), undefined, 'the pick closed');
    assert.strictEqual(handle.highlighted(), undefined, 'and its highlight is gone');
  });
});
