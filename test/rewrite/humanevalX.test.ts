import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { runRecord } from '../../src/core/benchmark/harness';
import { EndpointHealth } from '../../src/core/llm/endpointHealth';
import { Limiter } from '../../src/core/llm/limiter';
import { OpenAiCompatibleProvider } from '../../src/core/llm/openaiProvider';
import { commentStatement, examplesKept } from '../../src/core/rewrite/commentStatement';
import { humanEvalXProblem } from '../../src/core/rewrite/humanevalXProblem';
import { rewriteProblem, RewriteSettings } from '../../src/core/rewrite/run';
import { signatureInputs } from '../../src/core/rewrite/signatureInputs';
import { BUILT_IN_SCENARIOS } from '../../src/core/rewrite/scenarios';
import { makeScratchFolder, removeScratchFolder } from '../../src/core/owned';
import { suiteServer } from '../support/fakeOpenAI';
import { fixture, loader } from '../support/harness';
import { faithful, playAgents, RewriteAnswer } from './playedAgents';

const RECORDS: Record<string, unknown>[] = fs.readFileSync(fixture('benchmarks/humaneval-x.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const record = (lang: string) => RECORDS.find((r) => String(r.task_id).startsWith(`${lang}/`))!;

describe('rewrite: HumanEval-X statements in comments', function () {
  this.timeout(120_000);

  it('reads the comment before the open function as the statement, and puts the same text back byte for byte', async () => {
    const expected: Record<string, string> = {
      CPP: 'Return how many values of the vector are above the limit.\n>>> count_above({1, 5, 3, 8}, 2)\n3',
      Java: 'Return the sum of the squares of the odd numbers in the list.\n>>> sumOddSquares(Arrays.asList(1, 2, 3))\n10',
      JavaScript: "Return the words of the text in reverse order.\n>>> reverseWords('a b c')\n'c b a'",
      Go: 'Return how many times sub occurs in s, overlapping occurrences included.\n>>> CountOverlapping("aaa", "aa")\n2',
      Rust: 'Return the largest value minus the smallest, 0 for an empty list.',
    };
    for (const [lang, statement] of Object.entries(expected)) {
      const problem = await humanEvalXProblem(record(lang), loader);
      assert.ok(typeof problem !== 'string', `${lang}: ${String(problem)}`);
      assert.strictEqual(problem.statement, statement, lang);
      const same = problem.withStatement(statement);
      assert.ok(typeof same !== 'string');
      // Rust's comment had a blank line of spaces before its end: the only text a re-render drops
      if (lang !== 'Rust') assert.strictEqual(same.prompt, record(lang).prompt, lang);
      else assert.strictEqual(same.prompt, String(record(lang).prompt).replace('\n    \n*/', '\n*/'));
    }
  });

  it('keeps the layout of each comment style for a new text: prefix, stars, closing line', () => {
    const starred = commentStatement('/**\n   * Sum of xs.\n   *\n   * >>> sum(xs)\n   */');
    assert.strictEqual(starred.text, 'Sum of xs.\n\n>>> sum(xs)');
    assert.strictEqual(starred.render('Total of xs.\n\n>>> sum(xs)'), '/**\n   * Total of xs.\n   *\n   * >>> sum(xs)\n   */');
    const inline = commentStatement('/* One line. */');
    assert.strictEqual(inline.text, 'One line.');
    assert.strictEqual(inline.render('Another line.'), '/* Another line. */');
    assert.deepStrictEqual(inline.render('a */ b'), { error: 'the rewritten statement holds the comment\'s closing */' });
    const lines = commentStatement('// First.\n    //   indented\n    //');
    assert.strictEqual(lines.text, 'First.\n  indented');
    assert.strictEqual(lines.render('One.\n\nTwo.'), '// One.\n    //\n    // Two.');
  });

  it('takes the inputs\' types from the signature, and JavaScript\'s from the tests\' literals', async () => {
    assert.deepStrictEqual(signatureInputs('cpp', 'int count_above(vector<int> values, int limit){', 'count_above'), [{ name: 'values', type: 'vector<int>' }, { name: 'limit', type: 'int' }]);
    assert.deepStrictEqual(signatureInputs('java', 'public Map<String, Integer> f(Map<String, Integer> m, int[] xs) {', 'f'), [{ name: 'm', type: 'Map<String, Integer>' }, { name: 'xs', type: 'int[]' }]);
    assert.deepStrictEqual(signatureInputs('go', 'func F(a, b int, s string) int {', 'F'), [{ name: 'a', type: 'int' }, { name: 'b', type: 'int' }, { name: 's', type: 'string' }]);
    assert.deepStrictEqual(signatureInputs('rust', 'fn f(mut xs: Vec<i32>, m: std::collections::HashMap<String, i32>) -> i32 {', 'f'), [{ name: 'xs', type: 'Vec<i32>' }, { name: 'm', type: 'std::collections::HashMap<String, i32>' }]);
    const js = await humanEvalXProblem(record('JavaScript'), loader);
    assert.ok(typeof js !== 'string');
    assert.deepStrictEqual(js.inputs, [{ name: 'text', type: 'str' }]);
    const cpp = await humanEvalXProblem(record('CPP'), loader);
    assert.ok(typeof cpp !== 'string');
    assert.deepStrictEqual(cpp.inputs, [{ name: 'values', type: 'vector<int>' }, { name: 'limit', type: 'int' }]);
  });

  it('holds a rewrite to the original\'s examples as written: none changed, none dropped, none added', () => {
    const original = 'Count them.\n>>> f({1, 2})\n2';
    assert.strictEqual(examplesKept(original, 'In a shop: count them.\n  >>> f({1, 2})\n  2'), null);
    assert.match(examplesKept(original, 'Count.\n>>> f({1, 2})\n3')!, /changes or drops the example ">>> f\(\{1, 2\}\)"/);
    assert.match(examplesKept(original, 'Count.')!, /changes or drops/);
    assert.match(examplesKept(original, 'Count.\n>>> f({1, 2})\n2\n>>> f({})\n0')!, /adds an example the original does not state/);
  });

  it('says why a record cannot be rewritten', async () => {
    assert.match(String(await humanEvalXProblem({ ...record('CPP'), task_id: 'X/1' }, loader)), /cannot tell the language of task X\/1/);
    const bare = { ...record('CPP'), prompt: String(record('CPP').prompt).replace(/\/\*[\s\S]*?\*\/\n/, '') };
    assert.match(String(await humanEvalXProblem(bare, loader)), /count_above has no comment before it to rewrite/);
  });

  describe('the agents on every language\'s record, against a played model', () => {
    const { server, url } = suiteServer();
    function settings(): RewriteSettings {
      const provider = new OpenAiCompatibleProvider({ baseUrl: url(), apiKey: 'played', model: 'played', timeoutMs: 30_000, maxRetries: 0, limiter: new Limiter(4), health: new EndpointHealth() });
      return { format: 'humaneval-x', variants: 1, attempts: 2, seed: 7, scenarios: BUILT_IN_SCENARIOS, writer: { provider, temperature: 0.7 }, judge: { provider, temperature: 0 }, execution: { toolchains: {}, timeoutMs: 60_000 }, loader };
    }

    it('rewrites only the comment (and Go\'s docstring field), and the record\'s own tests pass in its language', async () => {
      server.respond(playAgents());
      const dir = makeScratchFolder('codemorph-x-rewrite-');
      try {
        for (const rec of RECORDS) {
          const outcome = await rewriteProblem(rec, settings());
          assert.deepStrictEqual([outcome.skipped, outcome.rejected], [undefined, []], String(rec.task_id));
          const [variant] = outcome.records;
          const scenario = (variant.rewrite as { scenario: string }).scenario;
          const prompt = String(variant.prompt);
          assert.ok(prompt.includes(`In ${scenario}: `), prompt);
          // everything else of the prompt is as it was (a docstring's space after its quotes and a comment's blank last line aside)
          assert.strictEqual(prompt.replace(`In ${scenario}: `, ''), String(rec.prompt).replace('\n    \n*/', '\n*/').replace('""" ', '"""'), String(rec.task_id));
          for (const field of ['declaration', 'canonical_solution', 'test', 'example_test']) assert.strictEqual(variant[field], rec[field], `${String(rec.task_id)} ${field}`);
          if (rec.docstring !== undefined) assert.strictEqual(variant.docstring, String(rec.docstring).replace('// Return', `// In ${scenario}: Return`));
          const run = await runRecord('humaneval-x', variant, { dir: path.join(dir, String(rec.task_id).replace('/', '-')), toolchains: {}, timeoutMs: 60_000 });
          assert.ok(run.ok, `${String(rec.task_id)}: ${run.output}`);
        }
      } finally {
        removeScratchFolder(dir);
      }
    });

    it('rejects a rewrite that restates an example with another result, and makes the variant again', async () => {
      const rewrites: RewriteAnswer = (original, entry, attempt, scenario) => (attempt === 1 ? `In ${scenario}: ${original.replace(/\n3$/, '\n4')}` : faithful(original, entry, attempt, scenario));
      server.respond(playAgents(rewrites));
      const outcome = await rewriteProblem(record('CPP'), settings());
      assert.deepStrictEqual(outcome.rejected.map((r) => r.reason), ['the rewritten statement changes or drops the example ">>> count_above({1, 5, 3, 8}, 2)"']);
      assert.strictEqual((outcome.records[0].rewrite as { attempts: number }).attempts, 2);
    });
  });
});
