import fs = require('fs');
import path = require('path');
import type { LanguageId } from '../../languages/languageIds';
import { profileOf } from '../../languages/profiles';
import { outputOf, ProcessResult, runProcess, succeeded } from '../../verify/process';
import { buildAndRun, CheckResult, compileCheck, memoryCapped, reservedMb, runtimeHeapArgs } from '../../verify/singleFile';
import { missingToolchain, resolveTool, ToolchainOverrides, ToolRole } from '../../verify/toolchains';
import { writeScratchFile } from '../../files';

/** One command of a harness: the language's compiler or runtime, or the program a build step made (`./name`). */
export interface HarnessCommand {
  tool: { lang: LanguageId; role: ToolRole } | { program: string };
  /** File names are relative to the scratch folder, so the recorded command holds no scratch path. */
  args: string[];
  /** Added to the environment (Go's GOPATH mode). */
  env?: Record<string, string>;
}

/**
 * The program a benchmark's harness runs for one record, as that harness assembles it: the files
 * it writes, the commands that build it (or, for an interpreted language, check that it
 * compiles), and the commands that run its tests on what the build left.
 */
export interface StepsProgram {
  kind: 'steps';
  lang: LanguageId;
  files: Record<string, string>;
  build: HarnessCommand[];
  exec: HarnessCommand[];
  /** HumanEval-X's JavaScript harness fails a program that prints anything (console.assert prints on failure). */
  silent?: boolean;
  /** What to do about a failure that is the machine's, not the record's (a missing package), from the output. */
  advice?: (output: string) => string | null;
}

/** A CodeMorph record's code with its test: one file, built and run as `perturb --verify test` would. */
export interface FileProgram {
  kind: 'file';
  lang: LanguageId;
  fileName: string;
  text: string;
}

export type HarnessProgram = StepsProgram | FileProgram;

export interface HarnessRun {
  /** A scratch folder the program's files are written to (made when missing). */
  dir: string;
  toolchains: ToolchainOverrides;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Address-space cap of the test commands, in MB (evaluate runs a model's answers: untrusted code); none when unset. */
  memoryMb?: number;
}

function writeFiles(dir: string, files: Record<string, string>): void {
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    writeScratchFile(file, text);
  }
}

async function invoke(command: HarnessCommand, run: HarnessRun, capMb?: number): Promise<ProcessResult> {
  const env = command.env ? { ...process.env, ...command.env } : undefined;
  if ('program' in command.tool) {
    // the display keeps the relative name: recorded commands must not hold the scratch path
    const [exe, args] = memoryCapped(path.join(run.dir, command.tool.program), command.args, capMb);
    const result = await runProcess(exe, args, { cwd: run.dir, timeoutMs: run.timeoutMs, env, signal: run.signal });
    return { ...result, command: [`./${command.tool.program}`, ...command.args].join(' ') };
  }
  const { lang, role } = command.tool;
  const tool = resolveTool(lang, role, run.toolchains);
  const toolchain = profileOf(lang).toolchain;
  // `go test` builds before it runs: a compiler's address space is not the answer's
  const cap = capMb === undefined || (toolchain.compilerBuildsAndRuns && role === 'compiler') ? undefined : capMb + reservedMb(lang);
  // a JVM under a cap needs its heap held to it (runtimeHeapArgs); node's default heap fits
  const heap = cap !== undefined && toolchain.heapLimitNeededUnderCap && role === 'runtime' ? runtimeHeapArgs(lang, capMb!) : [];
  const [exe, args] = memoryCapped(tool.command, [...tool.prefix, ...heap, ...command.args], cap);
  const result = await runProcess(exe, args, { cwd: run.dir, timeoutMs: run.timeoutMs, env, signal: run.signal });
  if (result.spawnError?.code === 'ENOENT') throw missingToolchain(lang, role, tool.command);
  return result;
}

async function runCommands(program: StepsProgram, commands: readonly HarnessCommand[], run: HarnessRun): Promise<CheckResult> {
  writeFiles(run.dir, program.files);
  const out: CheckResult = { ok: true, commands: [], output: '', timedOut: false, cancelled: false, processMs: 0 };
  for (const command of commands) {
    const result = await invoke(command, run, program.exec.includes(command) ? run.memoryMb : undefined);
    out.commands.push(result.command);
    out.processMs += result.durationMs;
    const printed = program.silent && program.exec.includes(command) && (result.stdout.trim() !== '' || result.stderr.trim() !== '');
    if (!succeeded(result) || printed) {
      const output = outputOf(result);
      const advice = program.advice?.(output);
      const why = result.timedOut
        ? `timed out after ${run.timeoutMs} ms and was killed\n`
        : advice
          ? `${advice}\n`
          : printed && result.code === 0
            ? 'the test printed output, which this harness counts as a failure\n'
            : '';
      return { ...out, ok: false, output: why + output, timedOut: result.timedOut, cancelled: result.cancelled };
    }
  }
  return out;
}

/** Builds the program, or for an interpreted language checks that it compiles. */
export async function checkProgram(program: HarnessProgram, run: HarnessRun): Promise<CheckResult> {
  if (program.kind === 'file') {
    return compileCheck(program.lang, program.text, program.fileName, { dir: run.dir, overrides: run.toolchains, timeoutMs: run.timeoutMs, signal: run.signal });
  }
  return runCommands(program, program.build, run);
}

/**
 * Builds the program and runs its tests: it passes when every command exits 0 (and, for a silent
 * harness, prints nothing). `built`: checkProgram has just built these same files in `run.dir`,
 * so only the tests run.
 */
export async function runProgram(program: HarnessProgram, run: HarnessRun, options: { built?: boolean } = {}): Promise<CheckResult> {
  if (program.kind === 'steps') return runCommands(program, options.built ? program.exec : [...program.build, ...program.exec], run);
  const outcome = await buildAndRun(program.lang, program.text, program.fileName, { dir: run.dir, overrides: run.toolchains, timeoutMs: run.timeoutMs, signal: run.signal });
  const built = outcome.built;
  if (!built.ok || !outcome.run) return built;
  const result = outcome.run;
  const why = result.timedOut ? `timed out after ${run.timeoutMs} ms and was killed\n` : '';
  return {
    ok: succeeded(result),
    commands: [...built.commands, result.command],
    output: succeeded(result) ? '' : why + outputOf(result),
    timedOut: result.timedOut,
    cancelled: result.cancelled,
    processMs: built.processMs + result.durationMs,
  };
}
