import fs = require('fs');
import { gbcCountOption, injectionOption, mhcTaskOption, perturbationOption, rtfCountOption } from '../core/codecrash';
import { defaultVerification, FORMAT_IDS, FormatId, isFormatId, PUBLISHED } from '../core/benchmark/formats';
import { formatOfJobs } from '../core/dataset/imported';
import { DatasetOptions, processJob } from '../core/dataset/process';
import { DoneRecords, doneRecords, RecordWriter, settleRedone } from '../core/dataset/output';
import { LeftOutReason, leftOutReason, RecordFilters } from '../core/dataset/filters';
import { inShard, Job, jobKey, parseShard, readJobs, readJsonLines, Shard } from '../core/dataset/records';
import { Progress, runJobs } from '../core/dataset/run';
import { inputError, usageError } from '../core/errors';
import { checkWritableFile, writeFileAtomic } from '../core/files';
import { UTF8 } from '../core/text/encoding';
import type { GrammarLoader } from '../core/languages/grammarLoader';
import { zlib } from '../core/lazyBuiltins';
import { bool, CommandSpec, integer, num, parseArgs, Parsed, str } from './args';
import { DEFAULT_COMPLETION_LINES, parseLineCounts } from '../core/benchmark/completion';
import { VARIANT_FORMATS, VARIANT_KINDS, VariantKind, VariantOptions } from '../core/dataset/variants';
import type { Command, Io } from './commands';
import { count } from '../core/text/plural';
import { forkedExecutor, serveWorker } from './datasetWorkers';
import { engineOption, llmSetup, LLM_FLAGS } from './llmOptions';
import { engineRequest, languageOption, OUTPUT_FLAGS, SCORE_FLAGS, SEARCH_FLAGS, SOURCE_FLAGS, VERIFY_FLAGS } from './options';

