/** Scores and ratios are recorded to 4 decimals: enough to compare, stable to print and to diff. */
export function round4(v: number): number {
  return Math.round(v * 10_000) / 10_000;
}

/** The three similarity scores, each to 4 decimals. */
export function roundedScores<T extends { surface: number; structural: number; overall: number }>(scores: T): { surface: number; structural: number; overall: number } {
  return { surface: round4(scores.surface), structural: round4(scores.structural), overall: round4(scores.overall) };
}
