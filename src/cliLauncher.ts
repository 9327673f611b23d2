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
 * bundle. Any mismatch, a cache V8 rejects, or none at all only costs the time it would have saved.
 * Kept free of engine imports: it must load in a few milliseconds.
 */
import { createHash } from 'crypto';
import * as fs from 'fs';
import Module = require('module');
import * as path from 'path';
import * as vm from 'vm';

const BUNDLE = path.join(__dirname, 'cli-main.js');
const CACHE = path.join(__dirname, 'cli-main.cache');
const DIGEST_BYTES = 32;

type CacheState = 'used' | 'absent' | 'off' | 'stale' | 'rejected';

interface Loaded {
  main: (argv: string[], io: { out(t: string): void; err(t: string): void }) => Promise<number>;
  runProcessArgs: () => void;
  cache: CacheState;
  /** The compiled code of every function run so far (for the build's cache). */
  codeCache(): Buffer;
  digest: Buffer;
}

/** Compiles and runs the bundle as the CommonJS module it was built as, from the cache when it matches. */
export function loadBundle(useCache = process.env.CODEMORPH_CODE_CACHE !== 'off'): Loaded {
  const source = fs.readFileSync(BUNDLE, 'utf8');
  const digest = createHash('sha256').update(source).digest();
  let cache: CacheState = useCache ? 'absent' : 'off';
  let cachedData: Buffer | undefined;
  if (useCache) {
    try {
      const saved = fs.readFileSync(CACHE);
      if (saved.subarray(0, DIGEST_BYTES).equals(digest)) cachedData = saved.subarray(DIGEST_BYTES);
      else cache = 'stale';
    } catch {
      // none built (npm run build makes it)
    }
  }
  const script = new vm.Script(Module.wrap(source), { filename: BUNDLE, cachedData });
  if (cachedData) cache = script.cachedDataRejected ? 'rejected' : 'used';
  const module = new Module(BUNDLE, require.main);
  module.filename = BUNDLE;
  const requireFromBundle = Module.createRequire(BUNDLE);
  // the bundle's own "am I the main module?" check stays false: this launcher calls main itself
  (script.runInThisContext() as (...args: unknown[]) => void).call(module.exports, module.exports, requireFromBundle, module, BUNDLE, __dirname);
  module.loaded = true;
  const { main, runProcessArgs } = module.exports as Pick<Loaded, 'main' | 'runProcessArgs'>;
  return { main, runProcessArgs, cache, codeCache: () => script.createCachedData(), digest };
}

/** Writes the cache for the bundle `loaded` came from, atomically. */
export function saveCodeCache(loaded: Loaded): void {
  const temp = `${CACHE}.${process.pid}.tmp`;
  fs.writeFileSync(temp, Buffer.concat([loaded.digest, loaded.codeCache()]));
  fs.renameSync(temp, CACHE);
}

if (require.main === module) {
  const loaded = loadBundle();
  if (process.env.CODEMORPH_TRACE_START) process.stderr.write(`codemorph: code cache ${loaded.cache}\n`);
  loaded.runProcessArgs();
}
