import path = require('path');
import { isCodemorphError, stopsRun } from '../errors';
import type { GrammarLoader } from '../languages/grammarLoader';
import { isLanguageId, LanguageId } from '../languages/languageIds';
import type { Growth } from '../similarity/size';
import type { StepRecord } from '../search/types';
import type { Scores } from '../similarity/scorer';
import type { VerificationRecord } from '../verify/verifier';
import { toolVersion } from '../version';
import { DatasetOptions, processJob } from './process';
import { parseLine } from './benchmark';
import { leftOutReason } from './filters';
import { Job, parseRecord, readJobs } from './records';
import { appendEntry, BenchmarkEntry, entryId, readEntries } from '../benchmark/entries';
import { Detection, detectFormat, FormatId, PUBLISHED, Problem } from '../benchmark/formats';
import type { BenchmarkRecord } from '../benchmark/formats';
import type { BenchmarkOrigin, SideChecks } from '../benchmark/origin';
import { cutParts } from '../benchmark/formats/parts';
import { liveCodeBenchIo } from '../benchmark/formats/livecodebench';

/**
 * A published benchmark opened in the editor ("Import benchmark…"): its problems listed one by
 * one, each perturbed by the dataset command's own code for one record, so that the entry it
 * becomes keeps the record's tests and fields (rewritten to the perturbed code) for "Export
 * entries as…" and "Evaluate model on entries".
 */

/** One problem of an imported file: what the list shows and what opens as its code. */
export interface ImportedProblem {
  /** The record's line in the file, as the dataset command numbers it. */
  job: Job;
  taskId: string;
  lang: LanguageId | null;
  entryPoint: string | null;
  /** The record's code as CodeMorph perturbs it (a HumanEval prompt and its solution together). */
  code: string;
  /** Why the record cannot be perturbed (it still shows, with this). */
  problem: string | null;
}

export interface ImportedBenchmark {
  file: string;
  format: FormatId;
  problems: ImportedProblem[];
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/**
 * The format of a file's records, from the first twenty that are JSON objects (`codemorph dataset`
 * and "Import benchmark…" alike). A record missing a field of its format fits none: when the others
 * agree on one, that is the file's format and the record shows as its own problem. A file with
 * no JSON object is read as CodeMorph's own records, each line then its own error.
 */
export function formatOfJobs(jobs: readonly Job[], name: string): Detection {
  const sample: { line: number; rec: BenchmarkRecord }[] = [];
  for (const job of jobs) {
    if (sample.length >= 20) break;
    try {
      const value: unknown = JSON.parse(job.raw);
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) sample.push({ line: job.line, rec: value as BenchmarkRecord });
    } catch {
      // a corrupt line shows as its own problem; the format is read from the others
    }
  }
  if (sample.length === 0) return { format: 'codemorph' };
  const detected = detectFormat(sample, name);
  if (!('error' in detected)) return detected;
  const fitting = sample.filter((s) => !('error' in detectFormat([s], name)));
  if (fitting.length && fitting.length < sample.length) {
    const again = detectFormat(fitting, name);
    if (!('error' in again)) return again;
  }
  return detected;
}

/** A benchmark file read once: its records, and the format they show (or why it cannot be told). */
export interface OpenedBenchmark {
  file: string;
  jobs: Job[];
  detected: Detection;
}

export function openBenchmark(file: string): OpenedBenchmark {
  const jobs = readJobs(file);
  return { file, jobs, detected: formatOfJobs(jobs, path.basename(file)) };
}

/** A published record read by its format, or why not. */
async function readProblem(loader: GrammarLoader, format: Exclude<FormatId, 'codemorph'>, rec: BenchmarkRecord, lang?: LanguageId): Promise<Problem | string> {
  try {
    return await PUBLISHED[format].read(rec, { loader, lang });
  } catch (e) {
    if (isCodemorphError(e)) return e.message;
    throw e;
  }
}

/** The code part of a record's composed file, and the test program made of the parts around it. */
function problemParts(problem: Problem): { code: string; test: string | null } {
  const parts = cutParts(problem.lang, problem.composed, problem.composed.text);
  if (typeof parts === 'string') return { code: problem.composed.text, test: null };
  const rest = problem.composed.keys.filter((k) => k !== 'code').map((k) => parts[k].text.replace(/\n?$/, '\n'));
  return { code: parts.code.text, test: rest.length ? rest.join('') : null };
}

function checksOf(problem: Problem, rec: BenchmarkRecord, test: string | null): SideChecks {
  const io = problem.format === 'cruxeval' && text(rec.input) !== null && text(rec.output) !== null ? { input: text(rec.input)!, output: text(rec.output)! } : problem.format === 'livecodebench' ? liveCodeBenchIo(rec, problem.entryPoint) : null;
  const prompt = problem.format === 'humaneval' || problem.format === 'humaneval-x' ? text(rec.prompt) : null;
  return { entryPoint: problem.entryPoint, test, prompt, io };
}

