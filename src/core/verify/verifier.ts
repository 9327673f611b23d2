import fs = require('fs');
import os = require('os');
import path = require('path');
import type { Tree } from 'web-tree-sitter';
import { CodemorphError, inputError } from '../errors';
import type { LanguageId } from '../languages/languageIds';
import { runsNothing } from '../languages/entryCode';
import { describeSyntaxProblem, syntaxProblems } from '../languages/syntaxErrors';
import type { Rename } from '../transforms/method';
import type { UnitState } from '../unit';
import { outputOf, ProcessResult, runProcess, succeeded } from './process';
import { detectProject, ProjectInfo, projectAt } from './project';
import { ProjectChecks, ProjectCommand } from './projectChecks';
import { buildAndRun, CheckResult, compileCheck, scratchFileName } from './singleFile';
import type { ToolchainOverrides } from './toolchains';

export const VERIFY_LEVELS = ['syntax', 'compile', 'test'] as const;
export type VerifyLevel = (typeof VERIFY_LEVELS)[number];

export interface VerifyOptions {
  level: VerifyLevel;
  toolchains: ToolchainOverrides;
  timeoutMs: number;
  /** Shell template with {file}, {dir}, {test}, {entry} (cli.md); without it, `test` runs the program itself. */
  testCmd?: string;
  /**
   * Shell template with {file} and {dir} that replaces the language's built-in compile check (the
   * editor's codemorph.compileCommand.<lang>): a project's own build or lint, run on the scratch copy.
   */
  compileCmd?: string;
  /** A test file copied next to the perturbed file, with the same renames applied. */
  testFile?: string;
  /** The original file's path: the scratch copy keeps its name, and tools are looked up near it. */
  filePath?: string;
  /**
   * The project to build and test with the file in place: a folder, or false for the file alone.
   * Unset: the project around `filePath`, detected from its build files (go.mod, Cargo.toml...).
   */
  project?: string | false;
  /** Standard input for differential runs (a program without tests, run before and after). */
  input?: string;
  /** Command-line arguments for differential runs. */
  args?: string[];
  /** Told of every compiler and test process of a project check, with its wall time. */
  onProcess?: (command: string, ms: number) => void;
  /**
   * A benchmark record's own checks (its harness): they replace the compile check and the test
   * command, and a candidate passes the test level only when the record's tests ran and passed.
   */
  record?: RecordChecks;
  signal?: AbortSignal;
}

/** Where a record's checks run: a scratch folder of the verifier's, and the run's limits. */
export interface ScratchRun {
  dir: string;
  toolchains: ToolchainOverrides;
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * A benchmark record's checks, given the whole file the engine perturbs (the record's code and
 * tests); `entryPoint` is the function's name in that text.
 */
export interface RecordChecks {
  compile(text: string, entryPoint: string | null, run: ScratchRun): Promise<CheckResult>;
  /** Runs the record's tests; absent when the record has none (`untested` says so). */
  test?(text: string, entryPoint: string | null, run: ScratchRun): Promise<CheckResult>;
  /** Why no test runs for the record (it carries none). */
  untested?: string;
}

/** The original fails a check every candidate would have to pass: nothing can be verified against it. */
export class OriginalCheckError extends CodemorphError {
  constructor(
    readonly level: 'compile' | 'test',
    message: string,
    detail?: string,
  ) {
    super('input', message, detail);
  }
}

/** What verification found for one step; a level that did not run is null. */
export interface Verdict {
  syntax: boolean | null;
  compile: boolean | null;
  test: boolean | null;
  /** Why the step was rejected, in one line; null when it passed. */
  reason: string | null;
  /** Compiler or test output behind a rejection. */
  output: string;
  commands: string[];
  /** Time spent in compiler and test processes. */
  processMs: number;
}

