import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { EngineRequest, perturb, PerturbationDocument } from '../../src/core/engine';
import { LANGUAGE_IDS, LanguageId } from '../../src/core/languages/languageIds';
import { overBudget } from '../../src/core/search/growth';
import { EDITOR_DEFAULT_PROFILE, editorLimits, PROFILE_LIMITS, PROFILES, searchLimits } from '../../src/core/search/profiles';
import type { SearchOptions } from '../../src/core/search/types';
import { compareToBaseline } from '../../src/core/similarity/baseline';
import { isJunkMethod, JUNK_METHODS } from '../../src/core/transforms/catalogue';
import { corpusOf, corpusText } from '../support/corpus';
import { loader, REPO } from '../support/harness';

// The growth budget (--max-growth) and the junk bound (--max-junk), on real parses and real runs.

const LEDGER = fs.readFileSync(path.join(REPO, 'examples/go/ledger.go'), 'utf8');

function request(lang: LanguageId, text: string, fn: string, search: Partial<SearchOptions>): EngineRequest {
  return {
    lang,
    text,
    selector: { functionName: fn },
    search: { strategy: 'peso', maxIter: 15, threshold: 0.2, temperature: 2, seed: 1, ...search },
    verify: { level: 'syntax', toolchains: {}, timeoutMs: 60_000 },
    mu: 0.5,
  };
}

const keptJunk = (doc: PerturbationDocument) => doc.steps.filter((s) => s.accepted && s.method !== null && isJunkMethod(s.method)).length;

describe('growth budget', () => {
  it('refuses a step that would take the function past the budget, says why, and the run goes on', async () => {
    // div-loop copies the loop body: on postTransactions one split is over 1.5x its tokens
    const doc = await perturb(loader, request('go', LEDGER, 'postTransactions', { strategy: 'random', maxGrowth: 1.1, methods: new Set(['div-loop', 'for-while', 'swap-boolean-expression', 'equi-arithmetic']) }));
    const refused = doc.steps.filter((s) => s.reason?.startsWith('would grow'));
    assert.ok(refused.length > 0, 'no step was refused');
    for (const step of refused) {
      assert.match(step.reason!, /^would grow the function to \d+\.\d\dx its original tokens \(budget 1\.1x\)$/);
      assert.strictEqual(step.accepted, false);
      assert.strictEqual(step.method, 'div-loop');
      // refused before verification: nothing was compiled or scored
      assert.deepStrictEqual(step.verified, { syntax: null, compile: null, test: null });
      assert.strictEqual(step.similarity, null);
      assert.ok(step.growth!.tokens > 1.1, `growth ${step.growth!.tokens}`);
      assert.strictEqual(Number(/to (\S+)x/.exec(step.reason!)![1]), Math.round(step.growth!.tokens * 100) / 100);
    }
    const first = doc.steps.indexOf(refused[0]);
    assert.ok(doc.steps.slice(first + 1).some((s) => s.accepted), 'the run kept going after the refusal');
    assert.strictEqual(doc.steps.filter((s) => s.iteration > 0).length, 15, 'a refused step spends its iteration, as other rejections do');
    assert.ok(doc.growth.tokens <= 1.1);
    const without = await perturb(loader, request('go', LEDGER, 'postTransactions', { strategy: 'random', methods: new Set(['div-loop', 'for-while', 'swap-boolean-expression', 'equi-arithmetic']) }));
    assert.ok(without.growth.tokens > 1.1, 'without a budget the same run grows past it');
  });

  it('words the reason by the unit, with enough decimals to show it is over', () => {
    const original = { tokens: 1000, lines: 10 };
    assert.strictEqual(overBudget('function', original, original, { tokens: 1620, lines: 20 }, 1.5), 'would grow the function to 1.62x its original tokens (budget 1.5x)');
    assert.strictEqual(overBudget('file', original, original, { tokens: 1501, lines: 20 }, 1.5), 'would grow the file to 1.501x its original tokens (budget 1.5x)');
    assert.strictEqual(overBudget('selection', original, original, { tokens: 1500, lines: 20 }, 1.5), null, 'the budget itself is allowed');
    assert.strictEqual(overBudget('function', original, original, { tokens: 5000, lines: 20 }, null), null, 'no budget');
    // a unit already past the budget (continued from a run without one) may still take steps that do not lengthen it
    assert.strictEqual(overBudget('function', original, { tokens: 1800, lines: 20 }, { tokens: 1800, lines: 20 }, 1.5), null);
    assert.match(overBudget('function', original, { tokens: 1800, lines: 20 }, { tokens: 1801, lines: 20 }, 1.5)!, /^would grow the function to 1\.80?1?x/);
  });

  it('holds for every kept step on every corpus function, helpers included, for a few seeds', async function () {
    this.timeout(20 * 60_000);
    const budget = 1.3;
    let runs = 0;
    let refusals = 0;
    for (const lang of LANGUAGE_IDS) {
      for (const entry of corpusOf(lang)) {
        const text = corpusText(lang, entry);
        for (const [strategy, seed] of [['peso', 1], ['peso', 2], ['random', 1]] as const) {
          const doc = await perturb(loader, request(lang, text, entry.function, { strategy, seed, maxGrowth: budget }));
          runs++;
          const where = `${lang} ${entry.file} ${strategy} seed ${seed}`;
          for (const step of doc.steps.filter((s) => s.accepted)) assert.ok(step.growth!.tokens <= budget, `${where}: kept ${step.method} at ${step.growth!.tokens}x`);
          refusals += doc.steps.filter((s) => s.reason?.startsWith('would grow')).length;
          assert.ok(doc.growth.tokens <= budget, `${where}: ended at ${doc.growth.tokens}x`);
          // measured again from scratch on the final file: the unit with the helpers the steps put next to it
          const at = doc.file.indexOf(doc.perturbed);
          const fresh = await compareToBaseline(loader, lang, doc.file, { start: at, end: at + doc.perturbed.length }, doc.original);
          // the run's figure also counts what it added outside the unit (a dummy argument at a call site)
          assert.ok(fresh.growth.tokens <= doc.growth.tokens + 1e-4, `${where}: the unit alone is at ${fresh.growth.tokens}x, the run said ${doc.growth.tokens}x`);
        }
      }
    }
    assert.ok(runs > 400);
    assert.ok(refusals > runs, `the budget bound the searches (${refusals} refusals in ${runs} runs)`);
  });
});

