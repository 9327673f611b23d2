import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { DatasetOptions } from '../../src/core/dataset/process';
import { cli, reason } from '../support/cli';
import { behaviour, fixture } from '../support/harness';
import { crashRecord } from '../support/codecrashRecord';

/** Two functions, one inside the other, each with spots of every kind MCC and MPS write at. */
const CODE = `def f(items, scale):
    total = 0
    seen = []

    def helper(v):
        w = v * scale
        if w > 10:
            w -= 1
        return w

    for item in items:
        if item % 2 == 0:
            total += helper(item)
        else:
            seen.append(item)
    while total > 100:
        total //= 3
    return total, seen
`;

const CALLS = `\n\nprint('RESULT', repr(f([1, 2, 3, 8, 7, 4, 100], 3)), repr(f([], 2)))\n`;

interface Out {
  code: string;
  perturbed_code: string | null;
  steps: { accepted: boolean; reason: string | null; summary: string | null }[];
  note?: string;
  error: string | null;
}

type Perturbation = 'mcc' | 'mps';

function run(taskId: string, perturbation: Perturbation, injection?: DatasetOptions['injection'], code = CODE): Promise<Out> {
  return crashRecord<Out>({ task_id: taskId, code, language: 'python', entry_point: 'f', test: 'assert f([], 1) == (0, [])\n' }, perturbation, { injection });
}

function isInjected(line: string, perturbation: Perturbation): boolean {
  return perturbation === 'mcc' ? line.trim().startsWith('#') : line.trim().startsWith('print(');
}

/** The lines the perturbation added, with their line numbers in the perturbed code; the rest must be the original, unchanged. */
function injected(out: Out, perturbation: Perturbation, original = CODE): { at: number; line: string }[] {
  assert.strictEqual(out.error, null, out.error ?? '');
  const lines = out.perturbed_code!.split('\n');
  const added = lines.map((line, at) => ({ at, line })).filter((l) => isInjected(l.line, perturbation));
  assert.strictEqual(lines.filter((l) => !isInjected(l, perturbation)).join('\n'), original, out.perturbed_code!);
  return added;
}

/** Whether a line of the perturbed code lies in helper's body (between its def and f's loop, indented under it). */
function inHelper(code: string, at: number): boolean {
  const lines = code.split('\n');
  const def = lines.indexOf('    def helper(v):');
  const loop = lines.indexOf('    for item in items:');
  return at > def && at < loop && lines[at].startsWith('        ');
}

async function result(code: string): Promise<string> {
  const got = await behaviour('python', code + CALLS);
  assert.strictEqual(got.code, 0, code);
  return got.stdout.split('\n').find((l) => l.startsWith('RESULT ')) ?? '';
}

