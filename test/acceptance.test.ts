import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { LANGUAGE_IDS, LanguageId } from '../src/core/languages/languageIds';
import { cli } from './support/cli';
import { behaviour, REPO } from './support/harness';

/** Each example and a function of it worth perturbing alone (examples/README.md). */
export const EXAMPLES: Record<LanguageId, { file: string; fn: string }> = {
  python: { file: 'examples/python/inventory.py', fn: 'restock_plan' },
  c: { file: 'examples/c/rle.c', fn: 'rle_decode' },
  cpp: { file: 'examples/cpp/routes.cpp', fn: 'shortest_times' },
  go: { file: 'examples/go/ledger.go', fn: 'postTransactions' },
  rust: { file: 'examples/rust/wordstats.rs', fn: 'top_words' },
  java: { file: 'examples/java/GradeBook.java', fn: 'quizAverage' },
  javascript: { file: 'examples/javascript/cart.js', fn: 'checkout' },
  typescript: { file: 'examples/typescript/intervals.ts', fn: 'freeGaps' },
};

interface Doc {
  file: string;
  perturbed: string;
  original: string;
  entryPoint: string | null;
  similarity: { overall: number; surface: number; structural: number };
  steps: { accepted: boolean; verified: { syntax: boolean; compile: boolean } }[];
}

/**
 * The acceptance check: `perturb <example> --verify compile --seed 1 --json` returns a
 * verified perturbation with overall similarity below 0.9 in every language, and the perturbed
 * program still passes the example's own checks when built and run.
 */
describe('acceptance: perturbing every example', () => {
  for (const lang of LANGUAGE_IDS) {
    const { file, fn } = EXAMPLES[lang];

    it(`${lang}: the whole file, compile-verified, ends below 0.9 and still passes its checks`, async () => {
      const result = cli(['perturb', file, '--verify', 'compile', '--seed', '1', '--json', '--quiet']);
      assert.strictEqual(result.code, 0, result.stderr);
      const doc = JSON.parse(result.stdout) as Doc;
      const kept = doc.steps.filter((s) => s.accepted);
      assert.ok(kept.length > 0);
      assert.ok(kept.every((s) => s.verified.syntax && s.verified.compile));
      assert.ok(doc.similarity.overall < 0.9, `overall ${doc.similarity.overall}`);
      const run = await behaviour(lang, doc.file);
      assert.strictEqual(run.code, 0, `the perturbed ${file} fails its own checks:\n${run.stdout}\n---\n${doc.file}`);
      assert.match(run.stdout, /all checks passed/);
    });

    it(`${lang}: one function (${fn}) ends below 1, and the program still passes its checks`, async () => {
      const result = cli(['perturb', file, '--function', fn, '--verify', 'compile', '--seed', '1', '--json', '--quiet']);
      assert.strictEqual(result.code, 0, result.stderr);
      const doc = JSON.parse(result.stdout) as Doc;
      assert.ok(doc.similarity.overall < 1, `overall ${doc.similarity.overall}`);
      assert.notStrictEqual(doc.perturbed, doc.original);
      const original = fs.readFileSync(path.join(REPO, file), 'utf8');
      const outside = (text: string, unit: string) => text.replace(unit, '');
      if (doc.entryPoint === fn) assert.strictEqual(outside(doc.file, doc.perturbed), outside(original, doc.original), 'only the unit changed');
      const run = await behaviour(lang, doc.file);
      assert.strictEqual(run.code, 0, `the perturbed ${file} fails its own checks:\n${run.stdout}\n---\n${doc.perturbed}`);
    });
  }
});
