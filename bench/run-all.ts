/**
 * `npm run bench`: every benchmark, then bench/results/summary.md and summary.json.
 *
 * The benchmarks are the `bench:*` scripts of package.json, found there, so one another issue adds
 * runs here without an edit. `npm run bench` builds once; a script of the usual shape (`... node
 * out/bench/<name>.js`) then runs that file directly instead of building again. A benchmark that
 * is expected but has no script yet is listed as not present; one that fails is listed as failed
 * with its exit status, and the others still run. The summary collects each benchmark's figures
 * (median, min, max) and targets (met / NOT met) from the `summary` field of its results JSON,
 * and links its report.
 *
 * Options: --quick (reduced sizes: every benchmark gets --quick, and the ones that have their own
 * size options get small values), --only engine,startup, --skip quality, --summary-only (run
 * nothing: rebuild the summary from the results each benchmark wrote last, after benchmarks were
 * run one by one).
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { REPO } from '../test/support/harness';
import { machine, machineLine, option, RESULTS_DIR, table, writeResults } from './lib/report';
import type { Target } from './lib/stats';
import type { BenchSummary, SummaryFigure } from './lib/summary';

/** Benchmarks that should exist (their issues add them); any other `bench:*` script runs too, after these. */
const EXPECTED = ['engine', 'startup', 'leak', 'quality', 'llm', 'verify', 'dataset', 'renames', 'warm'];

/** Reduced sizes for --quick, for benchmarks whose options we know; every one also gets --quick. */
const QUICK_ARGS: Record<string, string[]> = {
  quality: ['--lang', 'python,go', '--sites', '1', '--seeds', '1'],
  llm: ['--iterations', '5'],
  verify: ['--lang', 'python,go', '--iterations', '5'],
  warm: ['--lang', 'python,go', '--iterations', '5'],
  dataset: ['--langs', 'python', '--records', '40', '--workers', '1', '--verify', 'syntax'],
};

interface Outcome {
  name: string;
  script: string | null;
  status: 'ok' | 'failed' | 'not present' | 'skipped' | 'earlier run';
  exitCode: number | null;
  seconds: number;
  report: string | null;
  summary: BenchSummary | null;
}

function scripts(): Record<string, string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  const found: Record<string, string> = {};
  for (const [key, value] of Object.entries(manifest.scripts ?? {})) if (key.startsWith('bench:')) found[key.slice('bench:'.length)] = value;
  return found;
}

/** The command to run: the built benchmark file when the script is `... node out/bench/<x>.js`, else the script itself. */
function command(name: string, script: string, args: string[]): { cmd: string; argv: string[] } {
  const direct = /(?:^|&&\s*)node (out\/bench\/[\w.-]+\.js)([^&]*)$/.exec(script);
  if (direct && fs.existsSync(path.join(REPO, direct[1]))) {
    const fixed = direct[2].trim().split(/\s+/).filter(Boolean);
    return { cmd: process.execPath, argv: [direct[1], ...fixed, ...args] };
  }
  return { cmd: 'npm', argv: ['run', '--silent', `bench:${name}`, '--', ...args] };
}

function readSummary(name: string, since: number): { report: string | null; summary: BenchSummary | null } {
  const json = path.join(RESULTS_DIR, `${name}.json`);
  const md = path.join(RESULTS_DIR, `${name}.md`);
  const report = fs.existsSync(md) && fs.statSync(md).mtimeMs >= since ? `${name}.md` : null;
  if (!fs.existsSync(json) || fs.statSync(json).mtimeMs < since) return { report, summary: null };
  try {
    const parsed = JSON.parse(fs.readFileSync(json, 'utf8')) as { summary?: BenchSummary };
    return { report, summary: parsed.summary ?? null };
  } catch {
    return { report, summary: null };
  }
}

function ms(f: SummaryFigure): string {
  const digits = f.median < 10 ? 2 : f.median < 100 ? 1 : 0;
  return `${f.median.toFixed(digits)} ${f.unit} (${f.min.toFixed(digits)}–${f.max.toFixed(digits)}, ${f.runs} runs)`;
}

