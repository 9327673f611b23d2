import * as assert from 'assert';
import { isCodemorphError } from '../../src/core/errors';
import { EndpointHealth } from '../../src/core/llm/endpointHealth';
import { Limiter } from '../../src/core/llm/limiter';
import { OpenAiCompatibleProvider } from '../../src/core/llm/openaiProvider';
import { docstringProblem, DocstringRewriteRequest, rewriteDocstring } from '../../src/core/rewrite/functionDocstring';
import { BUILT_IN_SCENARIOS } from '../../src/core/rewrite/scenarios';
import { suiteServer } from '../support/fakeOpenAI';
import { playAgents, userText } from './playedAgents';

const FILE = `import math


class Basket:
    TAX = 2

    def total(self, prices: list) -> int:
        """Sum the prices and add TAX.

        >>> Basket().total([1, 2])
        5
        """
        return sum(prices) + self.TAX


def halve(n):
    '''Half of n, rounded down.
    >>> halve(7)
    3
    '''
    return n // 2


def bare(n):
    return n
`;

function span(name: string): DocstringRewriteRequest['fn'] {
  const start = FILE.indexOf(`def ${name}(`);
  const next = FILE.indexOf('\n\n\n', start);
  const inClass = FILE.indexOf('\n\n\ndef', start);
  return { name, start, end: name === 'total' ? inClass : next < 0 ? FILE.length : next };
}

describe('rewrite: one function\'s docstring (the editor\'s entry point)', function () {
  this.timeout(120_000);
  const { server, url } = suiteServer();

  function request(name: string, extra: Partial<DocstringRewriteRequest> = {}): DocstringRewriteRequest {
    const provider = new OpenAiCompatibleProvider({ baseUrl: url(), apiKey: 'played', model: 'played', timeoutMs: 30_000, maxRetries: 0, limiter: new Limiter(4), health: new EndpointHealth() });
    return {
      text: FILE,
      fn: span(name),
      scenarios: BUILT_IN_SCENARIOS,
      seed: 3,
      attempts: 3,
      writer: { provider, temperature: 0.7 },
      judge: { provider, temperature: 0 },
      execution: { toolchains: {}, timeoutMs: 60_000 },
      ...extra,
    };
  }

  it("replaces only a method's docstring, in the method's indentation (the method is taken alone, so examples that need its class do not run)", async () => {
    server.respond(playAgents());
    const made = await rewriteDocstring(request('total'));
    assert.strictEqual(made.original, '        """Sum the prices and add TAX.\n\n        >>> Basket().total([1, 2])\n        5\n        """');
    assert.strictEqual(FILE.slice(made.start, made.end), made.original);
    assert.strictEqual(made.replacement, `        """In ${made.scenario.name}: Sum the prices and add TAX.\n\n        >>> Basket().total([1, 2])\n        5\n        """`);
    assert.strictEqual(made.executed, true);
    assert.deepStrictEqual(made.rejected, []);
  });

  it("keeps the docstring's quotes, and rejects by running a rewrite whose example is wrong", async () => {
    server.respond(playAgents((original, _e, attempt, scenario) => `In ${scenario}: ${attempt === 1 ? original.replace('    3', '    4').replace('\n3', '\n4') : original}`));
    const made = await rewriteDocstring(request('halve'));
    assert.strictEqual(made.attempts, 2);
    assert.match(made.rejected[0], /^an example of the rewritten statement does not hold/);
    assert.ok(made.replacement.startsWith("    '''In ") && made.replacement.endsWith("\n    '''"));
    // the types of the inputs come from the examples' literals
    assert.ok(server.requests.some((r) => userText(r).includes('- n: int')));
  });

  it('without execution (Restricted Mode) the judge alone decides, and nothing runs', async () => {
    server.respond(playAgents((original, _e, _a, scenario) => `In ${scenario}: ${original.replace('\n3', '\n4')}`));
    const made = await rewriteDocstring(request('halve', { execution: undefined }));
    assert.strictEqual(made.executed, false);
    assert.strictEqual(made.attempts, 1);
    assert.ok(made.statement.includes('\n4'));
    assert.ok(server.requests.some((r) => userText(r).includes('- n: Any')));
  });

  it('the same seed and answers give the same variant', async () => {
    server.respond(playAgents());
    const a = await rewriteDocstring(request('halve'));
    server.reset();
    server.respond(playAgents());
    const b = await rewriteDocstring(request('halve'));
    assert.deepStrictEqual(a, b);
  });

  it('a function with no docstring is refused in one line before any request', async () => {
    assert.match(docstringProblem(FILE, span('bare'))!, /^bare has no docstring to rewrite: /);
    await assert.rejects(rewriteDocstring(request('bare')), (e) => isCodemorphError(e) && e.kind === 'input' && !e.message.includes('\n'));
    assert.strictEqual(server.requests.length, 0);
    assert.strictEqual(docstringProblem(FILE, span('halve')), undefined);
  });

  it('a cancel stops the run', async () => {
    server.respond(playAgents());
    const abort = new AbortController();
    abort.abort();
    await assert.rejects(rewriteDocstring(request('halve', { signal: abort.signal })), (e) => isCodemorphError(e) && e.kind === 'cancelled');
  });
});
