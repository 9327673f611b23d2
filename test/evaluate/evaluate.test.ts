import * as assert from 'assert';
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { cliAsync } from '../support/cli';
import { FakeOpenAI, Reply, SeenRequest } from '../support/fakeOpenAI';
import { fixture, REPO } from '../support/harness';

/**
 * `codemorph evaluate` end to end: the real CLI, a real loopback OpenAI-compatible server playing
 * a model, and every answer really built and run. The benchmark is real `codemorph dataset`
 * output (test/fixtures/evaluate/paired.jsonl: the CRUXEval-style rows of
 * test/fixtures/cruxeval, five in Python and one in each other language, perturbed with
 * `codemorph dataset --seed 1`), so each item's function is renamed and the perturbed test calls
 * the new name.
 */

interface Row {
  task_id: string;
  language: string;
  code: string;
  perturbed_code: string;
  entry_point: string;
}

const ROWS: Row[] = fs
  .readFileSync(fixture('evaluate/paired.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l));

/** Each item's call result, as its test asserts it (written out here, not parsed by the code under test). */
const OUTPUTS: Record<string, string> = {
  'crux/0': "'hEllO'",
  'crux/1': '3',
  'crux/2': '[2, 4]',
  'crux/3': "'ab**'",
  'crux/4': '6',
};

const KEY = 'sk-evaluate-test-key-123';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-evaluate-'));

function userText(req: SeenRequest): string {
  return req.body.messages.find((m) => m.role === 'user')?.content ?? '';
}

/** The line of `code` that declares `name` (its signature), which a generation prompt shows. */
function signature(code: string, name: string): string {
  return code.split('\n').find((l) => new RegExp(`\\b${name}\\s*\\(`).test(l))!.trim();
}

/** The item and side a prompt is about: the side whose signature (generation) or whole code (prediction) it shows. */
function whichSide(req: SeenRequest): { row: Row; perturbed: boolean } {
  const text = userText(req);
  for (const row of ROWS) {
    if (text.includes(row.perturbed_code.trimEnd())) return { row, perturbed: true };
    if (text.includes(row.code.trimEnd())) return { row, perturbed: false };
  }
  for (const row of ROWS) {
    if (text.includes(signature(row.perturbed_code, row.entry_point))) return { row, perturbed: true };
  }
  for (const row of ROWS) {
    if (text.includes(signature(row.code, originalName(row)))) return { row, perturbed: false };
  }
  throw new Error(`the fake model does not know this prompt:\n${text}`);
}

function originalName(row: Row): string {
  return row.language === 'python' ? 'f' : row.language === 'c' || row.language === 'cpp' || row.language === 'rust' ? 'count_above' : 'countAbove';
}

function fenced(lang: string, body: string): string {
  return `Here you go:\n\`\`\`${lang}\n${body}\n\`\`\`\n`;
}

/**
 * (a) A contaminated model: it has memorised the original benchmark, so it writes the original
 * function whatever it is shown (right for the original, wrong once the function was renamed),
 * and knows the output of code it has seen, but guesses wrong on code it has not.
 */
function contaminated(req: SeenRequest): Reply {
  const { row, perturbed } = whichSide(req);
  if (userText(req).includes('Complete the following')) return { content: fenced(row.language, row.code.trimEnd()) };
  return { content: fenced(row.language, perturbed ? (row.language === 'python' ? 'None' : '-1') : (OUTPUTS[row.task_id] ?? '3')) };
}

/** (b) A robust model: it reads what it is shown and answers both sides right. */
function robust(req: SeenRequest): Reply {
  const { row, perturbed } = whichSide(req);
  if (userText(req).includes('Complete the following')) return { content: fenced(row.language, (perturbed ? row.perturbed_code : row.code).trimEnd()) };
  return { content: fenced(row.language, OUTPUTS[row.task_id] ?? '3') };
}

function evaluate(server: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return cliAsync(['evaluate', '--concurrency', '2', ...args, '--base-url', server, '--model', 'memorizer-7b'], { env: { CODEMORPH_API_KEY: KEY } });
}

function subset(name: string, ids: readonly string[]): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, ROWS.filter((r) => ids.includes(r.task_id)).map((r) => `${JSON.stringify(r)}\n`).join(''));
  return file;
}

