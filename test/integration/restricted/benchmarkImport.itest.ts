import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { readEntries } from '../../../src/core/benchmark/entries';
import type { CodemorphApi } from '../../../src/extension';
import type { PerturbProblemsResult } from '../../../src/vscode/importBenchmark';
import { activeApi, closeAll, noticesDuring, useSettings, workspaceFile } from '../helpers';

const run = <T>(command: string, ...args: unknown[]) => vscode.commands.executeCommand(command, ...args) as Thenable<T>;

const ENTRIES = '.codemorph/restricted-import.jsonl';

/** A HumanEval record written for this test. */
const RECORD = {
  task_id: 'HumanEval/7',
  prompt: '\n\ndef count_evens(values: list) -> int:\n    """Return how many of values are even.\n    >>> count_evens([1, 2, 4])\n    2\n    """\n',
  canonical_solution: '    count = 0\n    for value in values:\n        if value % 2 == 0:\n            count += 1\n    return count\n',
  test: '\n\ndef check(candidate):\n    assert candidate([1, 2, 4]) == 2\n    assert candidate([]) == 0\n',
  entry_point: 'count_evens',
};

// Restricted Mode for real (the runner never grants trust): a benchmark's tests and a model's
// answers are code, so neither runs here.
describe('Import benchmark and Evaluate model on entries in Restricted Mode (in a real VS Code)', () => {
  let api: CodemorphApi;
  let restore: () => Promise<void>;

  before(async () => {
    api = await activeApi();
    restore = await useSettings({ iterations: 6, seed: 1, entriesFile: ENTRIES, profile: 'paper' });
  });

  after(async () => {
    await restore();
    await closeAll();
    fs.rmSync(workspaceFile(ENTRIES), { force: true });
  });

  it('perturbs an imported problem checked by parsing only, and refuses to evaluate a model (its answers would run)', async () => {
    const file = workspaceFile('benchmarks/restricted.jsonl');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(RECORD)}\n`);
    assert.deepStrictEqual(await run('codemorph.importBenchmark', { file }), { format: 'humaneval', problems: 1 });
    const result = await run<PerturbProblemsResult>('codemorph.perturbProblem', { taskId: 'HumanEval/7' });
    assert.ok(result && result.saved.length === 1, JSON.stringify(result?.failed));
    const [entry] = readEntries(workspaceFile(ENTRIES)).entries;
    assert.strictEqual(entry.verification.level, 'syntax');
    assert.ok(entry.steps.every((s) => s.verified.compile === null && s.verified.test === null), 'the record\'s tests never ran');

    const { result: evaluated, notices } = await noticesDuring(api, () => run('codemorph.evaluateEntries', { task: 'generation' }));
    assert.strictEqual(evaluated, undefined);
    assert.match(notices[notices.length - 1].message, /^Evaluate model on entries runs the model's answers, so it needs a trusted workspace\. Restricted Mode/);
  });
});
