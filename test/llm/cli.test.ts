import * as assert from 'assert';
import { cliAsync } from '../support/cli';
import { answer, FakeOpenAI, isVote } from '../support/fakeOpenAI';

const FILE = 'test/fixtures/methods/insert/scores.py';
const SECRET = 'sk-do-not-print-me-42';

describe('CLI with the llm engine', function () {
  this.timeout(120_000);
  const server = new FakeOpenAI();
  let baseUrl = '';
  before(async () => {
    baseUrl = await server.start();
  });
  after(() => server.stop());

  it('reads the key from CODEMORPH_API_KEY, sends it, and never prints it', async () => {
    server.respond((req) => (isVote(req) ? { content: 'True' } : { content: 'no JSON here' }));
    const result = await cliAsync(
      ['transform', FILE, '--function', 'summarize', '--method', 'for-while', '--engine', 'llm', '--base-url', baseUrl, '--model', 'local-model', '--json', '--price', 'local-model=1/2'],
      { env: { CODEMORPH_API_KEY: SECRET, OPENAI_API_KEY: '' } },
    );
    assert.strictEqual(result.code, 1, result.stderr);
    assert.match(result.stderr, /for-while was rejected: LLM answer rejected: the answer is not JSON/);
    const doc = JSON.parse(result.stdout);
    assert.strictEqual(doc.engine, 'llm');
    assert.strictEqual(doc.llm.perturber.model, 'local-model');
    assert.strictEqual(doc.usage.calls, 1);
    assert.ok(server.requests.every((r) => r.authorization === `Bearer ${SECRET}`));
    assert.ok(!result.stdout.includes(SECRET) && !result.stderr.includes(SECRET));
  });

  it('without a key the llm engine is a usage error naming the variables', async () => {
    const result = await cliAsync(['perturb', FILE, '--engine', 'llm', '--base-url', baseUrl], { env: { CODEMORPH_API_KEY: '', OPENAI_API_KEY: '' } });
    assert.strictEqual(result.code, 2);
    assert.match(result.stderr, /need an API key: set CODEMORPH_API_KEY \(or OPENAI_API_KEY\)/);
  });

  it('perturbs with the llm engine end to end, voters included', async () => {
    server.reset();
    server.respond((req) => {
      if (isVote(req)) return { content: 'True' };
      const code = /```python\n([\s\S]*?)\n```/.exec(req.body.messages[1].content)![1];
      return { content: answer(code.replace('total = 0', 'total = 0\n    unused_marker = 1'), 'summarize') };
    });
    const result = await cliAsync(
      ['perturb', FILE, '--function', 'summarize', '--engine', 'llm', '--base-url', baseUrl, '--max-iter', '3', '--verify', 'syntax', '--json', '--quiet'],
      { env: { CODEMORPH_API_KEY: SECRET } },
    );
    assert.strictEqual(result.code, 0, result.stderr);
    const doc = JSON.parse(result.stdout);
    assert.ok(doc.steps.filter((s: { method: string | null }) => s.method).every((s: { engine: string }) => s.engine === 'llm'));
    assert.ok(doc.perturbed.includes('unused_marker'));
    assert.strictEqual(doc.usage.calls, server.requests.length);
    assert.strictEqual(doc.llm.voters.length, 3);
  });
});
