/** Repeated measurements reduced to what the reports print: the median, with min and max beside it. */

export interface Figure {
  median: number;
  min: number;
  max: number;
  runs: number;
}

export function figure(samples: readonly number[]): Figure {
  if (samples.length === 0) return { median: NaN, min: NaN, max: NaN, runs: 0 };
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1], runs: sorted.length };
}

/** Milliseconds since `start` (a process.hrtime.bigint() reading). */
export function msSince(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Runs `task` `runs` times and returns each run's milliseconds. */
export async function timeRuns(runs: number, task: () => unknown): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await task();
    times.push(msSince(start));
  }
  return times;
}

/** Times a fast synchronous task in batches long enough for the clock, per call. */
export function timeBatched(runs: number, task: () => void, minBatchMs = 20): number[] {
  let batch = 1;
  for (;;) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) task();
    if (msSince(start) >= minBatchMs || batch >= 1 << 16) break;
    batch *= 2;
  }
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) task();
    times.push(msSince(start) / batch);
  }
  return times;
}

/** `median (min–max)` with the given unit and digits. */
export function fmtFigure(f: Figure, unit = 'ms', digits = 2): string {
  if (f.runs === 0) return '-';
  return `${f.median.toFixed(digits)} ${unit} (${f.min.toFixed(digits)}–${f.max.toFixed(digits)})`;
}

/** fmtFigure in milliseconds: two decimals under 10 ms, none above. */
export function fmtMs(f: Figure): string {
  return fmtFigure(f, 'ms', f.median < 10 ? 2 : 0);
}

/** A ratio and whether it meets `limit` (ratio <= limit). */
export interface Target {
  name: string;
  value: number;
  limit: number;
  met: boolean;
  detail: string;
}

export function target(name: string, value: number, limit: number, detail: string): Target {
  return { name, value, limit, met: value <= limit, detail };
}

export function mib(bytes: number): number {
  return bytes / 2 ** 20;
}