function main(): void {
  const quick = process.argv.includes('--quick');
  const only = option('only')?.split(',');
  const skip = new Set(option('skip')?.split(',') ?? []);
  const summaryOnly = process.argv.includes('--summary-only');
  const found = scripts();
  const names = [...EXPECTED, ...Object.keys(found).filter((n) => !EXPECTED.includes(n)).sort()];
  const outcomes: Outcome[] = [];
  const m = machine();
  for (const name of names) {
    const script = found[name] ?? null;
    const base = { name, script, exitCode: null, seconds: 0, report: null, summary: null };
    if (!script) {
      outcomes.push({ ...base, status: 'not present' });
      console.log(`\n== bench:${name}: no such script in package.json, skipped`);
      continue;
    }
    if (summaryOnly) {
      const { report, summary } = readSummary(name, 0);
      outcomes.push({ ...base, status: summary || report ? 'earlier run' : 'skipped', report, summary });
      continue;
    }
    if ((only && !only.includes(name)) || skip.has(name)) {
      outcomes.push({ ...base, status: 'skipped' });
      continue;
    }
    const args = quick ? ['--quick', ...(QUICK_ARGS[name] ?? [])] : [];
    const { cmd, argv } = command(name, script, args);
    console.log(`\n== bench:${name}: ${path.basename(cmd)} ${argv.join(' ')}`);
    const started = Date.now();
    const result = spawnSync(cmd, argv, { cwd: REPO, stdio: 'inherit' });
    const seconds = (Date.now() - started) / 1000;
    const { report, summary } = readSummary(name, started);
    const ok = result.status === 0;
    outcomes.push({ ...base, status: ok ? 'ok' : 'failed', exitCode: result.status, seconds, report, summary });
  }

  const targets: (Target & { bench: string })[] = outcomes.flatMap((o) => (o.summary?.targets ?? []).map((t) => ({ bench: o.name, ...t })));
  const md: string[] = [
    '# Benchmark summary',
    '',
    machineLine(m),
    '',
    summaryOnly
      ? 'Rebuilt with `npm run bench -- --summary-only` from the results each benchmark wrote last (their reports give their dates and sizes). Figures are the median of repeated runs with min and max.'
      : `\`npm run bench${quick ? ' -- --quick' : ''}\`: every \`bench:*\` script of package.json. Figures are the median of repeated runs with min and max.`,
    '',
    table(
      ['benchmark', 'status', 'time', 'report'],
      outcomes.map((o) => [o.name, o.status === 'failed' ? `failed (exit ${o.exitCode})` : o.status, o.status === 'ok' || o.status === 'failed' ? `${o.seconds.toFixed(0)} s` : '-', o.report ? `[${o.report}](${o.report})` : '-']),
    ),
    '',
    '## Targets',
    '',
    targets.length
      ? table(['benchmark', 'target', 'value', 'limit', 'met', 'absolute'], targets.map((t) => [t.bench, t.name, t.value.toFixed(2), `≤ ${t.limit}`, t.met ? 'met' : '**NOT met**', t.detail]))
      : 'No benchmark reported targets.',
  ];
  for (const o of outcomes) {
    if (!o.summary?.figures.length) continue;
    md.push('', `## ${o.name}`, '', table(['figure', 'median (min–max)'], o.summary.figures.map((f) => [f.name, ms(f)])));
  }
  const json = {
    machine: m,
    quick,
    benchmarks: outcomes.map((o) => ({ name: o.name, status: o.status, exitCode: o.exitCode, seconds: o.seconds, report: o.report, figures: o.summary?.figures ?? [], targets: o.summary?.targets ?? [] })),
    targets,
  };
  const written = writeResults('summary', md.join('\n'), json);
  const missed = targets.filter((t) => !t.met);
  console.log(`\n${md.join('\n')}\n\nwrote ${written.join(', ')}`);
  if (missed.length) console.log(`${missed.length} target(s) NOT met`);
  process.exitCode = outcomes.some((o) => o.status === 'failed') ? 1 : 0;
}

main();
