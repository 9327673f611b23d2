/**
 * Node built-ins that most runs never touch, loaded on first use rather than when the bundle loads.
 *
 * esbuild turns every `import` into a `require` that runs as the bundle starts, and these modules
 * are not in Node's start-up snapshot: `child_process` (with the net and stream modules it brings)
 * and `crypto` cost a cold CLI run about 10 ms between them (issue 8: a cold `codemorph perturb`
 * should cost at most 3 bare Node starts), while a run with syntax verification spawns nothing and
 * saves no entry. Callers take their types with `import type`, which compiles to nothing.
 */
import type * as ChildProcessModule from 'child_process';
import type * as CryptoModule from 'crypto';
import type * as ZlibModule from 'zlib';

export function childProcess(): typeof ChildProcessModule {
  return require('child_process') as typeof ChildProcessModule;
}

export function crypto(): typeof CryptoModule {
  return require('crypto') as typeof CryptoModule;
}

/** zlib: only `dataset` on a `.jsonl.gz` needs it. */
export function zlib(): typeof ZlibModule {
  return require('zlib') as typeof ZlibModule;
}
