import type { BenchmarkEntry } from './entries';
import type { BenchmarkRecord, FormatId } from './formats';

/** What one side of an imported entry is checked by (evaluate's ItemSide, without the code). */
export interface SideChecks {
  entryPoint: string | null;
  /** The test program that follows the code (HumanEval's check, MBPP's asserts, CRUXEval's assert). */
  test: string | null;
  /** The text a model is shown for generation (HumanEval's prompt). */
  prompt: string | null;
  io: { input: string; output: string } | null;
}

/** What an entry perturbed from a benchmark record carries beside the code, as its `benchmark` field. */
export interface BenchmarkOrigin {
  format: FormatId;
  file: string;
  task_id: string | number;
  /** The record as written by `dataset` in its format: fields rewritten to the perturbed code, plus its `codemorph` object. */
  record: BenchmarkRecord;
  original: SideChecks;
  perturbed: SideChecks;
}

/** The entry's benchmark origin, when it was perturbed from an imported record. */
export function benchmarkOrigin(entry: BenchmarkEntry): BenchmarkOrigin | null {
  const origin = entry.benchmark as BenchmarkOrigin | undefined;
  return origin && typeof origin === 'object' && typeof origin.format === 'string' && origin.record && typeof origin.record === 'object' ? origin : null;
}
