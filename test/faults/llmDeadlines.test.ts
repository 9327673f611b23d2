import * as assert from 'assert';
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { EngineRequest, perturb, transform } from '../../src/core/engine';
import { CodemorphError, RunStoppingError } from '../../src/core/errors';
import { EndpointHealth } from '../../src/core/llm/endpointHealth';
import { Limiter } from '../../src/core/llm/limiter';
import type { LlmSetup } from '../../src/core/llm/llmEngine';
import { OpenAiCompatibleProvider } from '../../src/core/llm/openaiProvider';
import { PromptLibrary } from '../../src/core/llm/prompts';
import { cliAsync, reason } from '../support/cli';
import { answer, FakeOpenAI, Reply } from '../support/fakeOpenAI';
import { loader, REPO } from '../support/harness';

/**
 * LLM time limits against a real HTTP server on 127.0.0.1 that misbehaves as endpoints do: hangs
 * before the headers, stalls halfway through the body, asks for an hour's Retry-After, refuses
 * the key. Through the engine API (what the editor calls, with an AbortSignal) and the built CLI.
 * Times are asserted only as generous bounds around what must not happen (waiting out an hour,
 * one timeout per iteration), never as speed targets.
 */

const PY = `def total(values):
    s = 0
    for v in values:
        s += v
    return s


print(total([1, 2, 3]))
`;

const PY_WHILE = `def total(values):
    s = 0
    i = 0
    while i < len(values):
        s += values[i]
        i += 1
    return s`;

const FILE = 'test/fixtures/methods/insert/scores.py';
const KEY = 'sk-test-deadlines-Hq4Jm8Tz2Wc6';

function setup(baseUrl: string, timeoutMs: number, extra: { maxRetries?: number; keyAdvice?: string; limit?: number } = {}): LlmSetup {
  const limiter = new Limiter(extra.limit ?? 4);
  const provider = new OpenAiCompatibleProvider({
    baseUrl,
    apiKey: KEY,
    model: 'fake-model',
    timeoutMs,
    maxRetries: extra.maxRetries ?? 3,
    limiter,
    health: new EndpointHealth(),
    keyAdvice: extra.keyAdvice,
  });
  return {
    perturber: { provider, temperature: 0.7 },
    voters: [0, 0.5, 1].map((temperature) => ({ provider, temperature, maxTokens: 16 })),
    prompts: new PromptLibrary(path.join(REPO, 'prompts')),
    prices: {},
  };
}

function request(llm: LlmSetup, extra: Partial<EngineRequest> = {}): EngineRequest & { methodId: string } {
  return {
    lang: 'python',
    text: PY,
    selector: { functionName: 'total' },
    search: { strategy: 'peso', maxIter: 15, threshold: 0.2, temperature: 2, seed: 1 },
    verify: { level: 'syntax', toolchains: {}, timeoutMs: 60_000 },
    mu: 0.5,
    engine: 'llm',
    llm,
    methodId: 'for-while',
    ...extra,
  };
}

const LLM_CLI = (baseUrl: string) => ['--engine', 'llm', '--base-url', baseUrl, '--model', 'local-model'];
const ENV = { CODEMORPH_API_KEY: KEY, OPENAI_API_KEY: '' };

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await work;
  return { value, ms: Date.now() - started };
}

