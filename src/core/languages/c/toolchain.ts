import type { ToolchainRules } from '../languageProfile';

/** C is compiled to a native executable by cc; a project's files include its headers. */
export const toolchain: ToolchainRules = {
  fileNamedAfterPublicClass: false,
  scratchName: 'unit',
  moduleExtension: null,
  linter: null,
  native: true,
  heapLimit: () => [],
  heapLimitNeededUnderCap: false,
  reservedMb: 0,
  compilerBuildsAndRuns: false,
  compilerPackage: null,
  ownPathArgs: null,
  testFirst: false,
  sourceFolder: null,
  outputInTree: true,
  projectExtensions: ['.c', '.h'],
};
