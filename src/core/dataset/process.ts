import { applyPerturbation, PerturbationId, PerturbationMark, perturbationMark, unchangedNote } from '../codecrash';
import type { InjectionControls } from '../codecrash/spots';
import type { HintTask } from '../codecrash/mhc';
import { EngineRequest, perturb, PerturbationDocument } from '../engine';
import { isCodemorphError, stopsRun } from '../errors';
import type { GrammarLoader } from '../languages/grammarLoader';
import { isLanguageId, LANGUAGE_IDS, LanguageId } from '../languages/languageIds';
import type { Growth } from '../similarity/size';
import type { StepRecord } from '../search/types';
import type { Scores } from '../similarity/scorer';
import { findFunctions } from '../languages/functions';
import { profileOf } from '../languages/profiles';
import type { FormatId } from '../benchmark/formats/fields';
import type { RecordChecks } from '../verify/verifier';
import { checkProgram, runProgram } from '../benchmark/harness/program';
import { scratchFileName } from '../verify/singleFile';
import { processBenchmarkJob } from './benchmark';
import { recordSeed, stable, stableSteps } from './common';
import { coveredByVerification, LeftOutReason, leftOutLine, linesFilter, RecordFilters, requiredFailure, requireOriginal } from './filters';
import { nonBlankLines } from '../benchmark/formats/fields';
import { InputRecord, Job, parseRecord } from './records';
import type { VariantOptions } from './variants';

export { recordSeed } from './common';

/** What every record's run shares: the engine request without the code, and the dataset's options. */
export interface DatasetOptions {
  template: Omit<EngineRequest, 'lang' | 'text' | 'selector' | 'filePath'>;
  perturbation?: PerturbationId;
  /** GBC's dead shapes per function (--gbc-count). */
  gbcCount?: number;
  /** RTF's conditions per unit (--rtf-count). */
  rtfCount?: number;
  /** MCC's and MPS's --p and --once. */
  injection?: InjectionControls;
  /** MHC's --task. */
  mhcTask?: HintTask;
  /** The language of records that name none (--lang). */
  defaultLang?: LanguageId;
  /** The records' layout (--format): CodeMorph's own when unset. */
  format?: FormatId;
  /** --min-lines, --max-lines, --require. */
  filters?: RecordFilters;
  /** --variant, --lines: the records each perturbed record of a published format is written as. */
  variants?: VariantOptions;
}

/** The fields added to each record, after the input's own. */
export interface OutputFields {
  perturbed_code: string | null;
  perturbed_test?: string | null;
  entry_point: string | null;
  seed: number;
  /** With --perturbation: which, and its CodeCrash level (contextual ones keep only the return value). */
  perturbation?: PerturbationMark;
  similarity: Scores | null;
  /** The perturbed code's length over the original's, beside the similarity (null when nothing was kept). */
  growth: Growth | null;
  steps: StepRecord[];
  /** With --perturbation: why the code is unchanged when the perturbation had nothing to change. */
  note?: string;
  error: string | null;
}

const MARKER = 'codemorph-dataset: the record test follows';

function markerLine(lang: LanguageId): string {
  return `${profileOf(lang).lineComment} ${MARKER}`;
}

/**
 * The record as one file: its code and (when it has a test) the test, with a marker comment
 * between them, so renames reach the test's calls and the perturbed code can be cut out again.
 * Java puts the test first: the runner starts the first class that has a main method.
 */
interface Composed {
  text: string;
  /** Where the code is in `text`. */
  code: { start: number; end: number };
  testFirst: boolean;
}

function composeFile(rec: InputRecord, lang: LanguageId): Composed {
  if (!rec.test) return { text: rec.code, code: { start: 0, end: rec.code.length }, testFirst: false };
  const marker = markerLine(lang);
  if (profileOf(lang).toolchain.testFirst) {
    const head = `${rec.test}${rec.test.endsWith('\n') ? '' : '\n'}${marker}\n`;
    return { text: `${head}${rec.code}`, code: { start: head.length, end: head.length + rec.code.length }, testFirst: true };
  }
  const sep = rec.code.endsWith('\n') ? '\n' : '\n\n';
  return { text: `${rec.code}${sep}${marker}\n${rec.test}`, code: { start: 0, end: rec.code.length }, testFirst: false };
}

