import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { dyPassAtK } from '../../src/core/evaluate/metrics';
import { EndpointHealth } from '../../src/core/llm/endpointHealth';
import { Limiter } from '../../src/core/llm/limiter';
import { OpenAiCompatibleProvider } from '../../src/core/llm/openaiProvider';
import { rewriteProblem } from '../../src/core/rewrite/run';
import { BUILT_IN_SCENARIOS } from '../../src/core/rewrite/scenarios';
import { cliAsync } from '../support/cli';
import { FakeOpenAI } from '../support/fakeOpenAI';
import { loader } from '../support/harness';
import { HUMANEVAL, playAgents, userText } from './playedAgents';

describe('DyPass@k over rewritten variants', function () {
  this.timeout(300_000);

  it('is pass@k\'s estimator over a problem\'s variants, averaged over problems', () => {
    assert.strictEqual(dyPassAtK([{ n: 3, c: 2 }, { n: 3, c: 0 }], 1), (2 / 3 + 0) / 2);
    assert.strictEqual(dyPassAtK([{ n: 3, c: 2 }, { n: 3, c: 0 }], 3), 0.5);
    assert.ok(Math.abs(dyPassAtK([{ n: 5, c: 1 }], 2)! - 0.4) < 1e-12);
    assert.strictEqual(dyPassAtK([{ n: 3, c: 3 }, { n: 2, c: 2 }], 3), null);
    assert.strictEqual(dyPassAtK([], 1), null);
  });

  it('evaluate reports it beside pass@k: a model that knows the original wording fails its variants', async () => {
    const server = new FakeOpenAI();
    const baseUrl = await server.start();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-dypass-'));
    try {
      server.respond(playAgents());
      const provider = new OpenAiCompatibleProvider({ baseUrl, apiKey: 'played', model: 'played', timeoutMs: 30_000, maxRetries: 0, limiter: new Limiter(4), health: new EndpointHealth() });
      const settings = { format: 'humaneval' as const, variants: 3, attempts: 1, seed: 5, scenarios: BUILT_IN_SCENARIOS, writer: { provider, temperature: 0.7 }, judge: { provider, temperature: 0 }, execution: { toolchains: {}, timeoutMs: 60_000 }, loader };
      const variants = [];
      for (const rec of HUMANEVAL) variants.push(...(await rewriteProblem(rec, settings)).records);
      assert.strictEqual(variants.length, 6);
      fs.writeFileSync(path.join(dir, 'original.jsonl'), HUMANEVAL.map((r) => `${JSON.stringify(r)}\n`).join(''));
      fs.writeFileSync(path.join(dir, 'variants.jsonl'), variants.map((r) => `${JSON.stringify(r)}\n`).join(''));

      // the played model solves every original; of the variants, add's first fails and all of count_words' do
      const addFails = (variants[0].rewrite as { scenario: string }).scenario;
      const right: Record<string, string> = {
        add: 'def add(xs: list, k: int) -> list:\n    return [x + k for x in xs]',
        count_words: 'def count_words(text):\n    out = {}\n    for w in text.split():\n        out[w] = out.get(w, 0) + 1\n    return out',
      };
      const wrong: Record<string, string> = { add: 'def add(xs, k):\n    return xs', count_words: 'def count_words(text):\n    return {}' };
      server.reset();
      server.respond((req) => {
        const text = userText(req);
        const entry = text.includes('def add(') ? 'add' : 'count_words';
        const variant = /In ([a-z ]+): /.exec(text)?.[1];
        const fails = variant !== undefined && (entry === 'count_words' || variant === addFails);
        return { content: `\`\`\`python\n${fails ? wrong[entry] : right[entry]}\n\`\`\`` };
      });
      const result = await cliAsync(['evaluate', 'variants.jsonl', '--original', 'original.jsonl', '--base-url', baseUrl, '--model', 'played', '--json', '--quiet'], { cwd: dir, env: { CODEMORPH_API_KEY: 'played' } });
      assert.strictEqual(result.code, 0, result.stderr);
      const report = JSON.parse(result.stdout);
      assert.strictEqual(report.items, 6);
      assert.deepStrictEqual(report.per_item.map((i: { id: string }) => i.id), variants.map((v) => v.task_id));
      assert.strictEqual(report.original.pass_at_1, 1);
      assert.deepStrictEqual(report.dypass, { problems: 2, variants: { min: 3, max: 3 }, dypass_at_k: { 1: (2 / 3 + 0) / 2, 3: 0.5 }, original_pass_at_k: { 1: 1 } });
      const markdown = await cliAsync(['evaluate', 'variants.jsonl', '--original', 'original.jsonl', '--base-url', baseUrl, '--model', 'played', '--quiet'], { cwd: dir, env: { CODEMORPH_API_KEY: 'played' } });
      assert.match(markdown.stdout, /## DyPass \(rewritten variants\)\n\n2 problems, 3 variants each/);
      assert.match(markdown.stdout, /\| k = 3 \| n\/a \| 50\.0% \|/);
    } finally {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
