import fs = require('fs');
import os = require('os');
import path = require('path');
import type { LanguageId } from '../languages/languageIds';
import { extensionsOf } from '../languages/languageIds';
import { profileOf } from '../languages/profiles';
import { outputOf, ProcessResult, runProcess, succeeded } from './process';
import { timedOutAfter } from './timeout';
import { goCacheEnv } from './warm/go';
import { canBatch, runWarm, runWarmBatch, WarmCall } from './warm/pool';
import { missingToolchain, optionalTool, resolveTool, ToolchainOverrides, typeRootsNear } from './toolchains';
import { writeScratchFile } from '../files';

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

function goEnv(): NodeJS.ProcessEnv {
  const env = goCacheEnv(process.env);
  if (!env.GOPATH && !env.HOME) env.GOPATH = path.join(os.tmpdir(), 'codemorph-gopath');
  env.GO111MODULE = env.GO111MODULE ?? 'auto';
  return env;
}

function hasRustMain(source: string): boolean {
  return /^\s*(?:pub\s+)?fn\s+main\s*\(/m.test(source);
}

/**
 * The class whose `main` runs the program: the class that encloses a `static void main(` (the
 * public one when several have a main). Braces are counted outside comments and strings, because
 * a class declared before the one holding `main` must not be taken for it.
 */
export function javaMainClass(source: string, fileName: string): string {
  const stack: { name: string | null; isPublic: boolean }[] = [];
  let pending: { name: string; isPublic: boolean } | null = null;
  const found: { name: string; isPublic: boolean }[] = [];
  const word = /[A-Za-z_$][\w$]*/y;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '/' && source[i + 1] === '/') i = endOf(source, '\n', i + 2);
    else if (c === '/' && source[i + 1] === '*') i = endOf(source, '*/', i + 2) + 1;
    else if (source.startsWith('"""', i)) i = endOf(source, '"""', i + 3) + 2;
    else if (c === '"' || c === "'") i = endOfQuoted(source, c, i + 1);
    else if (c === '{') {
      stack.push(pending ?? { name: null, isPublic: false });
      pending = null;
    } else if (c === '}') stack.pop();
    else if (/[A-Za-z_$]/.test(c) && !/[\w$.]/.test(source[i - 1] ?? ' ')) {
      word.lastIndex = i;
      const w = word.exec(source)![0];
      if (w === 'class' || w === 'interface' || w === 'enum' || w === 'record') {
        const rest = /\s+([A-Za-z_$][\w$]*)/y.exec(source.slice(i + w.length));
        if (rest) pending = { name: rest[1], isPublic: /\bpublic\s+(?:\w+\s+)*$/.test(source.slice(Math.max(0, i - 60), i)) };
      } else if (w === 'static' && /^static\s+void\s+main\s*\(/.test(source.slice(i, i + 40))) {
        const owner = [...stack].reverse().find((f) => f.name !== null);
        if (owner) found.push({ name: owner.name!, isPublic: owner.isPublic });
      }
      i += w.length - 1;
    }
  }
  const chosen = found.find((f) => f.isPublic) ?? found[0];
  return chosen ? chosen.name : path.basename(fileName, '.java');
}

function endOf(source: string, close: string, from: number): number {
  const at = source.indexOf(close, from);
  return at < 0 ? source.length : at;
}

function endOfQuoted(source: string, quote: string, from: number): number {
  for (let i = from; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === quote || source[i] === '\n') return i;
  }
  return source.length;
}

interface Invocation {
  lang: LanguageId;
  role: 'compiler' | 'runtime';
  args: string[];
  env?: NodeJS.ProcessEnv;
}

