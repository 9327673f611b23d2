import fs = require('fs');
import path = require('path');
import { usageText, wantsHelp } from './cli/args';
import { COMMANDS, Io } from './cli/commands';
import { internalErrorLine } from './cli/internalError';
import { isCodemorphError } from './core/errors';
import { allowCollectionsBetweenSteps } from './core/memory';
import { GrammarLoader } from './core/languages/grammarLoader';
import { LANGUAGE_IDS, RUNTIME_WASM } from './core/languages/languageIds';
import { redact, redactSecrets } from './core/redact';
import { unexplainedFileProblem } from './core/userFiles';
import { toolVersion } from './core/version';

/** The overview: one line per command from its table, then what holds for all of them. */
function overview(): string {
  const lines = ['codemorph: semantics-preserving code perturbation for benchmark building', '', 'usage:'];
  const commands = Object.values(COMMANDS).map(({ spec }) => [`  codemorph ${spec.name}${spec.args ? ` ${spec.args}` : ''}`, spec.summary] as const);
  const width = Math.max(...commands.map(([usage]) => usage.length)) + 2;
  for (const [usage, summary] of commands) lines.push(`${usage.padEnd(width)}${summary}`);
  lines.push(
    '',
    'codemorph <command> --help (or codemorph help <command>) lists a command\'s options.',
    '',
    `Languages: ${LANGUAGE_IDS.join(', ')} (from the file extension unless --lang).`,
    'Files are read as UTF-8 (a BOM kept), UTF-16 with a BOM, or a Python file\'s declared coding; --encoding names another',
    '(latin1, cp1252, iso-8859-15...). Bytes outside the rewritten code, and CRLF line endings, are written back as they were.',
    'Exit status: 0 done, 1 the work failed (nothing could be perturbed), 2 bad usage or input.',
  );
  return `${lines.join('\n')}\n`;
}

/** The folder with the grammars: beside the bundle (dist/), as the build puts them. */
function wasmDir(): string {
  const candidates = [__dirname, path.resolve(__dirname, '../../dist')];
  return candidates.find((dir) => fs.existsSync(path.join(dir, RUNTIME_WASM))) ?? __dirname;
}

/** Lines of a failing build's or test run's output printed without CODEMORPH_VERBOSE: its end says what failed. */
const OUTPUT_TAIL_LINES = 60;

function outputShown(detail: string, verbose: boolean): string {
  const lines = detail.replace(/\s+$/, '').split('\n');
  if (verbose || lines.length <= OUTPUT_TAIL_LINES) return `${lines.join('\n')}\n`;
  const hidden = lines.length - OUTPUT_TAIL_LINES;
  const note = `[${hidden} earlier line${hidden === 1 ? '' : 's'} left out; CODEMORPH_VERBOSE=1 shows all of it]`;
  return `${note}\n${lines.slice(-OUTPUT_TAIL_LINES).join('\n')}\n`;
}

export async function main(argv: string[], io: Io): Promise<number> {
  const [name, ...rest] = argv;
  if (!name) {
    io.err(overview());
    return 2;
  }
  if (name === '--help' || name === '-h' || (name === 'help' && rest.length === 0)) {
    io.out(overview());
    return 0;
  }
  if (name === 'help') {
    const asked = Object.hasOwn(COMMANDS, rest[0]) ? COMMANDS[rest[0]] : undefined;
    if (!asked || rest.length > 1) {
      io.err(`codemorph: help takes one command, one of ${Object.keys(COMMANDS).join(', ')}\n`);
      return 2;
    }
    io.out(usageText(asked.spec));
    return 0;
  }
  if (name === '--version') {
    io.out(`${toolVersion()}\n`);
    return 0;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    io.err(`codemorph: unknown command ${name}: use one of ${Object.keys(COMMANDS).join(', ')} (codemorph --help)\n`);
    return 2;
  }
  if (wantsHelp(rest)) {
    io.out(usageText(command.spec));
    return 0;
  }
  const loader = new GrammarLoader(wasmDir());
  try {
    return await command.run(rest, loader, io);
  } catch (caught) {
    // a file-system error no command turned into a message still names its file: one line, no stack
    const e = isCodemorphError(caught) ? caught : (unexplainedFileProblem(caught) ?? caught);
    if (isCodemorphError(e)) {
      // An error with output is the user's own code failing its build or tests before any
      // perturbation: they need that output to fix it, so it is shown (its tail, or all of it
      // with CODEMORPH_VERBOSE=1), and the one-line reason still comes last for scripts.
      if (e.detail) io.err(outputShown(e.detail, Boolean(process.env.CODEMORPH_VERBOSE)));
      io.err(`codemorph: ${e.message}\n`);
      return e.kind === 'failed' || e.kind === 'cancelled' ? 1 : 2;
    }
    const verbose = process.env.CODEMORPH_VERBOSE ? (details: string) => io.err(details) : undefined;
    io.err(`codemorph: ${internalErrorLine(e, argv, verbose)}\n`);
    return 1;
  } finally {
    loader.dispose();
  }
}

