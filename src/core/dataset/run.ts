import type { Job } from './records';

/**
 * Turns a job into its output line; never rejects for a record's own failure (that is the line's
 * `error`), only for what stops the whole run (a cancel, a refused key, a dead endpoint).
 */
export type Executor = (job: Job) => Promise<string>;

export interface Progress {
  done: number;
  total: number;
  failed: number;
  elapsedMs: number;
}

export interface RunOptions {
  jobs: readonly Job[];
  concurrency: number;
  execute: Executor;
  /** Called with each output line in input order. */
  write: (line: string) => void;
  onProgress?: (progress: Progress) => void;
}

/** Whether an output line records a failure (a published format's record has no error field unless it failed). */
function failedLine(line: string): boolean {
  try {
    const error = (JSON.parse(line) as { error?: unknown }).error;
    return error !== null && error !== undefined;
  } catch {
    return true;
  }
}

/**
 * Runs jobs `concurrency` at a time and writes their lines in input order through a reorder
 * buffer: whatever finishes first, the output is the same bytes. A slow record holds back the
 * writing, so dispatch stops a bounded distance ahead of it to keep the buffer small.
 */
export async function runJobs(options: RunOptions): Promise<Progress> {
  const { jobs, concurrency } = options;
  const started = Date.now();
  const ready = new Map<number, string>();
  let nextWrite = 0;
  let nextStart = 0;
  let done = 0;
  let failed = 0;
  const window = Math.max(concurrency * 8, 16);
  let wake: (() => void) | null = null;
  const progress = (): Progress => ({ done, total: jobs.length, failed, elapsedMs: Date.now() - started });

  const flush = () => {
    while (ready.has(nextWrite)) {
      const line = ready.get(nextWrite)!;
      ready.delete(nextWrite);
      options.write(line);
      nextWrite++;
    }
  };

  // once a job stops the run (its execute rejects), the jobs still in flight write nothing more
  let stopped = false;
  const worker = async () => {
    for (;;) {
      while (nextStart < jobs.length && nextStart - nextWrite >= window) {
        await new Promise<void>((resolve) => {
          const previous = wake;
          wake = () => {
            previous?.();
            resolve();
          };
        });
      }
      if (nextStart >= jobs.length || stopped) return;
      const position = nextStart++;
      let line: string;
      try {
        line = await options.execute(jobs[position]);
      } catch (e) {
        stopped = true;
        throw e;
      }
      if (stopped) return;
      ready.set(position, line);
      done++;
      if (failedLine(line)) failed++;
      flush();
      const w = wake;
      wake = null;
      w?.();
      options.onProgress?.(progress());
    }
  };
  if (jobs.length) options.onProgress?.(progress());
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  flush();
  return progress();
}
