import * as fs from 'fs';
import * as path from 'path';
import Mocha from 'mocha';
import { format } from 'util';

/** Printed before every line so the runner outside picks our output out of the workbench's console. */
const MARK = '[codemorph-test] ';

/**
 * Entry point the workbench calls inside the extension host (extensionTestsPath): runs every
 * *.itest.js here with mocha; the promise's outcome becomes the test run's exit code.
 */
export function run(): Promise<void> {
  // mocha's reporters print through Base.consoleLog; the workbench's console does not expand %s
  const base = Mocha.reporters.Base as unknown as { consoleLog: (...args: unknown[]) => void };
  const original = base.consoleLog;
  base.consoleLog = (...args: unknown[]) => console.log(MARK + format(...args).split('\n').join(`\n${MARK}`));
  const mocha = new Mocha({ ui: 'bdd', timeout: 240_000, color: false, reporter: 'spec' });
  for (const file of fs.readdirSync(__dirname).filter((f) => f.endsWith('.itest.js')).sort()) mocha.addFile(path.join(__dirname, file));
  return new Promise((resolve, reject) => {
    mocha.run((failures) => {
      base.consoleLog = original;
      if (failures > 0) reject(new Error(`${failures} integration test(s) failed`));
      else resolve();
    });
  });
}
