import fs = require('fs');
import { perturbationOption } from '../core/codecrash';
import { DatasetOptions, processJob } from '../core/dataset/process';
import { DoneRecords, doneRecords, RecordWriter, settleRedone } from '../core/dataset/output';
import { inShard, Job, parseRecord, parseShard, readJobs, recordKey, Shard } from '../core/dataset/records';
import { Progress, runJobs } from '../core/dataset/run';
import { inputError, usageError } from '../core/errors';
import { checkWritableFile } from '../core/files';
import { UTF8 } from '../core/text/encoding';
import type { GrammarLoader } from '../core/languages/grammarLoader';
import { bool, CommandSpec, integer, parseArgs, Parsed, str } from './args';
import type { Command, Io } from './commands';
import { forkedExecutor, serveWorker } from './datasetWorkers';
import { engineOption, llmSetup, LLM_FLAGS } from './llmOptions';
import { engineRequest, languageOption, OUTPUT_FLAGS, SCORE_FLAGS, SEARCH_FLAGS, SOURCE_FLAGS, VERIFY_FLAGS } from './options';

export const DATASET: CommandSpec = {
  name: 'dataset',
  args: '<in.jsonl>',
  summary: 'Perturbs every record of a JSON Lines dataset ({task_id, code, language?, entry_point?, test?}) into --out.',
  groups: [
    {
      title: 'Records',
      flags: {
        ...SOURCE_FLAGS,
        lang: { type: 'string', value: 'LANG', help: 'the language of records that do not name theirs (python)' },
        out: { type: 'string', value: 'FILE', help: 'the output, one record per line in input order (required)' },
        workers: { type: 'number', value: 'N', help: 'records perturbed at once, in worker processes (1)' },
        shard: { type: 'string', value: 'K/N', help: 'only the K-th of N shards of the records' },
        resume: { type: 'boolean', help: 'continue a stopped run, redoing records whose error was not their own' },
        json: OUTPUT_FLAGS.json,
        quiet: { type: 'boolean', help: 'no progress on stderr' },
        // the mode a parent starts its worker processes in
        'worker-ipc': { type: 'boolean', hidden: true, help: 'serve a parent run as its worker' },
      },
    },
    { title: 'Search', flags: { ...SEARCH_FLAGS, ...SCORE_FLAGS } },
    { title: 'Verification', flags: VERIFY_FLAGS },
    { title: 'LLM engines', flags: LLM_FLAGS },
  ],
  notes: ['Each record\'s seed comes from --seed and its task_id, so shards and any --workers give the same bytes.'],
};
/** The options every record's run shares, from the flags (the same as perturb's). */
export function datasetOptions(p: Parsed, input: string): DatasetOptions {
  if (p.flags.has('function')) throw usageError('dataset takes the function from each record\'s entry_point, not --function');
  if (p.flags.has('test-file')) throw usageError('dataset takes each record\'s test from its "test" field, not --test-file');
  if (p.flags.has('encoding')) throw usageError('dataset reads its records from JSON, which is UTF-8: --encoding does not apply');
  const defaultLang = languageOption(p);
  const req = engineRequest({ file: input, lang: defaultLang ?? 'python', text: '', encoding: UTF8 }, p, { verify: 'compile' });
  const engine = engineOption(p);
  const { lang: _lang, text: _text, encoding: _encoding, selector: _selector, filePath: _file, ...template } = req;
  return {
    template: engine === 'local' ? template : { ...template, engine, llm: llmSetup(p, input) },
    perturbation: perturbationOption(str(p, 'perturbation')),
    defaultLang,
  };
}

