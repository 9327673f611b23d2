'use strict';
/*
 * The warm TypeScript checker of CodeMorph (docs/warm-checkers.md).
 *
 * One Node process answering, one JSON line per request on standard input, what a cold
 * `tsc <args> <files>` of the workspace's own `typescript` would have printed and exited with.
 * It loads the compiler next to that tsc (argv[2]) when it is a JavaScript one (5.x and older);
 * a native tsc (typescript 7) has no compiler API: every request is answered `unsupported`.
 *
 * Each request goes the way tsc's executeCommandLine goes for files given on the command line
 * (no tsconfig.json is read then): the same parse of the command line, the same compiler host,
 * the same diagnostics in the same order through tsc's own reporter and exit code. What is kept
 * between requests is the parsed SourceFiles of files whose text did not change (the lib .d.ts
 * files, @types) and the previous program, handed to the next as its oldProgram: the next check
 * parses only the file that changed. A `batch` request ({"op":"batch","requests":[...]}, a beam
 * round's checks) is answered with one answer per request, in their order, each compiled as it is
 * alone (its own program, the one before as its oldProgram): it saves the round trips, not the work.
 * One program for all would not do: the candidates are versions of one file, and scripts share the
 * global scope. It ends when its standard input closes.
 */
const fs = require('fs');
const path = require('path');
const readline = require('readline');

const tsc = process.argv[2];

/** The compiler's API and its file's identity, or why there is none. */
function loadCompiler() {
  let real;
  try {
    real = fs.realpathSync(tsc);
  } catch {
    return { why: `${tsc} was not found` };
  }
  // <package>/bin/tsc -> <package>/lib/typescript.js
  const library = path.join(path.dirname(path.dirname(real)), 'lib', 'typescript.js');
  if (!fs.existsSync(library)) return { why: 'this tsc has no JavaScript compiler API (typescript 7 is native)' };
  const ts = require(library);
  const needed = ['parseCommandLine', 'createDiagnosticReporter', 'createCompilerHostWorker', 'convertToOptionsWithAbsolutePaths', 'emitFilesAndReportErrorsAndGetExitStatus', 'createProgram'];
  const missing = needed.filter((name) => typeof ts[name] !== 'function');
  if (missing.length > 0) return { why: `typescript ${ts.version} lacks ${missing.join(', ')}` };
  return { ts, library, stamp: stampOf(library) };
}

function stampOf(file) {
  try {
    const stat = fs.statSync(file);
    return `${stat.size}:${stat.mtimeMs}:${stat.ino}`;
  } catch {
    return '';
  }
}

const compiler = loadCompiler();

/**
 * Options whose effect the checker reproduces: those that only shape the compile. Anything else
 * (a tsconfig, --build, --watch, --incremental, listings, tracing, --locale, plugins...) is left
 * to the cold tsc.
 */
const UNDERSTOOD = new Set([
  'noEmit', 'pretty', 'target', 'lib', 'skipLibCheck', 'skipDefaultLibCheck', 'typeRoots', 'types', 'outDir', 'rootDir', 'module',
  'moduleResolution', 'strict', 'noImplicitAny', 'strictNullChecks', 'strictFunctionTypes', 'strictBindCallApply',
  'strictPropertyInitialization', 'noImplicitThis', 'useUnknownInCatchVariables', 'alwaysStrict', 'noImplicitReturns',
  'noUnusedLocals', 'noUnusedParameters', 'noFallthroughCasesInSwitch', 'noImplicitOverride', 'exactOptionalPropertyTypes',
  'noUncheckedIndexedAccess', 'esModuleInterop', 'allowSyntheticDefaultImports', 'forceConsistentCasingInFileNames',
  'allowJs', 'checkJs', 'jsx', 'experimentalDecorators', 'emitDecoratorMetadata', 'useDefineForClassFields',
  'removeComments', 'sourceMap', 'newLine', 'noEmitOnError', 'isolatedModules', 'resolveJsonModule', 'downlevelIteration',
  'importHelpers', 'noLib', 'baseUrl', 'allowUnreachableCode', 'allowUnusedLabels', 'noPropertyAccessFromIndexSignature',
]);

/**
 * Parsed source files of earlier requests, by file name and what shapes their parse: reused while
 * their text is the same. Those no request used in the last KEPT_REQUESTS are let go (each step's
 * scratch file has a name of its own; the lib and @types files are used by every request).
 */
const parsed = new Map();
const KEPT_REQUESTS = 8;
let requests = 0;
let oldProgram;

/** Options that change only what is written, not how a file is parsed and bound. */
const OUTPUT_ONLY = new Set(['noEmit', 'noEmitOnError', 'pretty', 'outDir', 'rootDir', 'removeComments', 'sourceMap', 'newLine']);

/**
 * A file is parsed and bound once per set of options that may shape either (the binder's strict
 * mode errors stay on the file; the module detection callback's text does not show its options).
 */
function settingsKey(options) {
  return JSON.stringify(Object.keys(options).filter((name) => !OUTPUT_ONLY.has(name)).sort().map((name) => [name, options[name]]));
}

function parseKey(fileName, languageVersionOrOptions, settings) {
  const o = typeof languageVersionOrOptions === 'object' && languageVersionOrOptions !== null ? languageVersionOrOptions : { languageVersion: languageVersionOrOptions };
  return `${fileName}\0${o.languageVersion}:${o.impliedNodeFormat}:${o.jsDocParsingMode}\0${settings}`;
}

