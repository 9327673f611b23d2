import { BenchmarkRecord, PUBLISHED } from '../benchmark/formats';
import { listField, textField } from '../benchmark/formats/fields';
import { humanEvalXLanguage } from '../benchmark/harness';
import { LIVECODEBENCH_IMPORTS, liveCodeBenchIo } from '../benchmark/formats/livecodebench';
import { isLanguageId, LanguageId } from '../languages/languageIds';
import type { StepRecord } from '../search/types';
import { jsonLines, readJsonLineBytes } from '../dataset/records';
import { fileProblem } from '../userFiles';
import { inputError } from '../errors';
import { callInTest, EvaluationItem, ItemSide } from './items';

/**
 * Records `dataset` wrote in a published layout (HumanEval, HumanEval-X, MBPP, CRUXEval, LiveCodeBench): each
 * holds the perturbed problem in the format's own fields and a `codemorph` object (the original
 * task id, entry points, steps, similarity). The original side is the record of the same task id
 * in the file `dataset` read (`--original`). Both sides are judged by the format's own harness,
 * as the benchmark's authors run it.
 */

export type PublishedFormat = keyof typeof PUBLISHED;

/** What a side of a published record is judged with: the record, run as its format's harness runs it. */
export interface PublishedSide {
  format: PublishedFormat;
  record: BenchmarkRecord;
}

interface Provenance {
  task_id?: unknown;
  format?: unknown;
  language?: unknown;
  entry_point?: unknown;
  original_entry_point?: unknown;
  steps?: unknown;
  similarity?: unknown;
  /** Set on `codemorph rewrite`'s variants: the variant's number among its problem's. */
  variant?: unknown;
}

export function isPublishedOutput(rec: BenchmarkRecord): boolean {
  const info = rec.codemorph as Provenance | undefined;
  return typeof info === 'object' && info !== null && typeof info.format === 'string' && info.format in PUBLISHED;
}

/** The records of the file `dataset` read, by task id (CRUXEval's `id`). */
export function readOriginals(file: string): Map<string, BenchmarkRecord> {
  const out = new Map<string, BenchmarkRecord>();
  let bytes: Buffer;
  try {
    // HumanEval and HumanEval-X are published gzipped: read as dataset reads them
    bytes = readJsonLineBytes(file);
  } catch (e) {
    throw fileProblem(e, `--original ${file}`) ?? e;
  }
  jsonLines(bytes)
    .forEach(({ line, text: raw, notUtf8 }) => {
      // a record read with U+FFFD in place of a byte would be the wrong original
      if (notUtf8) throw inputError(`--original ${file}:${line}: ${notUtf8}`);
      if (!raw.trim()) return;
      let rec: unknown;
      try {
        rec = JSON.parse(raw);
      } catch (e) {
        throw inputError(`--original ${file}:${line}: not valid JSON (${(e as Error).message}): give the JSON Lines file codemorph dataset read`);
      }
      if (typeof rec !== 'object' || rec === null || Array.isArray(rec)) return;
      const r = rec as BenchmarkRecord;
      const id = r.task_id ?? r.id;
      if (typeof id === 'string' || typeof id === 'number') out.set(String(id), r);
    });
  return out;
}

/** The code a side shows: HumanEval's prompt and solution joined, MBPP's and CRUXEval's code. */
function codeOf(format: PublishedFormat, rec: BenchmarkRecord): string | undefined {
  if (format === 'humaneval' || format === 'humaneval-x') {
    const prompt = textField(rec, 'prompt');
    const solution = textField(rec, 'canonical_solution');
    return prompt === undefined || solution === undefined ? undefined : prompt + solution;
  }
  return textField(rec, 'code');
}

/** The test the format's harness runs, as one text (for the call a prediction task asks about). */
function testOf(format: PublishedFormat, rec: BenchmarkRecord): string | null {
  switch (format) {
    case 'mbpp':
      return (listField(rec, 'test_list') ?? []).join('\n') || null;
    case 'cruxeval': {
      const input = textField(rec, 'input');
      const output = textField(rec, 'output');
      return input === undefined || output === undefined ? null : `assert f(${input}) == ${output}\n`;
    }
    case 'livecodebench': {
      const input = textField(rec, 'input');
      const output = textField(rec, 'output');
      return input === undefined || output === undefined ? null : `assert ${input.trim()} == ${output}\n`;
    }
    default:
      return textField(rec, 'test') ?? null;
  }
}

