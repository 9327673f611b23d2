import fs = require('fs');
import { completionTasks, DEFAULT_COMPLETION_LINES, parseLineCounts } from '../core/benchmark/completion';
import { BenchmarkEntry, describeProblems, requireReadable } from '../core/benchmark/entries';
import { CodemorphError, inputError, usageError } from '../core/errors';
import { checkWritableFile, writeFileAtomic } from '../core/files';
import { bool, CommandSpec, parseArgs, str } from './args';
import type { Command } from './commands';

export const COMPLETION: CommandSpec = {
  name: 'completion',
  args: '<entries.jsonl>',
  summary: 'Code-completion tasks from perturbed entries: the same lines masked in the original and the perturbed version.',
  groups: [
    {
      title: 'Options',
      flags: {
        lines: { type: 'string', value: 'N,...', help: `how many lines each task masks (${DEFAULT_COMPLETION_LINES.join(',')})` },
        out: { type: 'string', value: 'FILE', help: 'write the tasks there instead of stdout' },
        json: { type: 'boolean', help: 'one JSON document: the tasks and what was skipped and why' },
      },
    },
  ],
};

/**
 * `codemorph completion <entries.jsonl>`: 1-, 3- and 5-line completion tasks of every perturbed
 * entry, as entries of kind "completion", one JSON object per line on stdout (or `--out`, written
 * atomically). With `--json`, one document instead: the tasks and what was skipped and why.
 * Exit 1 when no task could be made.
 */
export const completionCommand: Command = async (argv, _loader, io) => {
  const p = parseArgs(argv, COMPLETION);
  if (p.positionals.length !== 1) throw usageError(`completion reads one entries file, got ${p.positionals.length}`);
  const file = p.positionals[0];
  if (!fs.existsSync(file)) throw inputError(`${file}: no such file`);
  const lines = str(p, 'lines') === undefined ? [...DEFAULT_COMPLETION_LINES] : parseLineCounts(str(p, 'lines')!);
  if (typeof lines === 'string') throw usageError(`--lines: ${lines}`);
  if (str(p, 'out') !== undefined) checkWritableFile(str(p, 'out')!, '--out');
  const { entries, problems } = requireReadable(file);
  if (problems.length) io.err(`${describeProblems(file, problems)}\n(those lines are skipped)\n`);
  const tasks: BenchmarkEntry[] = [];
  const skipped: { entry: string; lines: number; reason: string }[] = [];
  const perturbed = entries.filter((e) => e.kind === 'perturbed');
  for (const entry of perturbed) {
    const outcome = completionTasks(entry, lines);
    tasks.push(...outcome.tasks);
    skipped.push(...outcome.skipped.map((s) => ({ entry: entry.id, ...s })));
  }
  const jsonl = tasks.map((t) => `${JSON.stringify(t)}\n`).join('');
  const out = str(p, 'out');
  if (out) writeFileAtomic(out, jsonl);
  if (bool(p, 'json')) io.out(`${JSON.stringify({ file, lines, tasks, skipped }, null, 2)}\n`);
  else if (!out) io.out(jsonl);
  for (const s of skipped) io.err(`${s.entry}: no ${s.lines}-line task: ${s.reason}\n`);
  io.err(`${tasks.length} completion task(s) from ${perturbed.length} perturbed entr${perturbed.length === 1 ? 'y' : 'ies'}${out ? `, written to ${out}` : ''}\n`);
  if (tasks.length === 0) {
    throw new CodemorphError('failed', perturbed.length ? 'no completion task could be made (see above)' : `${file} has no perturbed entries`);
  }
  return 0;
};
