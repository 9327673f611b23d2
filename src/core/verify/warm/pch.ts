import fs = require('fs');
import path = require('path');
import type { LanguageId } from '../../languages/languageIds';
import { crypto } from '../../lazyBuiltins';
import { ProcessResult, runProcess } from '../process';
import { cacheRoot } from './cacheDir';
import { WarmFailure } from './checker';
import { toolStamp } from './helper';
import { writeScratchFile } from '../../files';

/**
 * The warm C++ check (docs/warm-checkers.md): GCC has no compile server, and almost all of a cold
 * `g++ -fsyntax-only` is the standard headers. The file's leading `#include <...>` lines (its
 * include set) are precompiled once per set, compiler and flags into CodeMorph's cache folder;
 * each step then compiles a copy of the file whose include lines are blanked (line numbers kept)
 * with `-include <the precompiled header>`. The compiler sees the same tokens in the same order as
 * the cold command: the headers, then the file's code; each header is read once, as it was.
 * C is not precompiled: its headers are small, a cold `gcc -fsyntax-only` of a corpus file is
 * 40 to 60 ms of CPU, which is its own parse (measured; docs/warm-checkers.md).
 */

export interface PrecompiledSpec {
  lang: LanguageId;
  /** How logs name it: "the warm C++ checker". */
  label: string;
  /** gcc's `-x` for the header. */
  headerKind: string;
}

export const CPP_PCH: PrecompiledSpec = { lang: 'cpp', label: 'C++', headerKind: 'c++-header' };

/** Bump to rebuild every cached header (a change in how they are built). */
const PCH_FORMAT = 1;

/** Include sets kept in the cache (a C++ set is 20 to 40 MB): the least recently used go first. */
const MAX_SETS = 16;

/** A build folder left by a process killed mid-build is removed by a later build after this long. */
const STALE_BUILD_MS = 60 * 60_000;

/** Where the blanked copy of a file is compiled, beside the file: the scratch folder is CodeMorph's own. */
const COPY_FOLDER = '.codemorph-pch';

/** Options the cold command lines use, that the header is built with as they are. */
const SAME_FLAGS = /^(-std=\S+|-W\S*|-O\S*|-g\S*|-D\S+|-U\S+|-pedantic(-errors)?|-ansi|-f(?!syntax-only$)\S+|-m\S+)$/;

/** What a cold command line is, when a precompiled header can stand in: its flags, its source, and the rest. */
interface Parsed {
  /** Options that shape the parse: the header is built with them. */
  flags: string[];
  source: string;
  /** The whole command line with the source taken out (kept in place for the warm command). */
  before: string[];
  after: string[];
}

function parseCommand(args: readonly string[], cwd: string): Parsed | undefined {
  const flags: string[] = [];
  const before: string[] = [];
  const after: string[] = [];
  let source: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const into = source === undefined ? before : after;
    if (arg === '-o' && i + 1 < args.length) into.push(arg, path.resolve(cwd, args[++i]));
    else if (arg === '-fsyntax-only' || /^-l\S+$/.test(arg)) into.push(arg);
    else if (SAME_FLAGS.test(arg)) {
      flags.push(arg);
      into.push(arg);
    } else if (!arg.startsWith('-') && /\.(cc|cpp|cxx|c\+\+|C)$/.test(arg) && source === undefined) source = arg;
    else return undefined;
  }
  return source === undefined ? undefined : { flags, source, before, after };
}

/**
 * The file's include set: its leading lines up to the first that is not blank, a comment or an
 * `#include <...>` (a quoted include is the project's, and stays in the file). `blanked` is the
 * file with those include lines emptied, so every line keeps its number.
 */
export function includeSet(text: string): { includes: string[]; blanked: string } | undefined {
  const lines = text.split('\n');
  const includes: string[] = [];
  let inComment = false;
  let i = 0;
  for (; i < lines.length; i++) {
    const line = lines[i].replace(/\r$/, '');
    const bare = line.trim();
    if (inComment) {
      const end = bare.indexOf('*/');
      if (end < 0) continue;
      if (bare.slice(end + 2).trim()) break;
      inComment = false;
      continue;
    }
    if (bare === '' || bare.startsWith('//')) {
      if (bare.endsWith('\\')) break;
      continue;
    }
    if (bare.startsWith('/*')) {
      const end = bare.indexOf('*/', 2);
      if (end < 0) inComment = true;
      else if (bare.slice(end + 2).trim()) break;
      continue;
    }
    const include = /^#\s*include\s*(<[^<>"]+>)\s*(\/\/.*)?$/.exec(bare);
    if (!include || bare.endsWith('\\')) break;
    includes.push(`#include ${include[1]}`);
    lines[i] = '';
  }
  if (includes.length === 0 || inComment) return undefined;
  return { includes, blanked: lines.join('\n') };
}

