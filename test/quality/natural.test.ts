import * as assert from 'assert';
import { EngineRequest, perturb } from '../../src/core/engine';
import { LANGUAGE_IDS, LanguageId } from '../../src/core/languages/languageIds';
import { findDegenerate } from '../../src/core/quality/degenerate';
import { corpusOf, corpusText } from '../support/corpus';
import { assertEquivalent, loader } from '../support/harness';

/**
 * Issue 30, "no degenerate code": PESO over every function of the corpus, in every language
 * and with several seeds, keeps no step that leaves a shape no person would write (an empty
 * branch, a constant test, a loop split twice, a wrapper of a wrapper...: quality/degenerate.ts).
 * Steps are checked by parsing, for speed; the final programs of a few functions per language
 * are compiled and run against their originals, since avoiding a shape must not cost meaning.
 */

const SEEDS = [1, 2, 3];
/** Whole-file units (every function of the program, main included) are searched with these seeds. */
const FILE_SEEDS = [1];
/** Functions per language whose final programs are built and run. */
const RUN_CHECKED = 3;

function request(lang: LanguageId, text: string, functionName: string | undefined, seed: number): EngineRequest {
  return {
    lang,
    text,
    selector: functionName ? { functionName } : {},
    search: { strategy: 'peso', maxIter: 15, threshold: 0.2, temperature: 2, seed },
    verify: { level: 'syntax', toolchains: {}, timeoutMs: 60_000 },
    mu: 0.5,
  };
}

/** Runs PESO and returns the degenerate shapes each kept step left, as readable lines, and the final file. */
async function degenerateSteps(lang: LanguageId, text: string, functionName: string | undefined, seed: number): Promise<{ found: string[]; file: string }> {
  const kept: { method: string; text: string }[] = [];
  const doc = await perturb(loader, {
    ...request(lang, text, functionName, seed),
    onStep: (step, after) => {
      if (step.accepted && step.method) kept.push({ method: step.method, text: after.text });
    },
  });
  const found: string[] = [];
  let before = new Map<string, number>();
  for (const step of kept) {
    const tree = await loader.parse(lang, step.text);
    try {
      const now = new Map<string, number>();
      for (const f of findDegenerate(lang, tree.rootNode, step.text)) {
        const key = `${f.shape}: ${f.excerpt}`;
        now.set(key, (now.get(key) ?? 0) + 1);
        // a shape is the step's when it is new: later steps carry the earlier ones along
        if ((now.get(key) ?? 0) > (before.get(key) ?? 0)) found.push(`${step.method} left ${f.shape} at line ${f.line}: ${f.excerpt}`);
      }
      before = now;
    } finally {
      tree.delete();
    }
  }
  return { found, file: doc.file };
}

describe('PESO keeps no degenerate code', () => {
  for (const lang of LANGUAGE_IDS) {
    const entries = corpusOf(lang);

    it(`${lang}: no kept step of any corpus function leaves a degenerate shape (seeds ${SEEDS.join(', ')}; whole files: ${FILE_SEEDS.join(', ')})`, async () => {
      const problems: string[] = [];
      for (const entry of entries) {
        const text = corpusText(lang, entry);
        for (const seed of SEEDS) {
          const { found } = await degenerateSteps(lang, text, entry.function, seed);
          problems.push(...found.map((f) => `${entry.file} ${entry.function} seed ${seed}: ${f}`));
        }
        for (const seed of FILE_SEEDS) {
          const { found } = await degenerateSteps(lang, text, undefined, seed);
          problems.push(...found.map((f) => `${entry.file} (file) seed ${seed}: ${f}`));
        }
      }
      assert.deepStrictEqual(problems, []);
    }).timeout(600_000);

    it(`${lang}: the final programs of ${RUN_CHECKED} functions build and behave as the originals`, async () => {
      for (const entry of entries.slice(0, RUN_CHECKED)) {
        const text = corpusText(lang, entry);
        const { file } = await degenerateSteps(lang, text, entry.function, SEEDS[0]);
        await assertEquivalent(lang, text, file);
      }
    }).timeout(600_000);
  }
});