/** The commands that check that a single file compiles, without running it. */
function checkInvocations(lang: LanguageId, file: string, dir: string, nearFile?: string, javaCharset = 'UTF-8'): Invocation[] {
  switch (lang) {
    case 'python': {
      const steps: Invocation[] = [{ lang, role: 'compiler', args: ['-m', 'py_compile', file] }];
      return steps;
    }
    case 'c':
      // an implicit declaration is how C reports a call to a function that no longer exists
      return [{ lang, role: 'compiler', args: ['-fsyntax-only', '-Werror=implicit-function-declaration', file] }];
    case 'cpp':
      return [{ lang, role: 'compiler', args: ['-fsyntax-only', '-std=c++17', file] }];
    case 'go':
      return [{ lang, role: 'compiler', args: ['build', '-o', path.join(dir, 'go-check.out'), file], env: goEnv() }];
    case 'rust':
      return [
        {
          lang,
          role: 'compiler',
          args: ['--edition', '2021', '--crate-type', hasRustMain(readFile(dir, file)) ? 'bin' : 'lib', '--emit=metadata', '-o', path.join(dir, 'check.rmeta'), file],
        },
      ];
    case 'java':
      return [{ lang, role: 'compiler', args: ['-d', path.join(dir, 'classes'), '-encoding', javaCharset, '-nowarn', file] }];
    case 'javascript':
      return [{ lang, role: 'compiler', args: ['--check', file] }];
    case 'typescript': {
      const args = ['--noEmit', '--pretty', 'false', '--target', 'es2022', '--lib', 'es2022,dom', '--skipLibCheck'];
      // Node's own types only: every package under @types would add globals (a test
      // framework's `describe`) the file does not know about.
      const typeRoots = nearFile ? typeRootsNear(nearFile) : undefined;
      if (typeRoots && fs.existsSync(path.join(typeRoots, 'node'))) args.push('--typeRoots', typeRoots, '--types', 'node');
      return [{ lang, role: 'compiler', args: [...args, file] }];
    }
  }
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
  if (!options.warm || sources.length < 2 || !canBatch(lang)) return sources.map(() => undefined);
  const calls: WarmCall[] = [];
  const shown: string[] = [];
  sources.forEach((source, i) => {
    const dir = path.join(options.dir, String(i));
    const file = writeScratch(dir, fileName, source);
    const [inv] = checkInvocations(lang, file, dir, options.nearFile, options.javaCharset);
    const [asRun] = checkInvocations(lang, file, commandDir, options.nearFile, options.javaCharset);
    const tool = resolveTool(inv.lang, inv.role, options.overrides, options.nearFile);
    calls.push({ lang, tool: tool.command, args: [...tool.prefix, ...inv.args], cwd: dir, env: inv.env ?? process.env, purpose: 'check', project: '', timeoutMs: options.timeoutMs, signal: options.signal, onNote: options.warm!.onNote });
    shown.push([tool.command, ...tool.prefix, ...asRun.args].join(' '));
  });
  const results = await runWarmBatch(calls);
  return results.map((result, i) => result && { ok: true, commands: [shown[i]], output: '', timedOut: false, cancelled: false, processMs: Math.round(result.durationMs / sources.length) });
}

/** The commands that build a runnable program, and the command line that runs it. */
function buildInvocations(lang: LanguageId, file: string, dir: string, source: string, javaCharset = 'UTF-8'): { build: Invocation[]; run: Invocation } {
  const exe = path.join(dir, 'program.out');
  switch (lang) {
    case 'python':
      return { build: [], run: { lang, role: 'compiler', args: [file] } };
    case 'c':
      return { build: [{ lang, role: 'compiler', args: ['-o', exe, file, '-lm'] }], run: { lang, role: 'runtime', args: [] } };
    case 'cpp':
      return { build: [{ lang, role: 'compiler', args: ['-std=c++17', '-o', exe, file] }], run: { lang, role: 'runtime', args: [] } };
    case 'go':
      return { build: [{ lang, role: 'compiler', args: ['build', '-o', exe, file], env: goEnv() }], run: { lang, role: 'runtime', args: [] } };
    case 'rust':
      return { build: [{ lang, role: 'compiler', args: ['--edition', '2021', '-o', exe, file] }], run: { lang, role: 'runtime', args: [] } };
    case 'java':
      return {
        build: [{ lang, role: 'compiler', args: ['-d', path.join(dir, 'classes'), '-encoding', javaCharset, '-nowarn', file] }],
        run: { lang, role: 'runtime', args: ['-cp', path.join(dir, 'classes'), javaMainClass(source, file)] },
      };
    case 'javascript':
      return { build: [], run: { lang, role: 'compiler', args: [file] } };
    case 'typescript': {
      const outDir = path.join(dir, 'ts-out');
      return {
        build: [{ lang, role: 'compiler', args: ['--outDir', outDir, '--target', 'es2022', '--module', 'commonjs', '--lib', 'es2022,dom', '--skipLibCheck', '--pretty', 'false', file] }],
        run: { lang, role: 'runtime', args: [path.join(outDir, file.replace(/\.[cm]?ts$/, '.js'))] },
      };
    }
  }
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
