import * as assert from 'assert';
import { perturb, PerturbationDocument } from '../../src/core/engine';
import type { LanguageId } from '../../src/core/languages/languageIds';
import { Rng } from '../../src/core/random';
import { createScorer, DIRECT_PRODUCT, rewriteCost } from '../../src/core/similarity/scorer';
import { LevenshteinIndex } from '../../src/core/similarity/incremental';
import { parseUnitText, similarity, UnitText } from '../../src/core/similarity/similarity';
import { levenshtein } from '../../src/core/similarity/surface';
import { applyEdits, TextEdit } from '../../src/core/text/edits';
import { unitText, UnitState } from '../../src/core/unit';
import { corpusOf, corpusText } from '../support/corpus';
import { loader, parse, select } from '../support/harness';

/** The states a real search went through: the original, then every state a step led to. */
interface Search {
  original: UnitState;
  states: UnitState[];
  doc: PerturbationDocument;
}

async function searchStates(lang: LanguageId, text: string, fn: string | undefined, strategy: 'peso' | 'beam'): Promise<Search> {
  const selector = fn === undefined ? {} : { functionName: fn };
  const states: UnitState[] = [];
  const doc = await perturb(loader, {
    lang,
    text,
    selector,
    search: { strategy, maxIter: strategy === 'beam' ? 1 : 15, threshold: 0, temperature: 2, seed: 4, beamWidth: 2 },
    verify: { level: 'syntax', toolchains: {}, timeoutMs: 60_000 },
    mu: 0.5,
    onStep: (step, after) => {
      if (step.accepted) states.push(after);
    },
  });
  return { original: await select(lang, text, selector), states, doc };
}

async function comparable(lang: LanguageId, state: UnitState): Promise<UnitText> {
  return parseUnitText(loader, lang, state.text, state.unit);
}

describe('search scores with the incremental surface similarity', () => {
  // A function of the corpus, which the scorer measures with one plain pass, and a whole file of
  // several corpus programs, large enough that it goes through the index.
  const cases = (lang: LanguageId): { name: string; text: string; fn?: string; indexed: boolean }[] => {
    const entry = corpusOf(lang).find((e) => e.features.length > 0)!;
    const large = corpusOf(lang)
      .slice(0, 4)
      .map((e) => corpusText(lang, e))
      .join('\n');
    return [
      { name: entry.function, text: corpusText(lang, entry), fn: entry.function, indexed: false },
      { name: 'four programs in one file', text: large, indexed: true },
    ];
  };
  for (const lang of ['python', 'java'] as LanguageId[]) {
    for (const { name, text, fn, indexed } of cases(lang)) {
      it(`${lang}, ${name}: the scorer gives what similarity() gives, to the last bit, for every state of real searches`, async () => {
        for (const strategy of ['peso', 'beam'] as const) {
          const { original, states, doc } = await searchStates(lang, text, fn, strategy);
          const size = unitText(original).length;
          assert.strictEqual(size * size > DIRECT_PRODUCT, indexed, `a unit of ${size} characters`);
          assert.ok(states.length >= 3, `${strategy} kept only ${states.length} steps`);
          const base = await comparable(lang, original);
          const originalTree = await parse(lang, original.text);
          const scorer = createScorer(lang, original, originalTree, { mu: 0.5 });
          originalTree.delete();
          // in the search's order, then shuffled with repeats: the index's cache must not change a number
          const order = [...states.keys(), ...new Rng(9).shuffle([...states.keys(), ...states.keys()])];
          for (const k of order) {
            const state = states[k];
            const tree = await parse(lang, state.text);
            const got = scorer.score(state, tree);
            tree.delete();
            const expected = similarity(base, await comparable(lang, state), { mu: 0.5 });
            const { surface, structural, overall } = expected;
            assert.deepStrictEqual(got, { surface, structural, overall }, `${strategy}, state ${k}`);
          }
          // each method of the index on its own, with columns close enough together that small units use them
          for (const method of ['columns', 'band'] as const) {
            const index = new LevenshteinIndex(base.text, { interval: 16, method });
            for (const k of order) {
              const unit = unitText(states[k]);
              assert.strictEqual(index.distance(unit), levenshtein(base.text, unit), `${strategy}, ${method}, state ${k}`);
            }
          }
          // and through the engine: the document reports the same similarity of its result
          const final = similarity(base, await comparable(lang, states[states.length - 1]), { mu: 0.5 });
          const r = (v: number) => Math.round(v * 10_000) / 10_000;
          const rounded = { surface: r(final.surface), structural: r(final.structural), overall: r(final.overall) };
          assert.deepStrictEqual(doc.similarity, rounded, strategy);
        }
      });
    }
  }
});

describe('what a rewrite can cost at most (the hint the scorer gives the index)', () => {
  it('bounds the distance a rewrite makes, and is the sum of its edits\' distances when they are short', () => {
    const rng = new Rng(17);
    const word = (length: number) => Array.from({ length }, () => 'abcxyz_ ;'[rng.int(9)]).join('');
    for (let trial = 0; trial < 300; trial++) {
      const source = word(200 + rng.int(400));
      // non-overlapping edits in order: renames (short for short), insertions, deletions, long rewrites
      const edits: TextEdit[] = [];
      let exact = 0;
      let short = true;
      for (let at = rng.int(40); at < source.length; at += 1 + rng.int(60)) {
        const long = rng.int(10) === 0;
        const end = Math.min(source.length, at + (long ? 70 + rng.int(50) : rng.int(8)));
        const text = long ? word(rng.int(100)) : word(rng.int(8));
        edits.push({ start: at, end, text });
        if (Math.max(end - at, text.length) > 64) short = false;
        else exact += levenshtein(source.slice(at, end), text);
        at = end;
      }
      const cost = rewriteCost(source, edits);
      const after = applyEdits(source, edits);
      assert.ok(cost >= levenshtein(source, after), `trial ${trial}: ${cost} under the distance ${levenshtein(source, after)}`);
      if (short) assert.strictEqual(cost, exact, `trial ${trial}: each short edit at its own distance`);
    }
  });
});