/** What a shell reports for a command ended by SIGPIPE (128 + 13). */
const BROKEN_PIPE_EXIT = 141;

/** The exit status for each signal that ends a run: 128 + its number, as a shell reports it. */
const SIGNAL_EXITS: readonly [NodeJS.Signals, number][] = [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
];

/** Runs the command line this process was started with, writing to its stdout and stderr. */
export function runProcessArgs(): void {
  // A reader that goes away (`codemorph methods | head`) ends the run quietly, as SIGPIPE ends other
  // command-line tools, instead of with Node's unhandled-error trace. Files already written stay
  // whole: every file the CLI writes is written atomically or appended line by line.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE') throw e;
      process.exit(BROKEN_PIPE_EXIT);
    });
  }
  // Ctrl-C, kill, a closed terminal: exit at once, and the exit hook of core/owned.ts kills every
  // compiler, test and worker this run started and removes its scratch folders (their process
  // groups are their own, so the signal itself reaches none of them)
  for (const [signal, code] of SIGNAL_EXITS) process.on(signal, () => process.exit(code));
  // this process is the run's alone: collecting between the steps of a large file is safe here
  allowCollectionsBetweenSteps();
  // whatever escapes main (an error event, a callback's throw) still ends in one line, not Node's trace
  process.on('uncaughtException', (e) => {
    process.stderr.write(redact(`codemorph: ${internalErrorLine(e, process.argv.slice(2), process.env.CODEMORPH_VERBOSE ? (d) => process.stderr.write(redact(d)) : undefined)}\n`));
    process.exit(1);
  });
  // the output boundary: no registered secret leaves on stdout (which carries code, so only the
  // secrets themselves go), and no credential at all in the messages and logs on stderr
  const io: Io = { out: (t) => process.stdout.write(redactSecrets(t)), err: (t) => process.stderr.write(redact(t)) };
  main(process.argv.slice(2), io).then((code) => exitOnceWritten(code));
}

/**
 * Ends the process as soon as stdout and stderr have passed on what was written to them.
 * Left to end by itself, Node first frees the whole heap and every page the run touched: about
 * 10 ms of a 200 ms `perturb` of a small function (issue 8's cold CLI). Nothing else is left by
 * then: main has settled, every file was written before it did, a dataset run's workers leave
 * when their channel closes, and core/owned.ts's exit hook stops anything still owned.
 */
function exitOnceWritten(code: number): void {
  process.exitCode = code;
  let open = 2;
  const flushed = (e?: Error | null) => {
    // the callback can come before the stream's error event, which would have said the same
    if ((e as NodeJS.ErrnoException | null | undefined)?.code === 'EPIPE') process.exit(BROKEN_PIPE_EXIT);
    if (--open === 0) process.exit(code);
  };
  // an empty write's callback runs after every earlier write has been handed to the system
  process.stdout.write('', flushed);
  process.stderr.write('', flushed);
}

// `node dist/cli-main.js` (the bundle without the launcher, as with --enable-source-maps)
if (require.main === module) runProcessArgs();
