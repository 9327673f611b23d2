/**
 * One language's large-file row of `bench:in-file`, run in a process of its own so that its peak
 * memory is its own: `node out/bench/lib/largeFile.js --lang c --chars 5000000 --runs 3`.
 *
 * Makes a file of about `chars` characters (bench/lib/units.ts: corpus functions one after
 * another, the function closest to 20 lines first) and the same function alone in its file, then,
 * `runs` times in turn: the function alone perturbed (PESO, 15 iterations, syntax verification,
 * seeds cycling), one parse of the large file, and the function perturbed inside the large file.
 * A warm-up run of the function alone comes first. Then the large file is written to a scratch
 * folder and the function in it perturbed once by the built CLI (`dist/cli.js perturb --function
 * ... --verify syntax`), as a user runs it, in a process of its own whose peak resident memory is
 * taken (bench/lib/peakRss.ts). Prints one JSON object: the times of each, the steps, the file's
 * size, this process's peak resident memory (all its runs and parses included) and the CLI run's.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { perturb } from '../../src/core/engine';
import { extensionsOf, LanguageId } from '../../src/core/languages/languageIds';
import { allowCollectionsBetweenSteps } from '../../src/core/memory';
import { loader, REPO } from '../../test/support/harness';
import { option } from './report';
import { msSince } from './stats';
import { pesoRequest, sizedUnit } from './units';

export interface LargeFileResult {
  lang: LanguageId;
  chars: number;
  lines: number;
  functions: number;
  fn: string;
  /** Milliseconds of each run of the function alone, of each parse of the file and of each run in it. */
  alone: number[];
  parse: number[];
  inFile: number[];
  /** Steps of each run in the file (the same seeds give the same steps alone when no name clashes). */
  steps: number[];
  /** This process's peak resident memory, MiB: every run above and the parses of the file. */
  peakRssMiB: number;
  /** One CLI run on the function in the file: its process's peak resident memory (MiB), its time (ms). */
  cliPeakRssMiB: number;
  cliMs: number;
  seeds: number[];
}

async function main(): Promise<void> {
  const lang = option('lang') as LanguageId;
  const chars = Number(option('chars') ?? 5_000_000);
  const runs = Number(option('runs') ?? 3);
  const seeds = [1, 2, 3, 4, 5];
  // lines for the size asked: the corpus's characters per line, measured on a 2,000-line file
  const sample = await sizedUnit(loader, lang, 2000);
  const large = await sizedUnit(loader, lang, Math.round((chars * sample.lines) / sample.text.length));
  const alone = await sizedUnit(loader, lang, 20);
  if (large.first.name !== alone.first.name) throw new Error(`${lang}: the large file starts with ${large.first.name}, not ${alone.first.name}`);
  const onFirst = (unit: typeof large, seed: number) => pesoRequest(unit, seed, { functionName: unit.first.name });
  // as the CLI runs (src/cli.ts): collections between the steps of a large file, their time included
  allowCollectionsBetweenSteps();
  await perturb(loader, onFirst(alone, seeds[0])); // warm: grammar, queries, JIT
  const result: LargeFileResult = {
    lang,
    chars: large.text.length,
    lines: large.lines,
    functions: large.functions,
    fn: large.first.name,
    alone: [],
    parse: [],
    inFile: [],
    steps: [],
    peakRssMiB: 0,
    cliPeakRssMiB: 0,
    cliMs: 0,
    seeds: [],
  };
  for (let r = 0; r < runs; r++) {
    const seed = seeds[r % seeds.length];
    result.seeds.push(seed);
    let start = process.hrtime.bigint();
    await perturb(loader, onFirst(alone, seed));
    result.alone.push(msSince(start));
    start = process.hrtime.bigint();
    loader.parseSync(lang, large.text).delete();
    result.parse.push(msSince(start));
    start = process.hrtime.bigint();
    const doc = await perturb(loader, onFirst(large, seed));
    result.inFile.push(msSince(start));
    result.steps.push(doc.steps.length);
  }
  result.peakRssMiB = process.resourceUsage().maxRSS / 1024;
  Object.assign(result, cliRun(lang, large.text, large.first.name));
  process.stdout.write(`${JSON.stringify(result)}\n`);
  loader.dispose();
}

/** The function in the file perturbed once by the built CLI, in a process of its own: its peak memory and time. */
function cliRun(lang: LanguageId, text: string, fn: string): { cliPeakRssMiB: number; cliMs: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-bench-large-'));
  try {
    const file = path.join(dir, `large${extensionsOf(lang)[0]}`);
    const peak = path.join(dir, 'peak-rss');
    fs.writeFileSync(file, text);
    const start = process.hrtime.bigint();
    const run = spawnSync(
      process.execPath,
      ['--require', path.join(__dirname, 'peakRss.js'), path.join(REPO, 'dist', 'cli.js'), 'perturb', file, '--function', fn, '--verify', 'syntax', '--seed', '1', '--out', path.join(dir, `out${extensionsOf(lang)[0]}`), '--quiet'],
      { env: { ...process.env, CODEMORPH_BENCH_PEAK_RSS: peak }, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const cliMs = msSince(start);
    if (run.status !== 0) throw new Error(`${lang}: the CLI run failed (exit ${run.status}): ${run.stderr}`);
    return { cliPeakRssMiB: Number(fs.readFileSync(peak, 'utf8')) / 1024, cliMs };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