describe('faults: LLM deadlines, retries, refused keys and cancels', function () {
  this.timeout(60_000);
  const server = new FakeOpenAI();
  let baseUrl = '';

  before(async () => {
    baseUrl = await server.start();
    // the first request of a process loads the HTTP client, which can take a loaded machine
    // longer than these tests' short deadlines; every request they count comes after it
    server.respond(() => ({ content: 'warm' }));
    await setup(baseUrl, 60_000).perturber.provider.complete({ messages: [{ role: 'user', content: 'hi' }] });
  });
  after(() => server.stop());
  beforeEach(() => server.reset());

  describe('one deadline per request (engine API)', () => {
    it('an endpoint that never sends headers fails the step with "timed out after 1 s", after one request', async () => {
      server.respond(() => ({ hang: true }));
      const { value: doc, ms } = await timed(transform(loader, request(setup(baseUrl, 1000))));
      assert.strictEqual(doc.steps[0].accepted, false);
      assert.match(doc.steps[0].reason!, /fake-model at http:\/\/127\.0\.0\.1:\d+\/v1 timed out after 1 s/);
      assert.strictEqual(server.requests.length, 1, 'a timed-out request is not sent again: its deadline is spent');
      assert.ok(ms < 5000, `took ${ms} ms`);
    });

    it('a body that stalls after the headers is covered by the same deadline', async () => {
      server.respond(() => ({ content: answer(PY_WHILE, 'total'), stallAfterHeaders: true }));
      const { value: doc, ms } = await timed(transform(loader, request(setup(baseUrl, 1000))));
      assert.match(doc.steps[0].reason!, /timed out after 1 s/);
      assert.strictEqual(server.requests.length, 1);
      assert.ok(ms < 5000, `took ${ms} ms`);
    });

    it('Retry-After: 3600 is not waited out: the request ends at once, saying what the endpoint asked', async () => {
      server.respond(() => ({ status: 429, headers: { 'retry-after': '3600' }, body: '{"error":{"message":"slow down"}}' }));
      const { value: doc, ms } = await timed(transform(loader, request(setup(baseUrl, 5000))));
      assert.match(doc.steps[0].reason!, /is rate limited \(429\) and asks to wait 3600 s, longer than the 5 s a request may take/);
      assert.strictEqual(server.requests.length, 1);
      assert.ok(ms < 4000, `took ${ms} ms: it waited`);
    });

    it('retries are bounded in number: a 500 on every attempt costs maxRetries + 1 requests', async () => {
      server.respond(() => ({ status: 500, body: '{"error":{"message":"boom"}}' }));
      const doc = await transform(loader, request(setup(baseUrl, 20_000, { maxRetries: 2 })));
      assert.match(doc.steps[0].reason!, /answered 500: boom/);
      assert.strictEqual(server.requests.length, 3);
    });

    it('a dead endpoint stops the whole run after 3 failed requests in a row, not one timeout per iteration', async () => {
      server.respond(() => ({ hang: true }));
      const started = Date.now();
      await assert.rejects(perturb(loader, request(setup(baseUrl, 500))), (e: Error) => {
        assert.ok(e instanceof RunStoppingError, String(e));
        assert.strictEqual((e as CodemorphError).kind, 'failed');
        assert.match(e.message, /^3 LLM requests in a row failed, so the run stops \(the last: .* timed out after 0\.5 s/);
        return true;
      });
      assert.strictEqual(server.requests.length, 3, 'no request after the run stopped');
      assert.ok(Date.now() - started < 8000);
    });

    for (const status of [401, 403]) {
      it(`a ${status} stops the run at once with the key message, after exactly one request`, async () => {
        server.respond(() => ({ status, body: '{"error":{"message":"no"}}' }));
        await assert.rejects(perturb(loader, request(setup(baseUrl, 5000))), (e: Error) => {
          assert.ok(e instanceof RunStoppingError, String(e));
          assert.strictEqual((e as CodemorphError).kind, 'input');
          assert.strictEqual(e.message, 'the endpoint rejected the key; set CODEMORPH_API_KEY');
          return true;
        });
        assert.strictEqual(server.requests.length, 1);
      });
    }

    it("the editor's providers point at its own command for a refused key", async () => {
      server.respond(() => ({ status: 401, body: '{"error":{"message":"no"}}' }));
      const llm = setup(baseUrl, 5000, { keyAdvice: 'run "CodeMorph: Set API Key"' });
      await assert.rejects(perturb(loader, request(llm)), /^CodemorphError: the endpoint rejected the key; run "CodeMorph: Set API Key"$/);
    });
  });

  describe('cancel through the AbortSignal (the engine function the editor calls)', () => {
    const cases: [string, () => Reply][] = [
      ['while the endpoint sends nothing', () => ({ hang: true })],
      ['while the body stalls halfway', () => ({ content: answer(PY_WHILE, 'total'), stallAfterHeaders: true })],
      ['while waiting out a Retry-After', () => ({ status: 429, headers: { 'retry-after': '30' }, body: '{"error":{"message":"wait"}}' })],
      ["while waiting out a 503's Retry-After-Ms", () => ({ status: 503, headers: { 'retry-after-ms': '20000' }, body: '{"error":{"message":"busy"}}' })],
    ];
    for (const [when, reply] of cases) {
      it(`settles within moments ${when}`, async () => {
        server.respond(reply);
        const abort = new AbortController();
        const run = perturb(loader, { ...request(setup(baseUrl, 120_000)), signal: abort.signal });
        const settled = run.then(
          () => 'resolved',
          (e: CodemorphError) => e.kind,
        );
        await server.seen(1);
        await new Promise((r) => setTimeout(r, 150));
        abort.abort();
        const { value, ms } = await timed(settled);
        assert.strictEqual(value, 'cancelled');
        assert.ok(ms < 2000, `settled ${ms} ms after the abort`);
      });
    }

    it('a request waiting for a free slot leaves the queue when cancelled', async () => {
      const limiter = new Limiter(1);
      let release!: () => void;
      const busy = limiter.run(() => new Promise<void>((resolve) => (release = resolve)));
      const abort = new AbortController();
      const queued = limiter.run(async () => 'ran', abort.signal).then(
        () => 'ran',
        (e: CodemorphError) => e.kind,
      );
      abort.abort();
      assert.strictEqual(await Promise.race([queued, new Promise((r) => setTimeout(() => r('still queued'), 1000))]), 'cancelled');
      release();
      await busy;
    });
  });

  describe('the CLI', () => {
    it('a hung endpoint: the step fails with "timed out after 2 s" after one request', async () => {
      server.respond(() => ({ hang: true }));
      const { value: result, ms } = await timed(
        cliAsync(['transform', FILE, '--function', 'summarize', '--method', 'for-while', ...LLM_CLI(baseUrl), '--llm-timeout', '2'], { env: ENV }),
      );
      assert.strictEqual(result.code, 1, result.stderr);
      assert.match(reason(result), /for-while was rejected: .*timed out after 2 s/);
      // at most one: on a loaded machine the client's cold start may use the whole deadline before the request is out
      assert.ok(server.requests.length <= 1, `${server.requests.length} requests`);
      assert.ok(ms < 15_000, `took ${ms} ms`);
    });

    it('Retry-After: 3600 on every request: the run ends quickly, saying why', async () => {
      server.respond(() => ({ status: 429, headers: { 'retry-after': '3600' }, body: '{"error":{"message":"quota"}}' }));
      const { value: result, ms } = await timed(
        cliAsync(['perturb', FILE, '--function', 'summarize', ...LLM_CLI(baseUrl), '--llm-timeout', '10', '--verify', 'syntax', '--quiet'], { env: ENV }),
      );
      assert.strictEqual(result.code, 1, result.stderr);
      assert.match(reason(result), /^codemorph: 3 LLM requests in a row failed, so the run stops \(the last: .*asks to wait 3600 s/);
      assert.strictEqual(server.requests.length, 3);
      assert.ok(ms < 20_000, `took ${ms} ms`);
    });

    for (const status of [401, 403]) {
      it(`a ${status}: exit 2 with "the endpoint rejected the key; set CODEMORPH_API_KEY" after exactly one request`, async () => {
        server.respond(() => ({ status, body: '{"error":{"message":"invalid key"}}' }));
        const result = await cliAsync(['perturb', FILE, '--function', 'summarize', ...LLM_CLI(baseUrl), '--verify', 'syntax', '--quiet'], { env: ENV });
        assert.strictEqual(result.code, 2, result.stderr);
        assert.strictEqual(result.stderr, 'codemorph: the endpoint rejected the key; set CODEMORPH_API_KEY\n');
        assert.strictEqual(server.requests.length, 1);
      });
    }

    it('a dataset run stops at a refused key with exit 2, instead of failing every record', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-faults-'));
      try {
        const input = path.join(dir, 'in.jsonl');
        const code = fs.readFileSync(path.join(REPO, FILE), 'utf8');
        fs.writeFileSync(input, ['a', 'b', 'c'].map((id) => JSON.stringify({ task_id: id, code, entry_point: 'summarize', language: 'python' })).join('\n') + '\n');
        server.respond(() => ({ status: 401, body: '{"error":{"message":"invalid key"}}' }));
        const out = path.join(dir, 'out.jsonl');
        const result = await cliAsync(['dataset', input, '--out', out, ...LLM_CLI(baseUrl), '--verify', 'syntax', '--quiet'], { env: ENV });
        assert.strictEqual(result.code, 2, result.stderr);
        assert.strictEqual(reason(result), 'codemorph: the endpoint rejected the key; set CODEMORPH_API_KEY');
        assert.strictEqual(server.requests.length, 1);
        assert.strictEqual(fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : '', '', 'no record was written as failed');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    it('a dataset run against a dead endpoint stops after 3 failed requests (exit 1), not one timeout per record', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-faults-'));
      try {
        const input = path.join(dir, 'in.jsonl');
        const code = fs.readFileSync(path.join(REPO, FILE), 'utf8');
        const ids = Array.from({ length: 8 }, (_, i) => `t${i}`);
        fs.writeFileSync(input, ids.map((id) => JSON.stringify({ task_id: id, code, entry_point: 'summarize', language: 'python' })).join('\n') + '\n');
        server.respond(() => ({ hang: true }));
        const { value: result, ms } = await timed(
          cliAsync(['dataset', input, '--out', path.join(dir, 'out.jsonl'), ...LLM_CLI(baseUrl), '--llm-timeout', '2', '--verify', 'syntax', '--quiet'], { env: ENV }),
        );
        assert.strictEqual(result.code, 1, result.stderr);
        assert.match(reason(result), /3 LLM requests in a row failed, so the run stops \(the last: .*timed out after 2 s/);
        // the deadline covers the client's own start too: on a loaded machine the first request
        // may end before it reaches the server, so the server sees at most the three
        assert.ok(server.requests.length >= 1 && server.requests.length <= 3, `${server.requests.length} requests`);
        assert.ok(ms < 30_000, `took ${ms} ms`);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    it('SIGINT during a hanging request ends the CLI promptly', async () => {
      server.respond(() => ({ hang: true }));
      const child = spawn(process.execPath, [path.join(REPO, 'dist', 'cli.js'), 'perturb', FILE, '--function', 'summarize', ...LLM_CLI(baseUrl), '--verify', 'syntax'], {
        cwd: REPO,
        env: { ...process.env, ...ENV },
        stdio: 'ignore',
      });
      const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
      await server.seen(1);
      child.kill('SIGINT');
      const { ms } = await timed(exited);
      assert.ok(ms < 2000, `exited ${ms} ms after SIGINT`);
    });
  });
});
