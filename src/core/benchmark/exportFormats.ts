import { convertRecord } from './convertRecord';
import type { BenchmarkEntry } from './entries';
import { FormatId, PUBLISHED } from './formats';
import { benchmarkOrigin } from './origin';

/**
 * "Export entries as…": the entries in one of the formats `dataset` reads and writes. A published
 * format (HumanEval, HumanEval-X, MBPP, CRUXEval) takes the entries perturbed from a record of that
 * format, written as `dataset` wrote them (every field rewritten to the perturbed code, and the
 * `codemorph` object), and Python entries of the others among HumanEval, HumanEval-X and MBPP,
 * converted (convertRecord.ts); CodeMorph's own takes every perturbed entry and pair as a `dataset` output
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
    else if (origin.format === format) lines.push(JSON.stringify(origin.record));
    else {
      // a Python record with tests converts between HumanEval, HumanEval-X and MBPP (convertRecord.ts)
      const converted = convertRecord(origin, entry.entryPoint?.new ?? origin.perturbed.entryPoint ?? '', format);
      if ('refused' in converted) skipped.push({ id: entry.id, reason: converted.refused });
      else lines.push(JSON.stringify(converted.record));
    }
  }
  return { text: lines.map((l) => `${l}\n`).join(''), count: lines.length, skipped };
}

/** The formats whose Python entries convertRecord writes in another one. */
const CONVERTS_FROM: Partial<Record<FormatId, string>> = { humaneval: 'humaneval-x and mbpp', 'humaneval-x': 'humaneval and mbpp', mbpp: 'humaneval and humaneval-x' };

/** What a format holds, for the format's pick: a published one's fields are its module's required ones. */
export function exportFormatHelp(format: FormatId): string {
  if (format === 'codemorph') return 'every perturbed entry and pair, as codemorph dataset writes its records: code and perturbed_code with their tests (codemorph evaluate reads it)';
  const converted = CONVERTS_FROM[format];
  return `entries perturbed from ${format} records${converted ? `, and Python ones from ${converted} converted` : ''}: ${PUBLISHED[format].required.join(', ')}`;
}
