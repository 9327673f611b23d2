import fs = require('fs');
import path = require('path');
import { COMMANDS, Io } from './cli/commands';
import { isCodemorphError } from './core/errors';
import { GrammarLoader } from './core/languages/grammarLoader';
import { RUNTIME_WASM } from './core/languages/languageIds';
import { redact, redactSecrets } from './core/redact';
import { toolVersion } from './core/version';

const HELP = `codemorph: semantics-preserving code perturbation for benchmark building

usage:
  codemorph methods [--lang L] [--matrix] [--json]
  codemorph transform <file> --method ID [--function NAME] [--site N] [--seed N] [--json]
  codemorph perturb <file> [--function NAME] [--lang L] [--strategy peso|random|beam] [--seed N]
            [--max-iter 15] [--threshold 0.2] [--temperature 2] [--mu 0.5] [--beam-width 3]
            [--methods ID,...] [--perturbation ren|rtf|gbc|psc-all|mcc|mps|mhc]
            [--verify syntax|compile|test] [--test-file PATH] [--test-cmd CMD] [--build-cmd CMD]
            [--project DIR | --no-project] [--input FILE] [--args "A B"]
            [--engine local|llm|hybrid] [--base-url URL] [--model NAME] [--voter MODEL@T]...
            [--toolchain LANG=PATH] [--timeout SECONDS] [--out FILE] [--save [--entries FILE]] [--json] [--quiet]
  codemorph similarity <fileA> <fileB> [--lang L] [--function NAME] [--function-b NAME] [--json]
  codemorph dataset <in.jsonl[.gz]> --out <out.jsonl[.gz]> [perturb's options] [--workers N] [--shard K/N] [--resume]
            [--format humaneval|humaneval-x|mbpp|cruxeval|codemorph] [--min-lines N] [--max-lines N]
            [--require compile|test] [--drop-failed] [--json]
  codemorph pair <file> --function NAME [--seed N] [--description FILE] [--out FILE]
            [--save [--entries FILE] [--force]] [--json]
  codemorph completion <entries.jsonl> [--lines 1,3,5] [--out FILE] [--json]

Languages: python, c, cpp, go, rust, java, javascript, typescript (from the file extension unless --lang).
Exit status: 0 done, 1 the work failed (nothing could be perturbed), 2 bad usage or input.
`;

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
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(HELP);
    return name ? 0 : 2;
  }
  if (name === '--version') {
    io.out(`${toolVersion()}\n`);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`codemorph: unknown command ${name}: use one of ${Object.keys(COMMANDS).join(', ')} (codemorph --help)\n`);
    return 2;
  }
  const loader = new GrammarLoader(wasmDir());
  try {
    return await command(rest, loader, io);
  } catch (e) {
    if (isCodemorphError(e)) {
      // An error with output is the user's own code failing its build or tests before any
      // perturbation: they need that output to fix it, so it is shown (its tail, or all of it
      // with CODEMORPH_VERBOSE=1), and the one-line reason still comes last for scripts.
      if (e.detail) io.err(outputShown(e.detail, Boolean(process.env.CODEMORPH_VERBOSE)));
      io.err(`codemorph: ${e.message}\n`);
      return e.kind === 'failed' || e.kind === 'cancelled' ? 1 : 2;
    }
    io.err(`codemorph: internal error: ${(e as Error).stack ?? e}\n`);
    return 1;
  } finally {
    loader.dispose();
  }
}

/** What a shell reports for a command ended by SIGPIPE (128 + 13). */
const BROKEN_PIPE_EXIT = 141;

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
  // the output boundary: no registered secret leaves on stdout (which carries code, so only the
  // secrets themselves go), and no credential at all in the messages and logs on stderr
  const io: Io = { out: (t) => process.stdout.write(redactSecrets(t)), err: (t) => process.stderr.write(redact(t)) };
  main(process.argv.slice(2), io).then((code) => exitOnceWritten(code));
}

/**
 * Ends the process as soon as stdout and stderr have passed on what was written to them.
 * Left to end by itself, Node first frees the whole heap and every page the run touched: about
 * 10 ms of a 200 ms `perturb` of a small function (issue 8's cold CLI). Nothing else is left by
 * then: main has settled, every file was written before it did, and a dataset run's workers
 * leave when their channel closes.
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
