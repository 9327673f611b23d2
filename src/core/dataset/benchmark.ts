import { applyPerturbation, perturbationMark, unchangedNote } from '../codecrash';
import { EngineRequest, perturb, PerturbationDocument } from '../engine';
import { isCodemorphError, stopsRun } from '../errors';
import type { GrammarLoader } from '../languages/grammarLoader';
import { METHODS } from '../transforms/registry';
import { toolVersion } from '../version';
import { problemChecks } from '../benchmark/formats/checks';
import { BenchmarkRecord, PUBLISHED, Problem } from '../benchmark/formats';
import { coveredByVerification, leftOutLine, linesFilter, requiredFailure, requireOriginal } from './filters';
import type { DatasetOptions } from './process';
import { recordSeed, stable, stableSteps } from './common';
import type { Job } from './records';
import { variantRecords } from './variants';
import { followRenames, ProseRenames, signatureNames, stepRenames } from '../benchmark/formats/problemText';

/**
 * One record of a published benchmark (HumanEval, HumanEval-X, MBPP, CRUXEval) to one output line
 * in the same format: the record's fields rewritten to match the perturbed code (so the format's
 * own harness runs it unchanged) and a `codemorph` object saying what was done. A record that
 * could not be perturbed keeps its fields and gets an `error`.
 */

type PublishedFormat = keyof typeof PUBLISHED;

