import * as assert from 'assert';
import { perturb } from '../../src/core/engine';
import { LANGUAGE_IDS } from '../../src/core/languages/languageIds';
import { corpusOf, corpusText } from '../support/corpus';
import { loader } from '../support/harness';
import { renamesInSummary, saneNameProblems } from '../support/saneNames';

const SEEDS = [1, 2];

/**
 * Every rename PESO makes on the conformance corpus (every function, a few seeds, syntax
 * verification) passes the sane-name check (test/support/saneNames.ts): the convention kept, no
 * keyword or builtin, no collision with a name of the file before the step, and every new word
 * from the curated vocabulary.
 */
describe('renames made by PESO on the corpus', function () {
  this.timeout(600_000);
  for (const lang of LANGUAGE_IDS) {
    it(`${lang}: every new name is sane`, async () => {
      const problems: string[] = [];
      let renames = 0;
      for (const entry of corpusOf(lang)) {
        const text = corpusText(lang, entry);
        for (const seed of SEEDS) {
          let before = text;
          await perturb(loader, {
            lang,
            text,
            selector: { functionName: entry.function },
            search: { strategy: 'peso', maxIter: 12, threshold: 0.2, temperature: 2, seed },
            verify: { level: 'syntax', toolchains: {}, timeoutMs: 30_000 },
            mu: 0.5,
            onStep: (step, after) => {
              if (step.accepted && step.summary && (step.method === 'variable-rename' || step.method === 'function-rename')) {
                const kind = step.method === 'function-rename' ? 'function' : 'variable';
                for (const [from, to] of renamesInSummary(step.summary)) {
                  renames++;
                  const wrong = saneNameProblems(lang, kind, from, to, before);
                  if (wrong.length) problems.push(`${entry.file} seed ${seed}: ${from} -> ${to}: ${wrong.join('; ')}`);
                }
              }
              before = after.text;
            },
          });
        }
      }
      assert.ok(renames >= 10, `only ${renames} renames were made`);
      assert.deepStrictEqual(problems, []);
    });
  }
});
