import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { LANGUAGE_IDS, LanguageId } from '../src/core/languages/languageIds';
import { cli } from './support/cli';
import { EXAMPLES } from './support/examples';
import { behaviour, REPO } from './support/harness';

export { EXAMPLES };

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
