import * as assert from 'assert';
import * as vscode from 'vscode';
import type { PerturbationDocument } from '../../src/core/engine';
import type { CodemorphApi } from '../../src/extension';
import type { HistoryStep } from '../../src/vscode/history/types';
import { activeApi, clearHistories, closeAll, noticesDuring, openAt, useSettings } from './helpers';

const run = <T>(command: string, ...args: unknown[]) => vscode.commands.executeCommand(command, ...args) as Thenable<T>;

// Issue 29, item 8: what happened is said where the user looks, not only in the Output channel.
describe('Feedback (in a real VS Code)', () => {
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

  it('Perturb file says in its progress which function a step is in, of how many, and how many iterations remain', async () => {
    const editor = await openAt('javascript/cart.js', 'function checkout');
    const functions = await api.ctx.outlines.of(editor.document);
    assert.ok(functions.length >= 6, `${functions.length} functions`);
    const mark = api.ctx.recentProgress.length;
    const result = await run<PerturbationDocument>('codemorph.perturbFile');
    assert.ok(result && result.steps.some((s) => s.accepted));
    const lines = api.ctx.recentProgress.slice(mark);
    assert.ok(lines.length >= result.steps.length - 1, lines.join('\n'));
    const located = lines.filter((l) => l.startsWith('in '));
    assert.ok(located.length > 0, `no line says where:\n${lines.join('\n')}`);
    for (const line of located) {
      const m = /^in ([\w.$]+) \(function (\d+) of (\d+)\) · step \d+ · /.exec(line);
      assert.ok(m, line);
      assert.ok(Number(m[2]) >= 1 && Number(m[2]) <= Number(m[3]), line);
      assert.ok(Math.abs(Number(m[3]) - functions.length) <= 1, `${line}: the file has ${functions.length} functions`);
    }
    const left = lines.map((line) => Number(/ · (\d+) iterations? left$/.exec(line)?.[1] ?? NaN));
    assert.ok(left.every((n, i) => n <= 6 && (i === 0 || n <= left[i - 1])), `the iterations left count down from the budget:\n${lines.join('\n')}`);
  });

  it('Undo last step says what it undid in a notification', async () => {
    await openAt('python/inventory.py', 'def restock_plan');
    const doc = await run<PerturbationDocument>('codemorph.perturbFunction');
    assert.ok(doc && doc.steps.some((s) => s.accepted));
    const editor = vscode.window.activeTextEditor!;
    const at = editor.document.getText().indexOf(`def ${doc.entryPoint}`);
    editor.selection = new vscode.Selection(editor.document.positionAt(at + 1), editor.document.positionAt(at + 1));
    const { result, notices } = await noticesDuring(api, () => run<HistoryStep>('codemorph.undoLastStep'));
    assert.ok(result);
    const said = notices.find((n) => n.message.startsWith('undid '));
    assert.ok(said, JSON.stringify(notices));
    assert.strictEqual(said.level, 'info');
    assert.ok(said.message.includes(result.step.method!), said.message);
  });
});

// Issue 29, item 10: the verification level, seed and iterations of one run, without Settings.
describe('Perturb function with options (in a real VS Code)', () => {
  let api: CodemorphApi;
  let restore: () => Promise<void>;

  before(async () => {
    api = await activeApi();
    restore = await useSettings({ verification: 'compile', iterations: 8, seed: 1 });
  });
  after(async () => {
    await restore();
    await closeAll();
  });
  beforeEach(() => clearHistories(api));
  afterEach(() => closeAll());

  it('runs with the options given instead of the settings, and leaves the settings as they were', async () => {
    await openAt('python/inventory.py', 'def restock_plan');
    const doc = await run<PerturbationDocument>('codemorph.perturbFunctionWithOptions', { options: { verification: 'syntax', seed: 7, iterations: 2 } });
    assert.ok(doc, 'a run');
    assert.strictEqual(doc.seed, 7);
    assert.strictEqual(doc.verification.level, 'syntax');
    assert.ok(Math.max(...doc.steps.map((s) => s.iteration)) <= 2, `at most 2 iterations: ${doc.steps.map((s) => s.iteration).join(',')}`);
    const config = vscode.workspace.getConfiguration('codemorph');
    assert.deepStrictEqual([config.get('verification'), config.get('iterations'), config.get('seed')], ['compile', 8, 1]);
    assert.ok(api.ctx.recentLog.some((l) => l.includes('options of this run: verification syntax, seed 7, 2 iterations')));
  });

  it('refuses options it cannot use with one line, and runs nothing', async () => {
    const editor = await openAt('python/inventory.py', 'def restock_plan');
    const before = editor.document.getText();
    const { result, notices } = await noticesDuring(api, () => run('codemorph.perturbFunctionWithOptions', { options: { iterations: 0 } }));
    assert.strictEqual(result, undefined);
    assert.ok(notices.some((n) => n.level === 'error' && /iterations: 1 to 200/.test(n.message)), JSON.stringify(notices));
    assert.strictEqual(editor.document.getText(), before);
  });
});
