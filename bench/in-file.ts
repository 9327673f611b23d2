/**
 * `npm run bench:in-file`: what "Perturb function" costs when the function sits in a large file.
 * The same 20-line corpus function (the first of bench/lib/units.ts's files) is perturbed as a
 * function unit alone in its file and at the top of files of about 500 and 2,000 lines: one
 * 15-iteration PESO run with `syntax` verification in a warm process, divided by its steps.
 *
 * A step re-parses the file incrementally. The node table and the classification of names are kept
 * per region (syntax/nodeTable.ts), so a function's own searches walk only its region, and the
 * checks about the rest of the file (is a local's name used outside functions, where else is the
 * function named, which macros exist) read only the regions whose text holds what they ask about;
 * what a region was found to hold is kept by the regions of the next step's tree that are the same.
 * So no site search may walk the whole file (`descendants(ctx.root, ...)`, `nodesOfType(root, kinds)`
 * with no region test): in a 5 MB file one such walk costs more than a parse of the file and leaves
 * a node object per node behind. A question about a name asks `nodesOfType` with `holdingWord([name])`,
 * and one asked again every step (is this name declared, is this function a wrapper) as a question
 * (a fact per region, or an index of what the region's nodes are called), as context.ts's
 * functionsCalled does.
 *
 * Then a file of about 5 MB (issue 28): each language in a process of its own (bench/lib/largeFile.ts),
 * the function alone, one parse of the large file and the function inside it, in turn, three times.
 * Targets: the run in the file at most 3 times the function alone plus one parse of the file (the
 * medians), and the peak resident memory of one CLI run on the function in the file (`perturb
 * --function`, a process of its own) at most 500 MiB. The function sits at the top of the file,
 * where a reparse has the most of the file after the edit.
 *
 * Options: --quick (files of 500 lines only, one run of the large file), --lang python,go,
 * --sizes 500,2000, --runs N, --large-chars N (0: no large file), --large-runs N, --large-jobs N
 * (languages' large-file processes at once, default 1: on a machine other work keeps busy, each
 * process's ratio compares runs it made itself, and several at once take a larger share of it).
 */
import { spawn } from 'child_process';
import * as path from 'path';
import { perturb } from '../src/core/engine';
import { LANGUAGE_IDS, LanguageId } from '../src/core/languages/languageIds';
import { loader } from '../test/support/harness';
import { machine, machineLine, option, table, writeResults } from './lib/report';
import type { LargeFileResult } from './lib/largeFile';
import { figure, Figure, fmtMs, msSince, target, Target, timeBatched } from './lib/stats';
import { BenchSummary, named } from './lib/summary';
import { pesoRequest, sizedUnit, SizedUnit } from './lib/units';

const quick = process.argv.includes('--quick');
const langs = (option('lang')?.split(',') ?? [...LANGUAGE_IDS]) as LanguageId[];
const sizes = (option('sizes')?.split(',').map(Number) ?? (quick ? [500] : [500, 2000])).sort((a, b) => a - b);
/** Runs per file, cycling through the seeds (one seed is one path of draws). */
const runs = Number(option('runs') ?? (quick ? 5 : 10));
const SEEDS = [1, 2, 3, 4, 5];
/** The large file's size (characters) and runs. */
const largeChars = Number(option('large-chars') ?? 5_000_000);
const largeRuns = Number(option('large-runs') ?? (quick ? 1 : 3));
const largeJobs = Math.max(1, Number(option('large-jobs') ?? 1));
const TIME_LIMIT = 3;
const MEMORY_LIMIT_MIB = 500;

interface Row {
  lang: LanguageId;
  /** Lines of the file around the function (the function alone: its own length). */
  fileLines: number;
  fn: string;
  steps: number;
  step: Figure;
  parse: Figure;
  /** This row's step over the step of the function alone in its file. */
  perAlone: number;
}

/** The run of the file's first function as a function unit. */
const onFirst = (unit: SizedUnit, seed: number) => pesoRequest(unit, seed, { offset: unit.first.offset });

