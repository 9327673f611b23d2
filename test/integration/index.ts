import { runFolder } from './mochaRunner';

/** Entry point the workbench calls inside the extension host (extensionTestsPath): the trusted pass. */
export function run(): Promise<void> {
  return runFolder(__dirname);
}
