import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { BenchmarkEntry, readEntries } from '../../src/core/benchmark/entries';
import type { BenchmarkOrigin } from '../../src/core/benchmark/origin';
import type { CodemorphApi } from '../../src/extension';
import type { EvaluateEntriesResult } from '../../src/vscode/evaluateEntries';
import type { PerturbProblemsResult } from '../../src/vscode/importBenchmark';
import { FakeOpenAI, Reply, SeenRequest } from '../support/fakeOpenAI';
import { activeApi, closeAll, noticesDuring, useSettings, workspaceFile } from './helpers';

const run = <T>(command: string, ...args: unknown[]) => vscode.commands.executeCommand(command, ...args) as Thenable<T>;

const ENTRIES = '.codemorph/import-itest.jsonl';

/** HumanEval records written for this test (never copied from the dataset); the third lacks its solution. */
const HUMANEVAL = [
  {
    task_id: 'HumanEval/1',
    prompt: '\n\ndef sum_of_squares(numbers: list) -> int:\n    """Return the sum of the squares of numbers.\n    >>> sum_of_squares([1, 2, 3])\n    14\n    """\n',
    canonical_solution: '    total = 0\n    for value in numbers:\n        total += value * value\n    return total\n',
    test: '\n\ndef check(candidate):\n    assert candidate([1, 2, 3]) == 14\n    assert candidate([]) == 0\n    assert candidate([-2, 5]) == 29\n',
    entry_point: 'sum_of_squares',
  },
  {
    task_id: 'HumanEval/2',
    prompt: '\n\ndef count_digits(text: str) -> int:\n    """Return how many characters of text are digits.\n    >>> count_digits("a1b22")\n    3\n    """\n',
    canonical_solution: '    count = 0\n    for ch in text:\n        if ch.isdigit():\n            count += 1\n    return count\n',
    test: '\n\ndef check(candidate):\n    assert candidate("a1b22") == 3\n    assert candidate("") == 0\n    assert candidate("xyz") == 0\n',
    entry_point: 'count_digits',
  },
  {
    task_id: 'HumanEval/3',
    prompt: '\n\ndef broken(x):\n',
    test: '\n\ndef check(candidate):\n    assert candidate(1) == 1\n',
    entry_point: 'broken',
  },
];

