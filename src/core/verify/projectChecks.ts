import fs = require('fs');
import os = require('os');
import path = require('path');
import { CodemorphError } from '../errors';
import type { LanguageId } from '../languages/languageIds';
import { profileOf } from '../languages/profiles';
import { childProcess } from '../lazyBuiltins';
import { childEnv, outputOf, ProcessResult, runProcess, succeeded } from './process';
import { projectFiles } from '../workspace/projectFiles';
import type { ProjectInfo } from './project';
import { ScratchProject } from './scratchProject';
import { timedOutAfter } from './timeout';
import type { CheckResult, WarmUse } from './singleFile';
import { goCacheEnv } from './warm/go';
import { runWarm } from './warm/pool';
import { missingToolchain, optionalTool, resolveTool, ToolchainOverrides } from './toolchains';

/** One process a project check runs. */
export interface ProjectCommand {
  command: string;
  args: string[];
  /** Folder relative to the scratch root ('' for the root). */
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** What to say when the executable is missing. */
  missing: () => CodemorphError;
  /**
   * A command a warm checker may stand for (./warm/pool.ts): `check` when only its verdict and
   * messages are used, `build` when what it writes is used afterwards.
   */
  warm?: 'check' | 'build';
}

export interface ProjectCheckOptions {
  lang: LanguageId;
  toolchains: ToolchainOverrides;
  timeoutMs: number;
  /** Shell template ({file}, {dir}) replacing the default build (codemorph.compileCommand.<lang>, --build-cmd). */
  buildCmd?: string;
  /** Shell template ({file}, {dir}, {test}, {entry}) replacing the default tests (codemorph.testCommand.<lang>, --test-cmd). */
  testCmd?: string;
  signal?: AbortSignal;
  /** Told of every process with its wall time (the benchmark sums them). */
  onProcess?: (command: string, ms: number) => void;
  /** javac's `-encoding` when the project is compiled with javac alone: the perturbed file's (UTF-8 unless said). */
  javaCharset?: string;
  /** Builds may be answered by a warm checker; unset: the cold tools only. */
  warm?: WarmUse;
}

/** A tool other than a language's compiler (make, cargo, npm...): what installs it, and the setting that replaces the command. */
function missingTool(tool: string, lang: LanguageId, install: string, purpose: 'build' | 'test'): () => CodemorphError {
  const setting = purpose === 'build' ? `codemorph.compileCommand.${lang}` : `codemorph.testCommand.${lang}`;
  const flag = purpose === 'build' ? '--build-cmd' : '--test-cmd';
  return () =>
    new CodemorphError(
      'toolchain',
      `${tool} was not found, so the project cannot be ${purpose === 'build' ? 'built' : 'tested'}: ${install}, or give the command to run instead with the setting ${setting} (CLI: ${flag}), or verify the file alone (CLI: --no-project)`,
    );
}

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

function hasPytest(python: string): boolean {
  try {
    childProcess().execFileSync(python, ['-c', 'import pytest'], { stdio: 'ignore', timeout: 15_000, cwd: os.tmpdir(), env: childEnv() });
    return true;
  } catch {
    return false;
  }
}

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** npm's placeholder test script fails on purpose: it is not a test. */
function npmTestScript(root: string): string | undefined {
  const scripts = readJson(path.join(root, 'package.json'))?.scripts as Record<string, string> | undefined;
  const test = scripts?.test;
  if (!test || /no test specified/.test(test)) return undefined;
  return test;
}

function makeTarget(root: string, marker: string, targets: readonly string[]): string | undefined {
  let text = '';
  try {
    text = fs.readFileSync(path.join(root, marker), 'utf8');
  } catch {
    return undefined;
  }
  return targets.find((t) => new RegExp(`^${t}\\s*:`, 'm').test(text));
}

interface CompileEntry {
  directory: string;
  file: string;
  args: string[];
}

function splitCommand(command: string): string[] {
  const out: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g;
  for (let m = re.exec(command); m; m = re.exec(command)) out.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : (m[2] ?? m[3]));
  return out;
}