/** A header build in progress, shared by every step asking for it, and how many of them still wait. */
interface Building {
  done: Promise<string | undefined>;
  waiting: number;
  stop: AbortController;
}

const building = new Map<string, Building>();

/**
 * The precompiled header for an include set, compiler and flags: from the cache, else built now in
 * a folder of its own renamed into place (two processes building at once both succeed). Undefined
 * when the headers do not compile (a header that does not exist): the cold command says so.
 * A build is shared by every step that asks for it while it runs, so one step's cancel only
 * cancels that step's wait; the build itself stops when no step waits for it any more (its own
 * timeout bounds it otherwise).
 */
function precompiled(spec: PrecompiledSpec, tool: string, flags: string[], includes: string[], env: NodeJS.ProcessEnv, timeoutMs: number, signal?: AbortSignal): Promise<string | undefined> {
  if (signal?.aborted) return Promise.reject(new WarmFailure('cancelled', 'cancelled'));
  const hash = crypto().createHash('sha256');
  hash.update(`${PCH_FORMAT}\0${process.platform}\0${process.arch}\0${toolStamp(tool)}\0${flags.join('\0')}\0\0${includes.join('\n')}`);
  // the variables gcc reads to find headers change what an include means
  for (const name of ['CPATH', 'CPLUS_INCLUDE_PATH', 'C_INCLUDE_PATH', 'GCC_EXEC_PREFIX', 'COMPILER_PATH']) hash.update(`\0${name}=${env[name] ?? ''}`);
  const dir = path.join(cacheRoot(), 'pch', `${spec.lang}-${hash.digest('hex').slice(0, 20)}`);
  let shared = building.get(dir);
  if (!shared) {
    const stop = new AbortController();
    const entry: Building = { done: build(spec, tool, flags, includes, env, dir, timeoutMs, stop.signal), waiting: 0, stop };
    building.set(dir, entry);
    // settled either way: the next step looks in the cache again (a failed or cancelled build is tried again)
    const forget = () => {
      if (building.get(dir) === entry) building.delete(dir);
    };
    void entry.done.then(forget, forget);
    shared = entry;
  }
  const entry = shared;
  entry.waiting++;
  if (!signal) return entry.done;
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      if (--entry.waiting === 0) {
        // nobody waits any more: stopped, and a step asking later starts a build of its own
        if (building.get(dir) === entry) building.delete(dir);
        entry.stop.abort();
      }
      reject(new WarmFailure('cancelled', 'cancelled'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    entry.done.then(
      (header) => {
        signal.removeEventListener('abort', onAbort);
        resolve(header);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

async function build(spec: PrecompiledSpec, tool: string, flags: string[], includes: string[], env: NodeJS.ProcessEnv, dir: string, timeoutMs: number, signal: AbortSignal): Promise<string | undefined> {
  const header = path.join(dir, 'prefix.h');
  if (fs.existsSync(path.join(dir, 'ready'))) {
    touch(dir);
    return header;
  }
  const parent = path.dirname(dir);
  fs.mkdirSync(parent, { recursive: true });
  const work = `${dir}.tmp-${process.pid}-${Date.now().toString(36)}`;
  fs.mkdirSync(work, { recursive: true });
  try {
    fs.writeFileSync(path.join(work, 'prefix.h'), `${includes.join('\n')}\n`);
    // the header's own path is where the compiles will look for it: built as `prefix.h` in its folder
    const result = await runProcess(tool, [...flags, '-x', spec.headerKind, 'prefix.h', '-o', 'prefix.h.gch'], { cwd: work, timeoutMs, env, signal });
    if (result.spawnError?.code === 'ENOENT') throw new WarmFailure('missing', `${tool} was not found`);
    if (result.cancelled) throw new WarmFailure('cancelled', 'cancelled');
    if (result.timedOut) throw new WarmFailure('hung', `timed out after ${timeoutMs / 1000} s precompiling the headers and was killed`);
    if (result.code === 1) return undefined;
    if (result.code !== 0) throw new WarmFailure('failed', `failed precompiling the headers (${result.signal ?? `exit ${result.code}`})`);
    fs.writeFileSync(path.join(work, 'ready'), '');
    try {
      fs.renameSync(work, dir);
    } catch {
      // another process put the same header there first
      if (!fs.existsSync(path.join(dir, 'ready'))) throw new WarmFailure('failed', `could not cache the precompiled headers in ${dir}`);
    }
    evict(parent, dir);
    return header;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Marks a set used now (the least recently used are evicted). */
function touch(dir: string): void {
  const now = new Date();
  try {
    fs.utimesSync(dir, now, now);
  } catch {
    // evicted by another process meanwhile: the compile falls back to the headers' text
  }
}

function evict(parent: string, keep: string): void {
  const sets: { full: string; used: number }[] = [];
  for (const name of fs.readdirSync(parent)) {
    const full = path.join(parent, name);
    try {
      const used = fs.statSync(full).mtimeMs;
      if (name.includes('.tmp-')) {
        if (Date.now() - used > STALE_BUILD_MS) fs.rmSync(full, { recursive: true, force: true });
      } else if (full !== keep) sets.push({ full, used });
    } catch {
      // another process removed it
    }
  }
  sets.sort((a, b) => b.used - a.used);
  // one used in the last minute may be in a compile of another process right now
  for (const old of sets.slice(MAX_SETS - 1)) if (Date.now() - old.used > 60_000) fs.rmSync(old.full, { recursive: true, force: true });
}

/**
 * Runs a cold C++ command line (`g++ -fsyntax-only ... file`, `g++ ... -o exe file`) with the file's
 * include set precompiled; undefined when it cannot stand for it (options it does not know, no
 * include set, headers that do not compile): the cold command runs. The answer is what the cold
 * command would print and exit with; it is recorded under the cold command line.
 */
export async function runPrecompiled(
  spec: PrecompiledSpec,
  tool: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<ProcessResult | undefined> {
  const parsed = parseCommand(args, cwd);
  if (!parsed) return undefined;
  // the copy is compiled under the name the cold command gives the file, so messages name it alike
  if (path.isAbsolute(parsed.source) || parsed.source.split(/[\\/]/).includes('..')) return undefined;
  const sourcePath = path.resolve(cwd, parsed.source);
  let text: string;
  try {
    // byte for byte: the file may not be UTF-8, and only its ASCII include lines change
    text = fs.readFileSync(sourcePath, 'latin1');
  } catch {
    return undefined;
  }
  const set = includeSet(text);
  if (!set) return undefined;
  const header = await precompiled(spec, tool, parsed.flags, set.includes, env, timeoutMs, signal);
  if (!header) return undefined;
  const copyCwd = path.join(cwd, COPY_FOLDER);
  const copy = path.join(copyCwd, parsed.source);
  fs.mkdirSync(path.dirname(copy), { recursive: true });
  writeScratchFile(copy, set.blanked, 'latin1');
  // a quoted include is looked up beside the file first: the original's folder stands in for the copy's
  const warmArgs = ['-include', header, '-iquote', path.dirname(sourcePath), ...parsed.before, parsed.source, ...parsed.after];
  const result = await runProcess(tool, warmArgs, { cwd: copyCwd, timeoutMs, env, signal });
  if (result.cancelled) throw new WarmFailure('cancelled', 'cancelled');
  if (result.timedOut) throw new WarmFailure('hung', `timed out after ${timeoutMs / 1000} s and was killed`);
  if (result.spawnError) throw new WarmFailure(result.spawnError.code === 'ENOENT' ? 'missing' : 'failed', `could not start (${result.spawnError.message})`);
  // 0 accepts and 1 rejects the code; anything else (an internal compiler error, a signal) is the checker's failure
  if (result.code !== 0 && result.code !== 1) throw new WarmFailure('crashed', `crashed (${result.signal ?? `exit ${result.code}`}${firstLine(result.stderr)})`);
  // a message about the precompiled header itself (unreadable, evicted meanwhile) is not about the code
  const output = result.stdout + result.stderr;
  if (/^cc1\w*: (fatal )?error: .*precompiled header|^<command-line>/m.test(output) || output.includes(path.dirname(header))) throw new WarmFailure('failed', `failed (${firstLine(output).slice(2) || 'its header'})`);
  return result;
}

function firstLine(text: string): string {
  const line = text.split('\n').find((l) => l.trim());
  return line ? `: ${line.trim().slice(0, 160)}` : '';
}
