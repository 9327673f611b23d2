import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { evaluateItems, EvaluateOptions } from '../../src/core/evaluate/evaluateItems';
import { Pace } from '../../src/core/evaluate/pace';
import { EvaluationStopped } from '../../src/core/evaluate/run';
import { Limiter } from '../../src/core/llm/limiter';
import { OpenAiCompatibleProvider } from '../../src/core/llm/openaiProvider';
import { cli } from '../support/cli';
import { FakeOpenAI } from '../support/fakeOpenAI';
import { fixture, loader } from '../support/harness';

/**
 * evaluateItems, the one evaluation the CLI and the editor both run: a real loopback
 * OpenAI-compatible server plays the model, every answer is really run, the files are real.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-evaluate-items-'));

function fenced(body: string): string {
  return `\`\`\`python\n${body}\n\`\`\`\n`;
}

describe('evaluateItems', function () {
  this.timeout(600_000);
  const server = new FakeOpenAI();
  let url = '';
  before(async () => {
    url = await server.start();
  });
  after(async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function options(input: string, resultsFile: string, extra: Partial<EvaluateOptions> = {}): EvaluateOptions {
    const settings = { task: 'generation' as const, model: 'm', n: 1, temperature: 0, maxTokens: null, cot: false };
    return {
      loader,
      input,
      ks: [1],
      seed: 0,
      prices: {},
      settings,
      provider: new OpenAiCompatibleProvider({ baseUrl: url, apiKey: 'sk-evaluate-items-key', model: 'm', timeoutMs: 30_000, maxRetries: 0, limiter: new Limiter(1) }),
      pace: new Pace(undefined),
      concurrency: 1,
      execution: { timeoutMs: 30_000, memoryMb: 2048, toolchains: {} },
      resultsFile,
      resume: false,
      ...extra,
    };
  }

  it('completion on an entries file: tasks are made from the perturbed entries, none is skipped as "not a completion task"', async () => {
    const work = path.join(dir, 'completion');
    fs.mkdirSync(work);
    fs.writeFileSync(
      path.join(work, 'stats.py'),
      'def summarize(values, limit):\n    total = 0\n    count = 0\n    for value in values:\n        if value > limit:\n            total += value\n            count += 1\n    average = total / count if count else 0\n    return average\n',
    );
    const made = cli(['perturb', 'stats.py', '--function', 'summarize', '--verify', 'syntax', '--seed', '3', '--save', '--entries', 'entries.jsonl', '--quiet'], { cwd: work });
    assert.strictEqual(made.code, 0, made.stderr);
    server.reset();
    server.respond(() => ({ content: fenced('    pass') }));
    const base = options(path.join(work, 'entries.jsonl'), path.join(work, 'results.jsonl'));
    const evaluation = await evaluateItems({ ...base, settings: { ...base.settings, task: 'completion' } });
    assert.ok(evaluation.items.length >= 1, 'completion tasks were made');
    assert.ok(evaluation.items.every((i) => i.kind === 'completion' && /#\d+-line$/.test(i.id)), evaluation.items.map((i) => i.id).join());
    assert.ok(!evaluation.skipped.some((s) => /not a completion task|masked lines/.test(s.reason)), JSON.stringify(evaluation.skipped));
    assert.strictEqual(evaluation.report.items, evaluation.items.length);
    assert.strictEqual(server.requests.length, 2 * evaluation.items.length);
  });

  it('a run the endpoint stops keeps its answers in the results file, says nothing of CLI flags, and the next run continues from them', async () => {
    const input = fixture('evaluate/paired.jsonl');
    const items = fs.readFileSync(input, 'utf8').split('\n').filter(Boolean).length;
    const results = path.join(dir, 'stopped.results.jsonl');
    server.reset();
    // three answers, then the key is refused
    server.script(...[1, 2, 3].map(() => ({ content: fenced('def f(x):\n    return x') })));
    server.respond(() => ({ status: 401, body: '{"error":{"message":"invalid api key"}}' }));
    const stopped = await evaluateItems(options(input, results)).then(
      () => assert.fail('the run should stop'),
      (e: unknown) => e,
    );
    assert.ok(stopped instanceof EvaluationStopped, String(stopped));
    assert.ok(stopped.kept >= 1, `kept ${stopped.kept}`);
    assert.strictEqual(stopped.resultsFile, results);
    assert.doesNotMatch(stopped.message, /--\w/);
    const kept = fs.readFileSync(results, 'utf8').trim().split('\n').length - 1;
    assert.strictEqual(kept, stopped.kept);

    server.reset();
    server.respond(() => ({ content: fenced('def f(x):\n    return x') }));
    const again = await evaluateItems(options(input, results, { resume: true }));
    assert.strictEqual(server.requests.length, 2 * items - kept, 'only the answers not kept are asked');
    assert.strictEqual(again.report.items, items);
    assert.strictEqual(again.outcome.results.length, 2 * items);
  });

  it('a cancel stops the run as cancelled, writes no answer after it, and keeps those before', async () => {
    const input = fixture('evaluate/paired.jsonl');
    const results = path.join(dir, 'cancelled.results.jsonl');
    const abort = new AbortController();
    server.reset();
    server.respond(() => ({ content: fenced('def f(x):\n    return x'), delayMs: 200 }));
    let judged = 0;
    const stopped = await evaluateItems({
      ...options(input, results),
      signal: abort.signal,
      onProgress: (p) => {
        judged = p.done;
        if (p.done === 2) abort.abort();
      },
    }).then(
      () => assert.fail('the run should stop'),
      (e: unknown) => e,
    );
    assert.ok(stopped instanceof EvaluationStopped, String(stopped));
    assert.strictEqual(stopped.kind, 'cancelled');
    assert.strictEqual(judged, 2);
    assert.strictEqual(fs.readFileSync(results, 'utf8').trim().split('\n').length - 1, 2);
  });

  it('a cancel while answers run kills them and writes none of them as judged', async () => {
    const input = fixture('evaluate/paired.jsonl');
    const results = path.join(dir, 'cancelled-running.results.jsonl');
    const abort = new AbortController();
    server.reset();
    // every answer runs long: the cancel comes while the first ones run
    server.respond(() => ({ content: fenced('def f(x):\n    import time\n    time.sleep(60)\n    return x') }));
    const evaluating = evaluateItems({ ...options(input, results), signal: abort.signal });
    await server.seen(2);
    await new Promise((r) => setTimeout(r, 1500));
    abort.abort();
    const stopped = await evaluating.then(
      () => assert.fail('the run should stop'),
      (e: unknown) => e,
    );
    assert.ok(stopped instanceof EvaluationStopped, String(stopped));
    assert.strictEqual(stopped.kind, 'cancelled');
    assert.strictEqual(stopped.kept, 0);
    assert.strictEqual(fs.readFileSync(results, 'utf8').trim().split('\n').length, 1, 'the settings line only: no killed answer is written as failing');
  });
});
