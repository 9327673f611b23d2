import { runFolder } from '../mochaRunner';

/** The restricted pass: the runner opens the workspace untrusted (Restricted Mode) and runs these. */
export function run(): Promise<void> {
  return runFolder(__dirname);
}
