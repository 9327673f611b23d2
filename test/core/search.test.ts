import * as assert from 'assert';
import { EngineRequest, perturb } from '../../src/core/engine';
import { categoryWeights } from '../../src/core/search/strategies';
import { CATEGORIES } from '../../src/core/transforms/catalogue';
import { loader, readFixture } from '../support/harness';

const { text, file } = readFixture('methods/for-while/loops.py');

function request(overrides: Partial<EngineRequest['search']> = {}): EngineRequest {
  return {
    lang: 'python',
    text,
    filePath: file,
    selector: {},
    search: { strategy: 'peso', maxIter: 15, threshold: 0.2, temperature: 2, seed: 11, ...overrides },
    verify: { level: 'syntax', toolchains: {}, timeoutMs: 60_000 },
    mu: 0.5,
  };
}

describe('search strategies', () => {
  it('PESO opens with the renames, then one iteration per category in order, within the budget', async () => {
    const doc = await perturb(loader, request());
    const opening = doc.steps.filter((s) => s.iteration === 0).map((s) => s.method);
    assert.deepStrictEqual(opening, ['function-rename', 'variable-rename']);
    const iterations = doc.steps.filter((s) => s.iteration > 0);
    assert.deepStrictEqual(iterations.slice(0, 6).map((s) => s.category), [...CATEGORIES]);
    assert.deepStrictEqual(iterations.map((s) => s.iteration), iterations.map((_, i) => i + 1));
    assert.ok(iterations.length <= 15);
  });

  it('PESO keeps a step only when it does not raise the similarity, so the best only falls', async () => {
    const doc = await perturb(loader, request());
    let best = doc.steps.filter((s) => s.iteration === 0 && s.accepted).pop()?.similarity?.overall ?? 1;
    for (const step of doc.steps.filter((s) => s.iteration > 0)) {
      if (step.accepted) {
        assert.ok(step.similarity!.overall <= best + 1e-9, `kept a step that raised ss to ${step.similarity!.overall}`);
        best = step.similarity!.overall;
      } else if (step.similarity) {
        assert.ok(step.similarity.overall > best - 1e-4, 'a rejected verified step was above the best');
      }
    }
    const lastKept = doc.steps.filter((s) => s.accepted).pop();
    assert.strictEqual(doc.similarity.overall, lastKept!.similarity!.overall, 'the result is the last kept step');
  });

  it('PESO stops once the threshold is reached', async () => {
    const doc = await perturb(loader, request({ threshold: 0.99 }));
    // the opening renames alone take it below 0.99, so only the six initialisation steps run
    assert.ok(doc.steps.filter((s) => s.iteration === 0 && s.accepted).length > 0);
    assert.strictEqual(doc.steps.filter((s) => s.iteration > 0).length, 6);
  });

  it('PESO spends its budget only on categories that can act; those --methods rules out are left out of the history', async () => {
    // only condition and loop methods: the four other categories have nothing to apply
    const doc = await perturb(loader, request({ methods: new Set(['add-condition', 'for-while', 'div-loop']), threshold: 0 }));
    const skipped = doc.steps.filter((s) => s.iteration === 0 && s.method === null);
    // recording "no arithmetic method applies" would speak of methods the user ruled out (issue 28);
    // a category the user kept may be recorded as having nothing to apply here
    assert.deepStrictEqual(skipped.filter((s) => s.category !== 'condition' && s.category !== 'loop').map((s) => s.category), []);
    const iterations = doc.steps.filter((s) => s.iteration > 0);
    assert.strictEqual(iterations.length, 15, 'every iteration of the budget is an attempt');
    assert.ok(iterations.every((s) => s.method !== null && (s.category === 'condition' || s.category === 'loop')));
  });

  it('PESO weighs categories by their last gain in percentage points', () => {
    const [none, two, ten] = categoryWeights([0, 0.02, 0.1], 2);
    assert.strictEqual(none, 1);
    assert.ok(Math.abs(two - Math.E) < 1e-9, `a 2-point gain at T = 2 weighs e, got ${two}`);
    assert.ok(Math.abs(ten / two - Math.exp(4)) < 1e-6);
  });

  it('random keeps every verified step and spends the whole budget', async () => {
    const doc = await perturb(loader, request({ strategy: 'random', maxIter: 10 }));
    const iterations = doc.steps.filter((s) => s.iteration > 0);
    assert.strictEqual(iterations.length, 10);
    assert.ok(iterations.every((s) => s.accepted === (s.verified.syntax === true)));
  });

  it('--methods limits what a run may use', async () => {
    const doc = await perturb(loader, request({ methods: new Set(['for-while', 'insert-variables']) }));
    const used = new Set(doc.steps.filter((s) => s.method).map((s) => s.method));
    assert.ok([...used].every((m) => m === 'for-while' || m === 'insert-variables'), [...used].join(', '));
  });

  it('the same seed gives the same result; another seed another', async () => {
    const strip = (d: object) => JSON.stringify({ ...d, elapsedMs: 0 });
    const a = await perturb(loader, request({ seed: 5 }));
    const b = await perturb(loader, request({ seed: 5 }));
    const c = await perturb(loader, request({ seed: 6 }));
    assert.strictEqual(strip(a), strip(b));
    assert.notStrictEqual(strip(a), strip(c));
  });

  it('cancellation stops the run with a cancelled error and no result', async () => {
    const abort = new AbortController();
    let steps = 0;
    const run = perturb(loader, { ...request(), signal: abort.signal, onStep: () => ++steps === 3 && abort.abort() });
    await assert.rejects(run, (e: Error & { kind?: string }) => e.kind === 'cancelled');
    assert.strictEqual(steps, 3);
  });

  it('beam keeps the lineage of its best candidate, one step per round, each verified', async () => {
    const doc = await perturb(loader, request({ strategy: 'beam', maxIter: 4, beamWidth: 2 }));
    const rounds = doc.steps.filter((s) => s.iteration > 0);
    assert.ok(rounds.length > 0 && rounds.length <= 4);
    assert.deepStrictEqual(rounds.map((s) => s.iteration), rounds.map((_, i) => i + 1));
    assert.ok(rounds.every((s) => s.accepted && s.verified.syntax));
    assert.strictEqual(doc.similarity.overall, rounds[rounds.length - 1].similarity!.overall);
    const again = await perturb(loader, request({ strategy: 'beam', maxIter: 4, beamWidth: 2 }));
    assert.strictEqual(again.file, doc.file);
  });

});