async function measure(unit: SizedUnit): Promise<Omit<Row, 'perAlone'>> {
  const { lang } = unit;
  const stepTimes: number[] = [];
  const stepCounts: number[] = [];
  for (let r = 0; r < runs; r++) {
    const start = process.hrtime.bigint();
    const doc = await perturb(loader, onFirst(unit, SEEDS[r % SEEDS.length]));
    stepTimes.push(msSince(start) / doc.steps.length);
    stepCounts.push(doc.steps.length);
  }
  const parse = figure(timeBatched(runs, () => loader.parseSync(lang, unit.text).delete()));
  const steps = stepCounts.reduce((a, b) => a + b, 0) / stepCounts.length;
  return { lang, fileLines: unit.lines, fn: unit.first.name, steps, step: figure(stepTimes), parse };
}

interface LargeRow {
  result: LargeFileResult;
  alone: Figure;
  parse: Figure;
  inFile: Figure;
  /** The run in the file over the function alone plus one parse of the file (medians). */
  ratio: number;
}

/** One language's large-file row, measured in a process of its own (bench/lib/largeFile.ts). */
function measureLarge(lang: LanguageId): Promise<LargeRow> {
  const script = path.join(__dirname, 'lib', 'largeFile.js');
  const child = spawn(process.execPath, [script, '--lang', lang, '--chars', String(largeChars), '--runs', String(largeRuns)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status) => {
      if (status !== 0) return reject(new Error(`${lang}: the large-file run failed (exit ${status})`));
      const result = JSON.parse(stdout.trim().split('\n').pop()!) as LargeFileResult;
      const alone = figure(result.alone);
      const parse = figure(result.parse);
      const inFile = figure(result.inFile);
      resolve({ result, alone, parse, inFile, ratio: inFile.median / (alone.median + parse.median) });
    });
  });
}

/** The large-file rows of `langs`, `largeJobs` processes at a time, in the order of `langs`. */
async function measureAllLarge(): Promise<LargeRow[]> {
  const rows = new Map<LanguageId, LargeRow>();
  const queue = [...langs];
  const worker = async () => {
    for (let lang = queue.shift(); lang; lang = queue.shift()) {
      const row = await measureLarge(lang);
      rows.set(lang, row);
      console.log(
        `${lang.padEnd(10)} ${row.result.fn} in ${mb(row.result.chars)}: ${fmtMs(row.inFile)}, alone ${fmtMs(row.alone)}, parse ${fmtMs(row.parse)}: ` +
          `${row.ratio.toFixed(2)}× (alone + parse), CLI run ${(row.result.cliMs / 1000).toFixed(1)} s peak ${row.result.cliPeakRssMiB.toFixed(0)} MiB, bench process peak ${row.result.peakRssMiB.toFixed(0)} MiB`,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(largeJobs, langs.length) }, worker));
  return langs.map((lang) => rows.get(lang)!);
}

const mb = (chars: number) => `${(chars / 1e6).toFixed(1)} MB`;

