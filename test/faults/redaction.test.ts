import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { transform } from '../../src/core/engine';
import { Limiter } from '../../src/core/llm/limiter';
import { OpenAiCompatibleProvider } from '../../src/core/llm/openaiProvider';
import { PromptLibrary } from '../../src/core/llm/prompts';
import { clearSecrets, redact, redactSecrets, registerSecret } from '../../src/core/redact';
import { cliAsync, reason } from '../support/cli';
import { answer, FakeOpenAI, isVote, SeenRequest } from '../support/fakeOpenAI';
import { loader, REPO } from '../support/harness';

/**
 * The API key never leaves CodeMorph, not even in part, when an endpoint echoes it in an error
 * (as OpenAI does for a wrong key, masked, and as proxies do with the whole Authorization
 * header): not on stderr, not in `--json`, not in a dataset record, not in a saved entry.
 */

const KEY = 'sk-test-redact-Re7Vq2Lm9Xy4';
const FILE = 'test/fixtures/methods/insert/scores.py';
const ENV = { CODEMORPH_API_KEY: KEY, OPENAI_API_KEY: '' };

/** An error that quotes the key three ways: whole, as the header, and masked. */
function echo(req: SeenRequest): string {
  const masked = `${KEY.slice(0, 10)}****************${KEY.slice(-4)}`;
  return JSON.stringify({ error: { message: `Incorrect API key provided: ${KEY}. You sent Authorization: ${req.authorization}. Yours looks like ${masked}.` } });
}

/** The first piece of the key, 8 characters or longer, that `text` holds. */
function leak(text: string): string | undefined {
  for (let i = 0; i + 8 <= KEY.length; i++) if (text.includes(KEY.slice(i, i + 8))) return KEY.slice(i, i + 8);
  return undefined;
}

function assertNoLeak(what: string, text: string): void {
  assert.strictEqual(leak(text), undefined, `${what} holds part of the key:\n${text.slice(0, 2000)}`);
}