/** Every record of a benchmark file as a problem to list; a record its format cannot read shows with why. */
export async function readBenchmark(loader: GrammarLoader, file: string, format: FormatId, defaultLang?: LanguageId, jobs: readonly Job[] = readJobs(file)): Promise<ImportedBenchmark> {
  const problems: ImportedProblem[] = [];
  for (const job of jobs) {
    const rec = parseLine(job);
    const fallbackId = `line ${job.line}`;
    if (typeof rec === 'string') {
      problems.push({ job, taskId: fallbackId, lang: null, entryPoint: null, code: '', problem: rec });
      continue;
    }
    if (format === 'codemorph') {
      const input = parseRecord(job);
      if (typeof input === 'string') {
        problems.push({ job, taskId: fallbackId, lang: null, entryPoint: null, code: text(rec.code) ?? '', problem: input });
        continue;
      }
      const lang = input.language ?? defaultLang ?? null;
      const known = lang !== null && isLanguageId(lang);
      problems.push({
        job,
        taskId: String(input.task_id),
        lang: known ? lang : null,
        entryPoint: input.entry_point ?? null,
        code: input.code,
        problem: known ? null : lang ? `unknown language ${lang}` : 'no "language" field',
      });
      continue;
    }
    const id = rec[PUBLISHED[format].idField];
    const taskId = typeof id === 'string' || typeof id === 'number' ? String(id) : fallbackId;
    const problem = await readProblem(loader, format, rec, defaultLang);
    if (typeof problem === 'string') problems.push({ job, taskId, lang: null, entryPoint: null, code: '', problem });
    else problems.push({ job, taskId, lang: problem.lang, entryPoint: problem.entryPoint, code: problemParts(problem).code, problem: null });
  }
  return { file, format, problems };
}

/** What the codemorph object of a published record written by `dataset` holds. */
interface Provenance {
  entry_point: string | null;
  original_entry_point: string | null;
  seed: number;
  similarity: Scores | null;
  growth?: Growth | null;
  steps: StepRecord[];
  verification: VerificationRecord | null;
}

/** The engine parts of an entry the editor fills in: how it was perturbed. */
export interface EntryMaking {
  /** The benchmark file as the entry names it (workspace-relative). */
  source: string;
  engine: BenchmarkEntry['engine'];
  strategy: string;
  now?: Date;
}

function verificationOf(record: VerificationRecord | null, steps: StepRecord[]): BenchmarkEntry['verification'] {
  const kept = steps.filter((s) => s.accepted);
  return {
    ...(record ?? ({} as VerificationRecord)),
    votes: kept.filter((s) => s.votes).length,
    steps: { kept: kept.length, verified: kept.filter((s) => s.verified?.syntax).length },
  };
}

function entryOf(
  lang: LanguageId,
  taskId: string | number,
  original: string,
  perturbed: string,
  entry: { original: string | null; new: string | null },
  run: { seed: number; steps: StepRecord[]; similarity: Scores; growth?: Growth | null; verification: VerificationRecord | null },
  making: EntryMaking,
  origin: BenchmarkOrigin,
): BenchmarkEntry {
  return {
    id: entryId('perturbed', [lang, `${making.source}#${String(taskId)}`, original, perturbed, String(run.seed)]),
    kind: 'perturbed',
    language: lang,
    source: { path: making.source, function: entry.original },
    entryPoint: entry,
    original,
    perturbed,
    steps: run.steps,
    similarity: run.similarity,
    ...(run.growth ? { growth: run.growth } : {}),
    verification: verificationOf(run.verification, run.steps),
    engine: making.engine,
    strategy: making.strategy,
    seed: run.seed,
    createdAt: (making.now ?? new Date()).toISOString(),
    tool: `codemorph ${toolVersion()}`,
    benchmark: origin,
  };
}

/**
 * One problem perturbed by the dataset command's code for its record (the record's own tests
 * verify each step, the seed comes from the run's and the task id) and made an entry; or the
 * error the dataset command would have written for it. Cancels and stopped runs throw.
 */
