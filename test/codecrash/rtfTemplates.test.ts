import * as assert from 'assert';
import * as fs from 'fs';
import { rtf, TEMPLATES } from '../../src/core/codecrash/rtf';
import type { LanguageId } from '../../src/core/languages/languageIds';
import { behaviour, fixture, select, sitesOf } from '../support/harness';

interface Row {
  task_id: string;
  code: string;
  language: LanguageId;
  entry_point: string;
  test: string;
}

const ROWS = fs
  .readFileSync(fixture('cruxeval/languages.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Row);

// Issue 34: RTF with at least CodeCrash's variety in every language, each template compiled and run
describe('RTF templates, each compiled and run in its language', function () {
  this.timeout(300_000);

  for (const row of ROWS) {
    it(`${row.language}: every template keeps the record's test passing (${TEMPLATES[row.language].length} templates)`, async () => {
      assert.ok(TEMPLATES[row.language].length >= (row.language === 'typescript' ? 5 : 6), 'CodeCrash has seven kinds; the mirrored comparison is one more');
      const program = row.language === 'java' ? `${row.test}\n${row.code}` : `${row.code}\n\n${row.test}`;
      const state = await select(row.language, program, { functionName: row.entry_point });
      const [site] = await sitesOf(rtf, row.language, state);
      assert.ok(site, `${row.task_id} has a condition`);
      const [target] = site.data as { start: number; end: number }[];
      const condition = program.slice(target.start, target.end);
      for (const template of TEMPLATES[row.language]) {
        const rewritten = `${program.slice(0, target.start)}${template(`(${condition})`)}${program.slice(target.end)}`;
        const run = await behaviour(row.language, rewritten);
        assert.strictEqual(run.code, 0, `${template('(E)')} fails the test:\n${rewritten}`);
      }
    });
  }
});
