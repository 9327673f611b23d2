import type { StepRecord } from './types';
import { count } from '../text/plural';

// What the words "step" and "iteration" count, for every message of the CLI and the editor:
// - a step is one method tried at one site: the rewrite is verified, then kept or rejected;
// - an iteration is one unit of the search's budget (--max-iter, codemorph.iterations), one step
//   each; the opening renames are steps that spend no iteration;
// - a category where no method can act is recorded, but is no step.
// Dependency-free: the editor's bundle includes it (scripts/build.mjs, EDITOR_CORE_ALLOWED).

/** Whether a record is a step (a method was tried) rather than a category with nothing to apply. */
export function isStep(step: Pick<StepRecord, 'method'>): boolean {
  return step.method !== null;
}

/** Step numbers of a list of records (1-based, over the steps only), null for the records that are no step. */
export function stepNumbers(records: readonly Pick<StepRecord, 'method'>[], first = 1): (number | null)[] {
  let next = first;
  return records.map((r) => (isStep(r) ? next++ : null));
}

export interface RunCounts {
  steps: number;
  kept: number;
  /** Opening renames: steps that spent no iteration. */
  opening: number;
  /** Iterations spent (the highest iteration a record carries). */
  iterations: number;
}

export function runCounts(records: readonly StepRecord[]): RunCounts {
  const steps = records.filter(isStep);
  return {
    steps: steps.length,
    kept: steps.filter((s) => s.accepted).length,
    opening: steps.filter((s) => s.iteration === 0).length,
    iterations: records.reduce((most, s) => Math.max(most, s.iteration), 0),
  };
}

/** "16 of 17 steps kept (2 opening renames + 15 iterations)". */
export function keptText(counts: RunCounts): string {
  const parts = [counts.opening ? count(counts.opening, 'opening rename') : '', counts.iterations ? count(counts.iterations, 'iteration') : ''].filter(Boolean);
  return `${counts.kept} of ${count(counts.steps, 'step')} kept${parts.length ? ` (${parts.join(' + ')})` : ''}`;
}