describe('faults: the API key is redacted everywhere', function () {
  this.timeout(120_000);

  describe('the redaction itself', () => {
    afterEach(() => clearSecrets());

    it('removes a registered key from messages and from serialized JSON, escapes and all', () => {
      const key = 'sk-"quoted"\\-secret-9876';
      registerSecret(key);
      assert.strictEqual(redact(`bad key ${key}!`), 'bad key [redacted]!');
      const json = JSON.stringify({ error: `bad key ${key}` });
      assert.ok(!redactSecrets(json).includes(JSON.stringify(key).slice(1, -1)));
      assert.deepStrictEqual(JSON.parse(redactSecrets(json)), { error: 'bad key [redacted]' });
    });

    it('removes any Authorization or Bearer value, masked echoes and the start of a key from messages', () => {
      registerSecret(KEY);
      assert.strictEqual(redact('Authorization: Bearer abcdefgh12345678 was refused'), 'Authorization: [redacted] was refused');
      assert.strictEqual(redact('sent "bearer zyxwvuts98765432"'), 'sent "bearer [redacted]"');
      assert.strictEqual(redact('Incorrect API key provided: sk-proj-********************abcd.'), 'Incorrect API key provided: [redacted]');
      assert.strictEqual(redact(`cut short: ${KEY.slice(0, 12)}...`), 'cut short: [redacted]');
    });

    it('leaves code alone: only registered keys go from text that carries code, and short placeholders are no keys', () => {
      registerSecret('x');
      registerSecret('local');
      const code = 'headers = {"Authorization": "Bearer " + token}\nx = local(1)\n';
      assert.strictEqual(redactSecrets(code), code);
      assert.strictEqual(redact('x = local(1)'), 'x = local(1)');
    });
  });

  describe('an endpoint that echoes the key in its errors', () => {
    const server = new FakeOpenAI();
    let baseUrl = '';
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-redaction-'));

    before(async () => {
      baseUrl = await server.start();
    });
    after(async () => {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
      clearSecrets();
    });
    beforeEach(() => server.reset());

    it('through the engine API: the step reason says what the endpoint said, without the key', async () => {
      server.respond((req) => ({ status: 400, body: echo(req) }));
      const provider = new OpenAiCompatibleProvider({ baseUrl, apiKey: KEY, model: 'fake-model', timeoutMs: 5000, maxRetries: 0, limiter: new Limiter(1) });
      const llm = {
        perturber: { provider, temperature: 0.7 },
        voters: [0, 0.5, 1].map((temperature) => ({ provider, temperature, maxTokens: 16 })),
        prompts: new PromptLibrary(path.join(REPO, 'prompts')),
        prices: {},
      };
      const doc = await transform(loader, {
        lang: 'python',
        text: fs.readFileSync(path.join(REPO, FILE), 'utf8'),
        selector: { functionName: 'summarize' },
        search: { strategy: 'peso', maxIter: 1, threshold: 0.2, temperature: 2, seed: 1 },
        verify: { level: 'syntax', toolchains: {}, timeoutMs: 60_000 },
        mu: 0.5,
        engine: 'llm',
        llm,
        methodId: 'for-while',
      });
      assert.match(doc.steps[0].reason!, /answered 400: Incorrect API key provided: \[redacted\]\. You sent Authorization: \[redacted\]\.? Yours looks like \[redacted\]/);
      assertNoLeak('the document', JSON.stringify(doc));
      assert.strictEqual(server.requests[0].authorization, `Bearer ${KEY}`, 'the key itself was sent');
    });

    it('perturb --json --save: not in stderr, the JSON document or the saved entry', async () => {
      // the first perturbation is refused with the echo; the next ones are answered, so a step is kept and saved
      let perturbations = 0;
      server.respond((req) => {
        if (isVote(req)) return { content: 'True' };
        if (perturbations++ === 0) return { status: 400, body: echo(req) };
        const code = /```python\n([\s\S]*?)\n```/.exec(req.body.messages[1].content)![1];
        return { content: answer(code.replace('total = 0', 'total = 0\n    unused_marker = 1'), 'summarize') };
      });
      const entries = path.join(dir, 'entries.jsonl');
      const result = await cliAsync(
        ['perturb', FILE, '--function', 'summarize', '--engine', 'llm', '--base-url', baseUrl, '--max-iter', '3', '--verify', 'syntax', '--json', '--save', '--entries', entries],
        { env: ENV },
      );
      assert.strictEqual(result.code, 0, result.stderr);
      assert.ok(JSON.parse(result.stdout).steps.some((s: { accepted: boolean }) => s.accepted));
      assert.match(result.stdout, /answered 400: Incorrect API key provided: \[redacted\]/, 'the echo reached the document, redacted');
      assertNoLeak('stderr', result.stderr);
      assertNoLeak('the --json document', result.stdout);
      const entry = fs.readFileSync(entries, 'utf8');
      assert.match(entry, /Incorrect API key provided: \[redacted\]/);
      assertNoLeak('the entry', entry);
    });

    it('a dataset record: not in its error, nor on stderr', async () => {
      server.respond((req) => (isVote(req) ? { content: 'True' } : { status: 400, body: echo(req) }));
      const input = path.join(dir, 'in.jsonl');
      const out = path.join(dir, 'out.jsonl');
      const code = fs.readFileSync(path.join(REPO, FILE), 'utf8');
      fs.writeFileSync(input, `${JSON.stringify({ task_id: 'echo/0', code, entry_point: 'summarize', language: 'python' })}\n`);
      const result = await cliAsync(['dataset', input, '--out', out, '--engine', 'llm', '--base-url', baseUrl, '--max-iter', '2', '--verify', 'syntax'], { env: ENV });
      assert.strictEqual(result.code, 1, result.stderr);
      const record = fs.readFileSync(out, 'utf8');
      assert.match(JSON.parse(record).error, /Incorrect API key provided: \[redacted\]/);
      assertNoLeak('the record', record);
      assertNoLeak('stderr', result.stderr);
    });

    it('the message that stops a run: not on stderr', async () => {
      server.respond((req) => ({ status: 500, body: echo(req) }));
      const result = await cliAsync(['perturb', FILE, '--function', 'summarize', '--engine', 'llm', '--base-url', baseUrl, '--llm-timeout', '2', '--verify', 'syntax'], { env: ENV });
      assert.strictEqual(result.code, 1, result.stderr);
      assert.match(reason(result), /3 LLM requests in a row failed, so the run stops \(the last: .*answered 500: Incorrect API key provided: \[redacted\]/);
      assertNoLeak('stderr', result.stderr);
    });
  });
});
