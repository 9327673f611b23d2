import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { LANGUAGE_IDS, LanguageId } from '../src/core/languages/languageIds';
import { assertCompiles, assertParses, behaviour, REPO, select } from './support/harness';

/** One conformance subject: a program whose `function` the methods rewrite and whose main checks it. */
export interface CorpusEntry {
  file: string;
  function: string;
  /** What the function exercises: loops of every kind, switch, recursion... (see the issue). */
  features: string[];
}

export const CORPUS_DIR = path.join(REPO, 'test', 'corpus');

export function corpusOf(lang: LanguageId): CorpusEntry[] {
  const manifest = path.join(CORPUS_DIR, lang, 'manifest.json');
  if (!fs.existsSync(manifest)) return [];
  return JSON.parse(fs.readFileSync(manifest, 'utf8')) as CorpusEntry[];
}

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
          const text = fs.readFileSync(path.join(CORPUS_DIR, lang, entry.file), 'utf8');
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
