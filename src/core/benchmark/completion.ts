import { LineOrigin, traceLines } from '../provenance';
import { BenchmarkEntry, entryId } from './entries';

/**
 * Code-completion tasks from a perturbed entry (kind "completion" in entries.ts; CodeMorph IV-A2, ReCode's partial
 * code): k consecutive lines of the perturbed function are masked, and so are the original lines
 * they came from, so one model is scored on both. The alignment comes from the steps' provenance
 * (traceLines), never from text matching: a block qualifies only when its lines come one for one
 * from k consecutive original lines that no other perturbed line came from.
 */
export const DEFAULT_COMPLETION_LINES: readonly number[] = [1, 3, 5];

export interface CompletionSide {
  /** The unit's lines before the masked ones (ending with a line break). */
  prefix: string;
  /** The masked lines (ending with a line break). */
  target: string;
  suffix: string;
  /** 1-based lines of the unit that are masked. */
  firstLine: number;
  lastLine: number;
}

export interface CompletionRecord {
  lines: number;
  language: string;
  original: CompletionSide;
  perturbed: CompletionSide;
  /** How many masked perturbed lines differ from their original line. */
  changedLines: number;
}

export interface CompletionOutcome {
  tasks: BenchmarkEntry[];
  skipped: { lines: number; reason: string }[];
}

/** The one original line a perturbed line stands for, or null when it has none or several. */
function singleOrigin(o: LineOrigin): number | null {
  if (o.line !== null) return o.line;
  return o.from && o.from.first === o.from.last ? o.from.first : null;
}

/** A line worth masking: not blank, not only brackets and separators. */
function maskable(line: string | undefined): boolean {
  return line !== undefined && !/^[\s{}()[\];,]*$/.test(line);
}

export interface AlignedBlock {
  /** 0-based index of the block's first line in the perturbed and the original unit. */
  perturbed: number;
  original: number;
  changed: number;
}

/**
 * The block of k lines to mask: lines past the signature whose origins are k consecutive
 * original lines, each the origin of that one perturbed line only. Among them the one with the
 * most rewritten lines, then the earliest: the same entry always gives the same task.
 */
export function alignedBlock(
  original: readonly string[],
  perturbed: readonly string[],
  origins: readonly LineOrigin[],
  k: number,
  /** The first 0-based lines a block may start at on each side (a record's prompt stays shown: dataset --variant completion). */
  from: { perturbed: number; original: number } = { perturbed: 1, original: 1 },
): AlignedBlock | null {
  if (origins.length !== perturbed.length) return null;
  const images = new Array<number>(original.length + 1).fill(0);
  for (const o of origins) {
    if (o.line !== null) images[o.line]++;
    else if (o.from) for (let l = o.from.first; l <= o.from.last; l++) images[l]++;
  }
  let best: AlignedBlock | null = null;
  for (let i = Math.max(1, from.perturbed); i + k <= perturbed.length; i++) {
    const first = singleOrigin(origins[i]);
    if (first === null || first < Math.max(1, from.original) + 1) continue;
    let ok = true;
    let changed = 0;
    for (let t = 0; t < k && ok; t++) {
      const m = singleOrigin(origins[i + t]);
      ok = m === first + t && m <= original.length && images[m] === 1 && maskable(perturbed[i + t]) && maskable(original[m - 1]);
      if (ok && perturbed[i + t] !== original[m! - 1]) changed++;
    }
    if (ok && (!best || changed > best.changed)) best = { perturbed: i, original: first - 1, changed };
  }
  return best;
}

function side(lines: readonly string[], start: number, k: number): CompletionSide {
  const before = lines.slice(0, start);
  const masked = lines.slice(start, start + k);
  return {
    prefix: before.length ? `${before.join('\n')}\n` : '',
    target: `${masked.join('\n')}\n`,
    suffix: lines.slice(start + k).join('\n'),
    firstLine: start + 1,
    lastLine: start + k,
  };
}

/** Lines and line counts a step's provenance can name; beyond, the entry is taken for corrupt rather than traced. */
const MAX_PROVENANCE_LINES = 100_000;

