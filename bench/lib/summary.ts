import type { Figure, Target } from './stats';

/** One figure of a benchmark as the summary lists it. */
export interface SummaryFigure extends Figure {
  name: string;
  unit: string;
}

/**
 * What a benchmark's JSON carries under `summary` for `npm run bench` to collect into
 * bench/results/summary.md: its figures (median, min, max) and its targets, met or not.
 */
export interface BenchSummary {
  figures: SummaryFigure[];
  targets: Target[];
}

export function named(name: string, unit: string, f: Figure): SummaryFigure {
  return { name, unit, ...f };
}
