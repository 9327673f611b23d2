import path = require('path');
import { withBuildCache } from '../../languages/go/toolchain';
import { cacheRoot } from './cacheDir';
import { eachAlone } from './eachAlone';
import type { WarmSpec } from './helper';

/**
 * The warm Go checker (go/checker.go): a type checker over go/types, built with the workspace's
 * own `go`. It stands for `go build` where that only compiles (a lone file's compile check, a
 * module's `go build ./...`); the test level keeps `go build`/`go test`/`go run`, whose build
 * cache stays warm between runs (cacheRoot when the user has none of their own).
 */
export const GO_SPEC: WarmSpec = {
  lang: 'go',
  label: 'Go',
  folder: 'go',
  sources: ['checker.go'],
  build: (go, out) => ({
    command: go,
    args: ['build', '-o', path.join(out, 'checker'), path.join(out, 'checker.go')],
    // the user's GOFLAGS (-mod=vendor) and workspace are for their code, not this standalone file
    env: { ...goCacheEnv(process.env), GOFLAGS: '', GOWORK: 'off', GO111MODULE: 'on', CGO_ENABLED: '0', GOTOOLCHAIN: 'local', GOPROXY: 'off' },
  }),
  start: (_go, out, env) => ({
    command: path.join(out, 'checker'),
    args: [],
    // the standard library's export data is found through the GOROOT the `go` that built it has
    env: { GOMEMLIMIT: '512MiB', ...env },
  }),
  request: (args, cwd, _env, purpose) => {
    const request = goBuildRequest(args, cwd, purpose);
    return request && { request };
  },
  // the same checks, answered together: each is what it would be alone, so its own answer is kept
  batch: eachAlone,
  // the go command's own settings, and where it finds the standard library and caches
  envMatters: (name) => /^(GO.*|CGO_.*|PATH|HOME|XDG_CACHE_HOME|LANG|LC_.*)$/.test(name),
  rssLimitBytes: 1024 * 1024 * 1024,
};

/** Go's build cache kept in CodeMorph's cache folder when the user has none (languages/go/toolchain.ts). */
export function goCacheEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return withBuildCache(env, cacheRoot());
}

/**
 * The checker's request for a `go build` command line run in `cwd`, or undefined when it is not
 * one it can stand for. `check`: only the verdict and messages are wanted, not the binary (a
 * program that is then run must be built by `go build`).
 */
export function goBuildRequest(args: readonly string[], cwd: string, purpose: 'check' | 'build'): Record<string, unknown> | undefined {
  if (purpose !== 'check' || args[0] !== 'build' || args[1] !== '-o' || args.length < 4) return undefined;
  const rest = args.slice(3);
  if (rest.length === 1 && rest[0] === './...') return { op: 'check-module', cwd };
  if (rest.every((a) => a.endsWith('.go') && !a.startsWith('-'))) return { op: 'check-files', cwd, files: rest.map((f) => path.resolve(cwd, f)) };
  return undefined;
}
