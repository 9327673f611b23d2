import { DatasetOptions, processJob } from '../../src/core/dataset/process';
import type { Job } from '../../src/core/dataset/records';
import { loader } from './harness';

/**
 * One dataset record through a CodeCrash perturbation, in process, as `dataset --perturbation`
 * runs it (seed 1). Verification is by parsing unless a test asks for more: the tests run the
 * result themselves, so a wrong rewrite cannot hide behind a rejected step.
 */
export async function crashRecord<T = Record<string, unknown>>(
  row: object,
  perturbation: DatasetOptions['perturbation'],
  more: { level?: 'syntax' | 'test'; gbcCount?: number; injection?: DatasetOptions['injection']; mhcTask?: DatasetOptions['mhcTask'] } = {},
): Promise<T> {
  const options: DatasetOptions = {
    template: {
      search: { strategy: 'peso', maxIter: 15, threshold: 0.2, temperature: 2, seed: 1 },
      verify: { level: more.level ?? 'syntax', toolchains: {}, timeoutMs: 60_000 },
      mu: 0.5,
    },
    perturbation,
    ...(more.gbcCount !== undefined ? { gbcCount: more.gbcCount } : {}),
    ...(more.injection !== undefined ? { injection: more.injection } : {}),
    ...(more.mhcTask !== undefined ? { mhcTask: more.mhcTask } : {}),
  };
  const job: Job = { index: 0, line: 1, raw: JSON.stringify(row) };
  return JSON.parse(await processJob(loader, job, options)) as T;
}
