import fs = require('fs');
import path = require('path');
import type { LanguageId } from '../languages/languageIds';
import type { LoneFile, LoneFileCommand } from '../languages/languageProfile';
import { extensionsOf } from '../languages/languageIds';
import { profileOf } from '../languages/profiles';
import { outputOf, ProcessResult, runProcess, succeeded } from './process';
import { timedOutAfter } from './timeout';
import { cacheRoot } from './warm/cacheDir';
import { canBatch, runWarm, runWarmBatch, WarmCall } from './warm/pool';
import { missingToolchain, optionalTool, resolveTool, ToolchainOverrides, typeRootsNear } from './toolchains';
import { writeScratchFile } from '../files';

export { javaMainClass } from '../languages/java/mainClass';

export interface ToolOptions {
  /** Scratch folder the file is written to; the user's tree is never touched. */
  dir: string;
  overrides: ToolchainOverrides;
  timeoutMs: number;
  signal?: AbortSignal;
  /** The original file's path, to find workspace tools (tsc, @types) next to it. */
  nearFile?: string;
  /** The file as written, when not `source` in UTF-8: the original's encoding and line endings. */
  bytes?: Buffer;
  /** javac's `-encoding`: the file's (UTF-8 unless said). */
  javaCharset?: string;
  /** Compiler runs may be answered by a warm checker (./warm/pool.ts); unset: the cold tools only. */
  warm?: WarmUse;
}

/** How a step uses warm checkers: `onNote` hears, in one line, when one failed and the cold tool stood in. */
export interface WarmUse {
  onNote?: (line: string) => void;
}

export interface CheckResult {
  ok: boolean;
  /** The command lines that ran, for the record. */
  commands: string[];
  output: string;
  timedOut: boolean;
  cancelled: boolean;
  /** Summed wall time of the processes. */
  processMs: number;
}

export interface RunOutcome {
  built: CheckResult;
  run?: ProcessResult;
}

