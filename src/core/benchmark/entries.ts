import fs = require('fs');
import type { PerturbationDocument } from '../engine';
import { inputError } from '../errors';
import { writeFileAtomic } from '../files';
import { redactSecrets } from '../redact';
import { fileProblem, readUserText } from '../userFiles';
import type { LanguageId } from '../languages/languageIds';
import { crypto } from '../lazyBuiltins';
import type { UsageRecord } from '../llm/usage';
import type { Growth } from '../search/growth';
import type { Scores, StepRecord } from '../search/types';
import type { VerificationRecord } from '../verify/verifier';
import type { CompletionRecord } from './completion';
import type { PairRecord } from './pairs';
import { exportEntriesAs } from './exportFormats';

export const DEFAULT_ENTRIES_FILE = '.codemorph/benchmark.jsonl';

/** A saved benchmark entry (entries.md). One JSON object per line of the entries file. */
export interface BenchmarkEntry {
  id: string;
  kind: 'perturbed' | 'pair' | 'completion';
  language: LanguageId;
  /** Workspace-relative path and function name. */
  source: { path: string; function: string | null };
  entryPoint: { original: string | null; new: string | null };
  original: string;
  perturbed: string;
  steps: StepRecord[];
  similarity: Scores;
  /** The perturbed unit's length over the original's, in tokens and lines (absent in entries saved before it was reported). */
  growth?: Growth;
  verification: VerificationRecord & { votes: number; steps: { kept: number; verified: number } };
  engine: { kind: string; provider?: string; model?: string; baseUrl?: string };
  strategy: string;
  seed: number;
  usage?: UsageRecord;
  createdAt: string;
  tool: string;
  /** kind "pair": the renames, every check with its values, and whether a failing pair was confirmed. */
  pair?: PairRecord;
  /** kind "completion": the masked lines of both versions. */
  completion?: CompletionRecord;
  /** kind "completion": the perturbed entry the task was made from. */
  parent?: string;
  /** Fields other versions may add: kept as they are when read back. */
  [extra: string]: unknown;
}

/** Ids are content hashes: the same perturbation saved twice gets the same id. */
export function entryId(kind: string, parts: readonly string[]): string {
  const hash = crypto().createHash('sha256');
  for (const p of parts) hash.update(p).update('\u0000');
  return `${kind.slice(0, 4)}-${hash.digest('hex').slice(0, 12)}`;
}

export function entryFromDocument(doc: PerturbationDocument, sourcePath: string, tool: string, now = new Date()): BenchmarkEntry {
  const kept = doc.steps.filter((s) => s.accepted);
  return {
    id: entryId('perturbed', [doc.language, sourcePath, doc.original, doc.perturbed, String(doc.seed)]),
    kind: 'perturbed',
    language: doc.language,
    source: { path: sourcePath, function: doc.function },
    entryPoint: { original: doc.function, new: doc.entryPoint },
    original: doc.original,
    perturbed: doc.perturbed,
    steps: doc.steps,
    similarity: doc.similarity,
    growth: doc.growth,
    verification: {
      ...doc.verification,
      votes: kept.filter((s) => s.votes).length,
      steps: { kept: kept.length, verified: kept.filter((s) => s.verified.syntax).length },
    },
    engine: doc.llm ? { kind: doc.engine, provider: doc.llm.perturber.kind, model: doc.llm.perturber.model, baseUrl: doc.llm.perturber.baseUrl } : { kind: doc.engine },
    strategy: doc.strategy,
    seed: doc.seed,
    ...(doc.usage ? { usage: doc.usage } : {}),
    createdAt: now.toISOString(),
    tool: `codemorph ${tool}`,
  };
}

export interface EntriesProblem {
  line: number;
  message: string;
}

export interface EntriesFile {
  entries: BenchmarkEntry[];
  /** Lines that are not entries, by number: reported, never silently dropped. */
  problems: EntriesProblem[];
}

const REQUIRED = ['id', 'kind', 'language', 'original'] as const;
export const ENTRY_KINDS: readonly string[] = ['perturbed', 'pair', 'completion'];

export function parseEntries(text: string): EntriesFile {
  const entries: BenchmarkEntry[] = [];
  const problems: EntriesProblem[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (e) {
      problems.push({ line: i + 1, message: `not JSON (${(e as Error).message})` });
      return;
    }
    const missing = value && typeof value === 'object' ? REQUIRED.filter((k) => !(k in (value as object))) : REQUIRED;
    if (missing.length) {
      problems.push({ line: i + 1, message: `not an entry: missing ${missing.join(', ')}` });
      return;
    }
    const kind = (value as { kind: unknown }).kind;
    if (!ENTRY_KINDS.includes(kind as string)) {
      problems.push({ line: i + 1, message: `not an entry: kind ${JSON.stringify(kind)} is none of ${ENTRY_KINDS.join(', ')}` });
      return;
    }
    entries.push(value as BenchmarkEntry);
  });
  return { entries, problems };
}

export function readEntries(file: string): EntriesFile {
  if (!fs.existsSync(file)) return { entries: [], problems: [] };
  return parseEntries(fs.readFileSync(file, 'utf8'));
}

/**
 * Appends one entry. The file is rewritten whole through a temporary file and a rename, so a
 * crash at any moment leaves either the old file or the new one, never a half line; a file
 * that ended without a newline gets one first.
 */
export function appendEntry(file: string, entry: BenchmarkEntry): void {
  const before = fs.existsSync(file) ? readUserText(file, `the entries file ${file}`) : '';
  const separator = before && !before.endsWith('\n') ? '\n' : '';
  try {
    writeFileAtomic(file, `${before}${separator}${redactSecrets(JSON.stringify(entry))}\n`);
  } catch (e) {
    throw fileProblem(e, `the entries file ${file}`, true) ?? e;
  }
}

/** Removes the entry with `id`, keeping every other line (corrupt ones too) as it was. */
export function deleteEntry(file: string, id: string): boolean {
  if (!fs.existsSync(file)) return false;
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const kept = lines.filter((line) => {
    try {
      return (JSON.parse(line) as { id?: string }).id !== id;
    } catch {
      return true;
    }
  });
  if (kept.length === lines.length) return false;
  writeFileAtomic(file, kept.join('\n'));
  return true;
}

/**
 * The entries as CodeMorph records, the one codemorph export ("Export entries as…" codemorph):
 * `dataset`'s output shape, `code` the original and `perturbed_code` the perturbed (a pair's
 * control), which `evaluate` reads. Completion tasks are not programs.
 */
export function exportCodemorphJsonl(entries: readonly BenchmarkEntry[]): string {
  return exportEntriesAs(entries, 'codemorph').text;
}

export function describeProblems(file: string, problems: readonly EntriesProblem[]): string {
  return problems.map((p) => `${file}:${p.line}: ${p.message}`).join('\n');
}

export function requireReadable(file: string): EntriesFile {
  try {
    return readEntries(file);
  } catch (e) {
    throw fileProblem(e, `the entries file ${file}`) ?? inputError(`cannot read the entries file ${file}: ${(e as Error).message}`);
  }
}
