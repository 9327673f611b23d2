/**
 * `npm run bench:evaluate`: how fast `codemorph evaluate` goes against the loopback
 * OpenAI-compatible server of the tests (answers come back at once, so what is measured is
 * CodeMorph: prompts, the cache, the results file, and running every answer), and how much of its
 * wall time is the answers' own execution: wall time over the summed build-and-run time of the
 * answers divided by the 2 workers (target at most 1.3 on 2 cores).
 * Items are the Python items of test/fixtures/evaluate/paired.jsonl under new ids, generation
 * task, a robust model (both sides right). Options: --items N (40), --runs N (3), --quick (10 items, 1 run).
 */
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { FakeOpenAI, SeenRequest } from '../test/support/fakeOpenAI';
import { fixture, REPO } from '../test/support/harness';
import { machine, machineLine, option, table, writeResults } from './lib/report';
import { figure, fmtFigure, target } from './lib/stats';
import { named } from './lib/summary';

const TARGET_RATIO = 1.3;
const WORKERS = 2;

interface Row {
  code: string;
  perturbed_code: string;
  entry_point: string;
}

function signature(code: string, name: string): string {
  return code.split('\n').find((l) => new RegExp(`\\b${name}\\s*\\(`).test(l))!.trim();
}

function runCli(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(REPO, 'dist', 'cli.js'), ...args], { cwd: REPO, env: { ...process.env, CODEMORPH_API_KEY: 'bench-key-0000' } });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.stdout.resume();
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

async function main(): Promise<void> {
  const quick = process.argv.includes('--quick');
  const count = Number(option('items') ?? (quick ? 10 : 40));
  const runs = Number(option('runs') ?? (quick ? 1 : 3));
  const rows = fs
    .readFileSync(fixture('evaluate/paired.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Row & { task_id: string; language: string })
    .filter((r) => r.language === 'python');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-bench-evaluate-'));
  const input = path.join(dir, 'items.jsonl');
  fs.writeFileSync(input, Array.from({ length: count }, (_, i) => `${JSON.stringify({ ...rows[i % rows.length], task_id: `bench/${i}` })}\n`).join(''));
  const server = new FakeOpenAI();
  server.respond((req: SeenRequest) => {
    const text = req.body.messages.find((m) => m.role === 'user')?.content ?? '';
    const perturbed = rows.find((r) => text.includes(signature(r.perturbed_code, r.entry_point)));
    const row = perturbed ?? rows.find((r) => text.includes(signature(r.code, 'f')))!;
    return { content: `\`\`\`python\n${(perturbed ? row.perturbed_code : row.code).trimEnd()}\n\`\`\`` };
  });
  const url = await server.start();
  const rates: number[] = [];
  const ratios: number[] = [];
  // two workers on two cores: other work on the machine stretches both times, not alike
  const loadBefore = os.loadavg()[0];
  try {
    for (let run = 0; run < runs; run++) {
      const out = path.join(dir, `report-${run}.json`);
      const started = process.hrtime.bigint();
      const result = await runCli(['evaluate', input, '--out', out, '--base-url', url, '--model', 'bench', '--concurrency', String(WORKERS), '--quiet']);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (result.code !== 0) throw new Error(`evaluate failed (${result.code}): ${result.stderr}`);
      const results = fs.readFileSync(path.join(dir, `report-${run}.results.jsonl`), 'utf8').trim().split('\n').slice(1).map((l) => JSON.parse(l) as { process_ms: number });
      const ownMs = results.reduce((a, r) => a + r.process_ms, 0);
      rates.push(count / seconds);
      ratios.push((seconds * 1000) / (ownMs / WORKERS));
      process.stderr.write(`run ${run + 1}: ${count} items in ${seconds.toFixed(1)} s, answers' own time ${(ownMs / 1000).toFixed(1)} s\n`);
    }
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const loadAfter = os.loadavg()[0];
  const rate = figure(rates);
  const ratio = figure(ratios);
  const m = machine();
  const met = target('wall time over the answers\' own time / 2 workers', ratio.median, TARGET_RATIO, `${WORKERS} workers`);
  const md = [
    '# Evaluate throughput',
    '',
    machineLine(m),
    '',
    `\`codemorph evaluate\` on ${count} Python items (generation, both sides, every answer built and run), --concurrency ${WORKERS}, ` +
      `against the loopback server answering at once; ${runs} run(s), process start included. ` +
      `Load average (1 min) ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after, on ${os.cpus().length} cores.`,
    '',
    table(['figure', 'median (min–max)'], [
      ['items/s', fmtFigure(rate, 'items/s', 2)],
      ['wall / (answers\' own time / workers)', fmtFigure(ratio, 'x', 2)],
    ]),
    '',
    `Target: at most ${TARGET_RATIO}: ${met.met ? 'met' : 'NOT met'} (${ratio.median.toFixed(2)}).`,
  ].join('\n');
  process.stdout.write(`${md}\n`);
  const written = writeResults('evaluate', md, {
    machine: m,
    options: { items: count, runs, workers: WORKERS },
    load: { before: loadBefore, after: loadAfter },
    rates,
    ratios,
    summary: { figures: [named('evaluate items/s', 'items/s', rate), named('evaluate wall / answers\' own time', 'x', ratio)], targets: [met] },
  });
  process.stderr.write(`wrote ${written.join(', ')}\n`);
}

main().catch((e) => {
  process.stderr.write(`${(e as Error).message}\n`);
  process.exit(1);
});
