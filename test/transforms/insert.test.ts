import * as assert from 'assert';
import { LANGUAGE_IDS } from '../../src/core/languages/languageIds';
import { insertJunkLoop } from '../../src/core/transforms/insert-junk-loop';
import { insertVariables } from '../../src/core/transforms/insert-variables';
import { applyAt, assertEquivalent, readFixture, select, sitesOf } from '../support/harness';

const FILES: Record<string, string> = {
  python: 'methods/insert/scores.py',
  c: 'methods/insert/scores.c',
  cpp: 'methods/insert/scores.cpp',
  go: 'methods/insert/scores.go',
  rust: 'methods/insert/scores.rs',
  java: 'methods/insert/Scores.java',
  javascript: 'methods/insert/scores.js',
  typescript: 'methods/insert/scores.ts',
};

for (const method of [insertVariables, insertJunkLoop]) {
  describe(method.id, () => {
    for (const lang of LANGUAGE_IDS) {
      it(`${lang}: the first, a middle and the last site keep behaviour`, async () => {
        const { text } = readFixture(FILES[lang]);
        const state = await select(lang, text, { functionName: 'summarize' });
        const sites = await sitesOf(method, lang, state);
        assert.ok(sites.length >= 4, `expected several sites, found ${sites.length}`);
        for (const [index, seed] of [[0, 1], [Math.floor(sites.length / 2), 2], [sites.length - 1, 3]]) {
          const { after } = await applyAt(method, lang, state, index, seed);
          await assertEquivalent(lang, text, after.text);
        }
      });
    }

    it('never inserts before a Python docstring', async () => {
      const { text } = readFixture(FILES.python);
      const state = await select('python', text, { functionName: 'summarize' });
      const docstring = text.indexOf('"""');
      const sites = await sitesOf(method, 'python', state);
      assert.ok(sites.every((s) => s.start !== docstring));
      assert.ok(sites.some((s) => s.start === text.indexOf('total = 0')));
    });

    it("never inserts before a JavaScript 'use strict' directive", async () => {
      const { text } = readFixture(FILES.javascript);
      const state = await select('javascript', text, { functionName: 'summarize' });
      const directive = text.indexOf("'use strict'", text.indexOf('function'));
      const sites = await sitesOf(method, 'javascript', state);
      assert.ok(sites.every((s) => s.start !== directive));
    });

    it('keeps the unit covering the function, with the inserted code inside it', async () => {
      const { text } = readFixture(FILES.go);
      const state = await select('go', text, { functionName: 'summarize' });
      const { after, rewrite } = await applyAt(method, 'go', state, 0);
      const inserted = rewrite.edits[0].text;
      const unit = after.text.slice(after.unit.start, after.unit.end);
      assert.ok(unit.startsWith('func summarize('));
      assert.ok(unit.includes(inserted));
      assert.ok(unit.trimEnd().endsWith('return passed, best\n}'));
    });
  });
}