/**
 * A compile_commands.json path into the user's tree, moved into the scratch copy: alone, or joined
 * to its flag (`-I/abs/include`, `--sysroot=/abs`), under any name the tree goes by (the folder as
 * given and its real path, since a build tool records one or the other). Else unchanged.
 */
function rebaser(roots: readonly string[], scratch: string): (arg: string) => string {
  return (arg) => {
    for (const root of roots) {
      let at = arg.indexOf(root);
      while (at >= 0) {
        const after = arg[at + root.length];
        const prefix = arg.slice(0, at);
        if ((after === undefined || after === '/') && (prefix === '' || /^-[^/]*$/.test(prefix))) {
          return prefix + scratch + arg.slice(at + root.length);
        }
        at = arg.indexOf(root, at + 1);
      }
    }
    return arg;
  };
}

/** Flags that write files (-o, dependency files) or replace the compile by dependency output (-M, -MM). */
const WRITES_WITH_VALUE = new Set(['-o', '-MF', '-MT', '-MQ']);
const WRITES = new Set(['-c', '-M', '-MM', '-MD', '-MMD', '-MG', '-MP']);

/** An entry's arguments for the check alone: nothing written, least of all into the user's build folder. */
function syntaxOnly(args: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (WRITES_WITH_VALUE.has(arg)) {
      i++;
      continue;
    }
    if (WRITES.has(arg) || /^-(o|MF|MT|MQ)./.test(arg)) continue;
    kept.push(arg);
  }
  return [...kept, '-fsyntax-only'];
}

/**
 * Builds and tests the user's project in a scratch copy with each candidate in place: the
 * project's own toolchain decides (go build/vet/test, cargo check/test, javac, make, tsc...),
 * so cross-file breakage is caught as the user would see it.
 */
export class ProjectChecks {
  readonly scratch: ScratchProject;
  /**
   * Where builds put what they make: beside the copy, never in it. A build output in the copy can
   * collide with the project's own folders (`go build ./...` writing the binary `calc` where the
   * package folder calc/ is) and is seen by the project's tests and globs as if it were the user's.
   */
  private readonly outputs: string;
  private readonly mainFile: string;
  private readonly env: NodeJS.ProcessEnv;
  private builtOnce = false;
  private pytest: boolean | undefined;
  /** Maven and Gradle projects are compiled with javac over their sources when the build tool is not installed. */
  private readonly kind: ProjectInfo['kind'];

  constructor(
    readonly info: ProjectInfo,
    filePath: string,
    scratchDir: string,
    private readonly options: ProjectCheckOptions,
  ) {
    this.scratch = new ScratchProject(info.root, scratchDir, info.lang);
    this.outputs = path.join(path.dirname(scratchDir), 'outputs');
    const tool = info.kind === 'maven' ? 'mvn' : info.kind === 'gradle' ? 'gradle' : undefined;
    const wrapper = info.kind === 'gradle' && fs.existsSync(path.join(info.root, 'gradlew'));
    this.kind = tool && !wrapper && !optionalTool(tool) ? 'javac' : info.kind;
    this.mainFile = path.relative(info.root, path.resolve(filePath)).split(path.sep).join('/');
    this.env = this.environment();
  }

