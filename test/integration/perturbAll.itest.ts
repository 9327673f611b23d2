import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { readEntries } from '../../src/core/benchmark/entries';
import { recordSeed } from '../../src/core/dataset/common';
import type { CodemorphApi } from '../../src/extension';
import type { PerturbAllResult } from '../../src/vscode/perturbAll';
import { GO } from '../support/goSum';
import { activeApi, closeAll, noticesDuring, useSettings, workspaceFile } from './helpers';

const run = <T>(command: string, ...args: unknown[]) => vscode.commands.executeCommand(command, ...args) as Thenable<T>;

const ENTRIES = '.codemorph/batch-itest.jsonl';

const SHAPES = `def area(width, height):
    result = width * height
    return result


def perimeter(width, height):
    total = 2 * (width + height)
    return total


def diagonal(width, height):
    squares = width * width + height * height
    return squares ** 0.5
`;

const JAVA = `public class Counter {
    static int countAbove(int[] values, int limit) {
        int count = 0;
        for (int i = 0; i < values.length; i++) {
            if (values[i] > limit) {
                count = count + 1;
            }
        }
        return count;
    }

    public static void main(String[] args) {
        System.out.println(countAbove(new int[] {1, 5, 9}, 4));
    }
}
`;

function write(rel: string, text: string): vscode.Uri {
  const file = workspaceFile(rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return vscode.Uri.file(file);
}

describe('Perturb all functions (in a real VS Code)', () => {
  let api: CodemorphApi;
  let restore: () => Promise<void>;
  let entries: string;

  before(async () => {
    api = await activeApi();
    // the paper's profile: three-line functions have room to grow; compile-verified, short searches
    restore = await useSettings({ verification: 'compile', iterations: 3, seed: 1, profile: 'paper', entriesFile: ENTRIES });
    entries = workspaceFile(ENTRIES);
  });

  after(async () => {
    await restore();
    await closeAll();
  });

  beforeEach(() => fs.rmSync(entries, { force: true }));
  afterEach(() => closeAll());

  it('perturbs every function of a Python file into compile-verified entries with the options given, the open buffer untouched', async () => {
    const uri = write('batch/shapes.py', SHAPES);
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    const { result, notices } = await noticesDuring(api, () => run<PerturbAllResult>('codemorph.perturbAll', { uris: [uri.toString()], options: { seed: 9, iterations: 2 } }));
    assert.ok(result, 'the command returns its result');
    assert.strictEqual(result.total, 3);
    assert.strictEqual(result.stopped, false);
    assert.deepStrictEqual(result.failed.map((f) => f.reason), [], 'every function was perturbed');
    const saved = readEntries(entries).entries;
    assert.deepStrictEqual(saved.map((e) => e.source.function), ['area', 'perimeter', 'diagonal']);
    for (const entry of saved) {
      assert.strictEqual(entry.source.path, 'batch/shapes.py');
      // the options of this batch over the settings: each function's seed from the batch's, 2 iterations
      assert.strictEqual(entry.seed, recordSeed(9, `batch/shapes.py:${entry.source.function}`));
      assert.ok(entry.steps.every((s) => s.iteration <= 2), 'at most 2 iterations');
      assert.strictEqual(entry.verification.level, 'compile');
      assert.ok(entry.verification.compile, 'the compiler ran on the original');
      const kept = entry.steps.filter((s) => s.accepted);
      assert.ok(kept.length > 0 && kept.every((s) => s.verified.compile === true), `${entry.source.function}: every kept step compiled`);
    }
    assert.strictEqual(editor.document.getText(), SHAPES, 'the buffer is unchanged');
    assert.strictEqual(editor.document.isDirty, false);
    assert.strictEqual(fs.readFileSync(uri.fsPath, 'utf8'), SHAPES, 'the file is unchanged');
    assert.ok(api.ctx.recentProgress.some((p) => p === 'function 2 of 3: perimeter (batch/shapes.py:6)'), 'the progress names the function and counts');
    const done = notices[notices.length - 1];
    assert.match(done.message, /^perturbed 3 functions: 3 entries saved to \.codemorph\/batch-itest\.jsonl \(mean similarity 0\.\d\d to the original\)\.$/);
  });

  it('perturbs a folder from the Explorer (a Go and a Java file), skipping the files of other languages and saying why', async () => {
    write('batch/mixed/sum.go', GO);
    write('batch/mixed/Counter.java', JAVA);
    write('batch/mixed/notes.md', '# notes\n');
    const folder = vscode.Uri.file(workspaceFile('batch/mixed'));
    // the Explorer's context menu passes the clicked folder and the selection
    const { result, notices } = await noticesDuring(api, () => run<PerturbAllResult>('codemorph.perturbAll', folder, [folder]));
    assert.ok(result);
    assert.strictEqual(result.total, 4, 'countAbove, main, sum, main');
    assert.deepStrictEqual(result.skipped, [{ rel: 'batch/mixed/notes.md', reason: 'no supported language (.md)' }]);
    const saved = readEntries(entries).entries;
    assert.strictEqual(saved.length, result.saved.length);
    assert.deepStrictEqual([...new Set(saved.map((e) => e.language))].sort(), ['go', 'java']);
    assert.ok(saved.some((e) => e.source.function === 'sum') && saved.some((e) => e.source.function === 'countAbove'));
    for (const entry of saved) {
      assert.strictEqual(entry.verification.level, 'compile');
      assert.ok(entry.steps.filter((s) => s.accepted).every((s) => s.verified.compile === true));
    }
    assert.match(notices[notices.length - 1].message, /1 file skipped: 1 in no supported language \(\.md\)\.$/);
  });

  it('cancel after the first function: that function\'s entry stays, nothing else is written', async () => {
    const uri = write('batch/shapes.py', SHAPES);
    const cancel = new vscode.CancellationTokenSource();
    // this run's lines only: the earlier tests' are forgotten
    api.ctx.recentProgress.splice(0);
    // cancelled as the first function's progress line is reported, not when a poll sees it: a poll
    // on a busy machine came after all three small functions had finished
    const progress = api.ctx.recentProgress;
    const push = progress.push;
    progress.push = (...lines: string[]) => {
      if (lines.includes('function 1 of 3: area (batch/shapes.py:1)')) cancel.cancel();
      return push.apply(progress, lines);
    };
    let result: PerturbAllResult | undefined;
    try {
      result = await run<PerturbAllResult>('codemorph.perturbAll', { uris: [uri.toString()], cancel: cancel.token });
    } finally {
      progress.push = push;
    }
    assert.ok(result);
    assert.strictEqual(result.stopped, true);
    assert.strictEqual(result.done, 1, 'the function that was running finished');
    const saved = readEntries(entries);
    assert.deepStrictEqual(saved.problems, [], 'every line is a whole entry');
    assert.deepStrictEqual(saved.entries.map((e) => e.source.function), ['area']);
    assert.deepStrictEqual(result.saved.map((e) => e.id), saved.entries.map((e) => e.id));
    assert.deepStrictEqual(fs.readdirSync(path.dirname(entries)).filter((f) => f.startsWith('batch-itest')), ['batch-itest.jsonl'], 'no temporary file is left');
    assert.match(api.ctx.notices[api.ctx.notices.length - 1].message, /^stopped after 1 of 3 functions: 1 entry saved/);
  });

  it('perturbs the workspace: functions of several files into entries, the files of no supported language reported as skipped', async () => {
    // the test workspace: a copy of examples/, the project fixtures and these files; checked by
    // parsing with one iteration, the whole of it takes seconds
    write('batch/shapes.py', SHAPES);
    write('batch/mixed/Counter.java', JAVA);
    write('batch/mixed/notes.md', '# notes\n');
    const { result, notices } = await noticesDuring(api, () => run<PerturbAllResult>('codemorph.perturbAll', { workspace: true, options: { verification: 'syntax', iterations: 1, seed: 5 } }));
    assert.ok(result, 'the command returns its result');
    assert.strictEqual(result.stopped, false);
    assert.ok(result.total >= 20, `${result.total} functions planned in the workspace`);
    assert.strictEqual(result.done, result.total);
    const saved = readEntries(entries).entries;
    assert.strictEqual(saved.length, result.saved.length);
    const files = new Set(saved.map((e) => e.source.path));
    assert.ok(files.size >= 5, `entries from ${[...files].join(', ')}`);
    // the examples' files and the ones written here, each under its workspace path
    for (const file of ['python/inventory.py', 'go/ledger.go', 'rust/wordstats.rs', 'batch/shapes.py', 'batch/mixed/Counter.java']) {
      assert.ok(files.has(file), `an entry from ${file} (entries from ${[...files].join(', ')})`);
    }
    for (const entry of saved) {
      assert.ok(!path.isAbsolute(entry.source.path) && !entry.source.path.startsWith('..'), `${entry.source.path} is relative to the workspace`);
      assert.strictEqual(entry.verification.level, 'syntax');
    }
    // the workspace's README and the project fixtures' manifests are no source files
    for (const rel of ['README.md', 'batch/mixed/notes.md']) {
      assert.ok(result.skipped.some((s) => s.rel === rel && s.reason === 'no supported language (.md)'), `${rel} skipped: ${JSON.stringify(result.skipped)}`);
    }
    assert.ok(result.skipped.some((s) => s.rel.endsWith('.toml') && s.reason === 'no supported language (.toml)'), JSON.stringify(result.skipped));
    const forLanguage = result.skipped.filter((s) => s.reason.startsWith('no supported language'));
    assert.ok(forLanguage.every((s) => !/\.(py|go|java|js|ts|rs|c|cpp)$/.test(s.rel)), 'no source file is skipped for its language');
    assert.match(notices[notices.length - 1].message, /^perturbed \d+ functions: \d+ entries saved.*\d+ files skipped: \d+ in no supported language \([^)]*\.md[^)]*\)/);
  });
});
