import fs = require('fs');
import path = require('path');
import type { Tree } from 'web-tree-sitter';
import { CodemorphError, inputError, isCodemorphError } from '../errors';
import type { LanguageId } from '../languages/languageIds';
import { profileOf } from '../languages/profiles';
import type { SourceForm } from '../sourceForm';
import { decodeAny, encodeText } from '../text/encoding';
import { javacCharset } from '../languages/java/charset';
import { runsNothing } from '../languages/entryCode';
import { describeSyntaxProblem, syntaxProblems } from '../languages/syntaxErrors';
import { makeScratchFolder, removeScratchFolder, sweepEscaped } from '../owned';
import { markSecret } from '../secretEnv';
import type { Rename } from '../transforms/method';
import type { UnitState } from '../unit';
import { outputOf, ProcessResult, runProcess, succeeded } from './process';
import { detectProject, ProjectInfo, projectAt } from './project';
import { ProjectChecks, ProjectCommand } from './projectChecks';
import { buildAndRun, CheckResult, compileCheck, compileCheckMany, scratchFileName, WarmUse } from './singleFile';
import { RAISE_TIMEOUT, timedOutAfter } from './timeout';
import type { ToolchainOverrides } from './toolchains';
import { canBatch } from './warm/pool';
import { writeScratchFile } from '../files';

export const VERIFY_LEVELS = ['syntax', 'compile', 'test'] as const;

/**
 * What the scratch folder is shown as in recorded commands and messages: its name is random, and
 * a record that named it would differ between two runs of the same command (`perturb --json`).
 */
export const SCRATCH_PLACEHOLDER = '<scratch>';
export type VerifyLevel = (typeof VERIFY_LEVELS)[number];

