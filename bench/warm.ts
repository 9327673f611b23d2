/**
 * Warm checkers beside the cold compilers (issue 33, docs/warm-checkers.md), in the same run: for
 * each language, a PESO run with `compile` verification on a corpus function, once with every
 * compile a cold compiler process and once through the warm checker (C++: its precompiled
 * headers), each divided by the time of one cold compile of the same file. The warm run includes
 * starting its checker (the helper already built: building it is a once-per-toolchain cost, timed
 * apart). Languages without a warm checker (C, Rust) run once, cold, and their row says
 * "cold only" with the same ratio: where the target is missed there, nothing warm stands in.
 * Target: run / cold compile <= 3 (about 15 to 20 cold).
 *
 * TypeScript is checked in a workspace of its own whose node_modules holds typescript 5 (the
 * `typescript-5` devDependency): CodeMorph's own typescript 7 is native and has no warm checker.
 *
 * Batches (issue 33 item 6): for each language whose checker takes a beam round's compile checks
 * in one call (Java, Go, Python, TypeScript, JavaScript), a beam run with `compile` verification through the
 * warm checker, one by one beside batched, alternately (each run starts its checker, as a fresh
 * CLI run would); the better of two runs each. The other languages get one beam run, one by one
 * (C++ through its precompiled headers; C, Rust cold), so that every language's beam
 * run is set against its cold compile as well.
 *
 *   node out/bench/warm.js [--lang java,go,cpp,python,typescript,c,rust,javascript] [--iterations 15] [--seed 1] [--program <corpus file>] [--beam-rounds 3] [--beam-width 3]
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { perturb } from '../src/core/engine';
import type { LanguageId } from '../src/core/languages/languageIds';
import { DEFAULT_BEAM_WIDTH, DEFAULT_SEARCH } from '../src/core/search/types';
import { compileCheck, scratchFileName } from '../src/core/verify/singleFile';
import { canBatch, hasWarmChecker, runningWarmCheckers, stopWarmCheckers, warmCounts } from '../src/core/verify/warm/pool';
import { corpusOf, corpusText } from '../test/support/corpus';
import { loader } from '../test/support/harness';
import { machine, machineLine, option, table, writeResults } from './lib/report';
import { figure, target } from './lib/stats';
import { BenchSummary, named } from './lib/summary';

const TARGET = 3;
const COLD_COMPILES = 3;
const ENGINE_RUNS = 5;
const ALL_LANGUAGES: LanguageId[] = ['java', 'go', 'cpp', 'python', 'typescript', 'c', 'rust', 'javascript'];

/** How a language's compile checks are warm: a checker process, precompiled headers (C++), or not at all. */
type Warmth = 'checker' | 'pch' | 'cold only';

function warmthOf(lang: LanguageId): Warmth {
  if (!hasWarmChecker(lang)) return 'cold only';
  return lang === 'cpp' ? 'pch' : 'checker';
}

interface Row {
  lang: LanguageId;
  warmth: Warmth;
  program: string;
  fn: string;
  /** Median of COLD_COMPILES cold compiles of the file. */
  coldCompileMs: number;
  /** The same run at the `syntax` level (nothing compiled): the engine's own part of a run, median of ENGINE_RUNS. */
  engineMs: number;
  /** First use: building the helper into the cache and starting it, with its first compile (undefined: cold only). */
  firstUseMs?: number;
  coldRunMs: number;
  warmRunMs: number;
  coldSteps: number;
  warmSteps: number;
  /** Compiles the warm checker answered in the warm run, and those the cold compiler stood in for after a failure. */
  answered: number;
  fellBack: number;
  sameOutput: boolean;
}

/** A beam run through the warm checker, one by one beside batched. */
interface BeamRow {
  lang: LanguageId;
  warmth: Warmth;
  program: string;
  fn: string;
  /** One cold compile of the file (the PESO table's), for the ratio. */
  coldCompileMs: number;
  width: number;
  rounds: number;
  /** Compile checks of one run (the same both ways). */
  checks: number;
  oneByOneMs: number;
  /** Undefined: the language takes no batches (one run, one by one). */
  batchedMs?: number;
  /** Checks of the batched run answered by a batch (the others were checked alone: rejections, notes). */
  batched: number;
  sameOutput: boolean;
}

