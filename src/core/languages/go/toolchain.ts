import path = require('path');
import os = require('os');
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
  compilerEnv: (env, cache) => {
    const out = withBuildCache(env, cache);
    if (!out.GOPATH && !out.HOME) out.GOPATH = path.join(os.tmpdir(), 'codemorph-gopath');
    out.GO111MODULE = out.GO111MODULE ?? 'auto';
    return out;
  },
  loneFileCheck: ({ file, dir }) => [{ role: 'compiler', args: ['build', '-o', path.join(dir, 'go-check.out'), file] }],
  loneFileBuild: ({ file, dir }) => ({ build: [{ role: 'compiler', args: ['build', '-o', path.join(dir, 'program.out'), file] }], run: { role: 'runtime', args: [] } }),
  valueCheckProgram: (code, _entry, call, expected) => {
    const withPackage = withPackageClause(code).replace(/^(\s*package\s+\w+[^\n]*\n)/m, `$1\nimport codemorph_reflect "reflect"\n`);
    return `${withPackage}\n\nfunc main() {\n\tcodemorph_got := ${call}\n\tcodemorph_want := codemorph_got\n\tcodemorph_want = ${expected}\n\tif !codemorph_reflect.DeepEqual(codemorph_got, codemorph_want) {\n\t\tpanic("wrong value")\n\t}\n}\n`;
  },
  packageClause: {
    ensure: withPackageClause,
    dropFrom: (test) => test.replace(/^\s*package\s+\w+\s*$/m, ''),
  },
  projectMarkers: [['go.mod', 'go']],
  plainProject: null,
  compiler: { command: 'go', install: 'apt-get install golang-go' },
  runtime: null,
};

/** Go code with exactly one package clause at its top. */
export function withPackageClause(code: string): string {
  return /^\s*package\s+\w+/m.test(code) ? code : `package main\n\n${code}`;
}

/**
 * Go's build cache: the user's (GOCACHE, or the default under HOME), else one in CodeMorph's
 * cache folder, kept between runs: the scratch copies move every run, the cache must not.
 */
export function withBuildCache(env: NodeJS.ProcessEnv, cache: string): NodeJS.ProcessEnv {
  const out = { ...env };
  if (!out.GOCACHE && !out.HOME) out.GOCACHE = path.join(cache, 'go-build');
  return out;
}
