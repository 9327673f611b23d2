import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runRecord } from '../../src/core/benchmark/harness';
import { EndpointHealth } from '../../src/core/llm/endpointHealth';
import { Limiter } from '../../src/core/llm/limiter';
import { OpenAiCompatibleProvider } from '../../src/core/llm/openaiProvider';
import { seedProblem } from '../../src/core/rewrite/problems';
import { rewriteProblem, RewriteSettings, scenarioFor } from '../../src/core/rewrite/run';
import { BUILT_IN_SCENARIOS, growScenarios, loadScenarios, saveScenarios } from '../../src/core/rewrite/scenarios';
import { FakeOpenAI } from '../support/fakeOpenAI';
import { loader } from '../support/harness';
import { faithful, HUMANEVAL, MBPP, playAgents, RewriteAnswer, userText } from './playedAgents';

describe('rewrite: the four agents against a played model', function () {
  this.timeout(120_000);
  const server = new FakeOpenAI();
  let baseUrl = '';
  let dir = '';
  before(async () => {
    baseUrl = await server.start();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-rewrite-test-'));
  });
  after(async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => server.reset());

  function settings(format: 'humaneval' | 'mbpp', variants = 1, attempts = 3): RewriteSettings {
    const provider = new OpenAiCompatibleProvider({ baseUrl, apiKey: 'played', model: 'played', timeoutMs: 30_000, maxRetries: 0, limiter: new Limiter(4), health: new EndpointHealth() });
    return {
      format,
      variants,
      attempts,
      seed: 7,
      scenarios: BUILT_IN_SCENARIOS,
      writer: { provider, temperature: 0.7 },
      judge: { provider, temperature: 0 },
      execution: { toolchains: {}, timeoutMs: 60_000 },
      loader,
    };
  }

  it('keeps a faithful rewrite: the docstring changes, the signature and the tests do not, and the canonical solution passes', async () => {
    server.respond(playAgents());
    const outcome = await rewriteProblem(HUMANEVAL[0], settings('humaneval'));
    assert.deepStrictEqual(outcome.rejected, []);
    assert.strictEqual(outcome.records.length, 1);
    const rec = outcome.records[0];
    const note = rec.rewrite as { scenario: string; attempts: number; inputs: { name: string; type: string }[]; bleu4: number };
    assert.strictEqual(rec.task_id, 'HumanEval/0/v1');
    assert.strictEqual(note.attempts, 1);
    assert.deepStrictEqual(note.inputs.map((i) => `${i.name}: ${i.type}`), ['xs: list[float | int]', 'k: int']);
    assert.ok((rec.prompt as string).startsWith('def add(xs: list, k: int) -> list:\n    """In '), String(rec.prompt));
    assert.ok((rec.prompt as string).includes(note.scenario));
    assert.strictEqual(rec.test, HUMANEVAL[0].test);
    assert.strictEqual(rec.canonical_solution, HUMANEVAL[0].canonical_solution);
    assert.ok(note.bleu4 > 0 && note.bleu4 < 1);
    assert.ok((await runRecord('humaneval', rec, { dir: path.join(dir, 'check'), toolchains: {}, timeoutMs: 60_000 })).ok);
    // the context generator was told each input's type and the scenario
    const context = server.requests.map((r) => userText(r)).find((t) => t.includes('A programming problem takes these inputs'))!;
    assert.ok(context.includes('- xs: list[float | int]') && context.includes(`Scenario: ${note.scenario}`), context);
  });

  it('rejects a rewrite whose example the canonical solution contradicts, then one the judge refuses, and regenerates until one passes', async () => {
    const rewrites: RewriteAnswer = (original, entry, attempt, scenario) =>
      attempt === 1 ? `In ${scenario}: ${original.replace('[4, 5]', '[4, 6]')}` : attempt === 2 ? `In ${scenario}: add k to every other number of xs.\n>>> add([1, 2], 3)\n[4, 5]` : faithful(original, entry, attempt, scenario);
    server.respond(playAgents(rewrites));
    const outcome = await rewriteProblem(HUMANEVAL[0], settings('humaneval'));
    assert.deepStrictEqual(outcome.rejected.map((r) => r.attempt), [1, 2]);
    assert.match(outcome.rejected[0].reason, /an example of the rewritten statement does not hold on the canonical solution/);
    assert.match(outcome.rejected[1].reason, /the judge found it asks something else/);
    assert.strictEqual(outcome.records.length, 1);
    assert.strictEqual((outcome.records[0].rewrite as { attempts: number }).attempts, 3);
    assert.ok(!(outcome.records[0].prompt as string).includes('[4, 6]'));
    // each attempt drew another scenario
    const scenarios = server.requests.map((r) => userText(r)).filter((t) => t.startsWith('Rewrite the statement')).map((t) => /^Scenario: (.*) \(/m.exec(t)![1]);
    assert.strictEqual(new Set(scenarios).size, 3);
  });

  it('rejects a rewrite that breaks the docstring or drops an example, and gives up after the bound', async () => {
    const rewrites: RewriteAnswer = (original, _entry, attempt) => (attempt === 1 ? `Add k.\n"""\nimport os` : 'Add k to every number of xs.');
    server.respond(playAgents(rewrites));
    const outcome = await rewriteProblem(HUMANEVAL[0], settings('humaneval', 1, 2));
    assert.strictEqual(outcome.records.length, 0);
    assert.match(outcome.rejected[0].reason, /closing quotes/);
    assert.match(outcome.rejected[1].reason, /states 0 of the original's 1 examples/);
    assert.deepStrictEqual(outcome.failed, [{ variant: 1, reason: outcome.rejected[1].reason }]);
  });

  it('rejects a rewrite under which the record no longer runs: a docstring Python cannot read', async () => {
    // "\\N" opens a named Unicode escape in a docstring that is not raw: the prompt no longer compiles
    const rewrites: RewriteAnswer = (original, entry, attempt, scenario) => (attempt === 1 ? `Words of the files under C:\\Notes.\n${original}` : faithful(original, entry, attempt, scenario));
    server.respond(playAgents(rewrites));
    const outcome = await rewriteProblem(HUMANEVAL[1], settings('humaneval'));
    assert.match(outcome.rejected[0].reason, /^the canonical solution fails the rewritten problem's tests: .*(SyntaxError|unicode error)/);
    assert.strictEqual(outcome.rejected.length, 1);
    assert.strictEqual(outcome.records.length, 1);
  });

  it('MBPP: rejects a statement that no longer names the tested function, or states a wrong assert', async () => {
    const rewrites: RewriteAnswer = (original, entry, attempt, scenario) =>
      attempt === 1 ? 'Remove the first and last occurrence of a character.' : attempt === 2 ? `${faithful(original, entry, attempt, scenario)}\nassert remove_Occ("hello","l") == "hlo"` : faithful(original, entry, attempt, scenario);
    server.respond(playAgents(rewrites));
    const outcome = await rewriteProblem(MBPP[0], settings('mbpp'));
    assert.match(outcome.rejected[0].reason, /no longer names the function remove_Occ/);
    assert.match(outcome.rejected[1].reason, /the example does not hold: assert remove_Occ\("hello","l"\) == "hlo"/);
    assert.strictEqual(outcome.records.length, 1);
    const rec = outcome.records[0];
    assert.strictEqual(rec.task_id, '11/v1');
    assert.deepStrictEqual(rec.test_list, MBPP[0].test_list);
    assert.deepStrictEqual((rec.rewrite as { inputs: { type: string }[] }).inputs.map((i) => i.type), ['str', 'str']);
  });

  it('counts a request the endpoint refuses as a rejected attempt, not the end of the run', async () => {
    const play = playAgents();
    let rewrites = 0;
    server.respond((request) => {
      if (userText(request).startsWith('Rewrite the statement') && ++rewrites === 1) return { status: 400, body: '{"error":{"message":"context length exceeded"}}' };
      return play(request);
    });
    const outcome = await rewriteProblem(HUMANEVAL[1], settings('humaneval'));
    assert.match(outcome.rejected[0].reason, /^the request failed: .*400.*context length exceeded/);
    assert.strictEqual(outcome.records.length, 1);
  });

  it('gives a problem\'s variants different scenarios, the same ones for the same seed', async () => {
    server.respond(playAgents());
    const first = await rewriteProblem(HUMANEVAL[1], settings('humaneval', 3));
    const again = await rewriteProblem(HUMANEVAL[1], settings('humaneval', 3));
    const names = first.records.map((r) => (r.rewrite as { scenario: string }).scenario);
    assert.strictEqual(new Set(names).size, 3);
    assert.deepStrictEqual(JSON.stringify(first.records), JSON.stringify(again.records));
    assert.strictEqual(scenarioFor(BUILT_IN_SCENARIOS, 7, 'HumanEval/1', 3, 2, 1).name, names[1]);
    const other = [1, 2, 3].map((v) => scenarioFor(BUILT_IN_SCENARIOS, 8, 'HumanEval/1', 3, v, 1).name);
    assert.notDeepStrictEqual(other, names);
  });

  it('reads the statement back as it was written: HumanEval\'s docstring without its indentation', () => {
    const problem = seedProblem('humaneval', HUMANEVAL[1]);
    assert.ok(typeof problem !== 'string');
    assert.strictEqual(problem.statement, 'Count how often each word of text occurs.\n>>> count_words("a b a")\n{\'a\': 2, \'b\': 1}');
    assert.deepStrictEqual(problem.withStatement(problem.statement), HUMANEVAL[1]);
  });

  it('grows the scenario pool to its target, skipping names it has, and keeps it in the workspace', async () => {
    server.respond(playAgents());
    const provider = settings('humaneval').writer;
    const grown = await growScenarios(BUILT_IN_SCENARIOS, 9, provider, 1);
    assert.strictEqual(grown.scenarios.length, 9);
    assert.strictEqual(grown.added, 3);
    assert.strictEqual(grown.scenarios.filter((s) => s.name.toLowerCase() === 'retail banking').length, 1);
    const file = path.join(dir, '.codemorph', 'scenarios.json');
    saveScenarios(file, grown.scenarios);
    assert.deepStrictEqual(loadScenarios(file), grown.scenarios);
    // a model that proposes nothing new stops the growth after a bound
    server.reset();
    server.respond(() => ({ content: '[]' }));
    const stuck = await growScenarios(grown.scenarios, 20, provider, 1);
    assert.strictEqual(stuck.scenarios.length, 9);
    assert.match(stuck.shortBy ?? '', /proposed nothing new in 3 requests/);
    fs.writeFileSync(file, '{"scenarios": 3}');
    assert.throws(() => loadScenarios(file), /needs \{"scenarios": \[\{"name"/);
  });
});