function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** Progress on stderr: a bar redrawn in place on a terminal, otherwise a line every `every` records. */
function progressReporter(io: Io, total: number, tty: boolean): (p: Progress) => void {
  const every = Math.max(10, Math.ceil(total / 20));
  return (p) => {
    const rate = p.elapsedMs > 0 ? (p.done * 1000) / p.elapsedMs : 0;
    const eta = rate > 0 ? duration(((p.total - p.done) / rate) * 1000) : '?';
    const failed = p.failed ? `, ${p.failed} failed` : '';
    const text = `${p.done}/${p.total} records, ${rate.toFixed(2)}/s, ETA ${eta}${failed}`;
    if (tty) {
      const width = 24;
      const full = p.total ? Math.round((p.done / p.total) * width) : width;
      io.err(`\r[${'#'.repeat(full)}${'-'.repeat(width - full)}] ${text}\u001b[K${p.done === p.total ? '\n' : ''}`);
    } else if (p.done % every === 0 || p.done === p.total) io.err(`${text}\n`);
  };
}

/** The records this run does: the shard's, minus those already in the output (--resume). */
function pending(jobs: readonly Job[], done: Map<string, number>): Job[] {
  const out: Job[] = [];
  for (const job of jobs) {
    const key = recordKey(job, parseRecord(job));
    const count = done.get(key) ?? 0;
    if (count > 0) {
      done.set(key, count - 1);
      continue;
    }
    out.push(job);
  }
  return out;
}

export const datasetCommand: Command = async (argv, loader: GrammarLoader, io) => {
  const p = parseArgs(argv, DATASET);
  if (p.positionals.length !== 1) throw usageError(`dataset takes one input file (JSON Lines), got ${p.positionals.length}`);
  const input = p.positionals[0];
  const options = datasetOptions(p, input);
  if (bool(p, 'worker-ipc')) return serveWorker(loader, options);
  const out = str(p, 'out');
  if (!out) throw usageError('dataset needs --out FILE: the records are written there as JSON Lines');
  checkWritableFile(out, '--out');
  const workers = integer(p, 'workers', 1, 64) ?? 1;
  const shardText = str(p, 'shard');
  const shard = shardText === undefined ? undefined : parseShard(shardText);
  if (typeof shard === 'string') throw usageError(shard);
  const jobs = readJobs(input).filter((job) => inShard(job, shard));
  const resume = bool(p, 'resume');
  if (fs.existsSync(out) && fs.statSync(out).isDirectory()) throw inputError(`--out ${out} is a folder: give the name of a JSON Lines file`);
  if (!resume && fs.existsSync(out) && fs.statSync(out).size > 0) {
    throw inputError(`${out} already exists: pass --resume to continue it, or remove it to start over`);
  }
  const found: DoneRecords = resume ? doneRecords(out) : { done: new Map(), redo: 0 };
  const todo = pending(jobs, found.done);
  const quiet = bool(p, 'quiet');
  if (!quiet && resume && (todo.length < jobs.length || found.redo > 0)) {
    const redo = found.redo ? ` (${found.redo} redone: their error was not the record's fault)` : '';
    io.err(`resuming: ${todo.length} records left${redo}\n`);
  }
  const writer = new RecordWriter(out);
  let closed = false;
  const processes = Math.min(workers, todo.length);
  const pool = processes > 1 ? forkedExecutor(processes, argv) : null;
  try {
    const result = await runJobs({
      jobs: todo,
      concurrency: Math.max(1, processes),
      execute: pool ? pool.execute : (job) => processJob(loader, job, options),
      write: (line) => writer.append(line),
      onProgress: quiet ? undefined : progressReporter(io, todo.length, !!process.stderr.isTTY),
    });
    writer.close();
    closed = true;
    // redone records were appended after the rest: the file goes back to input order
    if (found.redo) settleRedone(out, jobs.map((job) => recordKey(job, parseRecord(job))));
    if (!quiet) io.err(`wrote ${result.done} records to ${out} in ${duration(result.elapsedMs)}${result.failed ? ` (${result.failed} with an error)` : ''}\n`);
    if (result.done > 0 && result.failed === result.done) {
      io.err(`codemorph: every record failed: the "error" field of each line in ${out} says why\n`);
      return 1;
    }
    return 0;
  } finally {
    pool?.close();
    if (!closed) writer.close();
  }
};
