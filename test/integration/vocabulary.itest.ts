import * as assert from 'assert';
import * as vscode from 'vscode';
import type { PerturbationDocument } from '../../src/core/engine';
import type { CodemorphApi } from '../../src/extension';
import { growthText } from '../../src/vscode/decorations/hover';
import { activeApi, clearHistories, closeAll, cursorAt, noticesDuring, openAt, useSettings } from './helpers';

const run = <T>(command: string, ...args: unknown[]) => vscode.commands.executeCommand(command, ...args) as Thenable<T>;

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** The similarity figures a text shows ("similarity 0.47"), as numbers. */
function figures(text: string): string[] {
  return [...text.matchAll(/similarity (?:\*\*)?(\d\.\d\d)/g)].map((m) => m[1]);
}

// Issue 29, item 4: one vocabulary (a step is a method tried, an iteration a unit of the budget),
// one similarity figure per state, and never an unexplained "ss".
describe('the words and numbers of the messages (in a real VS Code)', () => {
  let api: CodemorphApi;
  let restore: () => Promise<void>;

  before(async () => {
    api = await activeApi();
    restore = await useSettings({ verification: 'syntax', iterations: 6, seed: 1 });
  });

  after(async () => {
    await restore();
    await closeAll();
  });

  beforeEach(() => clearHistories(api));
  afterEach(() => closeAll());

  it('the result counts the steps and the iterations they took, as History numbers them; "ss" appears nowhere', async () => {
    const editor = await openAt('python/inventory.py', 'def restock_plan');
    const { result, notices } = await noticesDuring(api, () => run<PerturbationDocument>('codemorph.perturbFunction'));
    const steps = result.steps.filter((s) => s.method !== null);
    const kept = steps.filter((s) => s.accepted).length;
    const opening = steps.filter((s) => s.iteration === 0).length;
    const iterations = Math.max(...result.steps.map((s) => s.iteration));
    assert.ok(iterations <= 6, 'iterations never exceed the budget');
    const notice = notices.find((n) => n.message.includes('steps kept'))!;
    assert.strictEqual(
      notice.message,
      `restock_plan → ${result.entryPoint}: ${kept} of ${steps.length} steps kept (${plural(opening, 'opening rename')} + ${plural(iterations, 'iteration')}), similarity ${result.similarity.overall.toFixed(2)} to the original, ${growthText(result.growth)}.`,
    );
    cursorAt(editor, `def ${result.entryPoint}`);
    const items = await api.historyItems();
    const numbered = items.filter((i) => /^\d+\. /.test(i.label));
    assert.strictEqual(numbered.length, steps.length, 'History numbers exactly the steps');
    assert.strictEqual(numbered[numbered.length - 1].label.split('.')[0], String(steps.length));
    const [decoration] = await api.decorations(editor);
    // each kept step's similarity reads the same in History and in the hover's table
    const inHistory = numbered.filter((i) => i.contextValue === 'step.kept').map((i) => [i.label.split('.')[0], figures(i.description ?? '')[0]]);
    const inHover = decoration.hover
      .split('\n')
      .filter((l) => /^\| \d+ \|/.test(l))
      .map((l) => l.split('|').map((c) => c.trim()))
      .map((cells) => [cells[1], cells[4]]);
    assert.ok(inHistory.length > 0);
    assert.deepStrictEqual(inHover, inHistory);
    const shown = [notice.message, api.historyDescription() ?? '', ...items.map((i) => `${i.description} ${i.tooltip ?? ''}`), decoration.text, decoration.hover, ...api.ctx.recentLog.slice(-40)];
    for (const text of shown) assert.ok(!/\bss\b/.test(text), `no "ss" in ${text}`);
  });

  it('after Perturb selection, History, the inline text and the result show the function\'s one similarity figure', async () => {
    const editor = await openAt('python/inventory.py', 'def restock_plan');
    const first = await run<PerturbationDocument>('codemorph.perturbFunction');
    // select a few lines of the perturbed function's body
    const text = editor.document.getText();
    const start = text.indexOf(`def ${first.entryPoint}`);
    const from = editor.document.positionAt(start).line + 2;
    editor.selection = new vscode.Selection(from, 0, from + 6, 0);
    const { result, notices } = await noticesDuring(api, () => run<PerturbationDocument>('codemorph.perturbSelection'));
    assert.ok(result && result.steps.some((s) => s.accepted), 'the selection was perturbed');
    const notice = notices.find((n) => n.message.includes('steps kept'))!;
    cursorAt(editor, `def ${first.entryPoint}`);
    await api.historyItems();
    const [decoration] = await api.decorations(editor);
    const inline = figures(decoration.text)[0];
    const history = figures(api.historyDescription() ?? '')[0];
    const message = figures(notice.message)[0];
    assert.ok(inline, decoration.text);
    assert.deepStrictEqual({ history, message }, { history: inline, message: inline }, `${api.historyDescription()} / ${notice.message} / ${decoration.text}`);
  });
});
