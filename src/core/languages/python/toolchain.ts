import type { ToolchainRules } from '../languageProfile';

/** python3 both checks (py_compile) and runs the file; pylint, where installed, finds what a compile cannot. */
export const toolchain: ToolchainRules = {
  fileNamedAfterPublicClass: false,
  scratchName: 'unit',
  moduleExtension: null,
  linter: { command: 'pylint', args: ['--errors-only', '--disable=import-error', '--score=n'] },
  native: false,
  heapLimit: () => [],
  heapLimitNeededUnderCap: false,
  reservedMb: 0,
  compilerBuildsAndRuns: false,
  compilerPackage: null,
  ownPathArgs: ['-c', 'import sys; print(sys.executable)'],
  testFirst: false,
  sourceFolder: null,
  outputInTree: true,
  projectExtensions: ['.py'],
  compilerEnv: null,
  loneFileCheck: ({ file }) => [{ role: 'compiler', args: ['-m', 'py_compile', file] }],
  // the interpreter (the compiler role's tool) runs the file itself: nothing to build
  loneFileBuild: ({ file }) => ({ build: [], run: { role: 'compiler', args: [file] } }),
  valueCheckProgram: (code, _entry, call, expected) => `${code}\n\nassert ${call} == (${expected})\n`,
  packageClause: null,
  projectMarkers: [
    ['pyproject.toml', 'python'],
    ['setup.py', 'python'],
    ['setup.cfg', 'python'],
  ],
  plainProject: 'python',
  compiler: { command: 'python3', install: 'apt-get install python3' },
  runtime: null,
};