async function main(): Promise<void> {
  const m = machine();
  const rows: Row[] = [];
  for (const lang of langs) {
    const alone = await sizedUnit(loader, lang, 20);
    await perturb(loader, onFirst(alone, SEEDS[0])); // warm: grammar, queries, JIT
    const base = await measure(alone);
    rows.push({ ...base, perAlone: 1 });
    for (const size of sizes) {
      const unit = await sizedUnit(loader, lang, size);
      if (unit.first.name !== alone.first.name) throw new Error(`${lang}: the ${size}-line file starts with ${unit.first.name}, not ${alone.first.name}`);
      const row = await measure(unit);
      rows.push({ ...row, perAlone: row.step.median / base.step.median });
    }
    for (const r of rows.filter((x) => x.lang === lang)) {
      console.log(`${lang.padEnd(10)} ${r.fn} in ${String(r.fileLines).padStart(5)} lines: step ${fmtMs(r.step)} (${r.perAlone.toFixed(1)}× alone), parse of the file ${fmtMs(r.parse)}`);
    }
  }
  const large: LargeRow[] = largeChars > 0 ? await measureAllLarge() : [];
  const targets: Target[] = large.flatMap((r) => [
    target(
      `${r.result.lang}: ${mb(r.result.chars)} file run / (function alone + one parse of the file)`,
      r.ratio,
      TIME_LIMIT,
      `${fmtMs(r.inFile)} vs ${fmtMs(r.alone)} + ${fmtMs(r.parse)}`,
    ),
    target(`${r.result.lang}: peak memory of a CLI run on a ${mb(r.result.chars)} file (MiB)`, r.result.cliPeakRssMiB, MEMORY_LIMIT_MIB, `${r.result.cliPeakRssMiB.toFixed(0)} MiB`),
  ]);
  const summary: BenchSummary = {
    figures: [
      ...rows.map((r) => named(`${r.lang}: step on ${r.fn} in a file of ${r.fileLines} lines`, 'ms', r.step)),
      ...large.map((r) => named(`${r.result.lang}: run on ${r.result.fn} in a ${mb(r.result.chars)} file`, 'ms', r.inFile)),
    ],
    targets,
  };
  const md = [
    '# A function inside a large file',
    '',
    machineLine(m),
    '',
    'One corpus function of about 20 lines perturbed as a function unit (the editor\'s "Perturb function"), alone in its file and at the top of files of about ' +
      `${sizes.join(' and ')} lines (bench/lib/units.ts). PESO with 15 iterations, syntax verification, in a warm process; ${runs} runs per file cycling through seeds ${SEEDS.join(', ')}. ` +
      'A step is a run divided by its steps. No target for these sizes: a step re-parses the file incrementally, and the checks that must see the whole file read the parts of it that may hold an answer; these figures measure how much that costs.',
    '',
    table(
      ['language', 'function', 'file lines', 'steps', 'per step', 'step / step alone', 'parse of the file'],
      rows.map((r) => [r.lang, r.fn, r.fileLines, r.steps.toFixed(1), fmtMs(r.step), r.perAlone.toFixed(1), fmtMs(r.parse)]),
    ),
    ...(large.length
      ? [
          '',
          `## A function in a file of about ${mb(largeChars)}`,
          '',
          `The same function at the top of a file of about ${largeChars.toLocaleString('en')} characters, each language in a process of its own (bench/lib/largeFile.ts): ` +
            `${largeRuns} rounds of the function alone, one parse of the file and the function in the file, one after the other, after a warm-up run${largeJobs > 1 ? `; ${largeJobs} languages measured at once, each in its own process` : ''}. ` +
            `A run is one whole \`perturb\` (PESO, 15 iterations, syntax verification), the file's first parse included. ` +
            `Then the function in the file is perturbed once by the built CLI (\`perturb --function ... --verify syntax --seed 1\`) in a process of its own, as a user runs it, and that process's peak resident memory is taken; the measuring process's own peak (all its runs and an extra tree of the file) is shown beside it. ` +
            `Targets: the run in the file at most ${TIME_LIMIT}× the function alone plus one parse of the file (medians), and the CLI run's peak resident memory at most ${MEMORY_LIMIT_MIB} MiB.`,
          '',
          table(
            ['language', 'function', 'file', 'lines', 'steps', 'run in the file', 'function alone', 'parse of the file', 'in file / (alone + parse)', 'CLI run', 'CLI peak memory', 'bench process peak'],
            large.map((r) => [
              r.result.lang,
              r.result.fn,
              mb(r.result.chars),
              r.result.lines,
              (r.result.steps.reduce((a, b) => a + b, 0) / r.result.steps.length).toFixed(1),
              fmtMs(r.inFile),
              fmtMs(r.alone),
              fmtMs(r.parse),
              `${r.ratio.toFixed(2)} (≤ ${TIME_LIMIT}: ${r.ratio <= TIME_LIMIT ? 'met' : '**NOT met**'})`,
              `${(r.result.cliMs / 1000).toFixed(1)} s`,
              `${r.result.cliPeakRssMiB.toFixed(0)} MiB (≤ ${MEMORY_LIMIT_MIB}: ${r.result.cliPeakRssMiB <= MEMORY_LIMIT_MIB ? 'met' : '**NOT met**'})`,
              `${r.result.peakRssMiB.toFixed(0)} MiB`,
            ]),
          ),
        ]
      : []),
  ].join('\n');
  const written = writeResults('in-file', md, {
    machine: m,
    options: { langs, sizes, runs, seeds: SEEDS, quick, largeChars, largeRuns, largeJobs },
    rows,
    large: large.map((r) => ({ ...r.result, ratio: r.ratio })),
    summary,
  });
  console.log(`\nwrote ${written.join(', ')}`);
  loader.dispose();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
