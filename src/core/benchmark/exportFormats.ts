import type { BenchmarkEntry } from './entries';
import { FormatId, PUBLISHED } from './formats';
import { benchmarkOrigin } from './origin';

/**
 * "Export entries as…": the entries in one of the formats `dataset` reads and writes. A published
 * format (HumanEval, HumanEval-X, MBPP, CRUXEval) takes the entries perturbed from a record of that
 * format, written as `dataset` wrote them (every field rewritten to the perturbed code, and the
 * `codemorph` object); CodeMorph's own takes every perturbed entry and pair as a `dataset` output
 * record (code, test, perturbed_code, perturbed_test...), which `evaluate` reads. What a format
 * cannot hold is listed with why, never dropped silently.
 */
export interface ExportResult {
  text: string;
  count: number;
  skipped: { id: string; reason: string }[];
}

function codemorphRecord(entry: BenchmarkEntry): Record<string, unknown> {
  const origin = benchmarkOrigin(entry);
  const test = origin?.original.test ?? null;
  const perturbedTest = origin?.perturbed.test ?? null;
  return {
    task_id: origin ? origin.task_id : entry.id,
    language: entry.language,
    code: entry.original,
    ...(test !== null ? { test } : {}),
    perturbed_code: entry.perturbed,
    ...(test !== null ? { perturbed_test: perturbedTest } : {}),
    entry_point: entry.entryPoint?.new ?? null,
    original_entry_point: entry.entryPoint?.original ?? null,
    seed: entry.seed,
    similarity: entry.similarity ?? null,
    growth: entry.growth ?? null,
    steps: entry.steps ?? [],
    error: null,
    codemorph: { entry: entry.id, kind: entry.kind, ...(origin ? { format: origin.format, file: origin.file } : {}), tool_version: entry.tool },
  };
}

export function exportEntriesAs(entries: readonly BenchmarkEntry[], format: FormatId): ExportResult {
  const lines: string[] = [];
  const skipped: ExportResult['skipped'] = [];
  for (const entry of entries) {
    if (entry.kind === 'completion') {
      skipped.push({ id: entry.id, reason: 'a completion task is not a program' });
      continue;
    }
    if (format === 'codemorph') {
      lines.push(JSON.stringify(codemorphRecord(entry)));
      continue;
    }
    const origin = benchmarkOrigin(entry);
    if (!origin) skipped.push({ id: entry.id, reason: `not perturbed from a ${format} record (import one with "Import benchmark…"); export it as codemorph` });
    else if (origin.format !== format) skipped.push({ id: entry.id, reason: `perturbed from a ${origin.format} record; export it as ${origin.format} or codemorph` });
    else lines.push(JSON.stringify(origin.record));
  }
  return { text: lines.map((l) => `${l}\n`).join(''), count: lines.length, skipped };
}

/** What a format holds, for the format's pick: a published one's fields are its module's required ones. */
export function exportFormatHelp(format: FormatId): string {
  if (format === 'codemorph') return 'every perturbed entry and pair, as codemorph dataset writes its records: code and perturbed_code with their tests (codemorph evaluate reads it)';
  return `entries perturbed from ${format} records: ${PUBLISHED[format].required.join(', ')}`;
}