/** What verification runs for a session, as entries record it (entries.md, `verification`). */
export interface VerificationRecord {
  level: VerifyLevel;
  /** The compiler command line run on the original, or null when compiling was not asked for. */
  compile: string | null;
  /** The test command (template) or "run and compare", or null. */
  test: string | null;
  /** At the test level, why no test ran (the file only defines functions, a record has no test): steps record test null. */
  untested?: string;
}

interface Baseline {
  code: number | null;
  stdout: string;
}

/** Renames a test file follows: whole words only, in the order they happened. */
export function renameInText(text: string, renames: readonly Rename[]): string {
  let out = text;
  for (const { from, to } of renames) {
    out = out.replace(new RegExp(`(?<![\\w$])${from.replace(/[$]/g, '\\$')}(?![\\w$])`, 'g'), to);
  }
  return out;
}

/** Timing lines ("Ran 3 tests in 0.002s", "3 passed in 0.01s") differ between runs of the same tests. */
function comparableOutput(stdout: string): string {
  return stdout
    .split('\n')
    .filter((line) => !/\b\d+(\.\d+)?\s*(s|ms|sec|secs|seconds)\b/.test(line))
    .join('\n');
}

/**
 * Checks candidates cheapest first (engine.md, "Verification"): the parse, then the compiler,
 * then the tests, in a scratch folder that never is the user's tree. `prepare` checks the
 * original the same way first: a check the original fails would reject every step.
 */
export class Verifier {
  /** The scratch folder, made when a compiler or a test first needs it (`syntax` runs never do). */
  private scratch: string | undefined;
  private readonly fileName: string;
  private baseline: Baseline | undefined;
  /** Filled by `prepare`. */
  readonly record: VerificationRecord;
  /** The project the file is verified in, when there is one (else the file is checked alone). */
  readonly project: ProjectInfo | undefined;
  private readonly checks: ProjectChecks | undefined;
  /** A project without tests: the program run before and after each step. */
  private program: ProjectCommand | undefined;
  /** Set by `prepare` when the test level has nothing to run: steps then record test null, not a pass. */
  private untested: string | undefined;

  constructor(
    readonly lang: LanguageId,
    readonly options: VerifyOptions,
    originalText: string,
  ) {
    this.project = options.filePath && options.project !== false ? findProject(options.filePath, lang, options.project) : undefined;
    this.fileName = scratchFileName(lang, originalText, options.filePath);
    this.record = { level: options.level, compile: null, test: null };
    if (this.project && options.level !== 'syntax') {
      this.checks = new ProjectChecks(this.project, options.filePath!, path.join(this.dir, 'project'), {
        lang,
        toolchains: options.toolchains,
        timeoutMs: options.timeoutMs,
        buildCmd: options.compileCmd,
        testCmd: options.testCmd,
        signal: options.signal,
        onProcess: options.onProcess,
      });
    }
  }

  /** The files the scratch project must hold for a state: the perturbed file and the others it changed. */
  private filesOf(state: UnitState): Record<string, string> {
    return { ...(state.project?.files ?? {}), [this.checks!.mainPath]: state.text };
  }