describe('junk bound', () => {
  const methods = new Set([...JUNK_METHODS, 'swap-boolean-expression', 'equi-arithmetic', 'for-while']);

  it('--max-junk 1 takes at most one junk step per unit; 0 takes none; unbounded takes more', async function () {
    this.timeout(5 * 60_000);
    let unboundedMore = 0;
    for (const lang of ['python', 'go', 'java', 'rust'] as const) {
      for (const entry of corpusOf(lang).slice(0, 4)) {
        const text = corpusText(lang, entry);
        for (const seed of [1, 2]) {
          const one = await perturb(loader, request(lang, text, entry.function, { strategy: 'random', seed, methods, maxJunk: 1 }));
          assert.ok(keptJunk(one) <= 1, `${lang} ${entry.file}: ${keptJunk(one)} junk steps`);
          const none = await perturb(loader, request(lang, text, entry.function, { strategy: 'random', seed, methods, maxJunk: 0 }));
          assert.strictEqual(keptJunk(none), 0);
          assert.ok(none.steps.every((s) => s.method === null || !isJunkMethod(s.method)), 'junk methods are not even drawn');
          const unbounded = await perturb(loader, request(lang, text, entry.function, { strategy: 'random', seed, methods }));
          if (keptJunk(unbounded) > 1) unboundedMore++;
        }
      }
    }
    assert.ok(unboundedMore > 5, `without the bound, runs take several junk steps (${unboundedMore} did)`);
  });

  it('counts the junk steps of earlier runs when a history is continued (the editor)', async function () {
    this.timeout(5 * 60_000);
    for (const seed of [1, 2, 3]) {
      const first = await perturb(loader, request('go', LEDGER, 'postTransactions', { strategy: 'random', seed, methods, maxJunk: 1 }));
      const kept = first.steps.filter((s) => s.accepted).map((s) => s.method!);
      assert.strictEqual(keptJunk(first), 1, `seed ${seed}: the first run took its junk step`);
      // as the editor continues a function: from its text now, helpers included, measured against its first original
      const at = first.file.indexOf(first.perturbed);
      const continued: EngineRequest = {
        ...request('go', first.file, first.entryPoint!, { strategy: 'random', seed: seed + 10, methods, maxJunk: 1 }),
        selector: { functionName: first.entryPoint!, extent: { start: at, end: at + first.perturbed.length } },
        baseline: first.original,
        earlierMethods: kept,
      };
      const second = await perturb(loader, continued);
      assert.strictEqual(keptJunk(second), 0, `seed ${seed}: the second run took ${keptJunk(second)} more`);
      // the same run, not told of the first: it would have taken junk again
      const forgetful = await perturb(loader, { ...continued, earlierMethods: undefined });
      assert.ok(keptJunk(forgetful) > 0, `seed ${seed}: without the history the second run takes junk`);
    }
  });
});