/** The perturbed code and test back out of the file; the separators composeFile added are dropped. */
function splitFile(text: string, lang: LanguageId, rec: InputRecord, composed: Composed): { code: string; test: string | null } {
  if (!rec.test) return { code: text, test: null };
  const marker = `${markerLine(lang)}\n`;
  const at = composed.testFirst ? text.indexOf(marker) : text.lastIndexOf(marker);
  if (at < 0) return { code: text, test: null };
  if (composed.testFirst) {
    const test = text.slice(0, at);
    return { code: text.slice(at + marker.length), test: rec.test.endsWith('\n') ? test : test.replace(/\n$/, '') };
  }
  const head = text.slice(0, at);
  const sep = rec.code.endsWith('\n') ? '\n' : '\n\n';
  return { code: head.endsWith(sep) ? head.slice(0, head.length - sep.length) : head, test: text.slice(at + marker.length) };
}

/**
 * The function a record without an entry_point is about: the one its test calls, else the code's
 * only function, else its last top-level one (benchmarks put helpers first), so that the output
 * always names it.
 */
async function entryPointOf(loader: GrammarLoader, rec: InputRecord, lang: LanguageId): Promise<string | undefined> {
  const tree = await loader.parse(lang, rec.code);
  try {
    const all = findFunctions(tree.rootNode, profileOf(lang));
    const outer = all.filter((f) => !all.some((o) => o !== f && o.start <= f.start && f.end <= o.end));
    const called = rec.test ? outer.filter((f) => new RegExp(`(?<![\\w$])${f.name.replace(/\$/g, '\\$')}\\s*\\(`).test(rec.test!)) : [];
    if (called.length === 1) return called[0].name;
    const last = outer[outer.length - 1];
    return last && outer.filter((f) => f.name === last.name).length === 1 ? last.name : undefined;
  } finally {
    tree.delete();
  }
}

/**
 * A record's test is run as the record's own check, in the file with its code: the program must
 * exit 0, for the original first (a failing original is the record's error, not a baseline).
 */
function testChecks(lang: LanguageId): RecordChecks {
  const program = (text: string) => ({ kind: 'file' as const, lang, fileName: scratchFileName(lang, text), text });
  return {
    compile: (text, _entry, scratch) => checkProgram(program(text), scratch),
    test: (text, _entry, scratch) => runProgram(program(text), scratch),
  };
}

async function run(loader: GrammarLoader, rec: InputRecord, lang: LanguageId, seed: number, options: DatasetOptions): Promise<OutputFields | LeftOutReason> {
  const lines = linesFilter(nonBlankLines(rec.code), options.filters);
  if (lines) return lines;
  const composed = composeFile(rec, lang);
  const text = composed.text;
  const entry = rec.entry_point ?? (await entryPointOf(loader, rec, lang));
  const selector = entry ? { functionName: entry } : rec.test ? { range: composed.code } : {};
  const verify = options.template.verify;
  // Object.assign, not a spread with fields after it: the same object, and Node 20 made that
  // spread (and the one below) at several microseconds each, a few percent of a CodeCrash record
  const req: EngineRequest = Object.assign({}, options.template, {
    lang,
    text,
    selector,
    search: { ...options.template.search, seed },
    verify: rec.test && !verify.testCmd ? { ...verify, record: testChecks(lang) } : verify,
  });
  let doc: PerturbationDocument;
  try {
    if (!coveredByVerification(options.filters, verify.level)) {
      const reason = await requireOriginal(loader, req, options.filters!);
      if (reason) return reason;
    }
    doc = options.perturbation
      ? await applyPerturbation(
          loader,
          Object.assign({}, req, {
            perturbation: options.perturbation,
            exampleSource: rec.test ?? undefined,
            gbcCount: options.gbcCount,
            rtfCount: options.rtfCount,
            injection: options.injection,
            mhcTask: options.mhcTask,
          }),
        )
      : await perturb(loader, req);
  } catch (e) {
    const reason = requiredFailure(e, options.filters);
    if (reason) return reason;
    throw e;
  }
  if (options.filters?.require === 'test' && doc.verification.untested) return 'require-test';
  const { code, test } = splitFile(doc.file, lang, rec, composed);
  const steps = stableSteps(doc.steps);
  const note = unchangedNote(doc);
  const kept = steps.some((s) => s.accepted) || note !== undefined;
  const last = [...steps].reverse().find((s) => s.reason);
  return {
    perturbed_code: kept ? code : null,
    ...(rec.test ? { perturbed_test: kept ? test : null } : {}),
    entry_point: doc.entryPoint ?? entry ?? null,
    seed,
    ...marked(options.perturbation),
    similarity: kept ? doc.similarity : null,
    growth: kept ? doc.growth : null,
    steps,
    ...(note ? { note } : {}),
    error: kept ? null : `nothing could be perturbed${last ? `: ${last.reason}` : ''}`,
  };
}