  /** Project mode of `prepare`: the original must build, and its tests pass, in the scratch copy. */
  /** `--test-file` in a project: copied into the scratch copy's own folder with the renames so far, for `{test}`. */
  private projectTestFile(checks: ProjectChecks, renames: readonly Rename[]): string | undefined {
    if (!this.options.testFile || !this.testName) return undefined;
    const target = path.join(checks.root, '.codemorph', 'test', this.testName);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, renameInText(fs.readFileSync(this.options.testFile, 'utf8'), renames));
    return target;
  }

  private async prepareProject(checks: ProjectChecks, original: UnitState, renames: readonly Rename[]): Promise<void> {
    const root = this.project!.root;
    const written = checks.place(this.filesOf(original));
    const built = await checks.build(written);
    this.record.compile = checks.display(built.commands);
    this.throwIfCancelled(built);
    if (!built.ok) {
      throw inputError(
        `the project at ${root} does not build as it is (${built.commands[built.commands.length - 1] ?? 'no command'}): fix it, set the build command (CLI: --build-cmd; editor: codemorph.compileCommand.${this.lang}), or verify the file alone (CLI: --no-project)`,
        built.output,
      );
    }
    if (this.options.level !== 'test') return;
    const tested = await checks.test(original.entryPoint, this.projectTestFile(checks, renames));
    if (this.options.signal?.aborted) throw new CodemorphError('cancelled', 'cancelled');
    if (tested) {
      this.record.test = checks.display(tested.commands);
      if (!tested.ok) {
        const last = tested.commands[tested.commands.length - 1];
        const why = tested.timedOut ? `${last} timed out after ${this.options.timeoutMs} ms and was killed` : `${last}: fix them first`;
        throw inputError(`the project's tests fail before any perturbation (${why})`, tested.output);
      }
      this.baseline = { code: tested.code, stdout: tested.stdout };
      return;
    }
    this.program = checks.programCommand(this.options.args ?? [], original.text) ?? undefined;
    if (!this.program) {
      throw inputError(
        `no tests found in the project at ${root}: give the test command (CLI: --test-cmd; editor: codemorph.testCommand.${this.lang}), or verify with --verify compile`,
      );
    }
    const run = await checks.runProgram(this.program, this.options.input);
    if (this.options.signal?.aborted) throw new CodemorphError('cancelled', 'cancelled');
    this.record.test = `${checks.display([run.command])}; compare exit code and output with the original`;
    if (run.timedOut) throw inputError(`the program timed out after ${this.options.timeoutMs} ms on the original (${run.command})`, outputOf(run));
    this.baseline = { code: run.code, stdout: run.stdout };
  }

  private async verifyProject(checks: ProjectChecks, candidate: UnitState, verdict: Verdict, renames: readonly Rename[]): Promise<Verdict> {
    const written = checks.place(this.filesOf(candidate));
    const built = await checks.build(written);
    verdict.commands.push(...built.commands);
    verdict.processMs += built.processMs;
    verdict.compile = built.ok;
    if (!built.ok) {
      this.throwIfCancelled(built);
      verdict.reason = built.timedOut ? `the build timed out after ${this.options.timeoutMs} ms and was killed` : `the project does not build: ${firstLine(built.output)}`;
      verdict.output = built.output;
      return verdict;
    }
    if (this.options.level !== 'test') return verdict;
    let outcome: { ok: boolean; output: string; timedOut: boolean; baseline: Baseline };
    if (this.program) {
      const run: ProcessResult = await checks.runProgram(this.program, this.options.input);
      verdict.commands.push(run.command);
      verdict.processMs += run.durationMs;
      outcome = { ok: !run.timedOut && !run.cancelled, output: outputOf(run), timedOut: run.timedOut, baseline: { code: run.code, stdout: run.stdout } };
    } else {
      const tested = (await checks.test(candidate.entryPoint, this.projectTestFile(checks, renames)))!;
      verdict.commands.push(...tested.commands);
      verdict.processMs += tested.processMs;
      outcome = { ok: tested.ok, output: tested.output, timedOut: tested.timedOut, baseline: { code: tested.code, stdout: tested.stdout } };
    }
    const same = this.program ? outcome.baseline.code === this.baseline?.code && outcome.baseline.stdout === this.baseline?.stdout : true;
    verdict.test = outcome.ok && same;
    if (!verdict.test) {
      if (this.options.signal?.aborted) throw new CodemorphError('cancelled', 'cancelled');
      verdict.reason = outcome.timedOut
        ? `the ${this.program ? 'program' : 'tests'} timed out after ${this.options.timeoutMs} ms and were killed`
        : !outcome.ok
          ? `tests fail: ${firstLine(outcome.output)}`
          : 'behaviour changed: exit code or output differs from the original';
      verdict.output = outcome.output;
    }
    return verdict;
  }

  private get displayName(): string {
    return this.options.filePath ? path.basename(this.options.filePath) : 'the original';
  }

  private get testName(): string | undefined {
    return this.options.testFile ? path.basename(this.options.testFile) : undefined;
  }

  /** Checks the original; throws an input error saying what to fix when it fails a level. */
  async prepare(original: UnitState, tree: Tree, renames: readonly Rename[] = []): Promise<void> {
    const problems = syntaxProblems(tree.rootNode, 3);
    if (problems.length > 0) {
      // an original that does not parse does not compile either: --require compile leaves it out
      throw new OriginalCheckError('compile', `${this.displayName} does not parse (${problems.map(describeSyntaxProblem).join('; ')}): fix it before perturbing`);
    }
    if (this.options.level === 'syntax') return;
    if (this.options.record) return this.prepareRecord(this.options.record, original);
    if (this.checks) return this.prepareProject(this.checks, original, renames);
    const compiled = await this.compile(original.text);
    this.record.compile = compiled.commands.join(' && ');
    this.throwIfCancelled(compiled);
    if (!compiled.ok) {
      throw new OriginalCheckError(
        'compile',
        `${this.displayName} does not compile as it is (${compiled.commands[compiled.commands.length - 1]}): fix it, or verify with syntax checks only (CLI: --verify syntax; editor: the codemorph.verification setting)`,
        compiled.output,
      );
    }
    if (this.options.level === 'test') {
      const nothing = this.options.testCmd ? null : runsNothing(this.lang, tree.rootNode);
      if (nothing) {
        this.untested = `no test ran: ${nothing}; give a test (CLI: --test-cmd; dataset: the record's test)`;
        this.record.untested = this.untested;
        return;
      }
      this.record.test = this.options.testCmd ?? 'build and run the program; compare exit code and output with the original';
      const result = await this.runTest(original, renames);
      if (this.options.signal?.aborted) throw new CodemorphError('cancelled', 'cancelled');
      if (!result.ok) {
        throw new OriginalCheckError('test', `the tests fail on the original (${result.command}): they must pass before any perturbation`, result.output);
      }
      this.baseline = result.baseline;
    }
  }

  async verify(candidate: UnitState, tree: Tree, renames: readonly Rename[]): Promise<Verdict> {
    const verdict: Verdict = { syntax: null, compile: null, test: null, reason: null, output: '', commands: [], processMs: 0 };
    const problems = syntaxProblems(tree.rootNode, 3);
    verdict.syntax = problems.length === 0;
    if (!verdict.syntax) {
      verdict.reason = `does not parse: ${problems.map(describeSyntaxProblem).join('; ')}`;
      return verdict;
    }
    if (this.options.level === 'syntax') return verdict;
    if (this.options.record) return this.verifyRecord(this.options.record, candidate, verdict);
    if (this.checks) return this.verifyProject(this.checks, candidate, verdict, renames);
    const compiled = await this.compile(candidate.text);
    verdict.commands.push(...compiled.commands);
    verdict.processMs += compiled.processMs;
    verdict.compile = compiled.ok;
    if (!compiled.ok) {
      this.throwIfCancelled(compiled);
      verdict.reason = compiled.timedOut ? `compiler timed out after ${this.options.timeoutMs} ms` : `does not compile: ${firstLine(compiled.output)}`;
      verdict.output = compiled.output;
      return verdict;
    }
    if (this.options.level === 'compile' || this.untested) return verdict;
    const tested = await this.runTest(candidate, renames);
    verdict.commands.push(tested.command);
    verdict.processMs += tested.processMs;
    verdict.test = tested.ok && this.sameAsBaseline(tested.baseline);
    if (!verdict.test) {
      if (this.options.signal?.aborted) throw new CodemorphError('cancelled', 'cancelled');
      verdict.reason = !tested.ok ? `tests fail: ${firstLine(tested.output)}` : 'behaviour changed: the output differs from the original';
      verdict.output = tested.output;
    }
    return verdict;
  }

  private get scratchRun(): ScratchRun {
    return { dir: path.join(this.dir, 'record'), toolchains: this.options.toolchains, timeoutMs: this.options.timeoutMs, signal: this.options.signal };
  }

  /** Record mode of `prepare`: the original must compile, and pass the record's own tests, as its harness runs them. */
  private async prepareRecord(checks: RecordChecks, original: UnitState): Promise<void> {
    const compiled = await checks.compile(original.text, original.entryPoint, this.scratchRun);
    this.record.compile = compiled.commands.join(' && ') || null;
    this.throwIfCancelled(compiled);
    if (!compiled.ok) {
      const why = compiled.timedOut ? `timed out after ${this.options.timeoutMs} ms` : firstLine(compiled.output);
      throw new OriginalCheckError('compile', `the record's code does not compile as it is (${compiled.commands[compiled.commands.length - 1] ?? 'no command'}): ${why}`, compiled.output);
    }
    if (this.options.level !== 'test') return;
    if (!checks.test) {
      this.untested = checks.untested ?? 'no test ran: the record has no test';
      this.record.untested = this.untested;
      return;
    }
    const tested = await checks.test(original.text, original.entryPoint, this.scratchRun);
    this.record.test = tested.commands.join(' && ') || null;
    this.throwIfCancelled(tested);
    if (!tested.ok) {
      const why = tested.timedOut ? `timed out after ${this.options.timeoutMs} ms and was killed` : firstLine(tested.output);
      throw new OriginalCheckError(
        'test',
        `the record's own tests fail on the original (${tested.commands[tested.commands.length - 1] ?? 'no command'}): ${why}; they must pass before any perturbation`,
        tested.output,
      );
    }
  }

  private async verifyRecord(checks: RecordChecks, candidate: UnitState, verdict: Verdict): Promise<Verdict> {
    const compiled = await checks.compile(candidate.text, candidate.entryPoint, this.scratchRun);
    verdict.commands.push(...compiled.commands);
    verdict.processMs += compiled.processMs;
    verdict.compile = compiled.ok;
    if (!compiled.ok) {
      this.throwIfCancelled(compiled);
      verdict.reason = compiled.timedOut ? `compiler timed out after ${this.options.timeoutMs} ms` : `does not compile: ${firstLine(compiled.output)}`;
      verdict.output = compiled.output;
      return verdict;
    }
    if (this.options.level === 'compile' || !checks.test || this.untested) return verdict;
    const tested = await checks.test(candidate.text, candidate.entryPoint, this.scratchRun);
    verdict.commands.push(...tested.commands);
    verdict.processMs += tested.processMs;
    verdict.test = tested.ok;
    if (!tested.ok) {
      this.throwIfCancelled(tested);
      verdict.reason = tested.timedOut ? `the tests timed out after ${this.options.timeoutMs} ms and were killed` : `tests fail: ${firstLine(tested.output)}`;
      verdict.output = tested.output;
    }
    return verdict;
  }

  private throwIfCancelled(result: CheckResult): void {
    if (result.cancelled) throw new CodemorphError('cancelled', 'cancelled');
  }

  private sameAsBaseline(result: Baseline | undefined): boolean {
    if (!this.baseline || !result) return true;
    if (this.options.testCmd) {
      return !this.baseline.stdout.trim() || comparableOutput(result.stdout) === comparableOutput(this.baseline.stdout);
    }
    return result.code === this.baseline.code && result.stdout === this.baseline.stdout;
  }

  private compile(text: string): Promise<CheckResult> {
    if (this.options.compileCmd) return this.compileWithCommand(this.options.compileCmd, text);
    return compileCheck(this.lang, text, this.fileName, {
      dir: path.join(this.dir, 'compile'),
      overrides: this.options.toolchains,
      timeoutMs: this.options.timeoutMs,
      signal: this.options.signal,
      nearFile: this.options.filePath,
    });
  }

  private async compileWithCommand(template: string, text: string): Promise<CheckResult> {
    const dir = path.join(this.dir, 'compile');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, this.fileName);
    fs.writeFileSync(file, text);
    const command = template.replace(/\{file\}/g, shellQuote(file)).replace(/\{dir\}/g, shellQuote(dir));
    const result = await runProcess('/bin/sh', ['-c', command], { cwd: dir, timeoutMs: this.options.timeoutMs, signal: this.options.signal });
    const why = result.timedOut ? `timed out after ${this.options.timeoutMs} ms and was killed\n` : '';
    return {
      ok: succeeded(result),
      commands: [command],
      output: succeeded(result) ? '' : why + outputOf(result),
      timedOut: result.timedOut,
      cancelled: result.cancelled,
      processMs: result.durationMs,
    };
  }

  private async runTest(
    state: UnitState,
    renames: readonly Rename[],
  ): Promise<{ ok: boolean; command: string; output: string; processMs: number; baseline?: Baseline }> {
    const dir = path.join(this.dir, 'test');
    fs.mkdirSync(dir, { recursive: true });
    if (!this.options.testCmd) {
      const outcome = await buildAndRun(this.lang, state.text, this.fileName, {
        dir,
        overrides: this.options.toolchains,
        timeoutMs: this.options.timeoutMs,
        signal: this.options.signal,
        nearFile: this.options.filePath,
        input: this.options.input,
        args: this.options.args,
      });
      const command = outcome.run?.command ?? outcome.built.commands.join(' && ');
      if (!outcome.built.ok || !outcome.run) {
        return { ok: false, command, output: outcome.built.output, processMs: outcome.built.processMs };
      }
      const run = outcome.run;
      const processMs = outcome.built.processMs + run.durationMs;
      if (run.timedOut) return { ok: false, command, output: `timed out after ${this.options.timeoutMs} ms and was killed`, processMs };
      // a program is its own test: its exit code and output are compared, not required to be 0
      return { ok: true, command, output: outputOf(run), processMs, baseline: { code: run.code, stdout: run.stdout } };
    }
    fs.writeFileSync(path.join(dir, this.fileName), state.text);
    let testPath = '';
    if (this.options.testFile && this.testName) {
      testPath = path.join(dir, this.testName);
      fs.writeFileSync(testPath, renameInText(fs.readFileSync(this.options.testFile, 'utf8'), renames));
    }
    const command = this.options.testCmd
      .replace(/\{file\}/g, shellQuote(path.join(dir, this.fileName)))
      .replace(/\{dir\}/g, shellQuote(dir))
      .replace(/\{test\}/g, shellQuote(testPath))
      .replace(/\{entry\}/g, state.entryPoint ?? '');
    const result = await runProcess('/bin/sh', ['-c', command], { cwd: dir, timeoutMs: this.options.timeoutMs, signal: this.options.signal });
    if (result.timedOut) {
      return { ok: false, command, output: `timed out after ${this.options.timeoutMs} ms and was killed\n${outputOf(result)}`, processMs: result.durationMs };
    }
    return { ok: succeeded(result), command, output: outputOf(result), processMs: result.durationMs, baseline: { code: result.code, stdout: result.stdout } };
  }

  private get dir(): string {
    this.scratch ??= fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-verify-'));
    return this.scratch;
  }

  dispose(): void {
    if (this.scratch) fs.rmSync(this.scratch, { recursive: true, force: true });
    this.scratch = undefined;
  }
}

function findProject(filePath: string, lang: LanguageId, dir: string | undefined): ProjectInfo | undefined {
  return dir === undefined ? detectProject(filePath, lang) : projectAt(dir, filePath, lang);
}

/** The line of a tool's output that says what failed: the first, except for a Python traceback, which ends with it. */
function firstLine(text: string): string {
  const lines = text.split('\n').filter((l) => l.trim());
  const line = (lines[0]?.startsWith('Traceback (most recent call last)') ? lines[lines.length - 1] : lines[0]) ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}
