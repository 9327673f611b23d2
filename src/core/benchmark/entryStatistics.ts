import type { BenchmarkEntry } from './entries';

export interface EntryStatistics {
  count: number;
  /** Entries per language, most first (then by name). */
  languages: [string, number][];
  kinds: [string, number][];
  /** Mean overall similarity to the original; null with no entry that records one. */
  meanSimilarity: number | null;
  /** Mean growth in tokens (perturbed over original); null when no entry records it (saved before growth was). */
  meanGrowth: number | null;
  /** How many entries the growth mean is over. */
  withGrowth: number;
}

function counted(values: string[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

function mean(values: number[]): number | null {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
}

/** What a set of saved entries amounts to: per language and kind, mean similarity and growth. */
export function entryStatistics(entries: readonly BenchmarkEntry[]): EntryStatistics {
  const similarities = entries.map((e) => e.similarity?.overall).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  const growths = entries.map((e) => e.growth?.tokens).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  return {
    count: entries.length,
    languages: counted(entries.map((e) => e.language)),
    kinds: counted(entries.map((e) => e.kind)),
    meanSimilarity: mean(similarities),
    meanGrowth: mean(growths),
    withGrowth: growths.length,
  };
}

/** The statistics as the Entries view shows them: a label and a one-line description. */
export function statisticsLine(s: EntryStatistics): { label: string; description: string } {
  const parts = [s.languages.map(([lang, n]) => `${lang} ${n}`).join(', ')];
  if (s.meanSimilarity !== null) parts.push(`mean similarity ${s.meanSimilarity.toFixed(2)} to the original`);
  if (s.meanGrowth !== null) parts.push(`mean growth ${s.meanGrowth.toFixed(2)}× tokens`);
  return { label: `${s.count} ${s.count === 1 ? 'entry' : 'entries'}`, description: parts.join(' · ') };
}