describe('CodeCrash MCC and MPS injection controls (--p, --once)', function () {
  this.timeout(180_000);

  it('without controls and with --p 1, every spot gets its line, byte for byte the same', async () => {
    for (const perturbation of ['mcc', 'mps'] as const) {
      const every = await run('t/all', perturbation);
      const all = injected(every, perturbation).length;
      assert.ok(all >= 12, `${all} lines: ${every.perturbed_code}`);
      assert.strictEqual((await run('t/all', perturbation, { p: 1 })).perturbed_code, every.perturbed_code);
    }
  });

  it('--p draws each spot with that probability, seeded, and keeps the result', async () => {
    const want = await result(CODE);
    const all = injected(await run('t/all', 'mps'), 'mps').length;
    const counts: number[] = [];
    const layouts = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const out = await run(`p/${i}`, 'mps', { p: 0.3 });
      const added = injected(out, 'mps');
      counts.push(added.length);
      layouts.add(added.map((a) => a.at).join(','));
      assert.strictEqual((await run(`p/${i}`, 'mps', { p: 0.3 })).perturbed_code, out.perturbed_code, 'same seed, same bytes');
      if (i < 5 && added.length > 0) assert.strictEqual(await result(out.perturbed_code!), want, out.perturbed_code!);
    }
    const share = counts.reduce((a, b) => a + b, 0) / (counts.length * all);
    assert.ok(share > 0.15 && share < 0.45, `drew ${share} of the spots for --p 0.3: ${counts.join(' ')}`);
    assert.ok(Math.max(...counts) < all, `some record got every one of the ${all} spots: ${counts.join(' ')}`);
    assert.ok(layouts.size >= 20, `only ${layouts.size} distinct choices of spots in 30 records`);
  });

  it('--once puts exactly one line in each function, at a seeded spot', async () => {
    const want = await result(CODE);
    const outer = new Set<string>();
    const inner = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const perturbation = i % 2 === 0 ? 'mcc' : 'mps';
      const out = await run(`once/${i}`, perturbation, { once: true });
      const added = injected(out, perturbation);
      const code = out.perturbed_code!;
      const helperLines = added.filter((a) => inHelper(code, a.at));
      assert.strictEqual(helperLines.length, 1, code);
      assert.strictEqual(added.length, 2, code);
      const fLine = added.find((a) => !inHelper(code, a.at))!;
      // where each line went: the statement after it
      inner.add(code.split('\n')[helperLines[0].at + 1].trim());
      outer.add(code.split('\n')[fLine.at + 1].trim());
      if (perturbation === 'mps') assert.strictEqual(await result(code), want, code);
    }
    assert.ok(inner.size >= 3, `helper's line went before only ${[...inner].join(' | ')}`);
    assert.ok(outer.size >= 4, `f's line went before only ${[...outer].join(' | ')}`);
  });

  it('--once with --p: at most one line per function, sometimes none', async () => {
    const counts = new Set<number>();
    for (let i = 0; i < 20; i++) {
      const out = await run(`once-p/${i}`, 'mcc', { once: true, p: 0.15 });
      if (out.note) {
        counts.add(0);
        continue;
      }
      const added = injected(out, 'mcc');
      assert.ok(added.filter((a) => inHelper(out.perturbed_code!, a.at)).length <= 1, out.perturbed_code!);
      assert.ok(added.filter((a) => !inHelper(out.perturbed_code!, a.at)).length <= 1, out.perturbed_code!);
      counts.add(added.length);
    }
    assert.ok(counts.has(1) && counts.has(2), `lines per record: ${[...counts].join(', ')}`);
  });

  it('a draw that leaves out every spot keeps the record unchanged and says why', async () => {
    const small = 'def f(a):\n    return a + 1\n';
    let out: Out | undefined;
    for (let i = 0; i < 20 && !out; i++) {
      const got = await crashRecord<Out>({ task_id: `none/${i}`, code: small, language: 'python', entry_point: 'f', test: 'assert f(1) == 2\n' }, 'mcc', { injection: { p: 0.05 } });
      if (got.note) out = got;
    }
    assert.ok(out, 'no record drew zero of its two spots at --p 0.05');
    assert.strictEqual(out.error, null);
    assert.strictEqual(out.perturbed_code, small);
    assert.match(out.note!, /^mcc drew none of its 2 misleading comments \(--p 0\.05\): the code is kept unchanged$/);
  });

  describe('on the command line', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-injection-'));
    after(() => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'f.py');
    fs.writeFileSync(file, CODE);
    const out = path.join(os.tmpdir(), 'codemorph-injection-never-written.jsonl');
    const crux = fixture('cruxeval/python.jsonl');

    it('perturb --p and --once give the same bytes for the same seed, and differ by seed', () => {
      const args = ['perturb', file, '--function', 'f', '--perturbation', 'mps', '--p', '0.5', '--once', '--json', '--quiet'];
      const a = cli([...args, '--seed', '3']);
      assert.strictEqual(a.code, 0, a.stderr);
      const doc = JSON.parse(a.stdout) as { perturbed: string; elapsedMs: number };
      const prints = doc.perturbed.split('\n').filter((l) => isInjected(l, 'mps'));
      assert.ok(prints.length >= 1 && prints.length <= 2, doc.perturbed);
      const again = JSON.parse(cli([...args, '--seed', '3']).stdout) as { elapsedMs: number };
      assert.deepStrictEqual({ ...again, elapsedMs: 0 }, { ...doc, elapsedMs: 0 });
      const seeds = new Set([3, 4, 5, 6, 7].map((seed) => (JSON.parse(cli([...args, '--seed', String(seed)]).stdout) as { perturbed: string }).perturbed));
      assert.ok(seeds.size >= 2, 'five seeds, one output');
    });

    it('dataset --p and --once write the same bytes twice', () => {
      const target = path.join(dir, 'out.jsonl');
      const args = ['dataset', crux, '--out', target, '--perturbation', 'mcc', '--p', '0.5', '--once', '--quiet'];
      const first = cli(args);
      assert.strictEqual(first.code, 0, first.stderr);
      const bytes = fs.readFileSync(target, 'utf8');
      for (const line of bytes.split('\n').filter(Boolean)) {
        const rec = JSON.parse(line) as Out;
        assert.strictEqual(rec.error, null, line);
        const comments = (rec.perturbed_code ?? '').split('\n').filter((l) => l.trim().startsWith('#'));
        assert.ok(comments.length <= 1, rec.perturbed_code ?? '');
      }
      fs.rmSync(target);
      assert.strictEqual(cli(args).code, 0);
      assert.strictEqual(fs.readFileSync(target, 'utf8'), bytes);
    });

    it('refuses a bad --p, and --p or --once with another perturbation, in one line', () => {
      const cases: [string[], RegExp][] = [
        [['perturb', file, '--perturbation', 'mcc', '--p', '0'], /^codemorph: --p is the probability that each spot gets a line: a number above 0 and at most 1, not 0$/],
        [['perturb', file, '--perturbation', 'mps', '--p', '1.5'], /not 1\.5$/],
        [['perturb', file, '--perturbation', 'gbc', '--once'], /--once applies to --perturbation mcc or mps: add one, or drop --once$/],
        [['perturb', file, '--p', '0.5'], /--p applies to --perturbation mcc or mps: add one, or drop --p$/],
        [['dataset', crux, '--out', out, '--perturbation', 'ren', '--p', '0.5', '--once'], /--p and --once apply to --perturbation mcc or mps: add one, or drop --p and --once$/],
        [['dataset', crux, '--out', out, '--perturbation', 'mcc', '--p', '-1'], /a number above 0 and at most 1, not -1$/],
      ];
      for (const [args, message] of cases) {
        const got = cli(args);
        assert.strictEqual(got.code, 2, `${args.join(' ')}: ${got.stderr}`);
        assert.strictEqual(got.stderr.trim().split('\n').length, 1, got.stderr);
        assert.match(reason(got), message);
      }
      assert.ok(!fs.existsSync(out));
    });
  });
});