function lineRange(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { line, count } = value as { line?: unknown; count?: unknown };
  return Number.isInteger(line) && Number.isInteger(count) && (line as number) >= 1 && (line as number) <= MAX_PROVENANCE_LINES && (count as number) >= 0 && (count as number) <= MAX_PROVENANCE_LINES;
}

/**
 * What makes a perturbed entry unreadable here (a line edited by hand or cut short), or null: an
 * entries file is user input, and a wrong field must skip its entry with the reason, not stop the run.
 */
function malformed(entry: BenchmarkEntry): string | null {
  if (typeof entry.id !== 'string') return 'its "id" is not a string';
  if (typeof entry.original !== 'string') return 'its "original" is not a string';
  if (typeof entry.perturbed !== 'string') return 'its "perturbed" is not a string';
  if (entry.steps === undefined) return null;
  if (!Array.isArray(entry.steps)) return 'its "steps" is not a list';
  for (const step of entry.steps as unknown[]) {
    if (typeof step !== 'object' || step === null) return 'one of its steps is not an object';
    const { accepted, changes } = step as { accepted?: unknown; changes?: unknown };
    if (!accepted || !Array.isArray(changes)) continue;
    for (const change of changes as unknown[]) {
      const c = change as { before?: unknown; after?: unknown } | null;
      if (typeof c !== 'object' || c === null || !lineRange(c.before) || !lineRange(c.after)) {
        return `a step's provenance ("changes") is not {before: {line, count}, after: {line, count}} with line 1 to ${MAX_PROVENANCE_LINES}`;
      }
    }
  }
  return null;
}

/** The completion tasks of one perturbed entry, one per block size that has an aligned block. */
export function completionTasks(entry: BenchmarkEntry, sizes: readonly number[] = DEFAULT_COMPLETION_LINES): CompletionOutcome {
  const out: CompletionOutcome = { tasks: [], skipped: [] };
  if (entry.kind !== 'perturbed') {
    for (const k of sizes) out.skipped.push({ lines: k, reason: `a ${entry.kind} entry has no steps to align lines with` });
    return out;
  }
  const problem = malformed(entry);
  if (problem) {
    for (const k of sizes) out.skipped.push({ lines: k, reason: `the entry is malformed: ${problem}` });
    return out;
  }
  const original = entry.original.split('\n');
  const perturbed = entry.perturbed.split('\n');
  const kept = (entry.steps ?? []).filter((s) => s.accepted);
  if (kept.some((s) => !Array.isArray(s.changes))) {
    for (const k of sizes) out.skipped.push({ lines: k, reason: 'its steps carry no provenance (saved by an older version)' });
    return out;
  }
  const origins = traceLines(original.length, kept.map((s) => s.changes));
  if (origins.length !== perturbed.length) {
    for (const k of sizes) out.skipped.push({ lines: k, reason: `its provenance traces ${origins.length} lines but the perturbed unit has ${perturbed.length}` });
    return out;
  }
  for (const k of sizes) {
    const block = alignedBlock(original, perturbed, origins, k);
    if (!block) {
      out.skipped.push({ lines: k, reason: `no ${k} consecutive perturbed lines come one for one from ${k} consecutive original lines` });
      continue;
    }
    const record: CompletionRecord = {
      lines: k,
      language: entry.language,
      original: side(original, block.original, k),
      perturbed: side(perturbed, block.perturbed, k),
      changedLines: block.changed,
    };
    out.tasks.push({
      ...entry,
      id: entryId('completion', [entry.id, String(k), String(block.perturbed), String(block.original)]),
      kind: 'completion',
      parent: entry.id,
      completion: record,
    });
  }
  return out;
}

/** Parses a `--lines 1,3,5` list: whole numbers from 1 to 50, each once, in the given order. */
export function parseLineCounts(text: string): number[] | string {
  const parts = text.split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.length === 0) return 'give one or more line counts, e.g. 1,3,5';
  const out: number[] = [];
  for (const p of parts) {
    const n = Number(p);
    if (!Number.isInteger(n) || n < 1 || n > 50) return `${p} is not a line count from 1 to 50`;
    if (!out.includes(n)) out.push(n);
  }
  return out;
}
