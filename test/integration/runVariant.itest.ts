import * as assert from 'assert';
import * as vscode from 'vscode';
import type { PerturbationDocument } from '../../src/core/engine';
import type { CodemorphApi } from '../../src/extension';
import type { RunVariantResult } from '../../src/vscode/runVariant';
import { activeApi, clearHistories, closeAll, cursorAt, noticesDuring, openAt, useSettings } from './helpers';

const run = <T>(command: string, ...args: unknown[]) => vscode.commands.executeCommand(command, ...args) as Thenable<T>;

describe('Run variant (in a real VS Code)', () => {
  let api: CodemorphApi;
  let restore: () => Promise<void>;

  before(async () => {
    api = await activeApi();
    restore = await useSettings({ verification: 'compile', iterations: 4, seed: 1 });
  });

  after(async () => {
    await restore();
    await closeAll();
  });

  beforeEach(() => clearHistories(api));
  afterEach(() => closeAll());

  it('runs the Python example\'s program on the variant and on the original: both pass, with their output', async () => {
    const editor = await openAt('python/inventory.py', 'def restock_plan');
    const doc = await run<PerturbationDocument>('codemorph.perturbFunction');
    assert.ok(doc && doc.steps.some((s) => s.accepted), 'the function was perturbed');
    cursorAt(editor, `def ${doc.entryPoint}`);
    const variantText = editor.document.getText();
    const { result, notices } = await noticesDuring(api, () => run<RunVariantResult>('codemorph.runVariant'));
    assert.ok(result, 'the command returns both outcomes');
    for (const [which, outcome] of Object.entries(result)) {
      assert.strictEqual(outcome.passed, true, `${which}: ${outcome.summary}\n${outcome.output}`);
      assert.strictEqual(outcome.ran, 'program');
      assert.strictEqual(outcome.summary, 'the program exited with 0');
      assert.match(outcome.output, /all checks passed/);
    }
    assert.ok(api.ctx.recentLog.includes('  original: PASS: the program exited with 0'));
    assert.ok(api.ctx.recentLog.includes('  variant: PASS: the program exited with 0'));
    assert.ok(api.ctx.recentLog.some((l) => l === '     | all checks passed'), 'the program\'s output is in the CodeMorph output');
    assert.strictEqual(notices[notices.length - 1].message, `${doc.entryPoint}: the variant passes (the program exited with 0), as the original does.`);
    assert.strictEqual(editor.document.getText(), variantText, 'running changes nothing in the buffer');
  });

  it('shows a variant that fails beside an original that passes', async () => {
    const editor = await openAt('python/inventory.py', 'def order_quantity');
    const doc = await run<PerturbationDocument>('codemorph.perturbFunction');
    assert.ok(doc && doc.steps.some((s) => s.accepted));
    // the user breaks the variant by hand: it must be the variant that fails, not the original
    const text = editor.document.getText();
    const at = text.indexOf(`def ${doc.entryPoint}(`);
    const bodyLine = editor.document.positionAt(text.indexOf('\n', at) + 1);
    await editor.edit((b) => b.insert(bodyLine, '    raise SystemExit(5)\n'));
    cursorAt(editor, `def ${doc.entryPoint}`);
    const { result, notices } = await noticesDuring(api, () => run<RunVariantResult>('codemorph.runVariant'));
    assert.ok(result);
    assert.strictEqual(result.original.passed, true, result.original.summary);
    assert.strictEqual(result.variant.passed, false);
    assert.strictEqual(result.variant.summary, 'the program exited with 5');
    const last = notices[notices.length - 1];
    assert.strictEqual(last.level, 'warning');
    assert.match(last.message, /the variant fails \(the program exited with 5\), while the original passes/);
  });
});
