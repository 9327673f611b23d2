import fs = require('fs');
import path = require('path');
import type { PerturbationDocument } from '../engine';
import { inputError } from '../errors';
import { checkWritableFile, writeFileAtomic, writeTarget } from '../files';
import { redactSecrets } from '../redact';
import { fileProblem } from '../userFiles';
import type { LanguageId } from '../languages/languageIds';
import { crypto } from '../lazyBuiltins';
import type { UsageRecord } from '../llm/usage';
import type { Growth } from '../similarity/size';
import type { StepRecord } from '../search/types';
import type { Scores } from '../similarity/scorer';
import type { VerificationRecord } from '../verify/verifier';
import type { CompletionRecord } from './completion';
import type { PairRecord } from './pairs';
import { exportEntriesAs } from './exportFormats';

export const DEFAULT_ENTRIES_FILE = '.codemorph/benchmark.jsonl';

/** A saved benchmark entry: one JSON object per line of the entries file, read back by parseEntries. */
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
 * Appends one entry as one whole line, written with a single write to the file opened for
 * appending, so saving costs the same however many entries the file holds. Earlier entries are
 * never rewritten, so a crash can only touch the line being written: at worst that last line is
 * cut short, and readers report it by its line number and keep every other entry. (The next
 * append starts on a fresh line: a file that does not end with a newline gets one first.)
 */
export function appendEntry(file: string, entry: BenchmarkEntry): void {
  const what = `the entries file ${file}`;
  // a FIFO or device would block or be written through; refuse it as the atomic write did
  checkWritableFile(file, 'the entries file');
  const target = writeTarget(file);
  let fd: number;
  try {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fd = fs.openSync(target, 'a+');
  } catch (e) {
    throw fileProblem(e, what, true) ?? e;
  }
  try {
    const size = fs.fstatSync(fd).size;
    const last = Buffer.alloc(1);
    const separator = size > 0 && fs.readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== 0x0a ? '\n' : '';
    const line = Buffer.from(`${separator}${redactSecrets(JSON.stringify(entry))}\n`, 'utf8');
    for (let written = 0; written < line.length; ) written += fs.writeSync(fd, line, written, line.length - written);
  } catch (e) {
    throw fileProblem(e, what, true) ?? e;
  } finally {
    fs.closeSync(fd);
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
