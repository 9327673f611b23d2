/**
 * Project verification overhead: for each language, a 15-iteration PESO run on the fixture
 * project's function with build-and-test verification, once with cold tools only and once with
 * warm checkers (docs/warm-checkers.md), in the same run. The overhead ratio is the run's wall
 * time over the summed wall time of the compiler and test processes it ran (a warm checker's
 * answer counts as the process it stands for): 1.0 would mean CodeMorph itself (parsing,
 * rewriting, scoring, copying files) costs nothing. Target: <= 1.2.
 *
 *   node out/bench/verify.js [--lang go,rust] [--iterations 15] [--seed 1]
 */
import * as fs from 'fs';
import * as path from 'path';
import { perturb } from '../src/core/engine';
import { LANGUAGE_IDS, LanguageId } from '../src/core/languages/languageIds';
import { DEFAULT_SEARCH } from '../src/core/search/types';
import { stopWarmCheckers } from '../src/core/verify/warm/pool';
import { loader, REPO } from '../test/support/harness';
import { machine, machineLine, option, table, writeResults } from './lib/report';

const PROJECTS = path.join(REPO, 'test', 'fixtures', 'projects');

const TARGETS: Record<LanguageId, { file: string; fn: string }> = {
  python: { file: 'ops.py', fn: 'add' },
  c: { file: 'ops.c', fn: 'add' },
  cpp: { file: 'ops.cpp', fn: 'add' },
  go: { file: 'calc/calc.go', fn: 'Add' },
  rust: { file: 'src/ops.rs', fn: 'add' },
  java: { file: 'src/calc/Ops.java', fn: 'add' },
  javascript: { file: 'ops.js', fn: 'add' },
  typescript: { file: 'src/ops.ts', fn: 'add' },
};

const TARGET_RATIO = 1.2;

interface Row {
  lang: LanguageId;
  /** Whether warm checkers were allowed to stand for the cold tools. */
  warm: boolean;
  wallMs: number;
  processMs: number;
  processes: number;
  ratio: number;
  verifiedSteps: number;
  msPerVerifiedStep: number;
  accepted: number;
  crossFileFiles: number;
  similarity: number;
}

async function measure(lang: LanguageId, iterations: number, seed: number, warm: boolean): Promise<Row> {
  const { file: rel, fn } = TARGETS[lang];
  const file = path.join(PROJECTS, lang, rel);
  const text = fs.readFileSync(file, 'utf8');
  let processMs = 0;
  let processes = 0;
  let verifiedSteps = 0;
  const started = process.hrtime.bigint();
  const doc = await perturb(loader, {
    lang,
    text,
    filePath: file,
    selector: { functionName: fn },
    search: { ...DEFAULT_SEARCH, strategy: 'peso', maxIter: iterations, seed },
    verify: {
      level: 'test',
      warm,
      toolchains: {},
      timeoutMs: 120_000,
      onProcess: (_command, ms) => {
        processMs += ms;
        processes++;
      },
    },
    mu: 0.5,
    onVerification: (report) => {
      if (report.verdict.compile !== null) verifiedSteps++;
    },
  });
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  return {
    lang,
    warm,
    wallMs: Math.round(wallMs),
    processMs,
    processes,
    ratio: processMs > 0 ? wallMs / processMs : Infinity,
    verifiedSteps,
    msPerVerifiedStep: verifiedSteps ? Math.round(wallMs / verifiedSteps) : 0,
    accepted: doc.steps.filter((s) => s.accepted).length,
    crossFileFiles: Object.keys(doc.files).length,
    similarity: doc.similarity.overall,
  };
}

async function main(): Promise<void> {
  const langs = (option('lang')?.split(',') ?? [...LANGUAGE_IDS]) as LanguageId[];
  const iterations = Number(option('iterations') ?? 15);
  const seed = Number(option('seed') ?? 1);
  const rows: Row[] = [];
  for (const lang of langs) {
    for (const warm of [false, true]) {
      const row = await measure(lang, iterations, seed, warm);
      rows.push(row);
      process.stderr.write(`${lang} (${warm ? 'warm' : 'cold'}): ${row.wallMs} ms wall, ${row.processMs} ms in ${row.processes} processes, ratio ${row.ratio.toFixed(3)}\n`);
    }
    stopWarmCheckers();
  }
  const coldWall = (lang: LanguageId) => rows.find((r) => r.lang === lang && !r.warm)!.wallMs;
  const m = machine();
  const body = table(
    ['language', 'checkers', 'wall (s)', 'cold wall / this wall', 'compiler+test processes (s)', 'processes', 'overhead ratio', 'verified steps', 'ms per verified step', 'accepted', 'other files changed', 'similarity', `ratio <= ${TARGET_RATIO}`],
    rows.map((r) => [
      r.lang,
      r.warm ? 'warm' : 'cold',
      (r.wallMs / 1000).toFixed(2),
      `${(coldWall(r.lang) / r.wallMs).toFixed(1)}x`,
      (r.processMs / 1000).toFixed(2),
      r.processes,
      r.ratio.toFixed(3),
      r.verifiedSteps,
      r.msPerVerifiedStep,
      r.accepted,
      r.crossFileFiles,
      r.similarity.toFixed(3),
      r.ratio <= TARGET_RATIO ? 'yes' : 'NO',
    ]),
  );
  const worst = rows.reduce((a, r) => Math.max(a, r.ratio), 0);
  const markdown = [
    '# Project verification overhead',
    '',
    `PESO, ${iterations} iterations, seed ${seed}, \`--verify test\` in each fixture project (test/fixtures/projects/<language>): every step builds the`,
    "scratch copy with the project's toolchain and runs its tests; each language runs once with the cold tools only and once with warm checkers where it has them",
    "(docs/warm-checkers.md; a language without one runs the cold tools both times). Overhead ratio = wall time of the run / summed wall time of the compiler and test processes.",
    '',
    machineLine(m),
    '',
    body,
    '',
    `Worst ratio: ${worst.toFixed(3)} (target <= ${TARGET_RATIO}: ${worst <= TARGET_RATIO ? 'met' : 'NOT met'}).`,
  ].join('\n');
  process.stdout.write(`${markdown}\n`);
  const written = writeResults('verify', markdown, { machine: m, iterations, seed, target: TARGET_RATIO, rows });
  process.stderr.write(`wrote ${written.join(', ')}\n`);
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
