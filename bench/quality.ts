/**
 * `npm run bench:quality`: how good the local methods and strategies are on the conformance
 * corpus (test/corpus). Part 1 applies every method to every corpus function at a few sites and
 * checks each application by parsing, compiling and running it against the original; part 2
 * runs peso, random and beam at equal budget over the corpus and the examples under each search
 * profile (paper, balanced, natural: src/core/search/profiles.ts), and measures each final program:
 * its growth in tokens and lines, the degenerate shapes it gained (src/core/quality/degenerate.ts),
 * its similarity, and whether it still passes its test. The paper profile has no growth budget
 * and no junk bound: it is the search as it was before them (commit b860e97), measured in the
 * same run, so the report shows the before and the after side by side.
 * Options: --lang L (repeatable by comma), --method ID (part 1 for these methods only, by comma), --sites N (per method and function, default 2),
 * --seeds N (default 5), --beam-functions N (per language, default 6), --profiles P,P (part 2, default all three),
 * --part methods|strategies (each part then writes its own report, quality-methods or
 * quality-strategies), --jobs N, --resume (continue a killed run from the results it kept).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { perturb } from '../src/core/engine';
import { LANGUAGE_IDS, LanguageId } from '../src/core/languages/languageIds';
import { syntaxProblems } from '../src/core/languages/syntaxErrors';
import { Rng } from '../src/core/random';
import { DEFAULT_BEAM_WIDTH, STRATEGIES, Strategy } from '../src/core/search/types';
import { DEFAULT_PROFILE, EDITOR_DEFAULT_PROFILE, isProfileId, PROFILE_LIMITS, PROFILES, ProfileId, searchLimits } from '../src/core/search/profiles';
import type { Growth } from '../src/core/similarity/size';
import { findDegenerate } from '../src/core/quality/degenerate';
import { similarity, unitText as comparable } from '../src/core/similarity/similarity';
import { UnitContext } from '../src/core/syntax/context';
import type { Method } from '../src/core/transforms/method';
import { METHODS } from '../src/core/transforms/registry';
import { afterRewrite, selectUnit, UnitState } from '../src/core/unit';
import { buildAndRun, compileCheck, scratchFileName } from '../src/core/verify/singleFile';
import { CorpusEntry, corpusOf, corpusText } from '../test/support/corpus';
import { EXAMPLES } from '../test/support/examples';
import { loader, REPO } from '../test/support/harness';
import { Checkpoint } from './lib/checkpoint';
import { mapPool } from './lib/pool';
import { machine, machineLine, option, pct, table, writeResults } from './lib/report';
import type { Target } from './lib/stats';
import type { BenchSummary } from './lib/summary';
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
  /** A corpus program, or (part 2) one of examples/ with the function the acceptance test perturbs. */
  entry: CorpusEntry;
  example?: boolean;
  text: string;
  state: UnitState;
  behaviour: Behaviour;
}