export async function perturbProblem(
  loader: GrammarLoader,
  imported: ImportedBenchmark,
  problem: ImportedProblem,
  options: DatasetOptions,
  making: EntryMaking,
): Promise<{ entry: BenchmarkEntry } | { error: string }> {
  if (problem.problem) return { error: problem.problem };
  const line = await processJob(loader, problem.job, { ...options, format: imported.format });
  if (leftOutReason(line)) return { error: `left out by the filters (${leftOutReason(line)})` };
  const out = JSON.parse(line) as BenchmarkRecord;
  if (typeof out.error === 'string') return { error: out.error };
  const source = making.source;
  if (imported.format === 'codemorph') {
    const lang = problem.lang!;
    const code = text(out.code)!;
    const perturbed = text(out.perturbed_code);
    if (perturbed === null) return { error: 'nothing could be perturbed' };
    const newEntry = text(out.entry_point);
    const oldEntry = problem.entryPoint ?? newEntry;
    const test = text(out.test);
    const origin: BenchmarkOrigin = {
      format: 'codemorph',
      file: source,
      task_id: out.task_id as string | number,
      record: out,
      original: { entryPoint: oldEntry, test, prompt: null, io: null },
      perturbed: { entryPoint: newEntry, test: text(out.perturbed_test) ?? test, prompt: null, io: null },
    };
    const run = { seed: out.seed as number, steps: out.steps as StepRecord[], similarity: out.similarity as Scores, growth: out.growth as Growth | null, verification: null };
    return { entry: entryOf(lang, problem.taskId, code, perturbed, { original: oldEntry, new: newEntry }, run, { ...making, source }, origin) };
  }
  const format = imported.format;
  const info = out.codemorph as Provenance;
  const { codemorph: _info, ...written } = out;
  const before = await readProblem(loader, format, parseLine(problem.job) as BenchmarkRecord, problem.lang ?? undefined);
  const after = await readProblem(loader, format, written, problem.lang ?? undefined);
  if (typeof before === 'string') return { error: before };
  if (typeof after === 'string') return { error: `the perturbed record cannot be read back: ${after}` };
  const a = problemParts(before);
  const b = problemParts(after);
  const origin: BenchmarkOrigin = {
    format,
    file: source,
    task_id: before.taskId,
    record: out,
    original: checksOf(before, parseLine(problem.job) as BenchmarkRecord, a.test),
    perturbed: checksOf(after, written, b.test),
  };
  // the growth beside the similarity, as for every other entry (a record written before it was reported has none)
  const run = { seed: info.seed, steps: info.steps, similarity: info.similarity!, growth: info.growth ?? null, verification: info.verification };
  return { entry: entryOf(before.lang, before.taskId, a.code, b.code, { original: before.entryPoint, new: after.entryPoint }, run, making, origin) };
}

export type ProblemOutcome = { kind: 'saved'; entry: BenchmarkEntry } | { kind: 'already saved'; entry: BenchmarkEntry } | { kind: 'not perturbed'; reason: string };

/** What perturbing problems into the entries file needs beside them. */
export interface ProblemsOptions {
  /** The run's request for a problem's language (verification settings differ by language); the seed is the run's. */
  templateFor(lang: LanguageId): DatasetOptions['template'];
  /** The entries file each entry is appended to as soon as it is made. */
  entriesFile: string;
  making: EntryMaking;
  /** Asked before each problem: true ends the run there. */
  stopped(): boolean;
  onStart?(problem: ImportedProblem, index: number): void;
  onDone?(problem: ImportedProblem, outcome: ProblemOutcome): void;
}

export interface ProblemsResult {
  saved: BenchmarkEntry[];
  /** Entries equal to one already in the file (same id: same record, seed and result): not written twice. */
  alreadySaved: BenchmarkEntry[];
  failed: { taskId: string; reason: string }[];
  done: number;
  total: number;
  /** Ended by `stopped()` or a cancel: the entries saved before stay. */
  stopped: boolean;
}

/**
 * Problems of an imported benchmark perturbed one after the other into the entries file, each as
 * `dataset` would perturb its record, as the batch of functions does it (dataset/perturbAll.ts):
 * each entry appended as soon as it is made, an entry whose id the file already holds not written
 * again, a problem that fails reported and the run going on; a cancel ends it, keeping what was
 * saved, and what stops every problem alike (a refused key) is thrown.
 */
export async function perturbProblems(loader: GrammarLoader, imported: ImportedBenchmark, problems: readonly ImportedProblem[], options: ProblemsOptions): Promise<ProblemsResult> {
  const result: ProblemsResult = { saved: [], alreadySaved: [], failed: [], done: 0, total: problems.length, stopped: false };
  const known = new Set(readEntries(options.entriesFile).entries.map((e) => e.id));
  for (const [index, problem] of problems.entries()) {
    if (options.stopped()) {
      result.stopped = true;
      break;
    }
    options.onStart?.(problem, index);
    let outcome: ProblemOutcome;
    try {
      const made = await perturbProblem(loader, imported, problem, { template: options.templateFor(problem.lang ?? 'python'), format: imported.format }, options.making);
      if ('error' in made) outcome = { kind: 'not perturbed', reason: made.error };
      else if (known.has(made.entry.id)) outcome = { kind: 'already saved', entry: made.entry };
      else {
        appendEntry(options.entriesFile, made.entry);
        known.add(made.entry.id);
        outcome = { kind: 'saved', entry: made.entry };
      }
    } catch (e) {
      if (stopsRun(e) && e.kind === 'cancelled') {
        result.stopped = true;
        break;
      }
      throw e;
    }
    if (outcome.kind === 'saved') result.saved.push(outcome.entry);
    else if (outcome.kind === 'already saved') result.alreadySaved.push(outcome.entry);
    else result.failed.push({ taskId: problem.taskId, reason: outcome.reason });
    result.done++;
    options.onDone?.(problem, outcome);
  }
  return result;
}
