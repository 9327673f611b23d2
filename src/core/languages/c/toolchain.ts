import path = require('path');
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
  compilerEnv: null,
  // an implicit declaration is how C reports a call to a function that no longer exists
  loneFileCheck: ({ file }) => [{ role: 'compiler', args: ['-fsyntax-only', '-Werror=implicit-function-declaration', file] }],
  loneFileBuild: ({ file, dir }) => ({ build: [{ role: 'compiler', args: ['-o', path.join(dir, 'program.out'), file, '-lm'] }], run: { role: 'runtime', args: [] } }),
  valueCheckProgram: (code, _entry, call, expected) => `${code}\n\nint main(void) {\n    return (${call}) == (${expected}) ? 0 : 1;\n}\n`,
  packageClause: null,
  projectMarkers: [
    ['compile_commands.json', 'compdb'],
    ['CMakeLists.txt', 'cmake'],
    ['Makefile', 'make'],
    ['makefile', 'make'],
    ['GNUmakefile', 'make'],
  ],
  plainProject: null,
  compiler: { command: 'cc', install: 'apt-get install gcc' },
  runtime: null,
};