describe('profiles', () => {
  it('natural has no junk and the tightest budget, paper neither bound, balanced between; explicit values win', () => {
    assert.deepStrictEqual(PROFILE_LIMITS.paper, { maxGrowth: null, maxJunk: null });
    assert.strictEqual(PROFILE_LIMITS.natural.maxJunk, 0);
    assert.ok(PROFILE_LIMITS.natural.maxGrowth! < PROFILE_LIMITS.balanced.maxGrowth!);
    assert.strictEqual(PROFILE_LIMITS.balanced.maxJunk, 1);
    assert.deepStrictEqual(searchLimits('natural', { maxGrowth: 2 }), { maxGrowth: 2, maxJunk: 0 });
    assert.deepStrictEqual(searchLimits('natural', { maxGrowth: null }), { maxGrowth: null, maxJunk: 0 });
    assert.deepStrictEqual(searchLimits('paper', { maxJunk: 3 }), { maxGrowth: null, maxJunk: 3 });
  });

  it("the editor's settings: the manifest's defaults give the natural profile; codemorph.maxGrowth overrides its budget, 0 turns it off", () => {
    const settings = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')).contributes.configuration;
    const properties = Object.assign({}, ...(Array.isArray(settings) ? settings : [settings]).map((s: { properties: object }) => s.properties));
    const profile = properties['codemorph.profile'];
    const maxGrowth = properties['codemorph.maxGrowth'];
    assert.deepStrictEqual(profile.enum, [...PROFILES]);
    assert.strictEqual(profile.default, EDITOR_DEFAULT_PROFILE);
    assert.strictEqual(EDITOR_DEFAULT_PROFILE, 'natural');
    // what a fresh editor runs with: the settings' defaults as VS Code hands them over
    assert.deepStrictEqual(editorLimits(profile.default, maxGrowth.default), { maxGrowth: 1.2, maxJunk: 0 });
    assert.deepStrictEqual(editorLimits(undefined, undefined), PROFILE_LIMITS.natural);
    assert.deepStrictEqual(editorLimits('natural', 1.6), { maxGrowth: 1.6, maxJunk: 0 });
    assert.deepStrictEqual(editorLimits('balanced', 0), { maxGrowth: null, maxJunk: 1 });
    assert.deepStrictEqual(editorLimits('paper', null), PROFILE_LIMITS.paper);
    // a settings.json may hold anything: an unknown profile is the default, a budget that is no number is the profile's
    assert.deepStrictEqual(editorLimits('fancy', null), PROFILE_LIMITS.natural);
    assert.deepStrictEqual(editorLimits('balanced', '1.5'), PROFILE_LIMITS.balanced);
    // below 1 (but 0) is no budget a function could keep: refused by the CLI, the profile's in the editor
    assert.deepStrictEqual(editorLimits('balanced', 0.5), PROFILE_LIMITS.balanced);
  });

  it('paper runs as the search did before the bounds: the same document as a run given none', async () => {
    for (const strategy of ['peso', 'random'] as const) {
      const plain = await perturb(loader, request('go', LEDGER, 'postTransactions', { strategy }));
      const paper = await perturb(loader, request('go', LEDGER, 'postTransactions', { strategy, ...searchLimits('paper') }));
      assert.strictEqual(JSON.stringify({ ...paper, elapsedMs: 0 }), JSON.stringify({ ...plain, elapsedMs: 0 }));
      const natural = await perturb(loader, request('go', LEDGER, 'postTransactions', { strategy, ...searchLimits('natural') }));
      assert.ok(natural.growth.tokens <= 1.2 && plain.growth.tokens > 1.2, `natural ${natural.growth.tokens}x, paper ${plain.growth.tokens}x`);
      assert.strictEqual(keptJunk(natural), 0);
    }
  });
});
