import type { ToolchainRules } from '../languageProfile';

/** Node runs the file (`.mjs` makes it an ES module); V8 reserves its heap's address space up front. */
export const toolchain: ToolchainRules = {
  fileNamedAfterPublicClass: false,
  scratchName: 'unit',
  moduleExtension: '.mjs',
  linter: null,
  native: false,
  heapLimit: (memoryMb) => [`--max-old-space-size=${memoryMb}`],
  heapLimitNeededUnderCap: false,
  reservedMb: 1024,
  compilerBuildsAndRuns: false,
  compilerPackage: null,
  ownPathArgs: null,
  testFirst: false,
  sourceFolder: null,
  outputInTree: true,
  projectExtensions: ['.js', '.mjs', '.cjs', '.jsx'],
  compilerEnv: null,
  loneFileCheck: ({ file }) => [{ role: 'compiler', args: ['--check', file] }],
  // node (the compiler role's tool) runs the file itself: nothing to build
  loneFileBuild: ({ file }) => ({ build: [], run: { role: 'compiler', args: [file] } }),
  // a structural comparison, as CRUXEval's == compares lists and dicts
  valueCheckProgram: (code, _entry, call, expected) => `${code}\n\nif (JSON.stringify(${call}) !== JSON.stringify(${expected})) { throw new Error("wrong value"); }\n`,
  packageClause: null,
  projectMarkers: [['package.json', 'node']],
  plainProject: 'node',
  compiler: { command: 'node', install: 'install Node.js' },
  runtime: null,
};
