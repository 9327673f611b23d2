import type { ToolchainRules } from '../languageProfile';

/**
 * Go builds a native executable whose runtime reserves its page summaries up front; `go test`
 * builds before it runs; the go tool writes no output folder into a module.
 */
export const toolchain: ToolchainRules = {
  fileNamedAfterPublicClass: false,
  scratchName: 'unit',
  moduleExtension: null,
  linter: null,
  native: true,
  heapLimit: () => [],
  heapLimitNeededUnderCap: false,
  reservedMb: 1024,
  compilerBuildsAndRuns: true,
  compilerPackage: null,
  ownPathArgs: null,
  testFirst: false,
  sourceFolder: null,
  outputInTree: false,
  projectExtensions: ['.go'],
};