function marked(id: PerturbationId | undefined): Pick<OutputFields, 'perturbation'> {
  return id ? { perturbation: perturbationMark(id) } : {};
}

function failed(rec: InputRecord, seed: number, error: string, perturbation?: PerturbationId): OutputFields {
  return {
    perturbed_code: null,
    ...(rec.test ? { perturbed_test: null } : {}),
    entry_point: rec.entry_point ?? null,
    seed,
    ...marked(perturbation),
    similarity: null,
    growth: null,
    steps: [],
    error,
  };
}

/**
 * One input line to one output line: the record's fields, then the perturbation's. Every failure
 * (a corrupt line, an unknown language, code that does not compile, a tool that crashed) becomes
 * the record's `error`; only what stops the whole run (stopsRun) propagates.
 */
export async function processJob(loader: GrammarLoader, job: Job, options: DatasetOptions): Promise<string> {
  if (options.format && options.format !== 'codemorph') return processBenchmarkJob(loader, job, options, options.format);
  const rec = parseRecord(job);
  if (typeof rec === 'string') return JSON.stringify({ task_id: null, line: job.line, error: rec });
  const seed = recordSeed(options.template.search.seed, rec.task_id);
  const language = rec.language ?? options.defaultLang;
  let fields: OutputFields;
  const id = options.perturbation;
  if (!language) fields = failed(rec, seed, `line ${job.line}: task ${rec.task_id} has no language: add a "language" field or pass --lang`, id);
  else if (!isLanguageId(language)) fields = failed(rec, seed, `line ${job.line}: unknown language ${language}: use one of ${LANGUAGE_IDS.join(', ')}`, id);
  else {
    try {
      const outcome = await run(loader, rec, language, seed, options);
      if (typeof outcome === 'string') return leftOutLine(outcome);
      fields = outcome;
    } catch (e) {
      // a cancel, a refused key or a dead endpoint would fail every record alike: the run stops
      if (stopsRun(e)) throw e;
      const message = isCodemorphError(e) ? e.message : `internal error: ${(e as Error).message}`;
      fields = failed(rec, seed, stable(message)!, id);
    }
  }
  return outputLine(rec, fields);
}

/**
 * The record's fields, then the perturbation's (one the record has already, entry_point, keeps
 * its place), as one JSON line. Object.assign into an object with no prototype is what the spread
 * `{ ...rec, ...fields }` gives (a `__proto__` key included, which a setter would swallow), at a
 * third of its cost: spreading the parsed record was 2 to 3% of a CodeCrash record.
 */
function outputLine(rec: InputRecord, fields: OutputFields): string {
  return JSON.stringify(Object.assign(Object.create(null) as object, rec, fields));
}

/** The output line of a record whose run could not finish at all (its worker process died). */
export function failedJob(job: Job, message: string): string {
  const rec = parseRecord(job);
  if (typeof rec === 'string') {
    // a published benchmark's record (HumanEval has no code field) keeps its fields and its line
    let value: unknown;
    try {
      value = JSON.parse(job.raw);
    } catch {
      value = null;
    }
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return JSON.stringify({ ...value, line: job.line, error: message });
    return JSON.stringify({ task_id: null, line: job.line, error: rec });
  }
  return outputLine(rec, failed(rec, 0, message));
}

/** The output line of a record whose worker process died under it (`how`: the signal or exit code). */
export function workerDied(job: Job, how: string): string {
  return failedJob(job, `line ${job.line}: the worker process died (${how})`);
}