async function subjects(langs: readonly LanguageId[], from: 'corpus' | 'examples' = 'corpus'): Promise<Subject[]> {
  const list: Subject[] = [];
  const example = from === 'examples';
  for (const lang of langs) {
    for (const entry of example ? [{ file: EXAMPLES[lang].file, function: EXAMPLES[lang].fn, features: ['example'] }] : corpusOf(lang)) {
      const text = example ? fs.readFileSync(path.join(REPO, entry.file), 'utf8') : corpusText(lang, entry);
      const tree = await loader.parse(lang, text);
      const state = selectUnit(lang, tree, text, { functionName: entry.function });
      tree.delete();
      list.push({ lang, entry, ...(example ? { example } : {}), text, state, behaviour: await originalBehaviour(lang, text) });
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
  profile: ProfileId;
  seed: number;
  file: string;
  surface: number;
  structural: number;
  overall: number;
  growth: Growth;
  /** Degenerate shapes the final program has that the original did not, by shape. */
  degenerate: Record<string, number>;
  kept: number;
  /** Steps the growth budget refused. */
  overBudget: number;
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
    const mine = all.filter((s) => s.lang === lang && !s.example);
    for (const index of spread(mine.length, perLanguage)) sample.add(mine[index]);
  }
  return sample;
}

/** Shapes by count, for a program's text. */
async function shapesOf(lang: LanguageId, text: string): Promise<Map<string, number>> {
  const tree = await loader.parse(lang, text);
  try {
    const counts = new Map<string, number>();
    for (const f of findDegenerate(lang, tree.rootNode, text)) counts.set(f.shape, (counts.get(f.shape) ?? 0) + 1);
    return counts;
  } finally {
    tree.delete();
  }
}

/** The shapes `after` has more of than `before`. */
async function gainedShapes(lang: LanguageId, before: string, after: string): Promise<Record<string, number>> {
  const [a, b] = [await shapesOf(lang, before), await shapesOf(lang, after)];
  const gained: Record<string, number> = {};
  for (const [shape, n] of [...b].sort(([x], [y]) => x.localeCompare(y))) if (n > (a.get(shape) ?? 0)) gained[shape] = n - (a.get(shape) ?? 0);
  return gained;
}

async function strategyQuality(
  all: Subject[],
  profiles: readonly ProfileId[],
  seeds: number,
  jobs: number,
  checkpoint: Checkpoint<StrategyRun>,
  beamOn: Set<Subject>,
): Promise<StrategyRun[]> {
  type Task = { subject: Subject; strategy: Strategy; profile: ProfileId; seed: number };
  const tasks: Task[] = [];
  for (const profile of profiles) {
    for (const subject of all) {
      for (const strategy of STRATEGIES) {
        if (strategy === 'beam' && !beamOn.has(subject)) continue;
        for (let seed = 1; seed <= seeds; seed++) tasks.push({ subject, strategy, profile, seed });
      }
    }
  }
  process.stderr.write(`part 2: ${tasks.length} runs (${checkpoint.size} kept from before)\n`);
  let done = 0;
  return mapPool(tasks, jobs, async ({ subject, strategy, profile, seed }) => {
    const key = `${profile}/${subject.lang}/${subject.entry.file}/${strategy}/${seed}`;
    const kept = checkpoint.get(key);
    if (kept) return kept;
    const doc = await perturb(loader, {
      lang: subject.lang,
      text: subject.text,
      selector: { functionName: subject.entry.function },
      search: { strategy, maxIter: 15, threshold: 0.2, temperature: 2, seed, ...searchLimits(profile) },
      verify: { level: 'syntax', toolchains: {}, timeoutMs: TIMEOUT_MS },
      mu: 0.5,
    });
    const check = await checkProgram(subject.lang, doc.file, subject.behaviour);
    if (++done % 50 === 0) process.stderr.write(`  ${done}/${tasks.length}\n`);
    return checkpoint.record(key, {
      lang: subject.lang,
      strategy,
      profile,
      seed,
      file: subject.entry.file,
      surface: doc.similarity.surface,
      structural: doc.similarity.structural,
      overall: doc.similarity.overall,
      growth: doc.growth,
      degenerate: await gainedShapes(subject.lang, subject.text, doc.file),
      kept: doc.steps.filter((s) => s.accepted).length,
      overBudget: doc.steps.filter((s) => !s.accepted && s.reason?.startsWith('would grow')).length,
      passed: check.test,
      reason: check.reason,
    });
  });
}

/** The q-quantile (0..1) of `xs`, by the nearest rank. */
function quantile(xs: readonly number[], q: number): number {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

const shapeCount = (runs: readonly StrategyRun[]) => runs.reduce((n, r) => n + Object.values(r.degenerate).reduce((a, b) => a + b, 0), 0);
const budgetText = (profile: ProfileId) => {
  const { maxGrowth, maxJunk } = PROFILE_LIMITS[profile];
  return `growth budget ${maxGrowth === null ? 'none' : `${maxGrowth}x`}, junk steps ${maxJunk === null ? 'unbounded' : `at most ${maxJunk}`} per unit`;
};

/** Part 2's report: per profile, language and strategy; the before/after side by side; the targets. */
function strategyReport(runs: StrategyRun[], langs: readonly LanguageId[], profiles: readonly ProfileId[], seeds: number, beamPer: number, beamOn: Set<Subject>, all: Subject[]) {
  const md: string[] = [];
  const verdicts: string[] = [];
  const targets: Target[] = [];
  const cells: Record<string, unknown>[] = [];
  const x = (v: number) => (Number.isFinite(v) ? `${v.toFixed(2)}` : '-');
  const of = (profile: ProfileId, lang?: LanguageId, strategy?: Strategy) =>
    runs.filter((r) => r.profile === profile && (!lang || r.lang === lang) && (!strategy || r.strategy === strategy));
  const examples = all.filter((s) => s.example).length;
  md.push(
    '## Strategies',
    '',
    `Equal budget: 15 iterations (beam: 15 rounds of width ${DEFAULT_BEAM_WIDTH}), seeds 1 to ${seeds}, syntax verification during the search; every final program is compiled and run against the original. ` +
      `peso and random run on every corpus function${examples ? ` and on the ${examples} examples (the function the acceptance test perturbs)` : ''}; beam, whose rounds try every method on every candidate, on ${beamPer} corpus functions per language spread over the corpus. ` +
      'Growth is the final unit\'s length over the original\'s (helpers the steps added included), in tokens (what the budget bounds) and in lines; "shapes" counts the degenerate shapes the final program has that the original had not. ' +
      'The paper profile has neither a growth budget nor a junk bound: it is the search as it was before them (main at b860e97), run here with the same methods.',
    '',
  );

  // before and after, side by side (peso, the default strategy)
  const before: ProfileId = 'paper';
  const after = profiles.filter((p) => p !== before);
  if (profiles.includes(before) && after.length) {
    const header = ['language'];
    for (const p of [before, ...after]) header.push(`${p}: overall`, `${p}: surface`, `${p}: growth median (max)`);
    const rows = langs.map((lang) => {
      const row: (string | number)[] = [lang];
      for (const p of [before, ...after]) {
        const r = of(p, lang, 'peso');
        const g = r.map((x) => x.growth.tokens);
        row.push(mean(r.map((x) => x.overall)).toFixed(4), mean(r.map((x) => x.surface)).toFixed(4), `${x(quantile(g, 0.5))} (${x(Math.max(...g))})`);
      }
      return row;
    });
    md.push('### Before and after: peso', '', `Before: the paper profile (${budgetText(before)}). After: ${after.map((p) => `${p} (${budgetText(p)})`).join('; ')}. Growth in tokens.`, '', table(header, rows), '');
  }

  // the growth the searches had before the budget: what the default was chosen from
  if (profiles.includes(before)) {
    const rows = STRATEGIES.map((strategy) => {
      const g = of(before, undefined, strategy).map((r) => r.growth.tokens);
      const l = of(before, undefined, strategy).map((r) => r.growth.lines);
      return [strategy, g.length, x(quantile(g, 0.25)), x(quantile(g, 0.5)), x(quantile(g, 0.75)), x(quantile(g, 0.9)), x(quantile(g, 0.95)), x(Math.max(...g)), pct(g.filter((v) => v > 1.5).length, g.length), pct(g.filter((v) => v > 1.3).length, g.length), x(quantile(l, 0.5)), x(quantile(l, 0.9)), x(Math.max(...l))];
    });
    md.push(
      '### Growth without a budget (the paper profile)',
      '',
      'Final units over all languages, in tokens unless said: the distribution the default budget was chosen from.',
      '',
      table(['strategy', 'runs', 'p25', 'median', 'p75', 'p90', 'p95', 'max', 'above 1.5x', 'above 1.3x', 'lines median', 'lines p90', 'lines max'], rows),
      '',
    );
  }

  for (const profile of profiles) {
    const rows: (string | number)[][] = [];
    for (const lang of langs) {
      for (const strategy of STRATEGIES) {
        const r = of(profile, lang, strategy);
        if (r.length === 0) continue;
        const g = r.map((v) => v.growth.tokens);
        const l = r.map((v) => v.growth.lines);
        const cell = {
          profile,
          lang,
          strategy,
          runs: r.length,
          growthTokens: { median: quantile(g, 0.5), p90: quantile(g, 0.9), max: Math.max(...g) },
          growthLines: { median: quantile(l, 0.5), p90: quantile(l, 0.9), max: Math.max(...l) },
          shapes: shapeCount(r),
          surface: mean(r.map((v) => v.surface)),
          structural: mean(r.map((v) => v.structural)),
          overall: mean(r.map((v) => v.overall)),
          passed: r.filter((v) => v.passed).length,
          overBudget: r.reduce((n, v) => n + v.overBudget, 0),
        };
        cells.push(cell);
        rows.push([
          lang,
          strategy,
          `${x(cell.growthTokens.median)} / ${x(cell.growthTokens.p90)} / ${x(cell.growthTokens.max)}`,
          `${x(cell.growthLines.median)} / ${x(cell.growthLines.p90)} / ${x(cell.growthLines.max)}`,
          cell.shapes,
          cell.surface.toFixed(4),
          cell.structural.toFixed(4),
          cell.overall.toFixed(4),
          pct(cell.passed, r.length),
          cell.overBudget,
        ]);
      }
    }
    const defaults = [profile === DEFAULT_PROFILE ? 'the command line\'s default' : '', profile === EDITOR_DEFAULT_PROFILE ? 'the editor\'s default' : ''].filter(Boolean).join(', ');
    md.push(
      `### Profile ${profile}${defaults ? ` (${defaults})` : ''}`,
      '',
      `${budgetText(profile)}.`,
      '',
      table(['language', 'strategy', 'growth tokens median / p90 / max', 'growth lines median / p90 / max', 'shapes', 'surface', 'structural', 'overall', 'final programs passing', 'steps over budget'], rows),
      '',
    );

    // targets: the growth ones where there is a budget; the others everywhere
    const mine = of(profile);
    const budget = PROFILE_LIMITS[profile].maxGrowth;
    const tag = `${profile}`;
    const g = mine.map((r) => r.growth.tokens);
    if (budget !== null) {
      const median = quantile(g, 0.5);
      const max = Math.max(...g);
      targets.push({ name: `${tag}: median growth in tokens`, value: median, limit: 1.3, met: median <= 1.3, detail: `${g.length} final units, every strategy and language` });
      targets.push({ name: `${tag}: max growth / budget`, value: max / budget, limit: 1, met: max <= budget, detail: `max ${max.toFixed(4)}x against ${budget}x` });
      verdicts.push(`${median <= 1.3 ? 'met' : 'NOT met'} (${tag}): median growth at most 1.3x (${median.toFixed(2)}x)`);
      verdicts.push(`${max <= budget ? 'met' : 'NOT met'} (${tag}): max growth within the budget (${max.toFixed(2)}x, budget ${budget}x)`);
    }
    const shapes = shapeCount(mine);
    const failed = mine.filter((r) => !r.passed);
    targets.push({ name: `${tag}: degenerate shapes gained`, value: shapes, limit: 0, met: shapes === 0, detail: `${mine.length} final programs` });
    targets.push({ name: `${tag}: final programs failing their test`, value: failed.length, limit: 0, met: failed.length === 0, detail: `${failed.length} of ${mine.length}` });
    let wins = 0;
    let worst = 0;
    for (const lang of langs) {
      const p = mean(of(profile, lang, 'peso').map((r) => r.overall));
      const q = mean(of(profile, lang, 'random').map((r) => r.overall));
      if (p < q) wins++;
      worst = Math.max(worst, p / q);
    }
    targets.push({ name: `${tag}: peso's mean overall / random's, worst language`, value: worst, limit: 1, met: wins === langs.length, detail: `peso below random in ${wins} of ${langs.length} languages` });
    verdicts.push(`${shapes === 0 ? 'met' : 'NOT met'} (${tag}): 0 degenerate shapes (${shapes})`);
    verdicts.push(`${failed.length === 0 ? 'met' : 'NOT met'} (${tag}): every final program passes its test (${failed.length} failed of ${mine.length})`);
    verdicts.push(`${wins === langs.length ? 'met' : 'NOT met'} (${tag}): peso's mean overall similarity is below random's in every language (${wins} of ${langs.length})`);
    if (failed.length) md.push(`#### Final programs that failed (${profile})`, '', table(['language', 'strategy', 'seed', 'file', 'reason'], failed.map((r) => [r.lang, r.strategy, r.seed, r.file, r.reason ?? ''])), '');
  }
  const sampled = [...beamOn].map((s) => `${s.lang}/${s.entry.file}`);
  return { md, verdicts, targets, cells, sampled };
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
  const summary: BenchSummary = { figures: [], targets: [] };

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
    const profiles = (option('profiles')?.split(',') ?? [...PROFILES]) as ProfileId[];
    const unknownProfile = profiles.filter((p) => !isProfileId(p));
    if (unknownProfile.length) throw new Error(`unknown profile ${unknownProfile.join(', ')}: use ${PROFILES.join(', ')}`);
    const checkpoint = new Checkpoint<StrategyRun>(`${name}-strategies`, resume);
    const subjectsWithExamples = [...all, ...(await subjects(langs, 'examples'))];
    const beamOn = beamSample(subjectsWithExamples, beamPer);
    const runs = await strategyQuality(subjectsWithExamples, profiles, seeds, jobs, checkpoint, beamOn);
    checkpointsDone.push(checkpoint);
    const report = strategyReport(runs, langs, profiles, seeds, beamPer, beamOn, subjectsWithExamples);
    md.push(...report.md);
    const chartProfile = profiles.includes(DEFAULT_PROFILE) ? DEFAULT_PROFILE : profiles[0];
    const byLang = (profile: ProfileId, strategy: Strategy, lang: LanguageId) => mean(runs.filter((r) => r.profile === profile && r.lang === lang && r.strategy === strategy).map((r) => r.overall));
    md.push(`![similarity by strategy](quality-similarity.svg) ![growth by profile](quality-growth.svg)`, '');
    extra['quality-similarity.svg'] = groupedBarChart({
      title: `Mean overall similarity to the original, profile ${chartProfile} (lower is better)`,
      categories: langs,
      series: STRATEGIES.map((s) => ({ name: s, values: langs.map((l) => byLang(chartProfile, s, l)) })),
      max: 1,
      yLabel: 'overall similarity',
    });
    extra['quality-growth.svg'] = groupedBarChart({
      title: 'Median growth of peso\'s final unit, in tokens, by profile',
      categories: langs,
      series: profiles.map((p) => ({
        name: p,
        values: langs.map((l) => quantile(runs.filter((r) => r.profile === p && r.lang === l && r.strategy === 'peso').map((r) => r.growth.tokens), 0.5)),
      })),
      yLabel: 'growth (x original tokens)',
    });
    verdicts.push(...report.verdicts);
    summary.targets.push(...report.targets);
    json.profiles = Object.fromEntries(profiles.map((p) => [p, PROFILE_LIMITS[p]]));
    json.strategies = report.cells;
    json.beamFunctions = report.sampled;
    json.runs = runs;
  }

  md.push('## Targets', '', ...verdicts.map((v) => `- ${v}`), '', `Wall time: ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  json.targets = verdicts;
  json.summary = summary;
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