  private environment(): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = { ...process.env };
    // Go: the user's build cache is content-addressed and safe to share; without a home, CodeMorph's own, kept between runs
    Object.assign(env, goCacheEnv(env));
    if (!env.GOPATH && !env.HOME) env.GOPATH = path.join(this.outputs, 'gopath');
    env.GOFLAGS = [env.GOFLAGS, '-buildvcs=false'].filter(Boolean).join(' ');
    env.GOPROXY = env.GOPROXY ?? 'off';
    env.GOTOOLCHAIN = 'local';
    // cargo keeps its target folder beside the copy, for as long as the run
    env.CARGO_TARGET_DIR = path.join(this.outputs, 'cargo-target');
    env.CARGO_TERM_COLOR = 'never';
    env.NO_UPDATE_NOTIFIER = '1';
    env.npm_config_update_notifier = 'false';
    if (profileOf(this.options.lang).toolchain.compilerPackage) {
      // a test script calling `tsc` finds CodeMorph's when the project has none of its own
      const tsc = resolveTool(this.options.lang, 'compiler', this.options.toolchains, path.join(this.info.root, this.mainFile));
      env.PATH = [path.dirname(tsc.command), env.PATH].filter(Boolean).join(path.delimiter);
    }
    return env;
  }

  get root(): string {
    return this.scratch.dir;
  }

  /**
   * A path in the outputs folder as commands run at the copy's root name it: relative
   * (`../outputs/...`), so that the command lines recorded do not hold the scratch folder's name.
   */
  private output(rel: string): string {
    fs.mkdirSync(this.outputs, { recursive: true });
    return path.relative(this.root, path.join(this.outputs, rel));
  }

  private tool(lang: LanguageId, role: 'compiler' | 'runtime'): string {
    return resolveTool(lang, role, this.options.toolchains, path.join(this.info.root, this.mainFile)).command;
  }

  /** A companion of the configured compiler (cargo beside rustc), else the one on PATH. */
  private sibling(lang: LanguageId, name: string): string {
    const override = this.options.toolchains[lang];
    if (override) {
      const beside = path.join(path.dirname(override), name);
      if (fs.existsSync(beside)) return beside;
    }
    return name;
  }

  private javaSources(): string[] {
    return projectFiles(this.info.root).filter((f) => f.endsWith('.java'));
  }

  private javaTestClasses(): string[] {
    const out: string[] = [];
    for (const rel of this.javaSources()) {
      const name = path.posix.basename(rel, '.java');
      if (!/Tests?$/.test(name)) continue;
      const text = fs.readFileSync(path.join(this.info.root, rel), 'utf8');
      if (!/static\s+void\s+main\s*\(/.test(text)) continue;
      const pkg = /^\s*package\s+([\w.]+)\s*;/m.exec(text);
      out.push(pkg ? `${pkg[1]}.${name}` : name);
    }
    return out;
  }

  private compileEntries(): CompileEntry[] {
    const raw = JSON.parse(fs.readFileSync(path.join(this.info.root, 'compile_commands.json'), 'utf8')) as {
      directory: string;
      file: string;
      arguments?: string[];
      command?: string;
    }[];
    let real = this.info.root;
    try {
      real = fs.realpathSync(this.info.root);
    } catch {
      // the project folder went away: the build says so
    }
    const rebase = rebaser([...new Set([this.info.root, real])], this.root);
    return raw.map((e) => {
      const directory = rebase(path.resolve(this.info.root, e.directory));
      // the build folder an entry runs in (build/, out/) is left out of the copy: the compiler still needs it to exist
      if (directory === this.root || directory.startsWith(`${this.root}/`)) fs.mkdirSync(directory, { recursive: true });
      const args = (e.arguments ?? splitCommand(e.command ?? '')).map(rebase);
      return { directory, file: rebase(path.resolve(this.info.root, e.directory, e.file)), args: syntaxOnly(args) };
    });
  }

  /** The default build of the project kind, for the files written since the last build. */
  private buildCommands(written: readonly string[]): ProjectCommand[] {
    const lang = this.options.lang;
    const first = !this.builtOnce;
    switch (this.kind) {
      case 'go': {
        const go = this.tool('go', 'compiler');
        const missing = () => missingToolchain('go', 'compiler', go);
        // binaries go to the outputs folder (the trailing slash makes it a folder for every main package);
        // nothing runs them (programs run with `go run`, tests with `go test`), so a type check can stand for it
        return [
          { command: go, args: ['build', '-o', `${this.output('go')}/`, './...'], missing, warm: 'check' },
          { command: go, args: ['vet', './...'], missing },
        ];
      }
      case 'cargo':
        return [{ command: this.sibling('rust', 'cargo'), args: ['check', '--offline', '--quiet'], missing: missingTool('cargo', lang, 'install Rust from rustup.rs or apt-get install cargo', 'build') }];
      case 'maven':
        return [{ command: 'mvn', args: ['-o', '-q', 'compile'], missing: missingTool('mvn', lang, 'apt-get install maven', 'build') }];
      case 'gradle':
        return [this.gradle(['compileJava'], 'build')];
      case 'javac': {
        const javac = this.tool('java', 'compiler');
        const list = this.output('sources.txt');
        fs.writeFileSync(path.join(this.root, list), this.javaSources().map((f) => shellQuote(path.join(this.root, f))).join('\n'));
        return [
          {
            command: javac,
            args: ['-d', this.output('classes'), '-encoding', this.options.javaCharset ?? 'UTF-8', '-nowarn', `@${list}`],
            missing: () => missingToolchain('java', 'compiler', javac),
            warm: 'build',
          },
        ];
      }
      case 'compdb': {
        const entries = this.compileEntries();
        const changed = new Set(written.map((f) => this.scratch.path(f)));
        // a changed header may be in any translation unit
        const all = first || written.some((f) => !entries.some((e) => e.file === this.scratch.path(f)));
        return entries
          .filter((e) => all || changed.has(e.file))
          .map((e) => ({ command: e.args[0], args: e.args.slice(1), cwd: path.relative(this.root, e.directory), missing: missingTool(e.args[0], lang, 'apt-get install build-essential', 'build') }));
      }
      case 'cmake': {
        const missing = missingTool('cmake', lang, 'apt-get install cmake', 'build');
        const dir = this.output('cmake-build');
        const configure = { command: 'cmake', args: ['-S', '.', '-B', dir, '-DCMAKE_BUILD_TYPE=Debug'], missing };
        return [...(first ? [configure] : []), { command: 'cmake', args: ['--build', dir], missing }];
      }
      case 'make':
        return [{ command: 'make', args: ['-s', '-f', this.info.marker], missing: missingTool('make', lang, 'apt-get install make', 'build') }];
      case 'node': {
        const node = this.tool('javascript', 'compiler');
        const files = (first ? [this.mainFile, ...written] : written).filter((f) => /\.[cm]?jsx?$/.test(f) && !f.endsWith('.jsx'));
        return [...new Set(files)].map((f) => ({ command: node, args: ['--check', f], missing: () => missingToolchain('javascript', 'compiler', node) }));
      }
      case 'typescript': {
        const tsc = this.tool('typescript', 'compiler');
        return [{ command: tsc, args: ['--noEmit', '--pretty', 'false', '-p', this.info.marker], missing: () => missingToolchain('typescript', 'compiler', tsc) }];
      }
      case 'python': {
        const python = this.tool('python', 'compiler');
        const files = first ? ['.'] : written.filter((f) => f.endsWith('.py'));
        if (files.length === 0) return [];
        // compileall writes bytecode whatever the environment says: forced (it skips "up to date" files by the
        // same second-granular stamp) and kept out of the tree the tests import from
        const pycache = { PYTHONPYCACHEPREFIX: path.join(this.outputs, 'pycache') };
        return [{ command: python, args: ['-m', 'compileall', '-q', '-f', ...files], env: pycache, missing: () => missingToolchain('python', 'compiler', python) }];
      }
    }
  }

  private gradle(task: string[], purpose: 'build' | 'test'): ProjectCommand {
    const wrapper = path.join(this.root, 'gradlew');
    const command = fs.existsSync(path.join(this.info.root, 'gradlew')) ? wrapper : 'gradle';
    return { command, args: ['--offline', '-q', ...task], missing: missingTool('gradle', this.options.lang, 'install Gradle', purpose) };
  }

  /** The project's default tests, or null when it has none CodeMorph can find. */
  testCommands(): ProjectCommand[] | null {
    const lang = this.options.lang;
    switch (this.kind) {
      case 'go': {
        const go = this.tool('go', 'compiler');
        return [{ command: go, args: ['test', './...'], missing: () => missingToolchain('go', 'compiler', go) }];
      }
      case 'cargo':
        return [{ command: this.sibling('rust', 'cargo'), args: ['test', '--offline', '--quiet'], missing: missingTool('cargo', lang, 'install Rust from rustup.rs', 'test') }];
      case 'maven':
        return [{ command: 'mvn', args: ['-o', '-q', 'test'], missing: missingTool('mvn', lang, 'apt-get install maven', 'test') }];
      case 'gradle':
        return [this.gradle(['test'], 'test')];
      case 'javac': {
        const classes = this.javaTestClasses();
        if (classes.length === 0) return null;
        const java = this.tool('java', 'runtime');
        return classes.map((c) => ({ command: java, args: ['-cp', this.output('classes'), c], missing: () => missingToolchain('java', 'runtime', java) }));
      }
      case 'cmake':
        return [{ command: 'ctest', args: ['--test-dir', this.output('cmake-build'), '--output-on-failure'], missing: missingTool('ctest', lang, 'apt-get install cmake', 'test') }];
      case 'make':
      case 'compdb': {
        const marker = ['Makefile', 'makefile', 'GNUmakefile'].find((m) => fs.existsSync(path.join(this.info.root, m)));
        const target = marker && makeTarget(this.info.root, marker, ['test', 'check']);
        if (!marker || !target) return null;
        return [{ command: 'make', args: ['-s', '-f', marker, target], missing: missingTool('make', lang, 'apt-get install make', 'test') }];
      }
      case 'node':
      case 'typescript':
        if (!npmTestScript(this.info.root)) return null;
        return [{ command: 'npm', args: ['test', '--silent'], missing: missingTool('npm', lang, 'install Node.js with npm', 'test') }];
      case 'python': {
        const python = this.tool('python', 'compiler');
        const files = projectFiles(this.info.root).filter((f) => /(^|\/)(test_[^/]*|[^/]*_test)\.py$/.test(f));
        if (files.length === 0) return null;
        if (this.pytest === undefined) {
          const started = Date.now();
          this.pytest = hasPytest(python);
          this.options.onProcess?.(`${python} -c 'import pytest'`, Date.now() - started);
        }
        const missing = () => missingToolchain('python', 'compiler', python);
        if (this.pytest) return [{ command: python, args: ['-m', 'pytest', '-q', '-p', 'no:cacheprovider'], missing }];
        const testsDir = fs.existsSync(path.join(this.info.root, 'tests')) ? ['-s', 'tests', '-t', '.'] : [];
        return [{ command: python, args: ['-m', 'unittest', 'discover', '-q', ...testsDir], missing }];
      }
    }
  }

  /** A command the user gave as a shell template, run in the scratch copy. */
  private templated(template: string, purpose: 'build' | 'test', extra: { test?: string; entry?: string } = {}): ProjectCommand {
    const command = template
      .replace(/\{file\}/g, shellQuote(this.scratch.path(this.mainFile)))
      .replace(/\{dir\}/g, shellQuote(this.root))
      .replace(/\{test\}/g, shellQuote(extra.test ?? ''))
      .replace(/\{entry\}/g, extra.entry ?? '');
    return { command: '/bin/sh', args: ['-c', command], missing: missingTool('/bin/sh', this.options.lang, 'install a POSIX shell', purpose) };
  }

  /** Puts the file texts in place (the perturbed file and other changed files) and returns what was written. */
  place(files: Readonly<Record<string, string | Buffer>>): string[] {
    return this.scratch.apply(files);
  }

  get mainPath(): string {
    return this.mainFile;
  }

  /** Builds after `place`: the user's command, or the project kind's default. */
  async build(written: readonly string[]): Promise<CheckResult> {
    const commands = this.options.buildCmd ? [this.templated(this.options.buildCmd, 'build')] : this.buildCommands(written);
    const result = await this.runAll(commands);
    if (result.ok) this.builtOnce = true;
    return result;
  }

  /** Runs the tests: the user's command, the project's default ones, or null when there are none. */
  async test(entry: string | null, testFile?: string): Promise<(CheckResult & { stdout: string; code: number | null }) | null> {
    const commands = this.options.testCmd ? [this.templated(this.options.testCmd, 'test', { entry: entry ?? '', test: testFile })] : this.testCommands();
    if (!commands) return null;
    return this.runAll(commands);
  }

  /** Runs a program the differential way: its exit code and output are what counts, not success. */
  async runProgram(command: ProjectCommand, input?: string): Promise<ProcessResult> {
    return this.spawn(command, input);
  }

  private async spawn(cmd: ProjectCommand, input?: string): Promise<ProcessResult> {
    const cwd = path.join(this.root, cmd.cwd ?? '');
    const env = { ...this.env, ...cmd.env };
    const cold = () => runProcess(cmd.command, cmd.args, { cwd, timeoutMs: this.options.timeoutMs, env, signal: this.options.signal, input });
    const { warm, lang, timeoutMs, signal } = this.options;
    const result =
      warm && cmd.warm && input === undefined
        ? await runWarm({ lang, tool: cmd.command, args: cmd.args, cwd, env, purpose: cmd.warm, project: this.info.root, timeoutMs, signal, onNote: warm.onNote }, cold)
        : await cold();
    this.options.onProcess?.(result.command, result.durationMs);
    if (result.spawnError?.code === 'ENOENT') throw cmd.missing();
    // messages name files relative to the project, as the user knows them, and do not vary with the scratch folder
    const relative = (text: string) => text.split(`${this.root}/`).join('').split(this.root).join('.');
    return { ...result, command: relative(result.command), stdout: relative(result.stdout), stderr: relative(result.stderr) };
  }

  private async runAll(commands: ProjectCommand[]): Promise<CheckResult & { stdout: string; code: number | null }> {
    const ran: string[] = [];
    let processMs = 0;
    let stdout = '';
    let code: number | null = 0;
    for (const cmd of commands) {
      const result = await this.spawn(cmd);
      ran.push(result.command);
      processMs += result.durationMs;
      stdout += result.stdout;
      code = result.code;
      if (!succeeded(result)) {
        const why = result.timedOut ? `${result.command} ${timedOutAfter(this.options.timeoutMs)} and was killed\n` : '';
        return { ok: false, commands: ran, output: why + outputOf(result), timedOut: result.timedOut, cancelled: result.cancelled, processMs, stdout, code };
      }
    }
    return { ok: true, commands: ran, output: '', timedOut: false, cancelled: false, processMs, stdout, code };
  }

  /** Command lines for the record: the scratch folder shown as `.`, so records of two runs compare. */
  display(commands: readonly string[]): string {
    return commands.join(' && ');
  }

  /**
   * For a project without tests, the program to run the differential way (original and
   * perturbed on the same input, compared): the file's own package or script, when it has a main.
   */
  programCommand(args: readonly string[], mainText: string): ProjectCommand | null {
    const lang = this.options.lang;
    switch (this.kind) {
      case 'go': {
        if (!/^\s*package\s+main\b/m.test(mainText)) return null;
        const go = this.tool('go', 'compiler');
        const dir = path.posix.dirname(this.mainFile);
        return { command: go, args: ['run', dir === '.' ? '.' : `./${dir}`, ...args], missing: () => missingToolchain('go', 'compiler', go) };
      }
      case 'cargo':
        if (!fs.existsSync(path.join(this.info.root, 'src', 'main.rs'))) return null;
        return { command: this.sibling('rust', 'cargo'), args: ['run', '--offline', '--quiet', '--', ...args], missing: missingTool('cargo', lang, 'install Rust from rustup.rs', 'test') };
      case 'python': {
        const python = this.tool('python', 'compiler');
        return { command: python, args: [this.mainFile, ...args], missing: () => missingToolchain('python', 'compiler', python) };
      }
      case 'node': {
        const node = this.tool('javascript', 'compiler');
        return { command: node, args: [this.mainFile, ...args], missing: () => missingToolchain('javascript', 'runtime', node) };
      }
      case 'javac': {
        if (!/static\s+void\s+main\s*\(/.test(mainText)) return null;
        const java = this.tool('java', 'runtime');
        const pkg = /^\s*package\s+([\w.]+)\s*;/m.exec(mainText);
        const name = path.posix.basename(this.mainFile, '.java');
        return { command: java, args: ['-cp', this.output('classes'), pkg ? `${pkg[1]}.${name}` : name, ...args], missing: () => missingToolchain('java', 'runtime', java) };
      }
      default:
        return null;
    }
  }
}
