import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { PerturbationDocument } from '../../src/core/engine';
import type { CodemorphApi } from '../../src/extension';
import { BUNDLED_EXAMPLES } from '../../src/vscode/examples';
import { activeApi, clearHistories, closeAll, focusOutput, noticesDuring, openAt, useSettings, waitFor } from './helpers';

const run = <T>(command: string, ...args: unknown[]) => vscode.commands.executeCommand(command, ...args) as Thenable<T>;

interface Step {
  id: string;
  description: string;
  completionEvents: string[];
}

function steps(): Step[] {
  const ext = vscode.extensions.all.find((e) => e.packageJSON.name === 'codemorph')!;
  return ext.packageJSON.contributes.walkthroughs[0].steps;
}

// Issue 29, item 3: every button of the walkthrough does its step from the walkthrough, and a
// step is marked done only once it happened.
describe('the walkthrough (in a real VS Code)', () => {
  let api: CodemorphApi;
  let restore: () => Promise<void>;

  before(async () => {
    api = await activeApi();
    restore = await useSettings({ verification: 'syntax', iterations: 4, seed: 1, entriesFile: '.codemorph/walkthrough-entries.jsonl' });
  });

  after(async () => {
    await restore();
    await closeAll();
  });

  beforeEach(() => clearHistories(api));
  afterEach(() => closeAll());

  it('its buttons run CodeMorph\'s own commands, and its steps complete on context keys, not on clicks', async () => {
    const registered = new Set(await vscode.commands.getCommands(true));
    for (const step of steps()) {
      const commands = [...step.description.matchAll(/\(command:([\w.]+)/g)].map((m) => m[1]);
      assert.ok(commands.length >= 1, step.id);
      for (const command of commands) assert.ok(registered.has(command), `${command} is registered`);
      assert.ok(!commands.includes('workbench.action.files.openFile'), 'no generic Open File box');
      assert.deepStrictEqual(step.completionEvents, [`onContext:codemorph.walkthrough.${{ perturb: 'perturbed', inspect: 'inspected', save: 'saved' }[step.id]}`]);
    }
  });

  it('"Open an Example" opens a copy of the bundled example in the language asked, at its function', async () => {
    const opened = await run<{ uri: string; offset: number; language: string }>('codemorph.openExample', { language: 'go' });
    const editor = vscode.window.activeTextEditor!;
    assert.strictEqual(editor.document.uri.toString(), opened.uri);
    assert.ok(!editor.document.uri.fsPath.startsWith(api.ctx.extension.extensionPath), 'a copy, not the extension\'s own file');
    const shipped = fs.readFileSync(path.join(api.ctx.extension.extensionPath, 'examples', BUNDLED_EXAMPLES.go.file), 'utf8');
    assert.strictEqual(editor.document.getText(), shipped);
    const line = editor.document.lineAt(editor.selection.active.line).text;
    assert.ok(line.startsWith('func postTransactions('), line);
  });

  it('"Perturb Function" with no editor open perturbs the example in the workspace\'s language; the step is then done', async () => {
    await closeAll();
    const result = await run<PerturbationDocument>('codemorph.walkthroughPerturb');
    assert.ok(result && result.steps.some((s) => s.accepted), 'the example was perturbed');
    const editor = vscode.window.activeTextEditor!;
    assert.strictEqual(editor.document.getText(), result.file);
    const example = Object.values(BUNDLED_EXAMPLES).find((e) => editor.document.uri.fsPath.endsWith(e.file.split('/').join(path.sep)));
    assert.ok(example, `${editor.document.uri.fsPath} is an example`);
    assert.strictEqual(result.function, example.fn);
    assert.ok(api.walkthroughDone().includes('perturbed'));
  });

  it('"Perturb Function" while the Output panel is active perturbs the function of the code editor', async () => {
    const editor = await openAt('python/inventory.py', 'def restock_plan');
    await focusOutput(api);
    const { result, notices } = await noticesDuring(api, () => run<PerturbationDocument>('codemorph.walkthroughPerturb'));
    assert.ok(!notices.some((n) => /not supported/.test(n.message)), notices.map((n) => n.message).join('; '));
    assert.strictEqual(result?.function, 'restock_plan');
    assert.strictEqual(editor.document.getText(), result.file, 'the workspace\'s file was perturbed, not an example');
  });

  it('"Show a Step" shows the diff of a kept step; "Save as Benchmark Entry" saves the entry; each step is then done', async () => {
    await openAt('python/inventory.py', 'def restock_plan');
    await run<PerturbationDocument>('codemorph.perturbFunction');
    const shown = await run<{ before: string; after: string }>('codemorph.walkthroughInspect');
    assert.ok(shown && shown.before !== shown.after);
    await waitFor('the step diff', () => {
      const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      return input instanceof vscode.TabInputTextDiff ? input : undefined;
    });
    assert.ok(api.walkthroughDone().includes('inspected'));
    const entry = await run<{ id: string; source?: { function?: string } }>('codemorph.walkthroughSave');
    assert.ok(entry?.id);
    assert.strictEqual(entry.source?.function, 'restock_plan');
    assert.ok(api.walkthroughDone().includes('saved'));
  });
});
