/**
 * dist/cli.js: starts the CLI bundle (dist/cli-main.js, built from src/cli.ts) from V8's code cache.
 *
 * A cold `codemorph perturb` of a small function spent about a fifth of its time compiling the
 * 1.4 MB bundle's functions as they first ran (issue 8: a cold CLI run should cost at most 3 bare
 * Node starts). `npm run build` runs the CLI once per language and saves the compiled code beside
 * the bundle (dist/cli-main.cache); this launcher hands it to V8, which then skips that work.
 * Node 20 has no compile cache of its own (`module.enableCompileCache` arrived in Node 22).
 *
 * V8 checks the cache against its own version and flags, but matches the source only by length,
 * so the cache starts with a digest of the bundle it was made from and is used only for that
 * bundle. Hashing the 1.4 MB bundle took about 8 ms of every start, with loading `crypto`, so the
 * header also keeps the bundle's size and modification time when the cache was made: while both
 * are unchanged the digest is trusted, and only a bundle touched since is hashed again.
 * Any mismatch, a cache V8 rejects, or none at all only costs the time it would have saved.
 * Kept free of engine imports: it must load in a few milliseconds.
 */
import fs = require('fs');
import Module = require('module');
import path = require('path');
import v8 = require('v8');
import vm = require('vm');
import { crypto } from './core/lazyBuiltins';

const BUNDLE = path.join(__dirname, 'cli-main.js');
const CACHE = path.join(__dirname, 'cli-main.cache');
const DIGEST_BYTES = 32;
/** The bundle's size and modification time (ms), as doubles. */
const STAT_BYTES = 16;
/** The digest, then the bundle's stat, then V8's data. */
const HEADER_BYTES = DIGEST_BYTES + STAT_BYTES;

type CacheState = 'used' | 'absent' | 'off' | 'stale' | 'rejected';

interface Loaded {
  main: (argv: string[], io: { out(t: string): void; err(t: string): void }) => Promise<number>;
  runProcessArgs: () => void;
  cache: CacheState;
  /** The compiled code of every function run so far (for the build's cache). */
  codeCache(): Buffer;
  /** The bundle's digest, computed only when asked for. */
  digest(): Buffer;
}

function digestOf(source: string): Buffer {
  return crypto().createHash('sha256').update(source).digest();
}

/** The bundle's size and modification time, as a cache header keeps them. */
function bundleStat(): Buffer {
  const stat = fs.statSync(BUNDLE);
  const out = Buffer.alloc(STAT_BYTES);
  out.writeDoubleLE(stat.size, 0);
  out.writeDoubleLE(stat.mtimeMs, 8);
  return out;
}

/**
 * The digest of the bundle the cache `saved` was made from matches this one: trusted without
 * hashing while the bundle's size and modification time are those the header keeps.
 */
function cacheFits(saved: Buffer, source: string): boolean {
  if (saved.length < HEADER_BYTES) return false;
  if (saved.subarray(DIGEST_BYTES, HEADER_BYTES).equals(bundleStat())) return true;
  return saved.subarray(0, DIGEST_BYTES).equals(digestOf(source));
}

/**
 * The command that runs over a dataset runs for minutes; every other one works on a unit or two and exits.
 *
 * V8 first runs code in its baseline tiers and recompiles what runs hot with its optimising
 * compiler (TurboFan) on background threads. A short run pays for those compiles without living
 * long enough to gain from them, and on a two-core machine they compete with the run for the CPU.
 * - Wasm: tree-sitter's generated lexers are single functions of hundreds of kilobytes, and the
 *   process waits at exit for their compiles still running. A cold `codemorph perturb` of a small
 *   function spent about 70 ms on this, a sixth of its time, for the same output. So a one-unit run
 *   keeps the baseline code; a function the baseline compiler cannot take still goes to the
 *   optimising one (this is not V8's --liftoff-only).
 * - JavaScript: V8 counts a function hot after it has run through a budget of bytecode a few times.
 *   Nine times V8's budget (67,584) took a cold `perturb` of a small function from about 227 to
 *   180 ms, and whole files of 500 and 2,000 lines were 5 to 15% faster too: fewer compiles of
 *   functions whose hot phase ends before the optimised code arrives. Budgets of 3 and 18 times
 *   were slower than 9 at 2,000 lines; no optimising at all (--no-opt) was slower than all three.
 * A dataset run keeps V8's defaults: over many units the optimised parser pays for its compiles.
 */
export function tieringFor(command: string | undefined): 'baseline' | 'tiered' {
  return command === 'dataset' ? 'tiered' : 'baseline';
}

/** The V8 flags of each tiering (above). */
export function v8FlagsFor(tiering: 'baseline' | 'tiered'): string[] {
  return tiering === 'baseline' ? ['--no-wasm-dynamic-tiering', '--no-wasm-tier-up', '--interrupt-budget=608256'] : [];
}

/**
 * Sets the tiering for the code this process will run. Only after the bundle is compiled: V8
 * accepts a code cache only under the flags it was made with, and the build sets none.
 */
function setTiering(flags: readonly string[]): void {
  if (flags.length > 0) v8.setFlagsFromString(flags.join(' '));
}

/**
 * Compiles the bundle, from the cache when it matches, and runs it as the CommonJS module it was
 * built as; `beforeRun` comes between the two.
 */
export function loadBundle(useCache = process.env.CODEMORPH_CODE_CACHE !== 'off', beforeRun = () => {}): Loaded {
  // esbuild writes ASCII outside comments (it escapes other characters in strings and names), so
  // latin1 reads the same program as utf8 does, for about half the decoding time
  const source = fs.readFileSync(BUNDLE, 'latin1');
  let cache: CacheState = useCache ? 'absent' : 'off';
  let cachedData: Buffer | undefined;
  if (useCache) {
    try {
      const saved = fs.readFileSync(CACHE);
      if (cacheFits(saved, source)) cachedData = saved.subarray(HEADER_BYTES);
      else cache = 'stale';
    } catch {
      // none built (npm run build makes it)
    }
  }
  const script = new vm.Script(Module.wrap(source), { filename: BUNDLE, cachedData });
  if (cachedData) cache = script.cachedDataRejected ? 'rejected' : 'used';
  beforeRun();
  const module = new Module(BUNDLE, require.main);
  module.filename = BUNDLE;
  const requireFromBundle = Module.createRequire(BUNDLE);
  // the bundle's own "am I the main module?" check stays false: this launcher calls main itself
  (script.runInThisContext() as (...args: unknown[]) => void).call(module.exports, module.exports, requireFromBundle, module, BUNDLE, __dirname);
  module.loaded = true;
  const { main, runProcessArgs } = module.exports as Pick<Loaded, 'main' | 'runProcessArgs'>;
  return { main, runProcessArgs, cache, codeCache: () => script.createCachedData(), digest: () => digestOf(source) };
}

/** Writes the cache for the bundle `loaded` came from, atomically. */
export function saveCodeCache(loaded: Loaded): void {
  const temp = `${CACHE}.${process.pid}.tmp`;
  fs.writeFileSync(temp, Buffer.concat([loaded.digest(), bundleStat(), loaded.codeCache()]));
  fs.renameSync(temp, CACHE);
}

if (require.main === module) {
  const tiering = tieringFor(process.argv[2]);
  const flags = v8FlagsFor(tiering);
  const loaded = loadBundle(undefined, () => setTiering(flags));
  if (process.env.CODEMORPH_TRACE_START) process.stderr.write(`codemorph: code cache ${loaded.cache}, wasm ${tiering}, v8 flags: ${flags.join(' ') || 'none'}\n`);
  loaded.runProcessArgs();
}
