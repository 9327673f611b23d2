import * as assert from 'assert';
import * as path from 'path';
import type { Tree } from 'web-tree-sitter';
import type { LlmSetup } from '../../src/core/llm/llmEngine';
import { PromptLibrary } from '../../src/core/llm/prompts';
import { Rng } from '../../src/core/random';
import { Routing, StepRunner } from '../../src/core/search/runner';
import { createScorer } from '../../src/core/similarity/scorer';
import type { Current } from '../../src/core/search/types';
import type { Method } from '../../src/core/transforms/method';
import { METHODS } from '../../src/core/transforms/registry';
import { selectUnit } from '../../src/core/unit';
import { Verifier } from '../../src/core/verify/verifier';
import { loader, readFixture, REPO } from '../support/harness';

const { text } = readFixture('methods/for-while/loops.py');

/** A method that records every site search asked of it. */
function counted(method: Method, asked: string[]): Method {
  return Object.assign(Object.create(method) as Method, {
    findSites: (ctx: Parameters<Method['findSites']>[0]) => {
      asked.push(method.id);
      return method.findSites(ctx);
    },
  });
}

describe('choosing a method for a step', () => {
  let tree: Tree;
  let current: Current;
  let verifier: Verifier;
  const python = METHODS.filter((m) => m.support('python').applicable);

  before(async () => {
    tree = await loader.parse('python', text);
    const original = selectUnit('python', tree, text, { functionName: 'restock_needed' });
    verifier = new Verifier('python', { level: 'syntax', toolchains: {}, timeoutMs: 60_000 }, text);
    const scorer = createScorer('python', original, tree, { mu: 0.5 });
    current = { state: original, tree, scores: scorer.score(original, tree), renames: [], size: scorer.original, outside: { tokens: 0, lines: 0 }, junk: 0 };
  });
  after(() => {
    verifier.dispose();
    tree.delete();
  });

  const runner = (routing: Routing = { engine: 'local' }) =>
    new StepRunner(loader, 'python', verifier, createScorer('python', current.state, tree, { mu: 0.5 }), [], undefined, routing, current.state);

  it('draws each method that can act equally often, and never one that cannot', () => {
    const r = runner();
    const applicable = r.applicable(python, current);
    assert.ok(applicable.length >= 3 && applicable.length < python.length, `${applicable.length} of ${python.length} methods apply`);
    const draws = 3000;
    const counts = new Map<string, number>();
    for (let seed = 1; seed <= draws; seed++) {
      const method = r.choose(python, current, new Rng(seed))!;
      counts.set(method.id, (counts.get(method.id) ?? 0) + 1);
    }
    assert.deepStrictEqual([...counts.keys()].sort(), applicable.map((m) => m.id).sort());
    const expected = draws / applicable.length;
    for (const [id, n] of counts) assert.ok(Math.abs(n - expected) < 0.2 * expected, `${id} drawn ${n} times, expected about ${expected.toFixed(0)}`);
  });

  it('searches sites only until a method can act: the ones asked before the chosen one have none', () => {
    const reference = runner().applicable(python, current);
    let saved = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const asked: string[] = [];
      const methods = python.map((m) => counted(m, asked));
      const chosen = runner().choose(methods, current, new Rng(seed))!;
      assert.strictEqual(asked[asked.length - 1], chosen.id, 'the chosen method is the last one searched');
      assert.strictEqual(new Set(asked).size, asked.length, 'no method is searched twice');
      for (const id of asked.slice(0, -1)) assert.ok(!reference.some((m) => m.id === id), `${id} can act, yet the search went on past it`);
      saved += python.length - asked.length;
    }
    assert.ok(saved > 0, 'every draw searched every method');
  });

  it('returns null, after asking each method once, when none can act', () => {
    const r = runner();
    const idle = python.filter((m) => !r.applicable([m], current).length);
    assert.ok(idle.length > 0);
    const asked: string[] = [];
    assert.strictEqual(runner().choose(idle.map((m) => counted(m, asked)), current, new Rng(1)), null);
    assert.deepStrictEqual([...asked].sort(), idle.map((m) => m.id).sort());
  });

  it('the hybrid engine draws a local rewrite while any method has a site, else a method its prompts can run', () => {
    // choose reads only the prompt library of the LLM setup; the models are never called here
    const llm = { prompts: new PromptLibrary(path.join(REPO, 'prompts')) } as unknown as LlmSetup;
    const r = runner({ engine: 'hybrid', llm });
    const local = runner().applicable(python, current);
    for (let seed = 1; seed <= 50; seed++) assert.ok(local.includes(r.choose(python, current, new Rng(seed))!));
    const idle = python.filter((m) => !local.includes(m));
    const drawn = new Set<string>();
    for (let seed = 1; seed <= 200; seed++) drawn.add(r.choose(idle, current, new Rng(seed))!.id);
    assert.deepStrictEqual([...drawn].sort(), idle.filter((m) => llm.prompts.has(m.id)).map((m) => m.id).sort());
  });
});