export const DATASET: CommandSpec = {
  name: 'dataset',
  args: '<in.jsonl[.gz]>',
  summary: 'Perturbs every record of a benchmark (HumanEval(+), HumanEval-X, MBPP, CRUXEval, LiveCodeBench code execution, or CodeMorph\'s {task_id, code, language?, entry_point?, test?}) into --out, in its own format.',
  groups: [
    {
      title: 'Records',
      flags: {
        ...SOURCE_FLAGS,
        lang: { type: 'string', value: 'LANG', help: 'the language of records that do not name theirs (python)' },
        out: { type: 'string', value: 'FILE', help: 'the output, one record per line in input order, gzipped when FILE ends in .gz (required)' },
        format: { type: 'string', value: 'humaneval|humaneval-x|mbpp|cruxeval|livecodebench|codemorph', help: 'the records\' format, when their fields do not tell it' },
        'min-lines': { type: 'number', value: 'N', help: 'leave out records whose code has fewer lines' },
        'max-lines': { type: 'number', value: 'N', help: 'leave out records whose code has more lines' },
        require: { type: 'string', value: 'compile|test', help: 'leave out records whose original does not compile, or fails or has no test' },
        'drop-failed': { type: 'boolean', help: 'leave out records that could not be perturbed instead of writing them with an error' },
        variant: {
          type: 'string',
          value: 'perturbed,prompt,completion',
          help: 'what each record is written as (perturbed): its prompt-level and completion variants too (humaneval, humaneval-x)',
        },
        lines: { type: 'string', value: 'N,...', help: `how many lines each completion variant leaves to write (${DEFAULT_COMPLETION_LINES.join(',')})` },
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
  notes: [
    'Each record\'s seed comes from --seed and its task_id, so shards and any --workers give the same bytes.',
    '--variant prompt: the perturbed prompt with the original solution; completion: partial code on both sides (half the solution, and the k lines the steps\' provenance aligns); each is a record whose harness passes its canonical solution, its task_id followed by the variant.',
  ],
};

function filtersOption(p: Parsed): RecordFilters {
  const minLines = integer(p, 'min-lines', 0);
  const maxLines = integer(p, 'max-lines', 0);
  if (minLines !== undefined && maxLines !== undefined && minLines > maxLines) throw usageError(`--min-lines ${minLines} is above --max-lines ${maxLines}: no record could pass both`);
  const require = str(p, 'require');
  if (require !== undefined && require !== 'compile' && require !== 'test') throw usageError(`--require takes compile or test, not ${require}`);
  return { minLines, maxLines, require };
}

/** --variant and --lines; the variants beyond the perturbed record need a prompt to split (HumanEval, HumanEval-X). */
function variantsOption(p: Parsed, format: FormatId): VariantOptions {
  const text = str(p, 'variant');
  const kinds: VariantKind[] = [];
  for (const kind of (text ?? 'perturbed').split(',').map((k) => k.trim()).filter(Boolean)) {
    if (!(VARIANT_KINDS as readonly string[]).includes(kind)) throw usageError(`--variant takes ${VARIANT_KINDS.join(', ')} (comma-separated), not ${kind}`);
    if (!kinds.includes(kind as VariantKind)) kinds.push(kind as VariantKind);
  }
  if (kinds.length === 0) throw usageError(`--variant takes ${VARIANT_KINDS.join(', ')} (comma-separated)`);
  const split = kinds.filter((k) => k !== 'perturbed');
  if (split.length > 0 && !VARIANT_FORMATS.includes(format)) {
    throw usageError(`--variant ${split.join(',')} is for ${VARIANT_FORMATS.join(' and ')} records, whose prompt and canonical_solution it splits: ${format} records have none`);
  }
  const linesText = str(p, 'lines');
  if (linesText !== undefined && !kinds.includes('completion')) throw usageError('--lines is for --variant completion: it says how many lines each completion variant leaves to write');
  const lines = linesText === undefined ? [...DEFAULT_COMPLETION_LINES] : parseLineCounts(linesText);
  if (typeof lines === 'string') throw usageError(`--lines: ${lines}`);
  return { kinds, lines };
}

/**
 * The options every record's run shares, from the flags (the same as perturb's). Records of a
 * published benchmark carry their tests, so they are verified by them unless --verify says otherwise.
 */
export function datasetOptions(p: Parsed, input: string, format: FormatId = 'codemorph'): DatasetOptions {
  if (p.flags.has('function')) throw usageError('dataset takes the function from each record\'s entry_point, not --function');
  if (p.flags.has('test-file')) throw usageError('dataset takes each record\'s test from its "test" field, not --test-file');
  if (p.flags.has('encoding')) throw usageError('dataset reads its records from JSON, which is UTF-8: --encoding does not apply');
  if (format !== 'codemorph' && p.flags.has('test-cmd')) throw usageError(`--test-cmd is for --format codemorph: ${format} records are tested by their own tests, as the format's harness runs them`);
  const defaultLang = languageOption(p);
  const req = engineRequest({ file: input, lang: defaultLang ?? 'python', text: '', encoding: UTF8 }, p, { verify: defaultVerification(format, 'compile') });
  const engine = engineOption(p);
  const { lang: _lang, text: _text, encoding: _encoding, selector: _selector, filePath: _file, ...template } = req;
  return {
    template: engine === 'local' ? template : { ...template, engine, llm: llmSetup(p, input) },
    perturbation: perturbationOption(str(p, 'perturbation')),
    gbcCount: gbcCountOption(perturbationOption(str(p, 'perturbation')), integer(p, 'gbc-count', 1, 50)),
    rtfCount: rtfCountOption(perturbationOption(str(p, 'perturbation')), integer(p, 'rtf-count', 1, 1000)),
    injection: injectionOption(perturbationOption(str(p, 'perturbation')), num(p, 'p'), bool(p, 'once')),
    mhcTask: mhcTaskOption(perturbationOption(str(p, 'perturbation')), str(p, 'task')),
    defaultLang,
    format,
    filters: filtersOption(p),
    variants: variantsOption(p, format),
  };
}

/** --format, or the format the first records' fields show (exit 2 when they fit none or several). */
function formatOf(p: Parsed, input: string, jobs: readonly Job[]): FormatId {
  const given = str(p, 'format');
  if (given !== undefined) {
    if (!isFormatId(given)) throw usageError(`--format takes ${FORMAT_IDS.join(', ')}, not ${given}`);
    return given;
  }
  const detected = formatOfJobs(jobs, input);
  if ('error' in detected) throw inputError(detected.error);
  return detected.format;
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
function pending(jobs: readonly Job[], shard: Shard | undefined, done: Map<string, number>, idField: string): Job[] {
  const out: Job[] = [];
  for (const job of jobs) {
    if (!inShard(job, shard)) continue;
    const key = jobKey(job, idField);
    const count = done.get(key) ?? 0;
    if (count > 0) {
      done.set(key, count - 1);
      continue;
    }
    out.push(job);
  }
  return out;
}

/** What a run left out and why, for the summary. */
interface Tally {
  written: number;
  failed: number;
  dropped: number;
  left: Record<LeftOutReason, number>;
}

const LEFT_OUT_WORDS: Record<LeftOutReason, string> = {
  'min-lines': 'below --min-lines',
  'max-lines': 'above --max-lines',
  'require-compile': 'whose original does not compile (--require compile)',
  'require-test': 'whose original fails or has no test (--require test)',
};

function summary(tally: Tally, out: string, ms: number): string {
  const parts = [`wrote ${count(tally.written, 'record')} to ${out} in ${duration(ms)}${tally.failed ? ` (${tally.failed} with an error)` : ''}`];
  const left = (Object.keys(tally.left) as LeftOutReason[]).filter((k) => tally.left[k] > 0).map((k) => `${tally.left[k]} ${LEFT_OUT_WORDS[k]}`);
  if (left.length) parts.push(`left out ${left.join(', ')}`);
  if (tally.dropped) parts.push(`dropped ${tally.dropped} that could not be perturbed (--drop-failed)`);
  return `${parts.join('; ')}\n`;
}

/**
 * Where the records go while the run writes them: the output itself, or for a `.gz` output a
 * plain JSON Lines file beside it that is compressed into the output when the run is done (a
 * killed run leaves it, and --resume continues it).
 */
function workingFile(out: string): string {
  return out.endsWith('.gz') ? `${out}.partial` : out;
}

function nonEmpty(file: string): boolean {
  return fs.existsSync(file) && fs.statSync(file).size > 0;
}

export const datasetCommand: Command = async (argv, loader: GrammarLoader, io) => {
  const p = parseArgs(argv, DATASET);
  if (p.positionals.length !== 1) throw usageError(`dataset takes one input file (JSON Lines, or .jsonl.gz), got ${p.positionals.length}`);
  const input = p.positionals[0];
  if (bool(p, 'worker-ipc')) return serveWorker(loader, datasetOptions(p, input, (str(p, 'format') as FormatId | undefined) ?? 'codemorph'));
  const out = str(p, 'out');
  if (!out) throw usageError('dataset needs --out FILE: the records are written there as JSON Lines (gzipped when FILE ends in .gz)');
  checkWritableFile(out, '--out');
  const workers = integer(p, 'workers', 1, 64) ?? 1;
  const shardText = str(p, 'shard');
  const shard = shardText === undefined ? undefined : parseShard(shardText);
  if (typeof shard === 'string') throw usageError(shard);
  const jobs = readJobs(input);
  const format = formatOf(p, input, jobs);
  const options = datasetOptions(p, input, format);
  const idField = format === 'codemorph' ? 'task_id' : PUBLISHED[format].idField;
  const resume = bool(p, 'resume');
  if (resume && options.variants && options.variants.kinds.join() !== 'perturbed') {
    throw usageError('--resume does not continue a run with --variant beyond perturbed (a record is written as several): start it again with another --out');
  }
  const working = workingFile(out);
  if (fs.existsSync(out) && fs.statSync(out).isDirectory()) throw inputError(`--out ${out} is a folder: give the name of a JSON Lines file`);
  if (!resume && (nonEmpty(out) || nonEmpty(working))) {
    throw inputError(`${nonEmpty(out) ? out : working} already exists: pass --resume to continue it, or remove it to start over`);
  }
  // a finished .gz output being resumed (another shard's records added, say): continue from its records
  if (resume && working !== out && !nonEmpty(working) && nonEmpty(out)) fs.writeFileSync(working, readJsonLines(out));
  const found: DoneRecords = resume ? doneRecords(working, idField) : { done: new Map(), redo: 0 };
  const todo = pending(jobs, shard, found.done, idField);
  const quiet = bool(p, 'quiet');
  const inShardCount = jobs.filter((job) => inShard(job, shard)).length;
  if (!quiet && resume && (todo.length < inShardCount || found.redo > 0)) {
    const redo = found.redo ? ` (${found.redo} redone: their error was not the record's fault)` : '';
    io.err(`resuming: ${todo.length} records left${redo}\n`);
  }
  const writer = new RecordWriter(working);
  let closed = false;
  const processes = Math.min(workers, todo.length);
  // workers read the same flags: the format found here is passed on rather than found again
  const pool = processes > 1 ? forkedExecutor(processes, [...argv, '--format', format]) : null;
  const dropFailed = bool(p, 'drop-failed');
  const tally: Tally = { written: 0, failed: 0, dropped: 0, left: { 'min-lines': 0, 'max-lines': 0, 'require-compile': 0, 'require-test': 0 } };
  // a record written as its variants comes as several lines
  const write = (lines: string) => lines.split('\n').forEach(writeOne);
  const writeOne = (line: string) => {
    const left = leftOutReason(line);
    if (left) {
      tally.left[left]++;
      return;
    }
    const error = (JSON.parse(line) as { error?: unknown }).error;
    const failed = error !== null && error !== undefined;
    if (failed && dropFailed) {
      tally.dropped++;
      return;
    }
    if (failed) tally.failed++;
    tally.written++;
    writer.append(line);
  };
  let result: Progress;
  try {
    result = await runJobs({
      jobs: todo,
      concurrency: Math.max(1, processes),
      execute: pool ? pool.execute : (job) => processJob(loader, job, options),
      write,
      onProgress: quiet ? undefined : progressReporter(io, todo.length, !!process.stderr.isTTY),
    });
    writer.close();
    closed = true;
    // redone records were appended after the rest: the file goes back to input order
    if (found.redo) settleRedone(working, jobs.filter((job) => inShard(job, shard)).map((job) => jobKey(job, idField)), idField);
  } finally {
    pool?.close();
    if (!closed) writer.close();
  }
  if (working !== out) {
    writeFileAtomic(out, zlib().gzipSync(fs.readFileSync(working)));
    fs.rmSync(working, { force: true });
  }
  if (!quiet) io.err(summary(tally, out, result.elapsedMs));
  if (bool(p, 'json')) {
    const left = Object.fromEntries(Object.entries(tally.left).map(([k, v]) => [k.replace('-', '_'), v]));
    io.out(`${JSON.stringify({ input, out, format, records: todo.length, written: tally.written, failed: tally.failed, dropped: tally.dropped, left_out: left, elapsedMs: result.elapsedMs }, null, 2)}\n`);
  }
  const attempted = tally.written + tally.dropped;
  if (attempted > 0 && tally.failed + tally.dropped === attempted) {
    io.err(`codemorph: every record failed: ${dropFailed ? 'each was dropped (--drop-failed); run without it to see why' : `the "error" field of each line in ${out} says why`}\n`);
    return 1;
  }
  return 0;
};