/** The record on a line of a published benchmark, or why it is none (the message names the line). */
export function parseLine(job: Job): BenchmarkRecord | string {
  if (job.unreadable) return job.unreadable;
  let value: unknown;
  try {
    value = JSON.parse(job.raw);
  } catch (e) {
    return `line ${job.line}: not valid JSON (${(e as Error).message}): each line must be one JSON object`;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `line ${job.line}: not a JSON object: each line must be one record`;
  return value as BenchmarkRecord;
}

/** What the `codemorph` object of an output record says. */
interface Provenance {
  task_id: unknown;
  format: string;
  language: string | null;
  entry_point: string | null;
  original_entry_point: string | null;
  seed: number;
  perturbation?: ReturnType<typeof perturbationMark>;
  similarity: PerturbationDocument['similarity'] | null;
  /** Beside the similarity (issue 30): how much of the drop came from length; null when nothing was kept. */
  growth: PerturbationDocument['growth'] | null;
  steps: PerturbationDocument['steps'];
  verification: PerturbationDocument['verification'] | null;
  tool_version: string;
}

function provenance(rec: BenchmarkRecord, format: PublishedFormat, problem: Problem | null, seed: number, options: DatasetOptions, doc?: PerturbationDocument): Provenance {
  const entry = problem ? (doc?.entryPoint ?? problem.entryPoint) : null;
  const verification = doc ? { ...doc.verification, compile: stable(doc.verification.compile), test: stable(doc.verification.test) } : null;
  return {
    task_id: rec[PUBLISHED[format].idField] ?? null,
    format,
    language: problem?.lang ?? null,
    entry_point: entry,
    original_entry_point: problem?.entryPoint ?? null,
    seed,
    ...(options.perturbation ? { perturbation: perturbationMark(options.perturbation) } : {}),
    similarity: doc && doc.steps.some((s) => s.accepted) ? doc.similarity : null,
    growth: doc && doc.steps.some((s) => s.accepted) ? doc.growth : null,
    steps: doc ? stableSteps(doc.steps) : [],
    verification,
    tool_version: toolVersion(),
  };
}

function failedRecord(rec: BenchmarkRecord, job: Job, format: PublishedFormat, error: string, info: Provenance): string {
  // a record without its id keeps its line, so that --resume can tell it was done
  const where = rec[PUBLISHED[format].idField] === undefined ? { line: job.line } : {};
  return JSON.stringify({ ...rec, ...where, error, codemorph: info });
}

/** What the run renamed, for the problem's text: the kept steps' renames, and the names its signature gives prose. */
async function proseRenames(loader: GrammarLoader, problem: Problem, doc: PerturbationDocument): Promise<ProseRenames> {
  const { to, functions } = stepRenames(doc.steps);
  if (to.size === 0) return { to, signature: functions };
  const signature = await signatureNames(loader, problem.lang, problem.composed.text, problem.entryPoint);
  return { to, signature: new Set([...signature, ...functions]) };
}

/** The search may not rename a function its harness calls by a fixed name. */
function methodsFor(problem: Problem, methods: ReadonlySet<string> | undefined): ReadonlySet<string> | undefined {
  if (!problem.fixedName) return methods;
  const allowed = methods ?? new Set(METHODS.map((m) => m.id));
  return new Set([...allowed].filter((id) => id !== 'function-rename'));
}

export async function processBenchmarkJob(loader: GrammarLoader, job: Job, options: DatasetOptions, format: PublishedFormat): Promise<string> {
  const rec = parseLine(job);
  if (typeof rec === 'string') return JSON.stringify({ line: job.line, error: rec });
  const reader = PUBLISHED[format];
  const id = rec[reader.idField];
  const seed = recordSeed(options.template.search.seed, typeof id === 'string' || typeof id === 'number' ? id : `line ${job.line}`);
  let problem: Problem | string;
  try {
    problem = await reader.read(rec, { loader, lang: options.defaultLang });
  } catch (e) {
    if (stopsRun(e)) throw e;
    problem = isCodemorphError(e) ? e.message : `internal error: ${(e as Error).message}`;
  }
  if (typeof problem === 'string') return failedRecord(rec, job, format, `line ${job.line}: ${problem}`, provenance(rec, format, null, seed, options));
  const lines = linesFilter(problem.lines, options.filters);
  if (lines) return leftOutLine(lines);
  const template = options.template;
  const req: EngineRequest = {
    ...template,
    lang: problem.lang,
    text: problem.composed.text,
    selector: { functionName: problem.entryPoint },
    search: { ...template.search, seed, methods: methodsFor(problem, template.search.methods) },
    verify: { ...template.verify, record: problemChecks(problem) },
  };
  let doc: PerturbationDocument;
  try {
    if (!coveredByVerification(options.filters, template.verify.level)) {
      const reason = await requireOriginal(loader, req, options.filters!);
      if (reason) return leftOutLine(reason);
    }
    doc = options.perturbation ? await applyPerturbation(loader, { ...req, perturbation: options.perturbation, exampleSource: problem.composed.text, gbcCount: options.gbcCount, rtfCount: options.rtfCount, injection: options.injection, mhcTask: options.mhcTask }) : await perturb(loader, req);
  } catch (e) {
    if (stopsRun(e)) throw e;
    const reason = requiredFailure(e, options.filters);
    if (reason) return leftOutLine(reason);
    const message = isCodemorphError(e) ? e.message : `internal error: ${(e as Error).message}`;
    return failedRecord(rec, job, format, stable(message)!, provenance(rec, format, problem, seed, options));
  }
  if (options.filters?.require === 'test' && doc.verification.untested) return leftOutLine('require-test');
  const note = unchangedNote(doc);
  const info = { ...provenance(rec, format, problem, seed, options, doc), ...(note ? { note } : {}) };
  const kept = doc.steps.some((s) => s.accepted) || note !== undefined;
  if (!kept) {
    const last = [...info.steps].reverse().find((s) => s.reason);
    return failedRecord(rec, job, format, `nothing could be perturbed${last ? `: ${last.reason}` : ''}`, info);
  }
  const entry = doc.entryPoint ?? problem.entryPoint;
  const prose = await proseRenames(loader, problem, doc);
  const file = await followRenames(loader, problem.lang, problem.composed, doc.file, entry, prose);
  const written = await problem.rebuild(file, entry, prose);
  if (typeof written === 'string') return failedRecord(rec, job, format, `the perturbed code cannot be written back as a record: ${written}`, info);
  const variants = options.variants;
  if (!variants || (variants.kinds.length === 1 && variants.kinds[0] === 'perturbed')) return JSON.stringify({ ...written, codemorph: info });
  const { toolchains, timeoutMs } = template.verify;
  const records = await variantRecords({ loader, problem, original: rec, perturbed: written, doc, prose, info, toolchains, timeoutMs, req, file }, variants);
  // one line per record: the run writes them together, in this order
  return records.map((r) => JSON.stringify(r)).join('\n');
}
