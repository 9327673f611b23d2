import * as fs from 'fs';
import * as path from 'path';
import { COMMANDS, Io } from './cli/commands';
import { isCodemorphError } from './core/errors';
import { GrammarLoader } from './core/languages/grammarLoader';
import { RUNTIME_WASM } from './core/languages/languageIds';
import { toolVersion } from './core/version';

const HELP = `codemorph: semantics-preserving code perturbation for benchmark building

usage:
  codemorph methods [--lang L] [--matrix] [--json]
  codemorph transform <file> --method ID [--function NAME] [--site N] [--seed N] [--json]
  codemorph perturb <file> [--function NAME] [--lang L] [--strategy peso|random|beam] [--seed N]
            [--max-iter 15] [--threshold 0.2] [--temperature 2] [--mu 0.5] [--beam-width 3]
            [--methods ID,...]
            [--verify syntax|compile|test] [--test-file PATH] [--test-cmd CMD]
            [--engine local|llm|hybrid] [--base-url URL] [--model NAME] [--voter MODEL@T]...
            [--toolchain LANG=PATH] [--timeout SECONDS] [--out FILE] [--save [--entries FILE]] [--json] [--quiet]
  codemorph similarity <fileA> <fileB> [--lang L] [--function NAME] [--function-b NAME] [--json]

Languages: python, c, cpp, go, rust, java, javascript, typescript (from the file extension unless --lang).
Exit status: 0 done, 1 the work failed (nothing could be perturbed), 2 bad usage or input.
`;

/** The folder with the grammars: beside the bundle (dist/), as the build puts them. */
function wasmDir(): string {
  const candidates = [__dirname, path.resolve(__dirname, '../../dist')];
  return candidates.find((dir) => fs.existsSync(path.join(dir, RUNTIME_WASM))) ?? __dirname;
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
      // one line, as scripts expect; the compiler or test output behind it on request
      const hint = e.detail && !process.env.CODEMORPH_VERBOSE ? ' (CODEMORPH_VERBOSE=1 shows the output)' : '';
      io.err(`codemorph: ${e.message}${hint}\n`);
      if (e.detail && process.env.CODEMORPH_VERBOSE) io.err(`${e.detail}\n`);
      return e.kind === 'failed' || e.kind === 'cancelled' ? 1 : 2;
    }
    io.err(`codemorph: internal error: ${(e as Error).stack ?? e}\n`);
    return 1;
  } finally {
    loader.dispose();
  }
}

if (require.main === module) {
  const io: Io = { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) };
  main(process.argv.slice(2), io).then((code) => {
    process.exitCode = code;
  });
}