/** Runs a HumanEval record as its harness assembles it: prompt + completion + test + check(entry_point). */
function runHumanEval(rec: Record<string, unknown>): void {
  const program = `${rec.prompt}${rec.canonical_solution}\n${rec.test}\ncheck(${rec.entry_point})\n`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-itest-he-'));
  try {
    fs.writeFileSync(path.join(dir, 'main.py'), program);
    execFileSync('python3', ['main.py'], { cwd: dir, stdio: 'pipe', timeout: 30_000 });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function originOf(entry: BenchmarkEntry): BenchmarkOrigin {
  assert.ok(entry.benchmark, `${entry.id} keeps its benchmark record`);
  return entry.benchmark as BenchmarkOrigin;
}

/** The function a HumanEval record's prompt opens, with its solution: what a model that knows it would answer. */
function solution(rec: { prompt: string; canonical_solution: string }): string {
  return '```python\n' + rec.prompt.replace(/^\n+/, '') + rec.canonical_solution + '```';
}

describe('Import benchmark, Export entries as, Evaluate model on entries (in a real VS Code)', () => {
  let api: CodemorphApi;
  let restore: () => Promise<void>;
  let entriesPath: string;
  let benchmark: string;

  before(async () => {
    api = await activeApi();
    // the paper's profile: two-line solutions may grow past the editor's default budget
    restore = await useSettings({ iterations: 8, seed: 1, entriesFile: ENTRIES, profile: 'paper' });
    entriesPath = workspaceFile(ENTRIES);
    benchmark = workspaceFile('benchmarks/humaneval-itest.jsonl');
    fs.mkdirSync(path.dirname(benchmark), { recursive: true });
    fs.writeFileSync(benchmark, HUMANEVAL.map((r) => JSON.stringify(r)).join('\n') + '\n');
  });

  after(async () => {
    await restore();
    await closeAll();
    fs.rmSync(entriesPath, { force: true });
  });

  beforeEach(() => fs.rmSync(entriesPath, { force: true }));

  it('imports a HumanEval file: the view lists each problem, one opens as code, one is perturbed into an entry whose record its harness passes', async () => {
    const imported = await run<{ format: string; problems: number }>('codemorph.importBenchmark', { file: benchmark });
    assert.deepStrictEqual(imported, { format: 'humaneval', problems: 3 }, 'the format is detected from the fields (the record missing one aside)');
    const items = await api.benchmark();
    assert.deepStrictEqual(
      items.map((i) => [i.label, i.contextValue]),
      [
        ['HumanEval/1', 'benchmarkProblem'],
        ['HumanEval/2', 'benchmarkProblem'],
        ['HumanEval/3', 'benchmarkProblem.unreadable'],
      ],
    );
    assert.strictEqual(items[0].description, 'python · sum_of_squares');
    assert.match(items[2].description ?? '', /HumanEval\/3 has no canonical_solution/);

    // the problem's code: its prompt and solution, as a Python document
    const uri = await run<vscode.Uri>('codemorph.openProblem', items[0].command!.arguments![0]);
    const doc = vscode.window.activeTextEditor?.document;
    assert.ok(doc && uri && doc.uri.toString() === uri.toString(), 'the problem opened in an editor');
    assert.strictEqual(doc.getText(), HUMANEVAL[0].prompt + HUMANEVAL[0].canonical_solution);
    assert.strictEqual(doc.languageId, 'python');

    const result = await run<PerturbProblemsResult>('codemorph.perturbProblem', { taskId: 'HumanEval/1' });
    assert.ok(result, 'the command returned');
    assert.deepStrictEqual(result.failed, []);
    assert.strictEqual(result.saved.length, 1);
    const { entries } = readEntries(entriesPath);
    assert.strictEqual(entries.length, 1);
    const [entry] = entries;
    const origin = originOf(entry);
    assert.strictEqual(origin.format, 'humaneval');
    assert.strictEqual(origin.task_id, 'HumanEval/1');
    assert.strictEqual(entry.original, HUMANEVAL[0].prompt + HUMANEVAL[0].canonical_solution);
    assert.notStrictEqual(entry.perturbed, entry.original);
    // the record's fields follow the perturbed code: its entry point, its prompt and solution
    const rec = origin.record as Record<string, string>;
    assert.strictEqual(rec.entry_point, entry.entryPoint.new);
    assert.strictEqual(rec.prompt + rec.canonical_solution, entry.perturbed);
    assert.strictEqual(rec.test, HUMANEVAL[0].test, 'the test calls check(candidate): nothing in it names the function');
    // every step was verified by the record's own tests, really run
    assert.strictEqual(entry.verification.level, 'test');
    assert.ok(entry.steps.filter((s) => s.accepted).every((s) => s.verified.test === true), JSON.stringify(entry.steps.map((s) => s.verified)));
    runHumanEval(rec);
    // the entries view lists it
    const listed = await api.entries();
    assert.ok(listed.some((i) => i.contextValue === 'entry.perturbed'));
  });

  it('asks for the format when the fields tell none (Escape imports nothing)', async () => {
    const odd = workspaceFile('benchmarks/odd-itest.jsonl');
    fs.writeFileSync(odd, `${JSON.stringify({ id: 1, source: 'def f(x):\n    return x\n' })}\n`);
    let settled = false;
    const pending = Promise.resolve(run('codemorph.importBenchmark', { file: odd })).finally(() => (settled = true));
    // the quick pick of formats is open until closed: nothing else ends the command
    for (let i = 0; i < 100 && !settled; i++) {
      await new Promise((r) => setTimeout(r, 200));
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    }
    assert.strictEqual(await pending, undefined);
    const items = await api.benchmark();
    assert.ok(!items.some((i) => i.label === 'line 1'), 'nothing of the odd file was listed');
  });

  it('perturbs all problems with progress (the unreadable one reported), exports them as HumanEval, CodeMorph and MBPP (converted) records, and says what CRUXEval cannot hold', async () => {
    await run('codemorph.importBenchmark', { file: benchmark, format: 'humaneval' });
    const progressBefore = api.ctx.recentProgress.length;
    const { result, notices } = await noticesDuring(api, () => run<PerturbProblemsResult>('codemorph.perturbAllProblems'));
    assert.ok(result);
    assert.deepStrictEqual(result.saved.map((e) => originOf(e).task_id), ['HumanEval/1', 'HumanEval/2']);
    assert.deepStrictEqual(result.failed.map((f) => f.taskId), ['HumanEval/3']);
    assert.deepStrictEqual(api.ctx.recentProgress.slice(progressBefore), ['1/3: HumanEval/1', '2/3: HumanEval/2', '3/3: HumanEval/3']);
    // one line with a count: each failure is in the Output channel
    assert.match(notices[notices.length - 1].message, /^saved 2 of 3 problems of benchmarks\/humaneval-itest\.jsonl to .*; 1 not perturbed \(see Output\)\.$/);
    // with codemorph.seed set, a second run makes the same entries: none is saved twice
    const again = await run<PerturbProblemsResult>('codemorph.perturbAllProblems');
    assert.deepStrictEqual(again.saved, []);
    assert.deepStrictEqual(again.alreadySaved.map((e) => e.id), result.saved.map((e) => e.id));
    assert.strictEqual(readEntries(entriesPath).entries.length, 2);

    const target = workspaceFile('.codemorph/export-humaneval.jsonl');
    const exported = await run<{ target: string; count: number; skipped: unknown[] }>('codemorph.exportEntriesAs', { format: 'humaneval', target });
    assert.deepStrictEqual({ count: exported.count, skipped: exported.skipped }, { count: 2, skipped: [] });
    const records = fs.readFileSync(target, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.deepStrictEqual(records.map((r) => r.task_id), ['HumanEval/1', 'HumanEval/2']);
    const { entries } = readEntries(entriesPath);
    records.forEach((rec, i) => {
      // the published fields only, plus what CodeMorph did, and consistent with the perturbed code
      assert.deepStrictEqual(Object.keys(rec).sort(), ['canonical_solution', 'codemorph', 'entry_point', 'prompt', 'task_id', 'test']);
      assert.strictEqual(`${rec.prompt}${rec.canonical_solution}`, entries[i].perturbed);
      assert.strictEqual(rec.entry_point, entries[i].entryPoint.new);
      assert.match(String(rec.prompt), new RegExp(`def ${rec.entry_point}\\(`));
      runHumanEval(rec);
    });

    const asCodemorph = workspaceFile('.codemorph/export-codemorph.jsonl');
    const mine = await run<{ count: number }>('codemorph.exportEntriesAs', { format: 'codemorph', target: asCodemorph });
    assert.strictEqual(mine.count, 2);
    const first = JSON.parse(fs.readFileSync(asCodemorph, 'utf8').split('\n')[0]) as Record<string, unknown>;
    assert.strictEqual(first.task_id, 'HumanEval/1');
    assert.strictEqual(first.perturbed_code, entries[0].perturbed);
    assert.strictEqual(first.code, entries[0].original);
    assert.strictEqual(first.test, HUMANEVAL[0].test);

    const asMbpp = workspaceFile('.codemorph/export-mbpp.jsonl');
    // Python entries convert (issue 31 item 6): MBPP's harness runs the setup (HumanEval's check), the code and check(entry)
    const asMbppResult = await run<{ count: number; skipped: { id: string; reason: string }[] }>('codemorph.exportEntriesAs', { format: 'mbpp', target: asMbpp });
    assert.deepStrictEqual({ count: asMbppResult.count, skipped: asMbppResult.skipped }, { count: 2, skipped: [] });
    fs.readFileSync(asMbpp, 'utf8').trimEnd().split('\n').forEach((line, i) => {
      const rec = JSON.parse(line) as { code: string; test_list: string[]; test_setup_code: string };
      assert.deepStrictEqual(rec.test_list, [`check(${entries[i].entryPoint.new})`]);
      runHumanEval({ prompt: rec.code, canonical_solution: '', test: rec.test_setup_code, entry_point: entries[i].entryPoint.new });
    });

    const asCrux = workspaceFile('.codemorph/export-cruxeval.jsonl');
    const none = await run<{ count: number; skipped: { id: string; reason: string }[] }>('codemorph.exportEntriesAs', { format: 'cruxeval', target: asCrux });
    assert.strictEqual(none.count, 0);
    assert.match(none.skipped[0].reason, /^perturbed from a humaneval record: a CRUXEval record is an input\/output pair of f/);
    assert.ok(!fs.existsSync(asCrux), 'nothing is written when no entry fits the format');
  });

  describe('Evaluate model on entries, against a loopback OpenAI-compatible server', () => {
    const server = new FakeOpenAI();
    const llm = () => vscode.workspace.getConfiguration('codemorph.llm');
    let entries: BenchmarkEntry[];

    /** Which record and side a request asks about: the prompt shows the function by its name on that side. */
    function asked(req: SeenRequest): { rec: (typeof HUMANEVAL)[number]; entry: BenchmarkEntry; side: 'original' | 'perturbed' } {
      const text = req.body.messages[req.body.messages.length - 1].content;
      for (const entry of entries) {
        const rec = HUMANEVAL.find((r) => r.task_id === originOf(entry).task_id)!;
        if (text.includes(`def ${entry.entryPoint.new}(`)) return { rec, entry, side: 'perturbed' };
        if (text.includes(`def ${entry.entryPoint.original}(`)) return { rec, entry, side: 'original' };
      }
      throw new Error(`a prompt about no entry: ${text}`);
    }

    /** A contaminated model: it answers every problem with the solution it memorised, under the original name. */
    const contaminated = (req: SeenRequest): Reply => ({ content: solution(asked(req).rec as { prompt: string; canonical_solution: string }) });
    /** A robust model: it answers each side with that side's own function. */
    const robust = (req: SeenRequest): Reply => {
      const { entry, side } = asked(req);
      return { content: '```python\n' + (side === 'original' ? entry.original : entry.perturbed).replace(/^\n+/, '') + '```' };
    };

    before(async () => {
      const baseUrl = await server.start();
      await api.ctx.extension.secrets.store('codemorph.apiKey', 'sk-evaluate-test');
      await llm().update('baseUrl', baseUrl, vscode.ConfigurationTarget.Global);
      fs.rmSync(workspaceFile('.codemorph/evaluation'), { recursive: true, force: true });
    });

    beforeEach(async () => {
      await run('codemorph.importBenchmark', { file: benchmark, format: 'humaneval' });
      await run('codemorph.perturbAllProblems');
      entries = readEntries(entriesPath).entries;
      assert.strictEqual(entries.length, 2);
      for (const e of entries) assert.notStrictEqual(e.entryPoint.new, e.entryPoint.original, `${e.id}: the perturbation renamed the function (the contaminated model's answer then fails)`);
    });

    after(async () => {
      await llm().update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
      await llm().update('model', undefined, vscode.ConfigurationTarget.Global);
      await llm().update('provider', undefined, vscode.ConfigurationTarget.Global);
      await server.stop();
    });

    it('a contaminated model drops on the perturbed side, a robust one does not; answers really run; the report links each item to its diff; a re-run sends no request', async () => {
      await llm().update('model', 'contaminated-model', vscode.ConfigurationTarget.Global);
      server.reset();
      server.respond(contaminated);
      const bad = await run<EvaluateEntriesResult>('codemorph.evaluateEntries', { task: 'generation' });
      assert.ok(bad, 'the command returned a report');
      assert.strictEqual(server.requests.length, 4, 'one request per side of each entry');
      assert.ok(server.requests.every((r) => r.authorization === 'Bearer sk-evaluate-test' && r.body.model === 'contaminated-model'));
      assert.strictEqual(bad.report.items, 2);
      assert.strictEqual(bad.report.original.pass_at_1, 1);
      assert.strictEqual(bad.report.perturbed.pass_at_1, 0);
      assert.strictEqual(bad.report.drop.absolute, 1);
      // the answers were executed: the memorised function is not what the renamed test calls
      for (const item of bad.report.per_item) assert.match(item.perturbed.reason ?? '', /NameError|not defined/, JSON.stringify(item));
      // each item links to the existing entry diff command
      for (const e of entries) assert.ok(bad.html.includes(`command:codemorph.openEntry?${encodeURIComponent(JSON.stringify([{ id: e.id }]))}`), `${e.id} links to its diff`);
      assert.ok(fs.readFileSync(bad.markdown, 'utf8').startsWith('# contaminated-model on 2 items: generation'));
      const diff = await run<{ original: string; perturbed: string }>('codemorph.openEntry', { id: entries[0].id });
      assert.deepStrictEqual(diff, { original: entries[0].original, perturbed: entries[0].perturbed });

      await llm().update('model', 'robust-model', vscode.ConfigurationTarget.Global);
      server.reset();
      server.respond(robust);
      const good = await run<EvaluateEntriesResult>('codemorph.evaluateEntries', { task: 'generation' });
      assert.ok(good);
      assert.strictEqual(good.report.original.pass_at_1, 1);
      assert.strictEqual(good.report.perturbed.pass_at_1, 1);
      assert.strictEqual(good.report.drop.absolute, 0);

      // the answers are cached by model and prompt: evaluating again asks nothing
      server.reset();
      const again = await run<EvaluateEntriesResult>('codemorph.evaluateEntries', { task: 'generation' });
      assert.ok(again);
      assert.strictEqual(server.requests.length, 0);
      assert.strictEqual(again.report.perturbed.pass_at_1, 1);
    });

    it('the provider setting chooses the model: vscode.lm (code-server offers no language model, so it says so) or the OpenAI-compatible endpoint', async () => {
      // code-server has no chat model extension: vscode.lm.selectChatModels finds nothing here, so
      // the vscode-lm choice is checked by its message and the evaluation itself against the endpoint
      await llm().update('provider', 'vscode-lm', vscode.ConfigurationTarget.Global);
      server.reset();
      const { result, notices } = await noticesDuring(api, () => run<EvaluateEntriesResult>('codemorph.evaluateEntries', { task: 'generation' }));
      assert.strictEqual(result, undefined);
      assert.strictEqual(server.requests.length, 0, 'nothing was sent to the endpoint');
      assert.match(notices[notices.length - 1].message, /no language model "[^"]*" is available in VS Code/);

      await llm().update('provider', 'openai-compatible', vscode.ConfigurationTarget.Global);
      await llm().update('model', 'provider-choice-model', vscode.ConfigurationTarget.Global);
      server.respond(robust);
      const report = await run<EvaluateEntriesResult>('codemorph.evaluateEntries', { task: 'generation' });
      assert.ok(report);
      assert.strictEqual(server.requests.length, 4);
      assert.strictEqual(report.report.model, 'provider-choice-model');

      // completion tasks are made from the perturbed entries, as codemorph evaluate makes them
      server.reset();
      server.respond(() => ({ content: '```python\n    pass\n```' }));
      const completion = await run<EvaluateEntriesResult>('codemorph.evaluateEntries', { task: 'completion' });
      assert.ok(completion, 'a report');
      assert.ok(server.requests.length > 0, 'the model was asked');
      assert.ok(completion.report.per_item.length > 0 && completion.report.per_item.every((i) => /#\d+-line$/.test(i.id)), JSON.stringify(completion.report.per_item.map((i) => i.id)));
    });

    it('a refused key keeps the answers judged so far, says so in one line with no CLI flag, and the next run continues from them', async () => {
      await llm().update('provider', 'openai-compatible', vscode.ConfigurationTarget.Global);
      await llm().update('model', 'stopping-model', vscode.ConfigurationTarget.Global);
      server.reset();
      // the refusal comes late, once the first answers are judged
      server.respond((req, index) => (index < 2 ? robust(req) : { status: 401, body: '{"error":{"message":"invalid api key"}}', delayMs: 5000 }));
      const stopped = await noticesDuring(api, () => run<EvaluateEntriesResult>('codemorph.evaluateEntries', { task: 'generation' }));
      assert.strictEqual(stopped.result, undefined);
      const message = stopped.notices[stopped.notices.length - 1].message;
      assert.match(message, /judged so far (is|are) kept, and running Evaluate model on entries again continues from them/);
      assert.doesNotMatch(message, /--\w/);
      assert.ok(!message.includes('\n'), message);
      const results = workspaceFile('.codemorph/evaluation/stopping-model-generation.results.jsonl');
      const kept = fs.readFileSync(results, 'utf8').trim().split('\n').length - 1;
      assert.ok(kept >= 1, `${kept} answers kept`);

      server.reset();
      server.respond(robust);
      const resumed = await run<EvaluateEntriesResult>('codemorph.evaluateEntries', { task: 'generation' });
      assert.ok(resumed, 'a report');
      assert.strictEqual(server.requests.length, 4 - kept, 'only the answers not kept are asked');
      assert.strictEqual(resumed.report.items, 2);
      assert.ok(!fs.existsSync(results), 'the report holds the run: its results file is gone');
    });
  });
});
