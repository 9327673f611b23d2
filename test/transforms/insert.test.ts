import * as assert from 'assert';
import { insertJunkLoop } from '../../src/core/transforms/insert-junk-loop';
import { insertVariables } from '../../src/core/transforms/insert-variables';
import type { LanguageId } from '../../src/core/languages/languageIds';
import { applyAt, readFixture, select, sitesOf } from '../support/harness';
import { fixtureFiles, keepsBehaviourAtSpreadSites } from '../support/methodTests';

const FILES = fixtureFiles('insert', 'scores');

for (const method of [insertVariables, insertJunkLoop]) {
  describe(method.id, () => {
    keepsBehaviourAtSpreadSites(method, FILES, { minSites: 4, functionName: 'summarize' });

    it('never inserts before a Python docstring', async () => {
      const { text } = readFixture(FILES.python);
      const state = await select('python', text, { functionName: 'summarize' });
      const docstring = text.indexOf('"""');
      const sites = await sitesOf(method, 'python', state);
      assert.ok(sites.every((s) => s.start !== docstring));
      assert.ok(sites.some((s) => s.start === text.indexOf('total = 0')));
    });

    it('never inserts between a C or C++ switch and its case labels', async () => {
      const text = [
        'int classify(int code) {',
        '    int result = 0;',
        '    switch (code) {',
        '    case 1:',
        '        result = 10;',
        '        break;',
        '    default:',
        '        result = -1;',
        '    }',
        '    return result;',
        '}',
        '',
        'int main(void) { return classify(1) == 10 ? 0 : 1; }',
        '',
      ].join('\n');
      for (const lang of ['c', 'cpp'] as const) {
        const state = await select(lang, text, { functionName: 'classify' });
        const starts = (await sitesOf(method, lang, state)).map((s) => s.start);
        assert.ok(!starts.includes(text.indexOf('case 1:')) && !starts.includes(text.indexOf('default:')), `${lang}: a site before a case label`);
        assert.ok(starts.includes(text.indexOf('switch (code)')), `${lang}: the switch itself is still a site`);
      }
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

describe('junk that reads as code a person leaves', () => {
  it('insert-junk-loop: a pass count set to zero and a counted loop up to it, its body a comment; no constant test', async () => {
    const expected: Partial<Record<LanguageId, RegExp>> = {
      python: /\n(\s+)(\w+) = 0\n\1for (\w+) in range\(\2\):\n\1    pass {2}# [a-z -]+\n/,
      c: /\n(\s+)int (\w+) = 0;\n\1for \(int (\w+) = 0; \3 < \2; \3\+\+\) \{\n\1 {4}\/\* [a-z -]+ \*\/\n\1\}\n/,
      go: /\n(\t+)(\w+) := 0\n\1for (\w+) := 0; \3 < \2; \3\+\+ \{\n\1\t\/\/ [a-z -]+\n\1\}\n/,
      rust: /\n(\s+)let (\w+) = 0;\n\1for _(\w+) in 0\.\.\2 \{\n\1 {4}\/\/ [a-z -]+\n\1\}\n/,
      java: /\n(\s+)int (\w+) = 0;\n\1for \(int (\w+) = 0; \3 < \2; \3\+\+\) \{\n\1 {4}\/\/ [a-z -]+\n\1\}\n/,
      typescript: /\n(\s+)const (\w+) = 0;\n\1for \(let (\w+) = 0; \3 < \2; \3\+\+\) \{\n\1 {2}\/\/ [a-z -]+\n\1\}\n/,
    };
    for (const [lang, pattern] of Object.entries(expected) as [LanguageId, RegExp][]) {
      const { text } = readFixture(FILES[lang]);
      const state = await select(lang, text, { functionName: 'summarize' });
      const { after } = await applyAt(insertJunkLoop, lang, state, 1, 3);
      assert.match(after.text, pattern, lang);
      assert.doesNotMatch(after.text, /range\(0\)|while False|while \(0\)|while \(false\)|for false|0\.\.0|< 0;/, lang);
    }
  });

  it('insert-variables: a setting whose value fits its name, and one per unit', async () => {
    const { text } = readFixture(FILES.go);
    const state = await select('go', text, { functionName: 'summarize' });
    const { after, rewrite } = await applyAt(insertVariables, 'go', state, 0, 2);
    assert.match(rewrite.edits[0].text, /^(maxRetries := 3|batchSize := 64|retryDelayMs := 250|verbose := false|debugChecks := false|defaultLabel := "n\/a"|separator := ", "|tolerance := 0\.5|growthFactor := 1\.5)\n\s+_ = \w+\n/);
    assert.deepStrictEqual(await sitesOf(insertVariables, 'go', after), [], 'the unit has its spare already');
  });
});