function sideOf(format: PublishedFormat, rec: BenchmarkRecord, entry: string): ItemSide | string {
  const code = codeOf(format, rec);
  if (code === undefined) return `the record has no ${format === 'humaneval' || format === 'humaneval-x' ? 'prompt and canonical_solution' : 'code'}`;
  const test = testOf(format, rec);
  let io: ItemSide['io'] = null;
  if (format === 'cruxeval') io = { input: textField(rec, 'input')!, output: textField(rec, 'output')! };
  else if (format === 'livecodebench') io = liveCodeBenchIo(rec, entry);
  // HumanEval's check(candidate) calls the function as `candidate`
  else if (test) io = callInTest(test, entry) ?? (format === 'humaneval' ? callInTest(test, 'candidate') : null);
  const prompt = format === 'humaneval' || format === 'humaneval-x' ? (textField(rec, 'prompt') ?? null) : null;
  const description = format === 'mbpp' ? (textField(rec, 'text') ?? textField(rec, 'prompt') ?? null) : null;
  // LiveCodeBench's code takes its imports for granted: its answers run after them, as its harness runs them
  const setup = format === 'livecodebench' ? LIVECODEBENCH_IMPORTS : null;
  return { code, entryPoint: entry, test, prompt, io, completion: null, harness: { format, record: rec }, description, ...(setup ? { setup } : {}) };
}

function overall(similarity: unknown): number | null {
  const v = (similarity as { overall?: unknown } | null)?.overall;
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function methodsOf(steps: StepRecord[]): string[] {
  const out: string[] = [];
  for (const s of steps) if (s && s.accepted === true && typeof s.method === 'string' && !out.includes(s.method)) out.push(s.method);
  return out;
}

/** One published output record with its original, as an item; or why it gives none. */
export function fromPublished(rec: BenchmarkRecord, originals: Map<string, BenchmarkRecord> | null, defaultLang: LanguageId | undefined, originalFile: string | undefined): EvaluationItem | string {
  const info = rec.codemorph as Provenance;
  const format = info.format as PublishedFormat;
  const id = String(info.task_id ?? rec[PUBLISHED[format].idField]);
  // a problem's variants share its original: each is an item under its own id
  const variantOf = typeof info.variant === 'number' ? id : undefined;
  if (typeof rec.error === 'string') return `not perturbed: ${rec.error}`;
  const language = typeof info.language === 'string' ? info.language : (format === 'humaneval-x' ? humanEvalXLanguage(rec.task_id) : format === 'humaneval' || format === 'mbpp' || format === 'cruxeval' || format === 'livecodebench' ? 'python' : undefined) ?? defaultLang;
  if (!language || !isLanguageId(language)) return `unknown language ${String(language)}`;
  const entry = typeof info.entry_point === 'string' ? info.entry_point : null;
  const originalEntry = typeof info.original_entry_point === 'string' ? info.original_entry_point : entry;
  if (!entry || !originalEntry) return 'its codemorph object names no entry point';
  if (!originals) return 'no original';
  const original = originals.get(id);
  if (!original) return `task ${id} is not in ${originalFile}: give the file codemorph dataset read as --original`;
  const o = sideOf(format, original, originalEntry);
  const p = sideOf(format, rec, entry);
  if (typeof o === 'string') return `the original ${o}`;
  if (typeof p === 'string') return p;
  const steps = Array.isArray(info.steps) ? (info.steps as StepRecord[]) : [];
  const itemId = variantOf === undefined ? id : String(rec[PUBLISHED[format].idField]);
  return { id: itemId, language, kind: 'perturbed', original: o, perturbed: p, methods: methodsOf(steps), similarity: overall(info.similarity), steps, ...(variantOf === undefined ? {} : { variantOf }) };
}
