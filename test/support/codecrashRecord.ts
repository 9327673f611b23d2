import * as fs from 'fs';
import { DatasetOptions, processJob } from '../../src/core/dataset/process';
import type { LanguageId } from '../../src/core/languages/languageIds';
import type { Job } from '../../src/core/dataset/records';
import { fixture, loader } from './harness';

/**
 * One dataset record through a CodeCrash perturbation, in process, as `dataset --perturbation`
 * runs it (seed 1). Verification is by parsing unless a test asks for more: the tests run the
 * result themselves, so a wrong rewrite cannot hide behind a rejected step.
 */
export async function crashRecord<T = Record<string, unknown>>(row: object, perturbation: DatasetOptions['perturbation'], more: CrashOptions = {}): Promise<T> {
  return JSON.parse(await crashLine(row, perturbation, more)) as T;
}

type CrashOptions = { level?: 'syntax' | 'test'; gbcCount?: number; injection?: DatasetOptions['injection']; mhcTask?: DatasetOptions['mhcTask'] };

/** The output line crashRecord reads, byte for byte as `dataset` writes it. */
export async function crashLine(row: object, perturbation: DatasetOptions['perturbation'], more: CrashOptions = {}): Promise<string> {
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
  return processJob(loader, job, options);
}

/** A CRUXEval-style record of the fixtures (test/fixtures/cruxeval). */
export interface CrashRow {
  task_id: string;
  code: string;
  language: LanguageId;
  entry_point: string;
  test: string;
}

/** The records of a fixture file of test/fixtures/cruxeval. */
export function crashRows(file: string): CrashRow[] {
  return fs
    .readFileSync(fixture(`cruxeval/${file}`), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as CrashRow);
}

/** A record's code and test as one program (Java runs the first class with a main, so the test goes first there). */
export function crashProgram(row: Pick<CrashRow, 'language' | 'test'>, code: string): string {
  return row.language === 'java' ? `${row.test}\n${code}` : `${code}\n\n${row.test}`;
}
