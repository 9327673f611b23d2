import * as fs from 'fs';
import * as path from 'path';
import Mocha from 'mocha';
import { format } from 'util';

/** Printed before every line so the runner outside picks our output out of the workbench's console. */
const MARK = '[codemorph-test] ';

/**
 * Runs every *.itest.js of one folder with mocha inside the extension host; the promise's outcome
 * becomes the test run's exit code. Each pass of the runner (trusted, restricted) has its folder.
 */
export function runFolder(dir: string): Promise<void> {
  // mocha's reporters print through Base.consoleLog; the workbench's console does not expand %s
  const base = Mocha.reporters.Base as unknown as { consoleLog: (...args: unknown[]) => void };
  const original = base.consoleLog;
  base.consoleLog = (...args: unknown[]) => console.log(MARK + format(...args).split('\n').join(`\n${MARK}`));
  const mocha = new Mocha({ ui: 'bdd', timeout: 240_000, color: false, reporter: 'spec' });
  // CODEMORPH_IT_ONLY=views,commands runs only those files (the extension host inherits the runner's environment)
  const only = (process.env.CODEMORPH_IT_ONLY ?? '').split(',').filter(Boolean);
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.itest.js')).sort()) {
    if (only.length === 0 || only.some((name) => file.startsWith(name))) mocha.addFile(path.join(dir, file));
  }
  return new Promise((resolve, reject) => {
    mocha.run((failures) => {
      base.consoleLog = original;
      if (failures > 0) reject(new Error(`${failures} integration test(s) failed`));
      else resolve();
    });
  });
}
