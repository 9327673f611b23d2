import * as assert from 'assert';
import { rtf } from '../../src/core/codecrash/rtf';
import { profileOf } from '../../src/core/languages/profiles';
import { crashProgram, crashRows } from '../support/codecrashRecord';
import { behaviour, select, sitesOf } from '../support/harness';

const ROWS = crashRows('languages.jsonl');

// Issue 34: RTF with at least CodeCrash's variety in every language, each template compiled and run
describe('RTF templates, each compiled and run in its language', function () {
  this.timeout(300_000);

  for (const row of ROWS) {
    const templates = profileOf(row.language).codecrash.conditionTemplates;
    it(`${row.language}: every template keeps the record's test passing (${templates.length} templates)`, async () => {
      assert.ok(templates.length >= (row.language === 'typescript' ? 5 : 6), 'CodeCrash has seven kinds; the mirrored comparison is one more');
      const program = crashProgram(row, row.code);
      const state = await select(row.language, program, { functionName: row.entry_point });
      const [site] = await sitesOf(rtf, row.language, state);
      assert.ok(site, `${row.task_id} has a condition`);
      const [target] = site.data as { start: number; end: number }[];
      const condition = program.slice(target.start, target.end);
      for (const template of templates) {
        const rewritten = `${program.slice(0, target.start)}${template(`(${condition})`)}${program.slice(target.end)}`;
        const run = await behaviour(row.language, rewritten);
        assert.strictEqual(run.code, 0, `${template('(E)')} fails the test:\n${rewritten}`);
      }
    });
  }
});
