import fs = require('fs');
import path = require('path');
import { installRoot } from '../../install';
import type { LanguageId } from '../../languages/languageIds';
import { crypto } from '../../lazyBuiltins';
import { outputOf, runProcess } from '../process';
import { cacheRoot } from './cacheDir';
import { WarmAnswer, WarmFailure } from './checker';

/** A language's warm checker: the helper program it is, how it is built and started. */
export interface WarmSpec {
  lang: LanguageId;
  /** How logs name the language: "the warm Java checker". */
  label: string;
  /** The helper's folder: src/core/verify/warm/<folder>/ in a checkout, dist/warm/<folder>/ when installed (scripts/build.mjs). */
  folder: string;
  sources: readonly string[];
  /** The command that builds the helper in `out` (which holds a copy of its sources) with the toolchain's executable `tool`. */
  build(tool: string, out: string): { command: string; args: string[]; env: NodeJS.ProcessEnv };
  /** The command that starts it; `env` is the environment of the cold commands it stands for (secrets already out). */
  start(tool: string, out: string, env: NodeJS.ProcessEnv): { command: string; args: string[]; env: NodeJS.ProcessEnv };
  /** Whether it can stand for the toolchain `tool` at all (TypeScript: not a native tsc); unset: always. Asked before a checker starts. */
  supports?(tool: string): boolean;
  /**
   * What to ask the checker instead of running the cold command line `args` in `cwd`, or undefined
   * when it cannot stand for that command (the cold one runs). `output` turns the answer's text
   * into what the cold tool would have printed. `check`: only the verdict and messages are wanted;
   * `build`: what the command writes is used afterwards.
   */
  request(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv, purpose: 'check' | 'build'): { request: Record<string, unknown>; output?: (text: string) => string } | undefined;
  /**
   * One request standing for many `check` requests of lone files (a beam round's candidates, each
   * in a folder of its own), or undefined when the checker has no such request. `clean` reads its
   * answer: per request, true when the cold command would certainly have exited 0 without a word;
   * false when that is not known (the request is then asked alone, for its own verdict and
   * messages); undefined when the answer is not one.
   */
  batch?(requests: readonly Record<string, unknown>[]): { request: Record<string, unknown>; clean: (answer: WarmAnswer) => boolean[] | undefined } | undefined;
  /**
   * Whether a variable of the environment changes what the checker answers: checkers are shared by
   * the steps whose environments agree on these (a step's own paths, such as its scratch folder's
   * CARGO_TARGET_DIR, do not matter to it).
   */
  envMatters(name: string): boolean;
  /** Resident memory beyond which it is replaced by a fresh one after its answer. */
  rssLimitBytes: number;
}

/** Bump to rebuild every cached helper (a change in how they are built rather than in their sources). */
const BUILD_FORMAT = 1;

/** A build folder left by a process killed mid-build is removed by a later build after this long. */
const STALE_BUILD_MS = 60 * 60_000;

const BUILD_TIMEOUT_MS = 300_000;

/** The helper's source folder: the checkout's, else the one the build copied to dist/. */
export function helperSources(spec: WarmSpec): string {
  const root = installRoot();
  const inSource = path.join(root, 'src', 'core', 'verify', 'warm', spec.folder);
  return fs.existsSync(path.join(inSource, spec.sources[0])) ? inSource : path.join(root, 'dist', 'warm', spec.folder);
}

/** What identifies a toolchain (for a cached helper build or precompiled header): the executable's real path and its file's size and time. */
export function toolStamp(tool: string): string {
  try {
    const real = fs.realpathSync(tool);
    const stat = fs.statSync(real);
    return `${real}\0${stat.size}\0${stat.mtimeMs}`;
  } catch {
    throw new WarmFailure('missing', `${tool} was not found`);
  }
}

const building = new Map<string, Promise<string>>();

/**
 * The folder holding the helper built for this toolchain: from the cache when an earlier run (of
 * any CodeMorph process) built it, else built now, in a folder of its own renamed into place when
 * done (two processes building at once both succeed; one's result is kept).
 */
export function builtHelper(spec: WarmSpec, tool: string, signal?: AbortSignal): Promise<string> {
  const sourceDir = helperSources(spec);
  const hash = crypto().createHash('sha256');
  hash.update(`${BUILD_FORMAT}\0${process.platform}\0${process.arch}\0${toolStamp(tool)}\0`);
  for (const name of spec.sources) hash.update(fs.readFileSync(path.join(sourceDir, name)));
  const dir = path.join(cacheRoot(), 'warm', `${spec.lang}-${hash.digest('hex').slice(0, 16)}`);
  let done = building.get(dir);
  if (!done) {
    done = build(spec, tool, sourceDir, dir, signal);
    building.set(dir, done);
    // a failed build is tried again by the next checker that needs it
    done.catch(() => building.delete(dir));
  }
  return done;
}

async function build(spec: WarmSpec, tool: string, sourceDir: string, dir: string, signal?: AbortSignal): Promise<string> {
  const ready = path.join(dir, 'ready');
  if (fs.existsSync(ready)) return dir;
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  removeStaleBuilds(path.dirname(dir));
  const work = `${dir}.tmp-${process.pid}-${Date.now().toString(36)}`;
  fs.mkdirSync(work, { recursive: true });
  try {
    for (const name of spec.sources) fs.copyFileSync(path.join(sourceDir, name), path.join(work, name));
    const command = spec.build(tool, work);
    const result = await runProcess(command.command, command.args, { cwd: work, env: command.env, timeoutMs: BUILD_TIMEOUT_MS, signal });
    if (result.spawnError?.code === 'ENOENT') throw new WarmFailure('missing', `${command.command} was not found`);
    if (result.cancelled) throw new WarmFailure('cancelled', 'cancelled');
    if (result.code !== 0 || result.timedOut) {
      const why = result.timedOut ? `timed out after ${BUILD_TIMEOUT_MS / 1000} s` : (outputOf(result).split('\n')[0] ?? `exit ${result.code}`);
      throw new WarmFailure('failed', `could not be built (${result.command}: ${why})`);
    }
    fs.writeFileSync(path.join(work, 'ready'), '');
    try {
      fs.renameSync(work, dir);
    } catch {
      // another process put its build there first: it is the same program
      if (!fs.existsSync(ready)) throw new WarmFailure('failed', `could not be cached in ${dir}`);
    }
    return dir;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

function removeStaleBuilds(parent: string): void {
  for (const name of fs.readdirSync(parent)) {
    if (!name.includes('.tmp-')) continue;
    const full = path.join(parent, name);
    try {
      if (Date.now() - fs.statSync(full).mtimeMs > STALE_BUILD_MS) fs.rmSync(full, { recursive: true, force: true });
    } catch {
      // another process removed it
    }
  }
}
