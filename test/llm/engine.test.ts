import * as assert from 'assert';
import * as path from 'path';
import { EngineRequest, perturb, PerturbationDocument, transform } from '../../src/core/engine';
import type { LanguageId } from '../../src/core/languages/languageIds';
import { Limiter } from '../../src/core/llm/limiter';
import type { LlmSetup } from '../../src/core/llm/llmEngine';
import { OpenAiCompatibleProvider } from '../../src/core/llm/openaiProvider';
import { PromptLibrary } from '../../src/core/llm/prompts';
import { answer, isVote, promptedCode, suiteServer } from '../support/fakeOpenAI';
import { loader, REPO } from '../support/harness';

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

const C = `#include <stdio.h>

int total(const int *v, int n) {
    int s = 0;
    for (int i = 0; i < n; i++) {
        s += v[i];
    }
    return s;
}

int main(void) {
    int v[] = {1, 2, 3};
    printf("%d\\n", total(v, 3));
    return 0;
}
`;

function setup(baseUrl: string, options: { timeoutMs?: number; maxRetries?: number } = {}): LlmSetup {
  const limiter = new Limiter(4);
  const provider = new OpenAiCompatibleProvider({
    baseUrl,
    apiKey: 'sk-test-secret',
    model: 'fake-model',
    timeoutMs: options.timeoutMs ?? 5000,
    maxRetries: options.maxRetries ?? 2,
    limiter,
  });
  return {
    perturber: { provider, temperature: 0.7 },
    voters: [0, 0.5, 1].map((temperature) => ({ provider, temperature, maxTokens: 16 })),
    prompts: new PromptLibrary(path.join(REPO, 'prompts')),
    prices: { 'fake-model': { input: 1, output: 2 } },
  };
}

function request(lang: LanguageId, text: string, llm: LlmSetup, extra: Partial<EngineRequest> = {}): EngineRequest & { methodId: string } {
  return {
    lang,
    text,
    selector: { functionName: 'total' },
    search: { strategy: 'peso', maxIter: 15, threshold: 0.2, temperature: 2, seed: 1 },
    verify: { level: 'compile', toolchains: {}, timeoutMs: 60_000 },
    mu: 0.5,
    engine: 'llm',
    llm,
    methodId: 'for-while',
    ...extra,
  };
}

