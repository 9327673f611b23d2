import * as assert from 'assert';
import { insertJunkLoop } from '../../src/core/transforms/insert-junk-loop';
import { insertVariables } from '../../src/core/transforms/insert-variables';
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
