/**
 * `npm run bench:in-file`: what "Perturb function" costs when the function sits in a large file.
 * The same 20-line corpus function (the first of bench/lib/units.ts's files) is perturbed as a
 * function unit alone in its file and at the top of files of about 500 and 2,000 lines: one
 * 15-iteration PESO run with `syntax` verification in a warm process, divided by its steps.
 *
 * A step re-parses the file incrementally. The node table and the classification of names are kept
 * per region (shared/nodeTable.ts), so a function's own searches walk only its region, and the
 * checks about the rest of the file (is a local's name used outside functions, where else is the
 * function named, which macros exist) read only the regions whose text holds what they ask about.
 * The reparse and the function list (one native walk) still cost what the file costs, so a step
 * still grows with the file. The issue sets no target for this; the figures measure how far the
 * step is from following the function.
 *
 * Options: --quick (files of 500 lines only), --lang python,go, --sizes 500,2000, --runs N.
 */
import { perturb } from '../src/core/engine';
import { LANGUAGE_IDS, LanguageId } from '../src/core/languages/languageIds';
import { loader } from '../test/support/harness';
import { machine, machineLine, option, table, writeResults } from './lib/report';
import { figure, Figure, fmtMs, msSince, timeBatched } from './lib/stats';
import { BenchSummary, named } from './lib/summary';
import { pesoRequest, sizedUnit, SizedUnit } from './lib/units';

const quick = process.argv.includes('--quick');
const langs = (option('lang')?.split(',') ?? [...LANGUAGE_IDS]) as LanguageId[];
const sizes = (option('sizes')?.split(',').map(Number) ?? (quick ? [500] : [500, 2000])).sort((a, b) => a - b);
/** Runs per file, cycling through the seeds (one seed is one path of draws). */
const runs = Number(option('runs') ?? (quick ? 5 : 10));
const SEEDS = [1, 2, 3, 4, 5];

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
  const summary: BenchSummary = {
    figures: rows.map((r) => named(`${r.lang}: step on ${r.fn} in a file of ${r.fileLines} lines`, 'ms', r.step)),
    targets: [],
  };
  const md = [
    '# A function inside a large file',
    '',
    machineLine(m),
    '',
    'One corpus function of about 20 lines perturbed as a function unit (the editor\'s "Perturb function"), alone in its file and at the top of files of about ' +
      `${sizes.join(' and ')} lines (bench/lib/units.ts). PESO with 15 iterations, syntax verification, in a warm process; ${runs} runs per file cycling through seeds ${SEEDS.join(', ')}. ` +
      'A step is a run divided by its steps. No target: a step re-parses the file incrementally, and the checks that must see the whole file (renames\' clash and outside-name checks, the function list) read all of it; these figures measure how much that costs.',
    '',
    table(
      ['language', 'function', 'file lines', 'steps', 'per step', 'step / step alone', 'parse of the file'],
      rows.map((r) => [r.lang, r.fn, r.fileLines, r.steps.toFixed(1), fmtMs(r.step), r.perAlone.toFixed(1), fmtMs(r.parse)]),
    ),
  ].join('\n');
  const written = writeResults('in-file', md, { machine: m, options: { langs, sizes, runs, seeds: SEEDS, quick }, rows, summary });
  console.log(`\nwrote ${written.join(', ')}`);
  loader.dispose();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