describe('LLM engine against an OpenAI-protocol server on 127.0.0.1', function () {
  this.timeout(120_000);
  const { server, url } = suiteServer();

  const votes = (...says: string[]) => {
    let voted = 0;
    return (perturbation: string) => server.respond((req) => (isVote(req) ? { content: says[voted++ % says.length] } : { content: perturbation }));
  };

  async function step(doc: PerturbationDocument) {
    assert.strictEqual(doc.steps.length, 1);
    return doc.steps[0];
  }

  it('a correct answer becomes a verified, voted step with usage and cost', async () => {
    votes('True', 'True', 'True')(answer(PY_WHILE, 'total'));
    const doc = await transform(loader, request('python', PY, setup(url())));
    const s = await step(doc);
    assert.strictEqual(s.accepted, true, s.reason ?? '');
    assert.strictEqual(s.engine, 'llm');
    assert.deepStrictEqual(s.votes, [true, true, true]);
    assert.strictEqual(doc.perturbed, PY_WHILE);
    assert.strictEqual(s.usage!.calls, 4, 'one perturbation and three votes');
    assert.strictEqual(s.usage!.promptTokens, 400);
    assert.ok(Math.abs(s.usage!.cost! - (400 * 1 + 80 * 2) / 1e6) < 1e-12);
    assert.deepStrictEqual(doc.usage, s.usage);
    // the prompt carried the unit and the voters compared with the ORIGINAL unit
    assert.strictEqual(promptedCode(server.requests[0]), PY.slice(0, PY.indexOf('\n\n\n')));
    assert.ok(server.requests.slice(1).every((r) => r.body.messages[1].content.includes('for v in values')));
    assert.ok(server.requests.every((r) => r.authorization === 'Bearer sk-test-secret'));
  });

  it('an answer in a markdown fence is read', async () => {
    votes('True')('Here it is:\n```json\n' + answer(PY_WHILE, 'total') + '\n```\nDone.');
    const s = await step(await transform(loader, request('python', PY, setup(url()))));
    assert.strictEqual(s.accepted, true, s.reason ?? '');
  });

  for (const [what, content, reason] of [
    ['not JSON', 'Sure! I turned the for loop into a while loop.', /LLM answer rejected: the answer is not JSON/],
    ['missing code', JSON.stringify({ entry_point: 'total' }), /LLM answer rejected: the answer has no "code" field/],
    ['unparsable code', answer('def total(values:\n    return', 'total'), /LLM answer rejected: the answer does not parse/],
    ['a wrong entry point', answer(PY_WHILE, 'nonexistent'), /entry point `nonexistent` is not a function/],
  ] as const) {
    it(`an answer with ${what} is rejected with the reason and changes nothing`, async () => {
      votes('True')(content);
      const doc = await transform(loader, request('python', PY, setup(url())));
      const s = await step(doc);
      assert.strictEqual(s.accepted, false);
      assert.match(s.reason!, reason);
      assert.strictEqual(doc.file, PY);
      assert.strictEqual(server.requests.filter(isVote).length, 0, 'no votes for a rejected answer');
    });
  }

  it('an answer that redefines a function outside the unit is rejected', async () => {
    const twoFunctions = `def scale(x):\n    return x * 2\n\n\n${PY.replace('s += v', 's += scale(v)')}`;
    votes('True')(answer(`def scale(x):\n    return x * 3\n\n\n${PY_WHILE}`, 'total'));
    const doc = await transform(loader, request('python', twoFunctions, setup(url())));
    const s = await step(doc);
    assert.strictEqual(s.accepted, false);
    assert.match(s.reason!, /LLM answer rejected: the answer changes code outside the unit \(it redefines `scale`\)/);
    assert.strictEqual(doc.file, twoFunctions);
  });

  it('code that does not compile is rejected by the compiler before any vote', async () => {
    const broken = C.slice(C.indexOf('int total'), C.indexOf('int main')).trim().replace('s += v[i];', 's += w[i];');
    votes('True')(answer(broken, 'total'));
    const s = await step(await transform(loader, request('c', C, setup(url()))));
    assert.strictEqual(s.accepted, false);
    assert.strictEqual(s.verified.compile, false);
    assert.match(s.reason!, /does not compile/);
    assert.strictEqual(server.requests.filter(isVote).length, 0);
  });

  it('voters split 2 to 1 for: the step passes', async () => {
    votes('True', 'False', 'True')(answer(PY_WHILE, 'total'));
    const s = await step(await transform(loader, request('python', PY, setup(url()))));
    assert.strictEqual(s.accepted, true);
    assert.deepStrictEqual(s.votes, [true, false, true]);
  });

  it('voters split 2 to 1 against: the step is rejected, no re-poll', async () => {
    votes('False', 'True', 'False')(answer(PY_WHILE, 'total'));
    const doc = await transform(loader, request('python', PY, setup(url())));
    const s = await step(doc);
    assert.strictEqual(s.accepted, false);
    assert.match(s.reason!, /voters did not find it equivalent \(1 of 3 said yes\)/);
    assert.strictEqual(server.requests.filter(isVote).length, 3);
    assert.strictEqual(doc.file, PY);
  });

  it('a 429 with Retry-After is waited out and retried', async () => {
    server.script({ status: 429, headers: { 'retry-after': '1' }, body: '{"error":{"message":"slow down"}}' });
    votes('True')(answer(PY_WHILE, 'total'));
    const started = Date.now();
    const s = await step(await transform(loader, request('python', PY, setup(url()))));
    assert.strictEqual(s.accepted, true, s.reason ?? '');
    assert.ok(Date.now() - started >= 950, 'it waited the second Retry-After asked for');
    assert.strictEqual(server.requests.length, 5, 'the 429, the retry and three votes');
  });

  it('a 500 then success is retried', async () => {
    server.script({ status: 500, body: '{"error":{"message":"boom"}}' });
    votes('True')(answer(PY_WHILE, 'total'));
    const s = await step(await transform(loader, request('python', PY, setup(url()))));
    assert.strictEqual(s.accepted, true, s.reason ?? '');
    assert.strictEqual(server.requests.length, 5);
  });

  it('a response slower than the timeout fails the step with a clear reason, without a retry', async () => {
    server.respond(() => ({ content: answer(PY_WHILE, 'total'), delayMs: 3000 }));
    const s = await step(await transform(loader, request('python', PY, setup(url(), { timeoutMs: 300, maxRetries: 1 }))));
    assert.strictEqual(s.accepted, false);
    assert.match(s.reason!, /timed out after 0\.3 s/);
    assert.strictEqual(server.requests.length, 1, 'the deadline covers the request and its retries: none is left for another attempt');
  });

  it('cancellation reaches the request in flight', async () => {
    const abort = new AbortController();
    // cancel once the request is on the server, while it is still thinking
    server.respond(() => {
      setTimeout(() => abort.abort(), 200);
      return { content: answer(PY_WHILE, 'total'), delayMs: 10_000 };
    });
    const started = Date.now();
    await assert.rejects(transform(loader, { ...request('python', PY, setup(url())), signal: abort.signal }), (e: Error & { kind?: string }) => e.kind === 'cancelled');
    assert.ok(Date.now() - started < 5000, 'it did not wait for the server');
    await new Promise((r) => setTimeout(r, 100));
    assert.strictEqual(server.requests[0].aborted, true, 'the server saw the connection close');
  });

  it('hybrid uses local rewrites where a method applies and asks the model only otherwise', async () => {
    votes('True')(answer(PY_WHILE, 'total'));
    const doc = await perturb(loader, { ...request('python', PY, setup(url()), { engine: 'hybrid' }), verify: { level: 'syntax', toolchains: {}, timeoutMs: 60_000 } });
    const llmSteps = doc.steps.filter((s) => s.engine === 'llm');
    const localSteps = doc.steps.filter((s) => s.engine === 'local');
    assert.ok(localSteps.length > 0);
    const perturbations = server.requests.filter((r) => !isVote(r)).length;
    assert.strictEqual(perturbations, llmSteps.length, 'one request per LLM step');
    assert.strictEqual(doc.usage!.calls, server.requests.length);
    assert.ok(doc.usage!.calls <= 17, `hybrid made ${doc.usage!.calls} calls`);
  });

  it('entry points renamed by the model are followed by the callers in the file', async () => {
    votes('True')(answer(PY_WHILE.replace('def total', 'def sum_all'), 'sum_all'));
    const doc = await transform(loader, request('python', PY, setup(url())));
    const s = await step(doc);
    assert.strictEqual(s.accepted, true, s.reason ?? '');
    assert.strictEqual(doc.entryPoint, 'sum_all');
    assert.match(doc.file, /print\(sum_all\(\[1, 2, 3\]\)\)/);
  });
});