describe('codemorph evaluate', function () {
  this.timeout(600_000);
  const server = new FakeOpenAI();
  let url = '';
  const all = fixture('evaluate/paired.jsonl');
  let contaminatedReport: Record<string, any>;

  before(async () => {
    url = await server.start();
  });
  after(async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('(a) a contaminated model: every original passes, every renamed item fails, and the drop is significant', async () => {
    server.reset();
    server.respond(contaminated);
    const out = path.join(dir, 'contaminated.json');
    const md = path.join(dir, 'contaminated.md');
    const result = await evaluate(url, [all, '--out', out, '--markdown', md, '--cache', path.join(dir, 'cache'), '--price', 'memorizer-7b=1/2']);
    assert.strictEqual(result.code, 0, result.stderr);
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    contaminatedReport = report;
    assert.strictEqual(report.items, ROWS.length);
    assert.strictEqual(server.requests.length, ROWS.length * 2);
    assert.strictEqual(report.original.pass_at_1, 1, JSON.stringify(report.per_item.filter((i: any) => i.original.passed === 0)));
    assert.strictEqual(report.perturbed.pass_at_1, 0);
    assert.strictEqual(report.drop.absolute, 1);
    assert.ok(report.p_value < 0.05 && report.significant, `p = ${report.p_value}`);
    assert.deepStrictEqual(Object.keys(report.by_language).sort(), ['c', 'cpp', 'go', 'java', 'javascript', 'python', 'rust', 'typescript']);
    for (const [lang, g] of Object.entries<any>(report.by_language)) assert.strictEqual(g.drop.absolute, 1, lang);
    assert.ok(report.by_method['function-rename'].items === ROWS.length);
    // the perturbed answers really ran and failed for the reason memorisation gives: the test calls a function the answer lacks
    const python = report.per_item.find((i: any) => i.id === 'crux/0');
    assert.match(python.perturbed.reason, /NameError: name 'compute_handler' is not defined/);
    const cpp = report.per_item.find((i: any) => i.id === 'cpp/0');
    assert.match(cpp.perturbed.reason, /does not build: .*compute_enumerate_above/);
    assert.strictEqual(report.original.usage.prompt_tokens, 100 * ROWS.length);
    assert.strictEqual(report.original.usage.cost, (100 * ROWS.length * 1 + 20 * ROWS.length * 2) / 1e6);
    const summary = fs.readFileSync(md, 'utf8');
    assert.match(summary, /\| pass@1 \| 100\.0% \| 0\.0% \| 100\.0%/);
    assert.match(summary, /a significant drop/);
    assert.ok(!result.stdout.includes(KEY) && !result.stderr.includes(KEY));
  });

  it('(b) a robust model: both sides pass, no drop, no significance', async () => {
    server.reset();
    server.respond(robust);
    const out = path.join(dir, 'robust.json');
    const result = await evaluate(url, [all, '--out', out, '--json', '--charts', path.join(dir, 'charts')]);
    assert.strictEqual(result.code, 0, result.stderr);
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    assert.strictEqual(JSON.stringify(report), JSON.stringify(JSON.parse(result.stdout)));
    assert.strictEqual(report.original.pass_at_1, 1, JSON.stringify(report.per_item));
    assert.strictEqual(report.perturbed.pass_at_1, 1, JSON.stringify(report.per_item));
    assert.strictEqual(report.drop.absolute, 0);
    assert.strictEqual(report.p_value, 1);
    assert.strictEqual(report.significant, false);
    const chart = fs.readFileSync(path.join(dir, 'charts', 'pass-by-language.svg'), 'utf8');
    assert.match(chart, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    assert.strictEqual((chart.match(/<rect x="\d+" y="[\d.]+" width="22"/g) ?? []).length, 16);
    assert.match(fs.readFileSync(path.join(dir, 'charts', 'drop-vs-similarity.svg'), 'utf8'), /<circle /);
  });

  it('the cache makes a second run send no request and report the same', async () => {
    server.reset();
    server.respond(contaminated);
    const out = path.join(dir, 'again.json');
    const result = await evaluate(url, [all, '--out', out, '--cache', path.join(dir, 'cache'), '--price', 'memorizer-7b=1/2']);
    assert.strictEqual(result.code, 0, result.stderr);
    assert.strictEqual(server.requests.length, 0);
    assert.match(result.stderr, /0 requests sent, 24 answers from the cache/);
    assert.deepStrictEqual(JSON.parse(fs.readFileSync(out, 'utf8')), contaminatedReport);
  });

  it('output prediction: the contaminated model drops on code it has not seen, the robust one does not', async () => {
    const file = subset('predict.jsonl', ['crux/0', 'crux/1', 'crux/2', 'crux/3', 'crux/4', 'javascript/0', 'cpp/0', 'go/0']);
    server.reset();
    server.respond(contaminated);
    const a = await evaluate(url, [file, '--task', 'output-prediction', '--json', '--quiet']);
    assert.strictEqual(a.code, 0, a.stderr);
    const ra = JSON.parse(a.stdout);
    assert.strictEqual(ra.items, 8);
    assert.strictEqual(ra.original.pass_at_1, 1, JSON.stringify(ra.per_item));
    assert.strictEqual(ra.perturbed.pass_at_1, 0);
    assert.ok(ra.significant);
    server.reset();
    server.respond(robust);
    const b = await evaluate(url, [file, '--task', 'output-prediction', '--json', '--quiet']);
    const rb = JSON.parse(b.stdout);
    assert.strictEqual(rb.original.pass_at_1, 1, JSON.stringify(rb.per_item));
    assert.strictEqual(rb.perturbed.pass_at_1, 1, JSON.stringify(rb.per_item));
    assert.strictEqual(rb.significant, false);
  });

  it('a run killed with SIGKILL and resumed gives the report of a run never stopped', async () => {
    const file = subset('resume.jsonl', ['crux/0', 'crux/1', 'crux/2', 'crux/3', 'crux/4', 'javascript/0']);
    server.reset();
    server.respond(contaminated);
    const whole = path.join(dir, 'whole.json');
    const straight = await evaluate(url, [file, '--out', whole, '--n', '2', '--k', '1,2', '--temperature', '0.8']);
    assert.strictEqual(straight.code, 0, straight.stderr);

    server.reset();
    server.respond((req) => ({ ...contaminated(req), delayMs: 150 }));
    const killed = path.join(dir, 'killed.json');
    const args = ['evaluate', file, '--out', killed, '--n', '2', '--k', '1,2', '--temperature', '0.8', '--base-url', url, '--model', 'memorizer-7b', '--concurrency', '1'];
    const child = spawn(process.execPath, [path.join(REPO, 'dist', 'cli.js'), ...args], { cwd: REPO, env: { ...process.env, CODEMORPH_API_KEY: KEY }, stdio: 'ignore' });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    await server.seen(8);
    child.kill('SIGKILL');
    await exited;
    const partial = fs.readFileSync(path.join(dir, 'killed.results.jsonl'), 'utf8').trim().split('\n');
    assert.ok(partial.length > 1 && partial.length < 1 + 24, `${partial.length - 1} answers kept before the kill`);
    assert.ok(!fs.existsSync(killed), 'no report from a killed run');

    server.reset();
    server.respond(contaminated);
    const resumed = await evaluate(url, [file, '--out', killed, '--n', '2', '--k', '1,2', '--temperature', '0.8', '--resume']);
    assert.strictEqual(resumed.code, 0, resumed.stderr);
    assert.ok(server.requests.length < 24, `${server.requests.length} requests on resume`);
    assert.strictEqual(fs.readFileSync(killed, 'utf8'), fs.readFileSync(whole, 'utf8'));
    const report = JSON.parse(fs.readFileSync(killed, 'utf8'));
    assert.strictEqual(report.n, 2);
    assert.strictEqual(report.original.pass_at_k['2'], 1);
  });

  it('completion tasks from entries: scored by the masked lines, the memorised lines fail on the perturbed side', async () => {
    const work = path.join(dir, 'completion');
    fs.mkdirSync(work);
    fs.writeFileSync(
      path.join(work, 'stats.py'),
      'def summarize(values, limit):\n    total = 0\n    count = 0\n    for value in values:\n        if value > limit:\n            total += value\n            count += 1\n    average = total / count if count else 0\n    return average\n',
    );
    const cliPath = path.join(REPO, 'dist', 'cli.js');
    const run = (args: string[]) => new Promise<number | null>((resolve) => spawn(process.execPath, [cliPath, ...args], { cwd: work, stdio: 'ignore' }).on('exit', resolve));
    assert.strictEqual(await run(['perturb', 'stats.py', '--function', 'summarize', '--verify', 'syntax', '--seed', '3', '--save', '--entries', 'entries.jsonl', '--quiet']), 0);
    assert.strictEqual(await run(['completion', 'entries.jsonl', '--out', 'tasks.jsonl']), 0);
    const tasks = fs.readFileSync(path.join(work, 'tasks.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
    assert.ok(tasks.length >= 2);
    const masked = (req: SeenRequest) => {
      const text = userText(req);
      for (const t of tasks) {
        if (text.includes(`${t.completion.perturbed.prefix}<MISSING>\n${t.completion.perturbed.suffix}`)) return { task: t, perturbed: true };
        if (text.includes(`${t.completion.original.prefix}<MISSING>\n${t.completion.original.suffix}`)) return { task: t, perturbed: false };
      }
      throw new Error(`unknown completion prompt:\n${text}`);
    };
    server.reset();
    server.respond((req) => ({ content: fenced('python', masked(req).task.completion.original.target.trimEnd()) }));
    const a = await evaluate(url, [path.join(work, 'tasks.jsonl'), '--task', 'completion', '--json', '--quiet']);
    assert.strictEqual(a.code, 0, a.stderr);
    const ra = JSON.parse(a.stdout);
    assert.strictEqual(ra.items, tasks.length);
    assert.strictEqual(ra.original.pass_at_1, 1, JSON.stringify(ra.per_item));
    assert.strictEqual(ra.perturbed.pass_at_1, 0);
    assert.strictEqual(ra.original.edit_similarity, 1);
    assert.ok(ra.perturbed.edit_similarity < 1);
    server.reset();
    server.respond((req) => {
      const { task, perturbed } = masked(req);
      return { content: fenced('python', (perturbed ? task.completion.perturbed : task.completion.original).target.trimEnd()) };
    });
    const rb = JSON.parse((await evaluate(url, [path.join(work, 'tasks.jsonl'), '--task', 'completion', '--json', '--quiet'])).stdout);
    assert.deepStrictEqual([rb.original.pass_at_1, rb.perturbed.pass_at_1, rb.drop.absolute], [1, 1, 0]);
  });

  it('--rate spaces the requests, and progress reports rate and ETA on stderr', async () => {
    const file = subset('rate.jsonl', ['crux/0', 'crux/1']);
    const arrivals: number[] = [];
    server.reset();
    server.respond((req) => {
      arrivals.push(Date.now());
      return robust(req);
    });
    const result = await evaluate(url, [file, '--task', 'output-prediction', '--rate', '60', '--concurrency', '4']);
    assert.strictEqual(result.code, 0, result.stderr);
    assert.strictEqual(arrivals.length, 4);
    // 60 per minute: one start a second whatever the concurrency, so four span 3 s. Arrival times
    // seen by this process jitter by hundreds of ms on a loaded machine (the first request also
    // opens the connection), so the bound leaves a second of slack; a burst arrives within ms
    const gaps = arrivals.map((t) => t - arrivals[0]).join(', ');
    assert.ok(arrivals[3] - arrivals[0] >= 2_000, `requests arrived at ${gaps} ms: not spaced by a second`);
    assert.match(result.stderr, /4\/4 answers, [\d.]+\/s, ETA 0s, 4 requests, 0 cached/);
  });

  it('--max-tokens and --temperature reach every request of both sides; --timeout and --memory bound the answers run', async () => {
    const file = subset('limits.jsonl', ['crux/0']);
    // the original's answer is right but allocates 300 MB first; the perturbed side's never ends
    const greedy = `'hEllO' if len(bytearray(300 * 1024 * 1024)) else None`;
    const endless = 'next(x for x in iter(int, 1) if x)';
    const answers = (req: SeenRequest): Reply => ({ content: fenced('python', whichSide(req).perturbed ? endless : greedy) });
    server.reset();
    server.respond(answers);
    const started = Date.now();
    const capped = await evaluate(url, [file, '--task', 'output-prediction', '--max-tokens', '64', '--temperature', '0.3', '--timeout', '2', '--memory', '200', '--json', '--quiet']);
    assert.strictEqual(capped.code, 0, capped.stderr);
    assert.strictEqual(server.requests.length, 2);
    for (const req of server.requests) assert.deepStrictEqual([req.body.max_tokens, req.body.temperature], [64, 0.3]);
    const report = JSON.parse(capped.stdout);
    assert.deepStrictEqual([report.max_tokens, report.temperature], [64, 0.3]);
    const [item] = report.per_item;
    assert.match(item.original.reason, /MemoryError/);
    assert.match(item.perturbed.reason, /timed out after 2 s and was killed/);
    // the default time limit is 60 s: the endless answer was stopped by --timeout
    assert.ok(Date.now() - started < 40_000, `took ${Date.now() - started} ms`);
    // with the default cap the same answer has room (both sides get it now): --memory, not the answer, failed it
    server.reset();
    server.respond(() => ({ content: fenced('python', greedy) }));
    const roomy = await evaluate(url, [file, '--task', 'output-prediction', '--json', '--quiet']);
    assert.strictEqual(roomy.code, 0, roomy.stderr);
    const again = JSON.parse(roomy.stdout).per_item[0];
    assert.deepStrictEqual([again.original.passed, again.perturbed.passed], [1, 1], roomy.stdout);
    // no --max-tokens: the endpoint's default, so none is sent
    for (const req of server.requests) assert.strictEqual(req.body.max_tokens, undefined);
  });

  it('refuses to resume with other settings, and to overwrite a results file without --resume', async () => {
    const file = subset('resume.jsonl', ['crux/0']);
    const out = path.join(dir, 'guard.json');
    server.reset();
    server.respond(robust);
    assert.strictEqual((await evaluate(url, [file, '--out', out, '--quiet'])).code, 0);
    const again = await evaluate(url, [file, '--out', out, '--quiet']);
    assert.strictEqual(again.code, 2);
    assert.match(again.stderr, /already exists: pass --resume to continue that run, or remove it to start over/);
    const other = await evaluate(url, [file, '--out', out, '--resume', '--temperature', '0.5', '--quiet']);
    assert.strictEqual(other.code, 2);
    assert.match(other.stderr, /was made with other settings/);
  });
});
