/**
 * `npm run bench:quality`: how good the local methods and strategies are on the conformance
 * corpus (test/corpus). Part 1 applies every method to every corpus function at a few sites and
 * checks each application by parsing, compiling and running it against the original; part 2
 * runs peso, random and beam at equal budget over the corpus and tests every final program.
 * Options: --lang L (repeatable by comma), --method ID (part 1 for these methods only, by comma), --sites N (per method and function, default 2),
 * --seeds N (default 5), --beam-functions N (per language, default 6), --part methods|strategies (each part then writes its own report,
 * quality-methods or quality-strategies), --jobs N, --resume (continue a killed run from the
 * results it kept).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { perturb } from '../src/core/engine';
import { LANGUAGE_IDS, LanguageId } from '../src/core/languages/languageIds';
import { syntaxProblems } from '../src/core/languages/syntaxErrors';
import { Rng } from '../src/core/random';
import { DEFAULT_BEAM_WIDTH, STRATEGIES, Strategy } from '../src/core/search/types';
import { similarity, unitText as comparable } from '../src/core/similarity/similarity';
import { UnitContext } from '../src/core/transforms/context';
import type { Method } from '../src/core/transforms/method';
import { METHODS } from '../src/core/transforms/registry';
import { afterRewrite, selectUnit, UnitState } from '../src/core/unit';
import { buildAndRun, compileCheck, scratchFileName } from '../src/core/verify/singleFile';
import { CorpusEntry, corpusOf, corpusText } from '../test/support/corpus';
import { loader, REPO } from '../test/support/harness';
import { Checkpoint } from './lib/checkpoint';
import { mapPool } from './lib/pool';
import { machine, machineLine, option, pct, table, writeResults } from './lib/report';
import { groupedBarChart } from './lib/svg';

const TIMEOUT_MS = 60_000;
const scratchRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-bench-'));
let scratchCount = 0;

interface Behaviour {
  code: number | null;
  stdout: string;
}

interface ProgramCheck {
  syntax: boolean;
  compile: boolean;
  test: boolean;
  reason: string | null;
}

/** Parses, compiles and runs a whole program, comparing the run with the original's. */
async function checkProgram(lang: LanguageId, text: string, expected: Behaviour): Promise<ProgramCheck> {
  const tree = await loader.parse(lang, text);
  const syntax = syntaxProblems(tree.rootNode, 1).length === 0;
  tree.delete();
  if (!syntax) return { syntax, compile: false, test: false, reason: 'does not parse' };
  const dir = path.join(scratchRoot, String(++scratchCount));
  const fileName = scratchFileName(lang, text);
  const options = { dir, overrides: {}, timeoutMs: TIMEOUT_MS, nearFile: path.join(REPO, 'package.json') };
  try {
    if (lang === 'python' || lang === 'javascript') {
      const compiled = await compileCheck(lang, text, fileName, options);
      if (!compiled.ok) return { syntax, compile: false, test: false, reason: firstLine(compiled.output) };
    }
    const outcome = await buildAndRun(lang, text, fileName, options);
    if (!outcome.built.ok) return { syntax, compile: false, test: false, reason: firstLine(outcome.built.output) };
    const run = outcome.run!;
    const same = run.code === expected.code && run.stdout === expected.stdout && run.code === 0;
    return { syntax, compile: true, test: same, reason: same ? null : run.timedOut ? 'timed out' : `behaviour changed (exit ${run.code})` };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function firstLine(text: string): string {
  return (text.split('\n').find((l) => l.trim()) ?? '').slice(0, 160);
}

async function originalBehaviour(lang: LanguageId, text: string): Promise<Behaviour> {
  const dir = path.join(scratchRoot, String(++scratchCount));
  const outcome = await buildAndRun(lang, text, scratchFileName(lang, text), { dir, overrides: {}, timeoutMs: TIMEOUT_MS, nearFile: path.join(REPO, 'package.json') });
  fs.rmSync(dir, { recursive: true, force: true });
  if (!outcome.built.ok || outcome.run?.code !== 0) throw new Error(`corpus program does not pass as it is: ${outcome.built.output || outcome.run?.stdout}`);
  return { code: outcome.run.code, stdout: outcome.run.stdout };
}

interface Subject {
  lang: LanguageId;
  entry: CorpusEntry;
  text: string;
  state: UnitState;
  behaviour: Behaviour;
}

async function subjects(langs: readonly LanguageId[]): Promise<Subject[]> {
  const list: Subject[] = [];
  for (const lang of langs) {
    for (const entry of corpusOf(lang)) {
      const text = corpusText(lang, entry);
      const tree = await loader.parse(lang, text);
      const state = selectUnit(lang, tree, text, { functionName: entry.function });
      tree.delete();
      list.push({ lang, entry, text, state, behaviour: await originalBehaviour(lang, text) });
    }
  }
  return list;
}

/** Up to `k` site indices spread over `n` sites: first, last, then evenly between. */
function spread(n: number, k: number): number[] {
  if (n <= k) return Array.from({ length: n }, (_, i) => i);
  if (k === 1) return [0];
  return [...new Set(Array.from({ length: k }, (_, i) => Math.round((i * (n - 1)) / (k - 1))))];
}

interface Application {
  lang: LanguageId;
  method: string;
  file: string;
  site: string;
  check: ProgramCheck;
  drop: number;
}

interface Cell {
  sites: number;
  applications: number;
  syntax: number;
  compile: number;
  test: number;
  dropSum: number;
}

async function methodQuality(all: Subject[], methods: readonly Method[], sitesPer: number, jobs: number, checkpoint: Checkpoint<Application>) {
  const counts = new Map<string, Cell>();
  const cell = (lang: string, method: string) => {
    const key = `${method}\0${lang}`;
    let c = counts.get(key);
    if (!c) counts.set(key, (c = { sites: 0, applications: 0, syntax: 0, compile: 0, test: 0, dropSum: 0 }));
    return c;
  };
  type Task = { subject: Subject; method: Method; index: number };
  const tasks: Task[] = [];
  for (const subject of all) {
    const tree = await loader.parse(subject.lang, subject.text);
    const ctx = context(subject, tree);
    for (const method of methods) {
      if (!method.support(subject.lang).applicable) continue;
      const sites = method.findSites(ctx);
      cell(subject.lang, method.id).sites += sites.length;
      for (const index of spread(sites.length, sitesPer)) tasks.push({ subject, method, index });
    }
    tree.delete();
  }
  process.stderr.write(`part 1: ${tasks.length} applications (${checkpoint.size} kept from before)\n`);
  let done = 0;
  const applications = await mapPool(tasks, jobs, async ({ subject, method, index }): Promise<Application> => {
    const key = `${subject.lang}/${subject.entry.file}/${method.id}/${index}`;
    const kept = checkpoint.get(key);
    if (kept) return kept;
    const tree = await loader.parse(subject.lang, subject.text);
    const ctx = context(subject, tree);
    const site = method.findSites(ctx)[index];
    const rewrite = method.apply(ctx, site, new Rng(index + 1));
    const after = afterRewrite(subject.state, rewrite);
    const base = comparable(subject.lang, tree, subject.text, subject.state.unit);
    tree.delete();
    const check = await checkProgram(subject.lang, after.text, subject.behaviour);
    let drop = 0;
    if (check.syntax) {
      const t = await loader.parse(subject.lang, after.text);
      drop = 1 - similarity(base, comparable(subject.lang, t, after.text, after.unit)).overall;
      t.delete();
    }
    if (++done % 50 === 0) process.stderr.write(`  ${done}/${tasks.length}\n`);
    return checkpoint.record(key, { lang: subject.lang, method: method.id, file: subject.entry.file, site: `${site.label} (site ${index})`, check, drop });
  });
  for (const a of applications) {
    const c = cell(a.lang, a.method);
    c.applications++;
    if (a.check.syntax) c.syntax++;
    if (a.check.compile) c.compile++;
    if (a.check.test) c.test++;
    c.dropSum += a.drop;
  }
  return { counts, failures: applications.filter((a) => !a.check.test) };
}

function context(subject: Subject, tree: import('web-tree-sitter').Tree): UnitContext {
  const { state } = subject;
  return new UnitContext({ lang: subject.lang, source: state.text, tree, unit: state.unit, unitKind: state.unitKind, entryPoint: state.entryPoint, loader });
}

interface StrategyRun {
  lang: LanguageId;
  strategy: Strategy;
  seed: number;
  file: string;
  overall: number;
  kept: number;
  passed: boolean;
  reason: string | null;
}

/**
 * The functions beam runs on: `perLanguage` of each language's corpus, spread evenly over it. A
 * beam round tries every method on every candidate (width x 26 attempts against PESO's one), so
 * running it on the whole corpus would take hours; peso and random run on every function.
 */
function beamSample(all: Subject[], perLanguage: number): Set<Subject> {
  const sample = new Set<Subject>();
  for (const lang of new Set(all.map((s) => s.lang))) {
    const mine = all.filter((s) => s.lang === lang);
    for (const index of spread(mine.length, perLanguage)) sample.add(mine[index]);
  }
  return sample;
}

async function strategyQuality(all: Subject[], seeds: number, jobs: number, checkpoint: Checkpoint<StrategyRun>, beamOn: Set<Subject>): Promise<StrategyRun[]> {
  type Task = { subject: Subject; strategy: Strategy; seed: number };
  const tasks: Task[] = [];
  for (const subject of all) {
    for (const strategy of STRATEGIES) {
      if (strategy === 'beam' && !beamOn.has(subject)) continue;
      for (let seed = 1; seed <= seeds; seed++) tasks.push({ subject, strategy, seed });
    }
  }
  process.stderr.write(`part 2: ${tasks.length} runs (${checkpoint.size} kept from before)\n`);
  let done = 0;
  return mapPool(tasks, jobs, async ({ subject, strategy, seed }) => {
    const key = `${subject.lang}/${subject.entry.file}/${strategy}/${seed}`;
    const kept = checkpoint.get(key);
    if (kept) return kept;
    const doc = await perturb(loader, {
      lang: subject.lang,
      text: subject.text,
      selector: { functionName: subject.entry.function },
      search: { strategy, maxIter: 15, threshold: 0.2, temperature: 2, seed },
      verify: { level: 'syntax', toolchains: {}, timeoutMs: TIMEOUT_MS },
      mu: 0.5,
    });
    const check = await checkProgram(subject.lang, doc.file, subject.behaviour);
    if (++done % 50 === 0) process.stderr.write(`  ${done}/${tasks.length}\n`);
    return checkpoint.record(key, {
      lang: subject.lang,
      strategy,
      seed,
      file: subject.entry.file,
      overall: doc.similarity.overall,
      kept: doc.steps.filter((s) => s.accepted).length,
      passed: check.test,
      reason: check.reason,
    });
  });
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

async function main(): Promise<void> {
  const langs = (option('lang')?.split(',') ?? [...LANGUAGE_IDS]) as LanguageId[];
  const sitesPer = Number(option('sites') ?? 2);
  const seeds = Number(option('seeds') ?? 5);
  const part = option('part') ?? 'all';
  const jobs = Number(option('jobs') ?? os.cpus().length);
  const resume = process.argv.includes('--resume');
  const beamPer = Number(option('beam-functions') ?? 6);
  const methodIds = option('method')?.split(',');
  const unknown = methodIds?.filter((id) => !METHODS.some((m) => m.id === id)) ?? [];
  if (unknown.length) throw new Error(`unknown method ${unknown.join(', ')}: \`codemorph methods\` lists them`);
  const methods = methodIds ? METHODS.filter((m) => methodIds.includes(m.id)) : METHODS;
  // a run over some languages or methods only gets its own report, so it never replaces the full one
  const name = (part === 'all' ? 'quality' : `quality-${part}`) + (option('lang') ? `-${langs.join('-')}` : '') + (methodIds ? `-${methodIds.join('-')}` : '');
  const started = Date.now();
  const all = await subjects(langs);
  const m = machine();
  const md: string[] = [`# Quality benchmark`, '', machineLine(m), '', `Corpus: ${all.length} functions (${langs.join(', ')}).`, ''];
  const json: Record<string, unknown> = { machine: m, langs, sitesPerMethod: sitesPer, seeds };
  const extra: Record<string, string> = {};
  const verdicts: string[] = [];
  const checkpointsDone: Checkpoint<unknown>[] = [];

  if (part === 'all' || part === 'methods') {
    const checkpoint = new Checkpoint<Application>(`${name}-methods`, resume);
    const { counts, failures } = await methodQuality(all, methods, sitesPer, jobs, checkpoint);
    checkpointsDone.push(checkpoint);
    const rows: (string | number)[][] = [];
    const cells: Record<string, unknown>[] = [];
    let below = 0;
    for (const method of methods) {
      for (const lang of langs) {
        const c = counts.get(`${method.id}\0${lang}`);
        if (!c) {
          rows.push([method.id, lang, 'n/a', '', '', '', '']);
          continue;
        }
        const share = c.applications ? c.test / c.applications : null;
        if (share !== null && share < 0.9) below++;
        rows.push([method.id, lang, c.sites, c.applications, pct(c.compile, c.applications), pct(c.test, c.applications), c.applications ? (c.dropSum / c.applications).toFixed(3) : '-']);
        cells.push({ method: method.id, lang, ...c, meanDrop: c.applications ? c.dropSum / c.applications : null });
      }
    }
    md.push('## Methods', '', `Up to ${sitesPer} sites per method and function; each application is parsed, compiled and run against the original.`, '');
    md.push(table(['method', 'language', 'sites', 'applied', 'compile', 'compile + test', 'mean drop'], rows), '');
    if (failures.length) {
      md.push('### Failed applications', '', table(['method', 'language', 'file', 'site', 'reason'], failures.map((f) => [f.method, f.lang, f.file, f.site, f.check.reason ?? ''])), '');
    }
    verdicts.push(`${below === 0 ? 'met' : 'NOT met'}: every method passes verification in 90% or more of its applications in each language (${below} cells below)`);
    json.methods = cells;
    json.failures = failures;
  }

  if (part === 'all' || part === 'strategies') {
    const checkpoint = new Checkpoint<StrategyRun>(`${name}-strategies`, resume);
    const beamOn = beamSample(all, beamPer);
    const runs = await strategyQuality(all, seeds, jobs, checkpoint, beamOn);
    checkpointsDone.push(checkpoint);
    const rows: (string | number)[][] = [];
    const byLang: Record<string, Record<string, number>> = {};
    let pesoWins = 0;
    for (const lang of langs) {
      byLang[lang] = {};
      for (const strategy of STRATEGIES) byLang[lang][strategy] = mean(runs.filter((r) => r.lang === lang && r.strategy === strategy).map((r) => r.overall));
      const sampled = new Set([...beamOn].filter((s) => s.lang === lang).map((s) => s.entry.file));
      byLang[lang].pesoOnBeamSample = mean(runs.filter((r) => r.lang === lang && r.strategy === 'peso' && sampled.has(r.file)).map((r) => r.overall));
      const passed = runs.filter((r) => r.lang === lang);
      if (byLang[lang].peso < byLang[lang].random) pesoWins++;
      rows.push([
        lang,
        ...STRATEGIES.map((s) => byLang[lang][s].toFixed(4)),
        byLang[lang].pesoOnBeamSample.toFixed(4),
        pct(passed.filter((r) => r.passed).length, passed.length),
      ]);
    }
    const failed = runs.filter((r) => !r.passed);
    md.push(
      '## Strategies',
      '',
      `Equal budget: 15 iterations (beam: 15 rounds of width ${DEFAULT_BEAM_WIDTH}), seeds 1 to ${seeds}, syntax verification during the search; every final program is compiled and run against the original. ` +
        `peso and random run on every corpus function; beam, whose rounds try every method on every candidate, on ${beamPer} functions per language spread over the corpus, so the next column gives peso on those same functions.`,
      '',
    );
    md.push(table(['language', ...STRATEGIES.map((s) => `${s} mean overall`), 'peso on beam\'s functions', 'final programs passing'], rows), '');
    md.push('![similarity by strategy](quality-similarity.svg)', '');
    if (failed.length) md.push('### Final programs that failed', '', table(['language', 'strategy', 'seed', 'file', 'reason'], failed.map((r) => [r.lang, r.strategy, r.seed, r.file, r.reason ?? ''])), '');
    verdicts.push(`${failed.length === 0 ? 'met' : 'NOT met'}: every final program passes its test (${failed.length} failed of ${runs.length})`);
    verdicts.push(`${pesoWins === langs.length ? 'met' : 'NOT met'}: peso's mean overall similarity is below random's in every language (${pesoWins} of ${langs.length})`);
    extra['quality-similarity.svg'] = groupedBarChart({
      title: 'Mean overall similarity to the original (lower is better)',
      categories: langs,
      series: STRATEGIES.map((s) => ({ name: s, values: langs.map((l) => byLang[l][s]) })),
      max: 1,
      yLabel: 'overall similarity',
    });
    json.strategies = byLang;
    json.runs = runs;
  }

  md.push('## Targets', '', ...verdicts.map((v) => `- ${v}`), '', `Wall time: ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  json.targets = verdicts;
  const written = writeResults(name, md.join('\n'), json, extra);
  for (const checkpoint of checkpointsDone) checkpoint.finish();
  process.stdout.write(`${md.join('\n')}\n\nwrote ${written.join(', ')}\n`);
  fs.rmSync(scratchRoot, { recursive: true, force: true });
  loader.dispose();
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? e.stack : e}\n`);
  process.exitCode = 1;
});