export interface VerifyOptions {
  level: VerifyLevel;
  toolchains: ToolchainOverrides;
  timeoutMs: number;
  /** Shell template with {file}, {dir}, {test}, {entry} (--test-cmd); without it, `test` runs the program itself. */
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
   * More environment variables to keep from every compiler and test (the editor's codemorph.secretEnv;
   * the CLI's CODEMORPH_SECRET_ENV is read by ../secretEnv.ts itself). The LLM key variables always are.
   */
  secretEnv?: readonly string[];
  /**
   * A benchmark record's own checks (its harness): they replace the compile check and the test
   * command, and a candidate passes the test level only when the record's tests ran and passed.
   */
  record?: RecordChecks;
  signal?: AbortSignal;
  /**
   * Whether compiler runs may be answered by a warm checker (./warm/pool.ts; default: yes, unless
   * CODEMORPH_WARM_CHECKERS=off): same verdicts and messages as the cold tools, without their start-up.
   */
  warm?: boolean;
  /**
   * Whether a beam round's candidates are compile-checked together, in one warm checker call
   * (`precheck`; default: yes). Off, each is checked alone; the verdicts are the same either way.
   */
  batch?: boolean;
  /**
   * How the perturbed file's text becomes its bytes (its encoding and line endings), set by the
   * engine: every scratch copy is written this way, so what is compiled and run is the file as
   * it is on disk. Unset: the text in UTF-8.
   */
  form?: SourceForm;
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
  /** Lines for the run's log about how the step was checked (a warm checker failed and the cold tool stood in). */
  notes?: string[];
}

/** What verification runs for a session, as entries record it (BenchmarkEntry's `verification`). */
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

/** One test run of a single file: `--test-cmd`, or the program built and run. */
interface TestOutcome {
  ok: boolean;
  /** False when the program could not be built (no test command: the file must be a program). */
  built?: false;
  /** What ran, for the record; `command` is the last of them, the one a message names. */
  commands: string[];
  command: string;
  output: string;
  processMs: number;
  baseline?: Baseline;
  /** What hit the time limit, as a message names it. */
  timedOut?: 'the build' | 'the program' | 'the tests';
}

/** Renames a test file follows: whole words only, in the order they happened. */
export function renameInText(text: string, renames: readonly Rename[]): string {
  let out = text;
  for (const { from, to } of renames) {
    // a function gives the name as it is: `$$` or `$&` in a JavaScript name is no replacement pattern
    out = out.replace(new RegExp(`(?<![\\w$])${from.replace(/[$]/g, '\\$')}(?![\\w$])`, 'g'), () => to);
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
 * Checks candidates cheapest first (docs/engine.md, "Verification"): the parse, then the compiler,
 * then the tests, in a scratch folder that never is the user's tree. `prepare` checks the
 * original the same way first: a check the original fails would reject every step.
 */
export class Verifier {
  /** The scratch folder, made when a compiler or a test first needs it (`syntax` runs never do). */
  private scratch: string | undefined;
  /** The same folder with symbolic links resolved. */
  private realScratch: string | undefined;
  private readonly fileName: string;
  private baseline: Baseline | undefined;
  /** Filled by `prepare`. */
  readonly record: VerificationRecord;
  /** The project the file is verified in, when there is one (else the file is checked alone). */
  readonly project: ProjectInfo | undefined;
  private readonly checks: ProjectChecks | undefined;
  /** A project without tests: the program run before and after each step. */
  private program: ProjectCommand | undefined;
  /** Log lines not yet given out with a verdict. */
  private readonly notes: string[] = [];
  /** How compiler runs use warm checkers (none at the syntax level, nor when turned off). */
  private readonly warm: WarmUse | undefined;
  /** Set by `prepare` when the test level has nothing to run: steps then record test null, not a pass. */
  private untested: string | undefined;
  /** Compile checks a batch (`precheck`) found clean, by the candidate's text: `compile` takes them from here. */
  private prechecked = new Map<string, CheckResult>();

  constructor(
    readonly lang: LanguageId,
    readonly options: VerifyOptions,
    originalText: string,
  ) {
    markSecret(options.secretEnv);
    this.project = options.filePath && options.project !== false ? findProject(options.filePath, lang, options.project) : undefined;
    this.fileName = scratchFileName(lang, originalText, options.filePath);
    this.record = { level: options.level, compile: null, test: null };
    this.warm = options.level !== 'syntax' && options.warm !== false ? { onNote: (line) => this.notes.push(line) } : undefined;
    if (this.project && options.level !== 'syntax') {
      this.checks = new ProjectChecks(this.project, options.filePath!, path.join(this.dir, 'project'), {
        lang,
        toolchains: options.toolchains,
        timeoutMs: options.timeoutMs,
        buildCmd: options.compileCmd,
        testCmd: options.testCmd,
        signal: options.signal,
        onProcess: options.onProcess,
        warm: this.warm,
        ...(options.form ? { javaCharset: javacCharset(options.form.encoding) } : {}),
      });
    }
  }

  /** The files the scratch project must hold for a state: the perturbed file and the others it changed, each in its own encoding. */
  private filesOf(state: UnitState): Record<string, string | Buffer> {
    const files: Record<string, string | Buffer> = {};
    const workspace = state.project?.workspace;
    for (const [rel, text] of Object.entries(state.project?.files ?? {})) files[rel] = workspace ? workspace.bytes(rel, text) : text;
    files[this.checks!.mainPath] = this.bytes(state.text);
    return files;
  }

  /** The perturbed file's bytes for a text, as the file is stored. */
  private bytes(text: string): string | Buffer {
    return this.options.form ? this.options.form.bytes(text) : text;
  }

  /** Why a candidate cannot be written as its files are stored (a character an encoding cannot hold), or null. */
  private unwritable(state: UnitState): string | null {
    const own = this.options.form?.unwritable(state.text);
    if (own) return own;
    const workspace = state.project?.workspace;
    for (const [rel, text] of Object.entries(state.project?.files ?? {})) {
      const why = workspace?.unwritable(rel, text);
      if (why) return `${rel}: ${why}`;
    }
    return null;
  }

  /** The test file as the scratch copy holds it: the renames so far applied, written back in its own encoding. */
  private testBytes(renames: readonly Rename[]): Buffer {
    const raw = fs.readFileSync(this.options.testFile!);
    const { text, encoding } = decodeAny(raw, profileOf(this.lang).codingDeclaration);
    const renamed = encodeText(renameInText(text, renames), encoding);
    // renames write ASCII names, which every encoding here holds; were one not to, the test stays as it is
    return Buffer.isBuffer(renamed) ? renamed : raw;
  }

  /** Project mode of `prepare`: the original must build, and its tests pass, in the scratch copy. */
  /** `--test-file` in a project: copied into the scratch copy's own folder with the renames so far, for `{test}`. */
  private projectTestFile(checks: ProjectChecks, renames: readonly Rename[]): string | undefined {
    if (!this.options.testFile || !this.testName) return undefined;
    const target = path.join(checks.root, '.codemorph', 'test', this.testName);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, this.testBytes(renames));
    return target;
  }

  private async prepareProject(checks: ProjectChecks, original: UnitState, renames: readonly Rename[]): Promise<void> {
    const root = this.project!.root;
    const written = checks.place(this.filesOf(original));
    const built = await checks.build(written);
    this.record.compile = checks.display(built.commands);
    this.throwIfCancelled(built);
    if (!built.ok && built.timedOut) {
      throw inputError(`the project's build ${timedOutAfter(this.options.timeoutMs)} on the original (${built.commands[built.commands.length - 1]}): ${RAISE_TIMEOUT}`, built.output);
    }
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
        if (tested.timedOut) throw inputError(`the project's tests ${timedOutAfter(this.options.timeoutMs)} on the original (${last}): ${RAISE_TIMEOUT}`, tested.output);
        throw inputError(`the project's tests fail before any perturbation (${last}): fix them first`, tested.output);
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
    if (run.timedOut) throw inputError(`the program ${timedOutAfter(this.options.timeoutMs)} on the original (${run.command}): ${RAISE_TIMEOUT}`, outputOf(run));
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
      verdict.reason = built.timedOut ? `the build ${timedOutAfter(this.options.timeoutMs)} and was killed` : `the project does not build: ${firstLine(built.output)}`;
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
        ? this.program
          ? `the program ${timedOutAfter(this.options.timeoutMs)} and was killed`
          : `the tests ${timedOutAfter(this.options.timeoutMs)} and were killed`
        : !outcome.ok
          ? `tests fail: ${firstLine(outcome.output)}`
          : 'behaviour changed: exit code or output differs from the original';
      verdict.output = outcome.output;
    }
    return verdict;
  }

  /** What the compile level runs, as a message names it. */
  private get compilerName(): string {
    return this.options.compileCmd ? 'the compile command' : 'the compiler';
  }

  private get displayName(): string {
    return this.options.filePath ? path.basename(this.options.filePath) : 'the original';
  }

  private get testName(): string | undefined {
    return this.options.testFile ? path.basename(this.options.testFile) : undefined;
  }

  /** Checks the original; throws an input error saying what to fix when it fails a level. */
  async prepare(original: UnitState, tree: Tree, renames: readonly Rename[] = []): Promise<void> {
    try {
      await this.prepareChecks(original, tree, renames);
    } catch (e) {
      if (!isCodemorphError(e)) throw e;
      const detail = e.detail === undefined ? undefined : this.shown(e.detail);
      // an original failing its checks stays that kind of error: --require leaves such records out
      throw e instanceof OriginalCheckError ? new OriginalCheckError(e.level, this.shown(e.message), detail) : new CodemorphError(e.kind, this.shown(e.message), detail);
    } finally {
      this.record.compile = this.record.compile === null ? null : this.shown(this.record.compile);
      this.record.test = this.record.test === null ? null : this.shown(this.record.test);
    }
  }

  private async prepareChecks(original: UnitState, tree: Tree, renames: readonly Rename[]): Promise<void> {
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
    const last = compiled.commands[compiled.commands.length - 1];
    if (!compiled.ok && compiled.timedOut) {
      throw inputError(`${this.compilerName} ${timedOutAfter(this.options.timeoutMs)} on the original (${last}): ${RAISE_TIMEOUT}`, compiled.output);
    }
    if (!compiled.ok) {
      throw new OriginalCheckError(
        'compile',
        `${this.displayName} does not compile as it is (${last}): fix it, or verify with syntax checks only (CLI: --verify syntax; editor: the codemorph.verification setting)`,
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
      const result = await this.runTest(original, renames);
      if (this.options.signal?.aborted) throw new CodemorphError('cancelled', 'cancelled');
      this.record.test = this.options.testCmd ?? `${result.commands.join(' && ')}; compare exit code and output with the original`;
      if (result.timedOut) {
        throw inputError(`${result.timedOut} ${timedOutAfter(this.options.timeoutMs)} on the original (${result.command}): ${RAISE_TIMEOUT}`, result.output);
      }
      if (!result.ok && result.built === false) {
        throw inputError(
          `${this.displayName} does not build as a program (${result.command}): without a test command the test level runs the program, so it needs an entry point (a main); give the command that tests it (CLI: --test-cmd; editor: codemorph.testCommand.${this.lang}), or verify with --verify compile`,
          result.output,
        );
      }
      if (!result.ok) {
        throw new OriginalCheckError('test', `the tests fail on the original (${result.command}): they must pass before any perturbation`, result.output);
      }
      this.baseline = result.baseline;
    }
  }

  /**
   * Compile-checks the candidates that `verify` will be asked about next (a beam round's), together
   * in one warm checker call where the language's checker takes batches: those the batch finds
   * clean are then verified without a compiler run of their own, with the command line and result
   * their own check would have had; the others are checked alone by `verify`, as always. Only a
   * lone file's built-in compile check is batched (not a project, a record's checks or a compile
   * command). Nothing it does changes a verdict.
   */
  async precheck(candidates: readonly { state: UnitState; tree: Tree }[]): Promise<void> {
    this.prechecked.clear();
    const o = this.options;
    if (!this.warm || o.batch === false || o.record || this.checks || o.compileCmd || candidates.length < 2 || !canBatch(this.lang)) return;
    const texts = [...new Set(candidates.filter((c) => !this.unwritable(c.state) && syntaxProblems(c.tree.rootNode, 1).length === 0).map((c) => c.state.text))];
    if (texts.length < 2) return;
    const batchDir = path.join(this.dir, 'batch');
    fs.rmSync(batchDir, { recursive: true, force: true });
    const results = await compileCheckMany(this.lang, texts.map((t) => this.bytes(t)), this.fileName, path.join(this.dir, 'compile'), {
      dir: batchDir,
      overrides: o.toolchains,
      timeoutMs: o.timeoutMs,
      signal: o.signal,
      nearFile: o.filePath,
      warm: this.warm,
      ...(o.form ? { javaCharset: javacCharset(o.form.encoding) } : {}),
    });
    results.forEach((result, i) => result && this.prechecked.set(texts[i], result));
  }

  async verify(candidate: UnitState, tree: Tree, renames: readonly Rename[]): Promise<Verdict> {
    const verdict = await this.verifyChecks(candidate, tree, renames);
    if (this.notes.length > 0) verdict.notes = this.notes.splice(0).map((n) => this.shown(n));
    verdict.commands = verdict.commands.map((c) => this.shown(c));
    verdict.reason = verdict.reason === null ? null : this.shown(verdict.reason);
    verdict.output = this.shown(verdict.output);
    return verdict;
  }

  private async verifyChecks(candidate: UnitState, tree: Tree, renames: readonly Rename[]): Promise<Verdict> {
    const verdict: Verdict = { syntax: null, compile: null, test: null, reason: null, output: '', commands: [], processMs: 0 };
    // a character the file's encoding cannot hold is never substituted: the step is not taken
    const unwritable = this.unwritable(candidate);
    if (unwritable) {
      verdict.reason = unwritable;
      return verdict;
    }
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
      verdict.reason = compiled.timedOut ? `${this.compilerName} ${timedOutAfter(this.options.timeoutMs)} and was killed` : `does not compile: ${firstLine(compiled.output)}`;
      verdict.output = compiled.output;
      return verdict;
    }
    if (this.options.level === 'compile' || this.untested) return verdict;
    const tested = await this.runTest(candidate, renames);
    verdict.commands.push(...tested.commands);
    verdict.processMs += tested.processMs;
    verdict.test = tested.ok && this.sameAsBaseline(tested.baseline);
    if (!verdict.test) {
      if (this.options.signal?.aborted) throw new CodemorphError('cancelled', 'cancelled');
      verdict.reason = tested.timedOut
        ? `${tested.timedOut} ${timedOutAfter(this.options.timeoutMs)} and ${tested.timedOut === 'the tests' ? 'were' : 'was'} killed`
        : tested.built === false
          ? `the program does not build: ${firstLine(tested.output)}`
          : !tested.ok
            ? `tests fail: ${firstLine(tested.output)}`
            : 'behaviour changed: the output differs from the original';
      verdict.output = tested.output;
    }
    return verdict;
  }

  /** A command or message as recorded: the scratch folder, whose name is random, as SCRATCH_PLACEHOLDER. */
  private shown(text: string): string {
    if (!this.scratch) return text;
    let out = text.split(this.scratch).join(SCRATCH_PLACEHOLDER);
    // tools that resolve symbolic links (a temporary folder under /var on macOS) print the real path
    if (this.realScratch && this.realScratch !== this.scratch) out = out.split(this.realScratch).join(SCRATCH_PLACEHOLDER);
    return out;
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
      const why = compiled.timedOut ? timedOutAfter(this.options.timeoutMs) : firstLine(compiled.output);
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
      const why = tested.timedOut ? `${timedOutAfter(this.options.timeoutMs)} and was killed` : firstLine(tested.output);
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
      verdict.reason = compiled.timedOut ? `compiler ${timedOutAfter(this.options.timeoutMs)}` : `does not compile: ${firstLine(compiled.output)}`;
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
      verdict.reason = tested.timedOut ? `the tests ${timedOutAfter(this.options.timeoutMs)} and were killed` : `tests fail: ${firstLine(tested.output)}`;
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

  private async compile(text: string): Promise<CheckResult> {
    if (this.options.compileCmd) return this.compileWithCommand(this.options.compileCmd, text);
    const batched = this.prechecked.get(text);
    // a fresh copy: a verdict's command list is its own
    if (batched) return { ...batched, commands: [...batched.commands] };
    return compileCheck(this.lang, text, this.fileName, {
      dir: path.join(this.dir, 'compile'),
      overrides: this.options.toolchains,
      timeoutMs: this.options.timeoutMs,
      signal: this.options.signal,
      nearFile: this.options.filePath,
      warm: this.warm,
      ...this.scratchForm(text),
    });
  }

  /** How compileCheck and buildAndRun write the file: in its own encoding and line endings. */
  private scratchForm(text: string): { bytes?: Buffer; javaCharset?: string } {
    const form = this.options.form;
    return form ? { bytes: form.bytes(text), javaCharset: javacCharset(form.encoding) } : {};
  }

  private async compileWithCommand(template: string, text: string): Promise<CheckResult> {
    const dir = path.join(this.dir, 'compile');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, this.fileName);
    writeScratchFile(file, this.bytes(text));
    const command = template.replace(/\{file\}/g, shellQuote(file)).replace(/\{dir\}/g, shellQuote(dir));
    const result = await runProcess('/bin/sh', ['-c', command], { cwd: dir, timeoutMs: this.options.timeoutMs, signal: this.options.signal });
    const why = result.timedOut ? `${timedOutAfter(this.options.timeoutMs)} and was killed\n` : '';
    return {
      ok: succeeded(result),
      commands: [command],
      output: succeeded(result) ? '' : why + outputOf(result),
      timedOut: result.timedOut,
      cancelled: result.cancelled,
      processMs: result.durationMs,
    };
  }

  private async runTest(state: UnitState, renames: readonly Rename[]): Promise<TestOutcome> {
    const dir = path.join(this.dir, 'test');
    fs.mkdirSync(dir, { recursive: true });
    const killed = `${timedOutAfter(this.options.timeoutMs)} and was killed`;
    if (!this.options.testCmd) {
      const outcome = await buildAndRun(this.lang, state.text, this.fileName, {
        dir,
        overrides: this.options.toolchains,
        timeoutMs: this.options.timeoutMs,
        signal: this.options.signal,
        nearFile: this.options.filePath,
        input: this.options.input,
        args: this.options.args,
        warm: this.warm,
        ...this.scratchForm(state.text),
      });
      const commands = outcome.run ? [...outcome.built.commands, outcome.run.command] : outcome.built.commands;
      const command = commands[commands.length - 1] ?? '';
      if (!outcome.built.ok || !outcome.run) {
        const timedOut = outcome.built.timedOut ? 'the build' : undefined;
        return { ok: false, built: false, commands, command, output: outcome.built.output, processMs: outcome.built.processMs, timedOut };
      }
      const run = outcome.run;
      const processMs = outcome.built.processMs + run.durationMs;
      if (run.timedOut) return { ok: false, commands, command, output: `${killed}\n${outputOf(run)}`, processMs, timedOut: 'the program' };
      // a program is its own test: its exit code and output are compared, not required to be 0
      return { ok: true, commands, command, output: outputOf(run), processMs, baseline: { code: run.code, stdout: run.stdout } };
    }
    writeScratchFile(path.join(dir, this.fileName), this.bytes(state.text));
    let testPath = '';
    if (this.options.testFile && this.testName) {
      testPath = path.join(dir, this.testName);
      writeScratchFile(testPath, this.testBytes(renames));
    }
    const command = this.options.testCmd
      .replace(/\{file\}/g, shellQuote(path.join(dir, this.fileName)))
      .replace(/\{dir\}/g, shellQuote(dir))
      .replace(/\{test\}/g, shellQuote(testPath))
      .replace(/\{entry\}/g, state.entryPoint ?? '');
    const result = await runProcess('/bin/sh', ['-c', command], { cwd: dir, timeoutMs: this.options.timeoutMs, signal: this.options.signal });
    if (result.timedOut) {
      return { ok: false, commands: [command], command, output: `${killed}\n${outputOf(result)}`, processMs: result.durationMs, timedOut: 'the tests' };
    }
    return { ok: succeeded(result), commands: [command], command, output: outputOf(result), processMs: result.durationMs, baseline: { code: result.code, stdout: result.stdout } };
  }

  /**
   * Runs a text's program or tests once, as the test level would, and says what happened with
   * everything they printed ("Run variant"): built (compiled) first, then the tests (the test
   * command, the project's tests) or, without tests, the program itself, which passes when it exits 0.
   */
  async runOnce(state: UnitState, tree: Tree): Promise<RunOnceOutcome> {
    const outcome = await this.runOnceChecks(state, tree);
    return { ...outcome, commands: outcome.commands.map((c) => this.shown(c)), output: this.shown(outcome.output), summary: this.shown(outcome.summary) };
  }

  private async runOnceChecks(state: UnitState, tree: Tree): Promise<RunOnceOutcome> {
    const problems = syntaxProblems(tree.rootNode, 3);
    if (problems.length > 0) return { passed: false, ran: 'nothing', summary: `does not parse: ${problems.map(describeSyntaxProblem).join('; ')}`, commands: [], output: '' };
    const failedBuild = (r: CheckResult): RunOnceOutcome => {
      this.throwIfCancelled(r);
      // Go heads its errors with the package's name ("# command-line-arguments"): the error is what follows
      const why = r.timedOut ? `${timedOutAfter(this.options.timeoutMs)} and was killed` : firstLine(r.output.replace(/^# .*\n/gm, ''));
      return { passed: false, ran: 'build', summary: `does not build: ${why}`, commands: r.commands, output: r.output };
    };
    if (this.checks) {
      const built = await this.checks.build(this.checks.place(this.filesOf(state)));
      if (!built.ok) return failedBuild(built);
      const tested = await this.checks.test(state.entryPoint, this.projectTestFile(this.checks, []));
      if (tested) {
        this.throwIfCancelled(tested);
        const summary = tested.ok ? 'the tests pass' : tested.timedOut ? `the tests ${timedOutAfter(this.options.timeoutMs)} and were killed` : `tests fail: ${firstLine(tested.output)}`;
        return { passed: tested.ok, ran: 'tests', summary, commands: [...built.commands, ...tested.commands], output: tested.output };
      }
      const program = this.checks.programCommand(this.options.args ?? [], state.text);
      if (!program) {
        return { passed: false, ran: 'nothing', summary: `no tests found in the project and no program to run: give the test command (codemorph.testCommand.${this.lang})`, commands: built.commands, output: '' };
      }
      const run = await this.checks.runProgram(program, this.options.input);
      if (run.cancelled) throw new CodemorphError('cancelled', 'cancelled');
      return { ...programOutcome(run.code, run.timedOut, this.options.timeoutMs), commands: [...built.commands, run.command], output: outputOf(run) };
    }
    const compiled = await this.compile(state.text);
    if (!compiled.ok) return failedBuild(compiled);
    const nothing = this.options.testCmd ? null : runsNothing(this.lang, tree.rootNode);
    if (nothing) return { passed: false, ran: 'nothing', summary: `nothing runs: ${nothing}; give a test command (codemorph.testCommand.${this.lang})`, commands: compiled.commands, output: '' };
    const tested = await this.runTest(state, []);
    if (this.options.signal?.aborted) throw new CodemorphError('cancelled', 'cancelled');
    const commands = [...compiled.commands, ...tested.commands];
    if (tested.built === false) return { passed: false, ran: 'build', summary: `the program does not build: ${firstLine(tested.output)}`, commands, output: tested.output };
    if (this.options.testCmd) {
      const summary = tested.ok ? 'the tests pass' : tested.timedOut ? `the tests ${timedOutAfter(this.options.timeoutMs)} and were killed` : `tests fail: ${firstLine(tested.output)}`;
      return { passed: tested.ok, ran: 'tests', summary, commands, output: tested.output };
    }
    return { ...programOutcome(tested.baseline?.code ?? null, tested.timedOut !== undefined, this.options.timeoutMs), commands, output: tested.output };
  }

  private get dir(): string {
    if (!this.scratch) {
      this.scratch = makeScratchFolder('codemorph-verify-');
      this.realScratch = fs.realpathSync(this.scratch);
    }
    return this.scratch;
  }

  dispose(): void {
    if (this.scratch) removeScratchFolder(this.scratch);
    this.scratch = undefined;
    this.realScratch = undefined;
    sweepEscaped();
  }
}

/** What one run of a text's program or tests did ("Run variant"). */
export interface RunOnceOutcome {
  passed: boolean;
  /** What ran last: the build (it failed), the tests, the program, or nothing (it does not parse, or nothing runs). */
  ran: 'build' | 'tests' | 'program' | 'nothing';
  /** One line: "the program exited with 0", "tests fail: …". */
  summary: string;
  commands: string[];
  /** Everything the last command printed. */
  output: string;
}

function programOutcome(code: number | null, timedOut: boolean, timeoutMs: number): Pick<RunOnceOutcome, 'passed' | 'ran' | 'summary'> {
  if (timedOut) return { passed: false, ran: 'program', summary: `the program ${timedOutAfter(timeoutMs)} and was killed` };
  return { passed: code === 0, ran: 'program', summary: code === null ? 'the program was killed by a signal' : `the program exited with ${code}` };
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
