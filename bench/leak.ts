/**
 * `npm run bench:leak`: 10,000 PESO runs (15 iterations, syntax verification) on one small corpus
 * function in one process. Trees, cursors, queries and parsers live in tree-sitter's wasm memory,
 * outside the JS garbage collector, so a run that forgets to delete one leaks for good. Memory (JS
 * heap used + external, which includes the wasm memory) is taken after a forced collection once the
 * first 100 runs are done and again at the end. Target: the end within 50 MB of the first reading.
 *
 * Options: --runs N (default 10,000; --quick: 300), --lang L (default python), --function NAME.
 */
import * as path from 'path';
import * as v8 from 'v8';
import * as vm from 'vm';
import { perturb } from '../src/core/engine';
import type { LanguageId } from '../src/core/languages/languageIds';
import { corpusOf, corpusText } from '../test/support/corpus';
import { loader } from '../test/support/harness';
import { machine, machineLine, option, table, writeResults } from './lib/report';
import { figure, mib, msSince, target } from './lib/stats';
import { BenchSummary, named } from './lib/summary';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const quick = process.argv.includes('--quick');
const runs = Number(option('runs') ?? (quick ? 300 : 10_000));
const lang = (option('lang') ?? 'python') as LanguageId;
const FIRST = 100;
const LIMIT_MB = 50;

interface Reading {
  runs: number;
  heapUsedMiB: number;
  externalMiB: number;
  rssMiB: number;
  totalMiB: number;
}

function reading(done: number): Reading {
  gc();
  gc();
  const m = process.memoryUsage();
  return { runs: done, heapUsedMiB: mib(m.heapUsed), externalMiB: mib(m.external), rssMiB: mib(m.rss), totalMiB: mib(m.heapUsed + m.external) };
}

async function main(): Promise<void> {
  const m = machine();
  const entries = corpusOf(lang);
  // The smallest corpus function of the language, unless one is named.
  const chosen = option('function')
    ? entries.find((e) => e.function === option('function'))
    : [...entries].sort((a, b) => corpusText(lang, a).length - corpusText(lang, b).length)[0];
  if (!chosen) throw new Error(`no such corpus function for ${lang}`);
  const text = corpusText(lang, chosen);
  const readings: Reading[] = [];
  const times: number[] = [];
  const started = process.hrtime.bigint();
  for (let r = 1; r <= runs; r++) {
    const start = process.hrtime.bigint();
    await perturb(loader, {
      lang,
      text,
      selector: { functionName: chosen.function },
      search: { strategy: 'peso', maxIter: 15, threshold: 0.2, temperature: 2, seed: r },
      verify: { level: 'syntax', toolchains: {}, timeoutMs: 60_000 },
      mu: 0.5,
    });
    times.push(msSince(start));
    if (r === FIRST || r % Math.max(FIRST, Math.floor(runs / 10)) === 0 || r === runs) {
      readings.push(reading(r));
      const last = readings[readings.length - 1];
      console.log(`${String(r).padStart(6)} runs: heap ${last.heapUsedMiB.toFixed(1)} MiB + external ${last.externalMiB.toFixed(1)} MiB, RSS ${last.rssMiB.toFixed(0)} MiB`);
    }
  }
  const totalSeconds = msSince(started) / 1000;
  const first = readings.find((x) => x.runs === Math.min(FIRST, runs))!;
  const last = readings[readings.length - 1];
  const growth = last.totalMiB - first.totalMiB;
  const perRun = figure(times);
  const targets = [target(`memory growth from run ${first.runs} to run ${last.runs} (MiB, heap used + external)`, growth, LIMIT_MB, `${first.totalMiB.toFixed(1)} → ${last.totalMiB.toFixed(1)} MiB; RSS ${first.rssMiB.toFixed(0)} → ${last.rssMiB.toFixed(0)} MiB`)];
  const summary: BenchSummary = { figures: [named(`one PESO run on ${chosen.function} (${lang}), in a ${runs}-run process`, 'ms', perRun)], targets };
  const md = [
    '# Leak benchmark',
    '',
    machineLine(m),
    '',
    `${runs} PESO runs (15 iterations, syntax verification, seed = run number) on \`${chosen.function}\` (${path.join('test/corpus', lang, chosen.file)}) in one process, ` +
      `${totalSeconds.toFixed(0)} s in all; one run: ${perRun.median.toFixed(1)} ms median (${perRun.min.toFixed(1)}–${perRun.max.toFixed(1)}). Memory after a forced collection:`,
    '',
    table(['runs', 'heap used', 'external (incl. wasm)', 'heap + external', 'RSS'], readings.map((x) => [x.runs, `${x.heapUsedMiB.toFixed(1)} MiB`, `${x.externalMiB.toFixed(1)} MiB`, `${x.totalMiB.toFixed(1)} MiB`, `${x.rssMiB.toFixed(0)} MiB`])),
    '',
    '## Targets',
    '',
    table(['target', 'value', 'limit', 'met', 'absolute'], targets.map((t) => [t.name, t.value.toFixed(1), `≤ ${t.limit}`, t.met ? 'met' : 'NOT met', t.detail])),
  ].join('\n');
  const written = writeResults('leak', md, { machine: m, options: { runs, lang, function: chosen.function, quick }, seconds: totalSeconds, perRun, readings, summary });
  console.log(`\n${md}\n\nwrote ${written.join(', ')}`);
  loader.dispose();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