/** The name the file must have in the scratch folder: Java wants its public class's name, Node its module kind. */
export function scratchFileName(lang: LanguageId, source: string, originalPath?: string): string {
  const toolchain = profileOf(lang).toolchain;
  if (toolchain.fileNamedAfterPublicClass) {
    const publicClass = /\bpublic\s+(?:final\s+|abstract\s+)*(?:class|interface|enum|record)\s+([A-Za-z_$][\w$]*)/.exec(source);
    if (publicClass) return `${publicClass[1]}.java`;
  }
  const fromOriginal = originalPath ? path.basename(originalPath) : undefined;
  if (fromOriginal && extensionsOf(lang).includes(path.extname(fromOriginal).toLowerCase())) return fromOriginal;
  const ext = extensionsOf(lang)[0];
  if (toolchain.moduleExtension && /^\s*(import\s[^(]|export\s)/m.test(source)) return `${toolchain.scratchName}${toolchain.moduleExtension}`;
  return `${toolchain.scratchName}${ext}`;
}

interface Invocation {
  lang: LanguageId;
  role: 'compiler' | 'runtime';
  args: string[];
  env?: NodeJS.ProcessEnv;
}

/** The commands that check that a single file compiles, without running it (the language's `toolchain.loneFileCheck`). */
function checkInvocations(lang: LanguageId, file: string, dir: string, nearFile?: string, javaCharset = 'UTF-8'): Invocation[] {
  const toolchain = profileOf(lang).toolchain;
  const lone: LoneFile = { file, dir, text: () => readFile(dir, file), charset: javaCharset, typeRoots: () => (nearFile ? typeRootsNear(nearFile) : undefined) };
  return toolchain.loneFileCheck(lone).map((c) => invocation(lang, c));
}

/** A command of the language's toolchain, with the environment its compiler needs. */
function invocation(lang: LanguageId, command: LoneFileCommand): Invocation {
  const compilerEnv = profileOf(lang).toolchain.compilerEnv;
  const env = compilerEnv && command.role === 'compiler' ? compilerEnv(process.env, cacheRoot()) : undefined;
  return env ? { lang, ...command, env } : { lang, ...command };
}

function readFile(dir: string, file: string): string {
  return fs.readFileSync(path.join(dir, file), 'utf8');
}

async function invoke(inv: Invocation, options: ToolOptions, input?: string, purpose: 'check' | 'build' = 'build'): Promise<ProcessResult> {
  const tool = resolveTool(inv.lang, inv.role, options.overrides, options.nearFile);
  const args = [...tool.prefix, ...inv.args];
  const cold = () => runProcess(tool.command, args, { cwd: options.dir, timeoutMs: options.timeoutMs, env: inv.env, signal: options.signal, input });
  const result =
    options.warm && inv.role === 'compiler' && input === undefined
      ? await runWarm(
          { lang: inv.lang, tool: tool.command, args, cwd: options.dir, env: inv.env ?? process.env, purpose, project: '', timeoutMs: options.timeoutMs, signal: options.signal, onNote: options.warm.onNote },
          cold,
        )
      : await cold();
  if (result.spawnError?.code === 'ENOENT') throw missingToolchain(inv.lang, inv.role, tool.command);
  return result;
}

async function runAll(invocations: Invocation[], options: ToolOptions, purpose: 'check' | 'build'): Promise<CheckResult> {
  const commands: string[] = [];
  let processMs = 0;
  for (const inv of invocations) {
    const result = await invoke(inv, options, undefined, purpose);
    commands.push(result.command);
    processMs += result.durationMs;
    if (!succeeded(result)) {
      const why = result.timedOut ? `${timedOutAfter(options.timeoutMs)} and was killed\n` : '';
      return { ok: false, commands, output: why + outputOf(result), timedOut: result.timedOut, cancelled: result.cancelled, processMs };
    }
  }
  return { ok: true, commands, output: '', timedOut: false, cancelled: false, processMs };
}

export function writeScratch(dir: string, fileName: string, source: string | Buffer): string {
  fs.mkdirSync(dir, { recursive: true });
  writeScratchFile(path.join(dir, fileName), source);
  return fileName;
}

/** Checks that `source` compiles as a lone file (syntax-only compilers where the language has one). */
export async function compileCheck(lang: LanguageId, source: string, fileName: string, options: ToolOptions): Promise<CheckResult> {
  const file = writeScratch(options.dir, fileName, options.bytes ?? source);
  const invocations = checkInvocations(lang, file, options.dir, options.nearFile, options.javaCharset);
  const result = await runAll(invocations, options, 'check');
  const linter = profileOf(lang).toolchain.linter;
  if (result.ok && linter) {
    const found = optionalTool(linter.command);
    if (found) {
      const lint = await runProcess(found, [...linter.args, file], { cwd: options.dir, timeoutMs: options.timeoutMs, signal: options.signal });
      result.commands.push(lint.command);
      result.processMs += lint.durationMs;
      if (!succeeded(lint)) {
        const why = lint.timedOut ? `${timedOutAfter(options.timeoutMs)} and was killed\n` : '';
        return { ...result, ok: false, output: why + outputOf(lint), timedOut: lint.timedOut, cancelled: lint.cancelled };
      }
    }
  }
  return result;
}

/**
 * Compile checks of many versions of one lone file (a beam round's candidates) in one warm checker
 * call where the language's checker takes batches (./warm/pool.ts, runWarmBatch). Each version is
 * written to a folder of its own under `options.dir`; per version, the CheckResult compileCheck in
 * `commandDir` would give when the batch says it compiles without a word (its command line the one
 * compileCheck there records), else undefined: that version is then checked by compileCheck, for
 * its own verdict and messages. Languages that run more than one check (Python's pylint) and those
 * without batches get undefined throughout.
 */
export async function compileCheckMany(lang: LanguageId, sources: readonly (string | Buffer)[], fileName: string, commandDir: string, options: ToolOptions): Promise<(CheckResult | undefined)[]> {
  const none = sources.map(() => undefined);
  if (!options.warm || sources.length < 2 || !canBatch(lang)) return none;
  // a linter runs after a passing compile (Python's pylint, where installed): a clean compile is not the verdict
  const linter = profileOf(lang).toolchain.linter;
  if (linter && optionalTool(linter.command)) return none;
  const calls: WarmCall[] = [];
  const shown: string[] = [];
  sources.forEach((source, i) => {
    const dir = path.join(options.dir, String(i));
    const file = writeScratch(dir, fileName, source);
    const invocations = checkInvocations(lang, file, dir, options.nearFile, options.javaCharset);
    // one command per check is what a batch answers (every language's lone-file check today)
    if (invocations.length !== 1) return;
    const [inv] = invocations;
    const [asRun] = checkInvocations(lang, file, commandDir, options.nearFile, options.javaCharset);
    const tool = resolveTool(inv.lang, inv.role, options.overrides, options.nearFile);
    calls.push({ lang, tool: tool.command, args: [...tool.prefix, ...inv.args], cwd: dir, env: inv.env ?? process.env, purpose: 'check', project: '', timeoutMs: options.timeoutMs, signal: options.signal, onNote: options.warm!.onNote });
    shown.push([tool.command, ...tool.prefix, ...asRun.args].join(' '));
  });
  if (calls.length !== sources.length) return none;
  const results = await runWarmBatch(calls);
  return results.map((result, i) => result && { ok: true, commands: [shown[i]], output: '', timedOut: false, cancelled: false, processMs: Math.round(result.durationMs / sources.length) });
}

/** The commands that build a runnable program, and the command line that runs it (the language's `toolchain.loneFileBuild`). */
function buildInvocations(lang: LanguageId, file: string, dir: string, source: string, javaCharset = 'UTF-8'): { build: Invocation[]; run: Invocation } {
  const lone: LoneFile = { file, dir, text: () => source, charset: javaCharset, typeRoots: () => undefined };
  const { build, run } = profileOf(lang).toolchain.loneFileBuild(lone);
  // the run command is given no environment: the built program, or the runtime, needs no workspace
  return { build: build.map((c) => invocation(lang, c)), run: { lang, ...run } };
}

/**
 * Builds `source` as a program and runs it once; the outcome holds exit code and output, so
 * two versions of a program can be compared (differential testing).
 */
export async function buildAndRun(lang: LanguageId, source: string, fileName: string, options: ToolOptions & { input?: string; args?: string[]; memoryMb?: number }): Promise<RunOutcome> {
  const file = writeScratch(options.dir, fileName, options.bytes ?? source);
  const { build, run } = buildInvocations(lang, file, options.dir, source, options.javaCharset);
  const built = await runAll(build, options, 'build');
  if (!built.ok) return { built };
  const compiled = profileOf(lang).toolchain.native;
  let result: ProcessResult;
  const cap = options.memoryMb === undefined ? undefined : options.memoryMb + reservedMb(lang);
  if (compiled) {
    const exe = path.join(options.dir, 'program.out');
    const [command, args] = memoryCapped(exe, options.args ?? [], cap);
    result = await runProcess(command, args, { cwd: options.dir, timeoutMs: options.timeoutMs, signal: options.signal, input: options.input });
  } else if (options.memoryMb !== undefined) {
    const tool = resolveTool(run.lang, run.role, options.overrides, options.nearFile);
    const heap = runtimeHeapArgs(lang, options.memoryMb);
    const [command, args] = memoryCapped(tool.command, [...tool.prefix, ...heap, ...run.args, ...(options.args ?? [])], cap);
    result = await runProcess(command, args, { cwd: options.dir, timeoutMs: options.timeoutMs, env: run.env, signal: options.signal, input: options.input });
    if (result.spawnError?.code === 'ENOENT') throw missingToolchain(run.lang, run.role, tool.command);
  } else {
    result = await invoke({ ...run, args: [...run.args, ...(options.args ?? [])] }, options, options.input);
  }
  return { built, run: result };
}

/**
 * The runtime's own options that hold its heap to a memory cap (the address space is held by
 * ulimit): without them the JVM reserves a heap of a quarter of the machine's memory and a
 * gigabyte of class space, which a cap refuses before the program starts.
 */
export function runtimeHeapArgs(lang: LanguageId, memoryMb: number): string[] {
  return profileOf(lang).toolchain.heapLimit(memoryMb);
}

/**
 * Address space a language's runtime reserves before the program allocates anything, added to a
 * memory cap so that the cap limits the program and not the runtime's start (the language's
 * `toolchain.reservedMb`).
 */
export function reservedMb(lang: LanguageId): number {
  return profileOf(lang).toolchain.reservedMb;
}

/**
 * The command line that runs `command` with its address space capped at `mb` megabytes (the
 * shell's `ulimit -v`, which the program and everything it starts inherit); as it is without a cap.
 */
export function memoryCapped(command: string, args: readonly string[], mb: number | undefined): [string, string[]] {
  if (mb === undefined) return [command, [...args]];
  return ['/bin/sh', ['-c', `ulimit -v ${Math.floor(mb * 1024)} && exec "$0" "$@"`, command, ...args]];
}