function forgetUnused() {
  for (const [key, kept] of parsed) if (kept.used < requests - KEPT_REQUESTS) parsed.delete(key);
}

/** tsc's `sys` with what it writes to standard output collected, for one request (emitted files go to disk as tsc writes them). */
function requestSystem(ts) {
  const sys = Object.create(ts.sys);
  sys.output = '';
  sys.write = (text) => {
    sys.output += text;
  };
  sys.writeOutputIsTTY = () => false;
  return sys;
}

function compile(args, cwd) {
  const ts = compiler.ts;
  if (stampOf(compiler.library) !== compiler.stamp) return { unsupported: 'the workspace\'s typescript changed', exit: true };
  if (args.some((a) => a.startsWith('@') || /^-(b|-build)$/i.test(a))) return { unsupported: 'a response file or --build' };
  process.chdir(cwd);
  const commandLine = ts.parseCommandLine(args);
  if (commandLine.errors.length > 0) return { unsupported: 'a command line tsc rejects' };
  if (commandLine.fileNames.length === 0) return { unsupported: 'no files: tsc reads a tsconfig.json' };
  if (commandLine.projectReferences?.length || Object.keys(commandLine.watchOptions ?? {}).length) return { unsupported: 'project references or watch options' };
  const unknown = Object.keys(commandLine.options).filter((name) => !UNDERSTOOD.has(name));
  if (unknown.length > 0) return { unsupported: `options it does not reproduce: ${unknown.join(', ')}` };
  // not pretty only when asked: tsc's default depends on whether its output is a terminal
  if (commandLine.options.pretty !== false) return { unsupported: 'output that is not --pretty false' };

  requests++;
  const sys = requestSystem(ts);
  const reportDiagnostic = ts.createDiagnosticReporter(sys, false);
  const options = ts.convertToOptionsWithAbsolutePaths(commandLine.options, (fileName) => ts.getNormalizedAbsolutePath(fileName, cwd));
  const host = ts.createCompilerHostWorker(options, undefined, sys);
  if (ts.defaultJSDocParsingMode !== undefined) host.jsDocParsingMode = ts.defaultJSDocParsingMode;
  const parse = host.getSourceFile;
  const settings = settingsKey(options);
  host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile) => {
    if (shouldCreateNewSourceFile) return parse(fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile);
    let text;
    try {
      text = host.readFile(fileName);
    } catch {
      text = undefined;
    }
    const key = parseKey(fileName, languageVersionOrOptions, settings);
    const kept = parsed.get(key);
    if (text !== undefined && kept && kept.text === text) {
      kept.used = requests;
      return kept.file;
    }
    const file = parse(fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile);
    if (file && text !== undefined && file.text === text) parsed.set(key, { text, file, used: requests });
    else parsed.delete(key);
    return file;
  };
  if (typeof ts.changeCompilerHostLikeToUseCache === 'function') {
    const canonical = ts.createGetCanonicalFileName(host.useCaseSensitiveFileNames());
    ts.changeCompilerHostLikeToUseCache(host, (fileName) => ts.toPath(fileName, cwd, canonical));
  }
  const program = ts.createProgram({
    rootNames: commandLine.fileNames,
    options,
    projectReferences: commandLine.projectReferences,
    host,
    configFileParsingDiagnostics: [],
    oldProgram,
  });
  const code = ts.emitFilesAndReportErrorsAndGetExitStatus(program, reportDiagnostic, (s) => sys.write(s + sys.newLine), undefined);
  oldProgram = program;
  forgetUnused();
  return { code, stdout: sys.output, stderr: '' };
}

/** What the cold tsc gives for one `tsc` request (without its id); `exit`: the checker must stop after answering. */
function answerOne(request) {
  if (request.op !== 'tsc') return { unsupported: 'unknown request' };
  if (!compiler.ts) return { unsupported: compiler.why };
  return compile(request.args, request.cwd);
}

function answer(message) {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

const input = readline.createInterface({ input: process.stdin, terminal: false });
input.on('line', (line) => {
  line = line.trim();
  if (!line) return;
  let request = {};
  try {
    request = JSON.parse(line);
    if (request.op === 'ping') {
      answer({ id: request.id, pong: true });
    } else if (request.op === 'tsc') {
      const { exit, ...rest } = answerOne(request);
      answer({ id: request.id, ...rest });
      // a new typescript in the workspace: the next request starts a checker that loads it
      if (exit) process.stdout.write('', () => process.exit(0));
    } else if (request.op === 'batch') {
      const answers = [];
      let exit = false;
      for (const one of request.requests) {
        // once the compiler changed, the rest go to the cold tsc as well
        const result = exit ? { unsupported: 'the workspace\'s typescript changed' } : answerOne(one);
        exit = exit || Boolean(result.exit);
        const { exit: _exit, ...rest } = result;
        answers.push(rest);
      }
      answer({ id: request.id, answers });
      if (exit) process.stdout.write('', () => process.exit(0));
    } else {
      answer({ id: request.id, unsupported: 'unknown request' });
    }
  } catch (e) {
    // the checker's own failure: the cold tool stands in, and a fresh checker serves the next step
    answer({ id: request.id, error: e && e.stack ? String(e.stack).split('\n').slice(0, 3).join(' | ') : String(e) });
  }
});
input.on('close', () => process.exit(0));
