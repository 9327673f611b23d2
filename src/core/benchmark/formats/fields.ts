/** The published benchmark layouts `dataset` reads and writes (and CodeMorph's own). */
export const FORMAT_IDS = ['humaneval', 'humaneval-x', 'mbpp', 'cruxeval', 'livecodebench', 'codemorph'] as const;
export type FormatId = (typeof FORMAT_IDS)[number];

export function isFormatId(value: string): value is FormatId {
  return (FORMAT_IDS as readonly string[]).includes(value);
}

/** One JSON Lines record of a benchmark, its fields as published. */
export type BenchmarkRecord = Record<string, unknown>;

/** A string field, or undefined when it is missing or not a string. */
export function textField(rec: BenchmarkRecord, field: string): string | undefined {
  const value = rec[field];
  return typeof value === 'string' ? value : undefined;
}

/** A list-of-strings field (MBPP's test_list), or undefined when it is missing or holds anything else. */
export function listField(rec: BenchmarkRecord, field: string): string[] | undefined {
  const value = rec[field];
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]) : undefined;
}

/** Non-blank lines of a text (--min-lines, --max-lines count a record's solution this way). */
export function nonBlankLines(text: string): number {
  return text.split('\n').filter((line) => line.trim() !== '').length;
}