const BEAM_RUNS = 2;

async function beamRun(lang: LanguageId, text: string, fn: string, width: number, rounds: number, seed: number, batch: boolean, filePath?: string): Promise<{ ms: number; checks: number; batched: number; doc: string }> {
  let checks = 0;
  stopWarmCheckers();
  const before = warmCounts(lang).batched;
  const started = process.hrtime.bigint();
  const doc = await perturb(loader, {
    lang,
    text,
    selector: { functionName: fn },
    search: { ...DEFAULT_SEARCH, strategy: 'beam', beamWidth: width, maxIter: rounds, seed },
    filePath,
    verify: { level: 'compile', toolchains: {}, timeoutMs: 120_000, warm: true, batch, ...(filePath ? { project: false as const } : {}) },
    mu: 0.5,
    onVerification: (report) => {
      if (report.verdict.compile !== null) checks++;
    },
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  return { ms, checks, batched: warmCounts(lang).batched - before, doc: JSON.stringify({ ...doc, elapsedMs: 0 }) };
}

async function measureBeam(lang: LanguageId, program: string | undefined, width: number, rounds: number, seed: number, coldCompileMs: number, dir: string): Promise<BeamRow> {
  const entries = corpusOf(lang);
  const entry = program ? entries.find((e) => e.file === program) : entries[0];
  if (!entry) throw new Error(`no corpus program ${program ?? ''} for ${lang}`);
  const text = corpusText(lang, entry);
  const filePath = workspaceFile(lang, dir, entry.file);
  const batches = canBatch(lang);
  const oneByOne: number[] = [];
  const batched: number[] = [];
  let last: { alone?: Awaited<ReturnType<typeof beamRun>>; together?: Awaited<ReturnType<typeof beamRun>> } = {};
  let same = true;
  try {
    // without batches there is nothing to set side by side: one run, one by one
    for (let i = 0; i < (batches ? BEAM_RUNS : 1); i++) {
      const alone = await beamRun(lang, text, entry.function, width, rounds, seed, false, filePath);
      oneByOne.push(alone.ms);
      last.alone = alone;
      if (!batches) continue;
      const together = await beamRun(lang, text, entry.function, width, rounds, seed, true, filePath);
      batched.push(together.ms);
      same &&= alone.doc === together.doc && alone.checks === together.checks;
      last.together = together;
    }
  } finally {
    stopWarmCheckers();
  }
  return {
    lang,
    warmth: warmthOf(lang),
    program: entry.file,
    fn: entry.function,
    coldCompileMs,
    width,
    rounds,
    checks: last.alone!.checks,
    oneByOneMs: Math.min(...oneByOne),
    ...(batches ? { batchedMs: Math.min(...batched) } : {}),
    batched: last.together?.batched ?? 0,
    sameOutput: same,
  };
}

/**
 * What each compile check of the warm run may cost for the run to stay within TARGET cold
 * compiles, given the engine's own part: none when the engine alone is beyond it.
 */
function allowance(r: Row): string {
  const ms = (TARGET * r.coldCompileMs - r.engineMs) / Math.max(1, r.warmSteps);
  return ms > 0 ? ms.toFixed(1) : 'none';
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/**
 * Where the file is said to be: TypeScript's in a workspace (made in `dir`) whose node_modules
 * holds a JavaScript typescript, the tsc the checks resolve; undefined for the other languages.
 */
function workspaceFile(lang: LanguageId, dir: string, fileName: string): string | undefined {
  if (lang !== 'typescript') return undefined;
  const ws = path.join(dir, 'workspace');
  if (fs.existsSync(ws)) return path.join(ws, fileName);
  fs.mkdirSync(path.join(ws, 'node_modules', '.bin'), { recursive: true });
  fs.mkdirSync(path.join(ws, 'node_modules', '@types'), { recursive: true });
  fs.symlinkSync(path.dirname(require.resolve('typescript-5/package.json')), path.join(ws, 'node_modules', 'typescript'));
  fs.symlinkSync('../typescript/bin/tsc', path.join(ws, 'node_modules', '.bin', 'tsc'));
  fs.symlinkSync(path.dirname(require.resolve('@types/node/package.json')), path.join(ws, 'node_modules', '@types', 'node'));
  return path.join(ws, fileName);
}

async function run(lang: LanguageId, text: string, fn: string, iterations: number, seed: number, warm: boolean, filePath?: string, level: 'compile' | 'syntax' = 'compile'): Promise<{ ms: number; steps: number; text: string }> {
  let steps = 0;
  const started = process.hrtime.bigint();
  const doc = await perturb(loader, {
    lang,
    text,
    selector: { functionName: fn },
    search: { ...DEFAULT_SEARCH, strategy: 'peso', maxIter: iterations, seed },
    // a lone file in its workspace (which has no build files: no project to detect)
    filePath,
    verify: { level, toolchains: {}, timeoutMs: 120_000, warm, ...(filePath ? { project: false as const } : {}) },
    mu: 0.5,
    onVerification: (report) => {
      if (report.verdict.compile !== null) steps++;
    },
  });
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, steps, text: doc.perturbed };
}

async function measure(lang: LanguageId, program: string | undefined, iterations: number, seed: number): Promise<Row> {
  const entries = corpusOf(lang);
  const entry = program ? entries.find((e) => e.file === program) : entries[0];
  if (!entry) throw new Error(`no corpus program ${program ?? ''} for ${lang}`);
  const text = corpusText(lang, entry);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-bench-warm-'));
  try {
    const fileName = scratchFileName(lang, text);
    const nearFile = workspaceFile(lang, dir, entry.file);
    const compile = async (warm: boolean, i: number) => {
      const started = process.hrtime.bigint();
      const result = await compileCheck(lang, text, fileName, { dir: path.join(dir, `${warm ? 'warm' : 'cold'}-${i}`), overrides: {}, timeoutMs: 120_000, nearFile, ...(warm ? { warm: {} } : {}) });
      if (!result.ok) throw new Error(`${entry.file} does not compile:\n${result.output}`);
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    const cold: number[] = [];
    for (let i = 0; i < COLD_COMPILES; i++) cold.push(await compile(false, i));
    const warmth = warmthOf(lang);
    // what no checker can take off a run: the engine's own work (a warm-up run first)
    const engine: number[] = [];
    for (let i = 0; i <= ENGINE_RUNS; i++) {
      const r = await run(lang, text, entry.function, iterations, seed, false, nearFile, 'syntax');
      if (i > 0) engine.push(r.ms);
    }
    const coldRun = await run(lang, text, entry.function, iterations, seed, false, nearFile);
    const common = { lang, warmth, program: entry.file, fn: entry.function, coldCompileMs: median(cold), engineMs: median(engine), coldRunMs: coldRun.ms, coldSteps: coldRun.steps };
    // nothing warm to set beside it: the cold run is the run
    if (warmth === 'cold only') return { ...common, warmRunMs: coldRun.ms, warmSteps: coldRun.steps, answered: 0, fellBack: 0, sameOutput: true };
    stopWarmCheckers();
    const firstUseMs = await compile(true, 0);
    // the warm run starts its own checker, as a fresh CLI run would (the helper is in the cache)
    stopWarmCheckers();
    const before = warmCounts(lang);
    const warmRun = await run(lang, text, entry.function, iterations, seed, true, nearFile);
    const after = warmCounts(lang);
    return {
      ...common,
      firstUseMs,
      warmRunMs: warmRun.ms,
      warmSteps: warmRun.steps,
      answered: after.answered - before.answered,
      fellBack: after.fellBack - before.fellBack,
      sameOutput: coldRun.text === warmRun.text,
    };
  } finally {
    stopWarmCheckers();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const langs = (option('lang')?.split(',') ?? ALL_LANGUAGES) as LanguageId[];
  const iterations = Number(option('iterations') ?? 15);
  const seed = Number(option('seed') ?? 1);
  const program = option('program');
  // the machine may be shared: the load is part of what the figures mean
  const loadBefore = os.loadavg();
  const rows: Row[] = [];
  for (const lang of langs) {
    const row = await measure(lang, program, iterations, seed);
    rows.push(row);
    process.stderr.write(`${lang}: cold compile ${Math.round(row.coldCompileMs)} ms; run cold ${Math.round(row.coldRunMs)} ms, warm ${row.warmth === 'cold only' ? 'cold only' : `${Math.round(row.warmRunMs)} ms`}\n`);
  }
  const beamRounds = Number(option('beam-rounds') ?? 3);
  const beamWidth = Number(option('beam-width') ?? DEFAULT_BEAM_WIDTH);
  const beamRows: BeamRow[] = [];
  const beamDir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-bench-warm-beam-'));
  try {
    for (const row of rows) {
      if (beamRounds <= 0) break;
      const beam = await measureBeam(row.lang, program, beamWidth, beamRounds, seed, row.coldCompileMs, beamDir);
      beamRows.push(beam);
      process.stderr.write(`${row.lang}: beam, ${beam.checks} compile checks: one by one ${Math.round(beam.oneByOneMs)} ms, batched ${beam.batchedMs === undefined ? 'no batches' : `${Math.round(beam.batchedMs)} ms`}\n`);
    }
  } finally {
    fs.rmSync(beamDir, { recursive: true, force: true });
  }
  const loadAfter = os.loadavg();
  if (runningWarmCheckers().length > 0) throw new Error('a warm checker outlived its run');
  const s = (ms: number) => (ms / 1000).toFixed(2);
  const ratio = (ms: number, compileMs: number) => (ms / compileMs).toFixed(1);
  const met = (ms: number, compileMs: number, warmth: Warmth) => (ms / compileMs <= TARGET ? 'yes' : warmth === 'cold only' ? 'NO (cold only)' : 'NO');
  const warmthLabel: Record<Warmth, string> = { checker: 'checker', pch: 'precompiled headers', 'cold only': 'cold only' };
  const body = table(
    ['language', 'warm path', 'program (function)', 'one cold compile (s)', 'first use: build + start + compile (s)', 'run, cold (s)', 'run, warm (s)', 'run / cold compile, cold', 'run / cold compile, warm', 'speed-up', 'verified steps (cold, warm)', 'warm answers (fallbacks)', 'same result', `warm <= ${TARGET}`, 'engine alone (syntax level) / cold compile', `what a check may cost for ${TARGET} (ms)`],
    rows.map((r) => {
      const cold = r.warmth === 'cold only';
      return [
        r.lang,
        warmthLabel[r.warmth],
        `${r.program} (${r.fn})`,
        s(r.coldCompileMs),
        r.firstUseMs === undefined ? '-' : s(r.firstUseMs),
        s(r.coldRunMs),
        cold ? `cold only (${s(r.warmRunMs)})` : s(r.warmRunMs),
        ratio(r.coldRunMs, r.coldCompileMs),
        cold ? `cold only (${ratio(r.warmRunMs, r.coldCompileMs)})` : ratio(r.warmRunMs, r.coldCompileMs),
        cold ? '-' : `${(r.coldRunMs / r.warmRunMs).toFixed(1)}x`,
        cold ? `${r.coldSteps}` : `${r.coldSteps}, ${r.warmSteps}`,
        cold ? '-' : `${r.answered} (${r.fellBack})`,
        cold ? '-' : r.sameOutput ? 'yes' : 'NO',
        met(r.warmRunMs, r.coldCompileMs, r.warmth),
        ratio(r.engineMs, r.coldCompileMs),
        allowance(r),
      ];
    }),
  );
  const beamBody = table(
    ['language', 'warm path', 'program (function)', 'beam rounds', 'compile checks', 'run, one by one (s)', 'run, batched (s)', 'speed-up', 'ms per check, one by one', 'ms per check, batched', 'answered by batches', 'run / cold compile, one by one', 'run / cold compile, batched', `best <= ${TARGET}`, 'same result'],
    beamRows.map((r) => {
      const none = r.batchedMs === undefined;
      const best = Math.min(r.oneByOneMs, r.batchedMs ?? Infinity);
      return [
        r.lang,
        warmthLabel[r.warmth],
        `${r.program} (${r.fn})`,
        r.rounds,
        r.checks,
        s(r.oneByOneMs),
        none ? 'no batches' : s(r.batchedMs!),
        none ? '-' : `${(r.oneByOneMs / r.batchedMs!).toFixed(1)}x`,
        (r.oneByOneMs / r.checks).toFixed(1),
        none ? '-' : (r.batchedMs! / r.checks).toFixed(1),
        none ? '-' : r.batched,
        ratio(r.oneByOneMs, r.coldCompileMs),
        none ? '-' : ratio(r.batchedMs!, r.coldCompileMs),
        met(best, r.coldCompileMs, r.warmth),
        none ? '-' : r.sameOutput ? 'yes' : 'NO',
      ];
    }),
  );
  const load = (l: number[]) => l.map((x) => x.toFixed(1)).join(', ');
  const m = machine();
  const markdown = [
    '# Warm checkers beside cold compilers',
    '',
    `PESO, ${iterations} iterations, seed ${seed}, \`--verify compile\` on a corpus function (test/corpus/<language>), in one process: first with every compile a cold compiler`,
    'process (warm checkers off), then through the warm checker (C++: its precompiled headers), started by the run (its helper already built). Each run is divided by the median of',
    `${COLD_COMPILES} cold compiles of the same file. "First use": starting the checker (building its helper first when the cache has none for this toolchain) and its first compile.`,
    'C and Rust have no warm path: one run, cold ("cold only"), its ratio given all the same.',
    `"Engine alone": the same run at the \`syntax\` level (nothing compiled), the median of ${ENGINE_RUNS}, divided by the cold compile: no checker can take that part off. ` +
      `"What a check may cost": (${TARGET} cold compiles less the engine alone) divided by the warm run's verified steps; "none" when the engine alone is beyond ${TARGET} (docs/warm-checkers.md, "Where the target cannot be met").`,
    '',
    machineLine(m),
    `Load average (1, 5, 15 min): ${load(loadBefore)} at the start, ${load(loadAfter)} at the end: the machine's 2 cores are shared with other jobs, so the times scatter.`,
    '',
    body,
    ...(beamRows.length
      ? [
          '',
          '## Batches: a beam round in one checker call',
          '',
          `Beam search (width ${beamWidth}), seed ${seed}, \`--verify compile\` through the warm checker, on the same function: each round's compile checks one by one (a request each),`,
          'beside batched (one request for the round: Java one javac task; Go, Python, TypeScript, JavaScript one exchange, each check answered as alone; what a batch cannot call clean is checked alone).',
          `Each run starts its checker; the better of ${BEAM_RUNS} alternate runs each. C++ (precompiled headers, no batch: g++ runs one cc1plus per file) and the cold-only`,
          "languages get one run, one by one. The run's time includes everything else a step costs (rewriting, parsing, scoring); the ratio sets it against one cold compile.",
          '',
          beamBody,
        ]
      : []),
  ].join('\n');
  process.stdout.write(`${markdown}\n`);
  // one sample each: the run is long, and the ratio is what the issue's target is about
  const summary: BenchSummary = {
    figures: [
      ...rows.flatMap((r) => [
        named(`${r.lang}: run / cold compile, ${r.warmth === 'cold only' ? 'cold only' : 'warm'}`, 'x', figure([r.warmRunMs / r.coldCompileMs])),
        ...(r.warmth === 'cold only' ? [] : [named(`${r.lang}: speed-up of a compile-verified run, warm over cold`, 'x', figure([r.coldRunMs / r.warmRunMs]))]),
      ]),
      ...beamRows.flatMap((r) => (r.batchedMs === undefined ? [] : [named(`${r.lang}: speed-up of a compile-verified beam run, batched over one by one`, 'x', figure([r.oneByOneMs / r.batchedMs]))])),
    ],
    targets: rows.map((r) => target(`${r.lang}: compile-verified PESO run / one cold compile, ${r.warmth === 'cold only' ? 'cold only' : 'warm'}`, r.warmRunMs / r.coldCompileMs, TARGET, `${r.program} (${r.fn}), ${r.warmSteps} steps`)),
  };
  const written = writeResults('warm', markdown, { machine: m, loadAverage: { before: loadBefore, after: loadAfter }, iterations, seed, target: TARGET, rows, beamRows, summary });
  process.stderr.write(`wrote ${written.join(', ')}\n`);
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
