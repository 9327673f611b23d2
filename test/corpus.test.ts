import * as assert from 'assert';
import { LANGUAGE_IDS } from '../src/core/languages/languageIds';
import { corpusOf, corpusText } from './support/corpus';
import { assertCompiles, assertParses, behaviour, select } from './support/harness';

/** The features every language's corpus must cover between its functions. */
const REQUIRED_FEATURES = [
  'for', 'while', 'if-else-chain', 'switch', 'compound-condition', 'arithmetic', 'compound-assignment',
  'string', 'collection', 'recursion', 'early-return', 'method',
];

describe('conformance corpus', () => {
  for (const lang of LANGUAGE_IDS) {
    describe(lang, () => {
      const entries = corpusOf(lang);

      it('has at least 15 functions covering every required feature', () => {
        assert.ok(entries.length >= 15, `${entries.length} entries`);
        const covered = new Set(entries.flatMap((e) => e.features));
        assert.deepStrictEqual(REQUIRED_FEATURES.filter((f) => !covered.has(f)), []);
      });

      for (const entry of entries) {
        it(`${entry.file}: ${entry.function} parses, compiles and passes its own checks`, async () => {
          const text = corpusText(lang, entry);
          await assertParses(lang, text, entry.file);
          const unit = await select(lang, text, { functionName: entry.function });
          const lines = text.slice(unit.unit.start, unit.unit.end).split('\n').length;
          assert.ok(lines >= 5 && lines <= 80, `${entry.function} has ${lines} lines`);
          await assertCompiles(lang, text);
          const run = await behaviour(lang, text);
          assert.strictEqual(run.code, 0, run.stdout);
          assert.match(run.stdout, /all checks passed/);
        });
      }
    });
  }
});
