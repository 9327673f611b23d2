import path = require('path');
import { appendEntry, DEFAULT_ENTRIES_FILE } from '../core/benchmark/entries';
import { checkLines, checkPair } from '../core/benchmark/pairChecks';
import { makeControl, pairEntry } from '../core/benchmark/pairs';
import { usageError } from '../core/errors';
import { writeFileAtomic } from '../core/files';
import { readUserText } from '../core/userFiles';
import { toolVersion } from '../core/version';
import { bool, CommandSpec, integer, parseArgs, str } from './args';
import type { Command } from './commands';
import { checkOutputFlags, inEncoding, OUTPUT_FLAGS, readSource, SOURCE_FLAGS } from './options';

export const PAIR: CommandSpec = {
  name: 'pair',
  args: '<file>',
  summary: 'A function\'s control copy (its own identifiers renamed by one sub-token) and the contamination study\'s checks that the pair is as hard as the original.',
  groups: [
    { title: 'Input', flags: SOURCE_FLAGS },
    {
      title: 'Pair',
      flags: {
        seed: { type: 'number', value: 'N', help: 'the seed of the renames (1)' },
        description: { type: 'string', value: 'FILE', help: 'the problem text, renamed along with the code' },
        out: { type: 'string', value: 'FILE', help: 'write the control there' },
        save: { type: 'boolean', help: 'append the pair as an entry when every check passes' },
        entries: { type: 'string', value: 'FILE', help: `the entries file --save appends to (${DEFAULT_ENTRIES_FILE})` },
        force: { type: 'boolean', help: 'with --save: save a failing pair too, its failing checks recorded as confirmed' },
        'test-file': { type: 'string', value: 'PATH', help: 'with --save: the function\'s tests, kept in the entry so that codemorph evaluate runs answers with them' },
        json: OUTPUT_FLAGS.json,
      },
    },
  ],
  notes: ['Exit 0 when every check passes, 1 when one fails.'],
};

/**
 * `codemorph pair <file> --function NAME`: the function's control (sub-token renames only) and
 * the study's checks. Exit 0 when every check passes, 1 when one fails; `--save` appends the
 * pair to the entries file only when the checks pass, or with `--force`, which records the
 * failing checks as confirmed.
 */
export const pairCommand: Command = async (argv, loader, io) => {
  const p = parseArgs(argv, PAIR);
  if (p.positionals.length > 1) throw usageError(`pair takes one file, got ${p.positionals.length}`);
  const input = readSource(p.positionals[0], p);
  checkOutputFlags(p, ['out', ...(bool(p, 'save') ? ['entries'] : [])]);
  const functionName = str(p, 'function');
  if (!functionName) throw usageError('pair needs --function NAME: a control pair is made for one function');
  if (bool(p, 'force') && !bool(p, 'save')) throw usageError('--force only goes with --save');
  const testFile = str(p, 'test-file');
  if (testFile !== undefined && !bool(p, 'save')) throw usageError('--test-file only goes with --save: the tests are kept in the saved entry');
  const test = testFile === undefined ? undefined : readUserText(testFile, `--test-file ${testFile}`);
  const descriptionFile = str(p, 'description');
  let description: string | undefined;
  if (descriptionFile !== undefined) {
    description = readUserText(descriptionFile, `--description ${descriptionFile}`);
  }
  const pair = await makeControl(loader, { lang: input.lang, text: input.text, selector: { functionName }, description, seed: integer(p, 'seed', 0, 2 ** 32 - 1) ?? 1 });
  const result = await checkPair(loader, input.lang, { text: pair.file, span: pair.sample }, { text: pair.controlFile, span: pair.controlSample });
  const out = str(p, 'out');
  if (out) writeFileAtomic(out, inEncoding(pair.controlFile, input));
  let saved: string | null = null;
  if (bool(p, 'save') && (result.passed || bool(p, 'force'))) {
    const file = str(p, 'entries') ?? DEFAULT_ENTRIES_FILE;
    const made = pairEntry(pair, pair.control, result, { sourcePath: path.relative(process.cwd(), path.resolve(input.file)), tool: toolVersion(), confirmed: !result.passed });
    // the tests call the original's name: evaluate gives the control the same tests with its new name
    const entry = test === undefined ? made : { ...made, test };
    appendEntry(file, entry);
    saved = entry.id;
    io.err(`saved pair ${entry.id} to ${file}\n`);
  }
  if (bool(p, 'json')) {
    const { file: _file, controlFile: _controlFile, ...rest } = pair;
    io.out(`${JSON.stringify({ ...rest, checks: result.checks, passed: result.passed, failing: result.failing, similarity: result.similarity, saved }, null, 2)}\n`);
  } else {
    io.out(`${pair.control}\n\n`);
    if (pair.description) io.out(`description:\n${pair.description.control.trimEnd()}\n\n`);
    io.out(`renamed ${pair.renames.map((r) => `${r.from} → ${r.to}`).join(', ')}\n\n`);
    io.out(`${'ok'.padEnd(4)}  ${'check'.padEnd(17)} ${'orig'.padStart(6)} ${'ctrl'.padStart(6)}  ${'value'.padStart(7)}  rule\n${checkLines(result).join('\n')}\n`);
  }
  if (!result.passed) {
    io.err(`codemorph: the control fails ${result.failing.join(', ')}${bool(p, 'save') && !saved ? ': not saved (--force saves it with the failing checks recorded)' : ''}\n`);
    return 1;
  }
  return 0;
};
