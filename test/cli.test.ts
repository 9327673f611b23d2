import * as assert from 'assert';
import { spawn, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { cli, CliResult } from './support/cli';
import { REPO } from './support/harness';

const PY = 'test/fixtures/methods/insert/scores.py';

function assertUsageFailure(result: CliResult, pattern: RegExp): void {
  assert.strictEqual(result.code, 2, `exit status ${result.code}; stderr: ${result.stderr}`);
  const lines = result.stderr.split('\n').filter((l) => l.trim());
  assert.strictEqual(lines.length, 1, `expected one line on stderr, got:\n${result.stderr}`);
  assert.match(lines[0], /^codemorph: /);
  assert.match(lines[0], pattern);
  assert.strictEqual(result.stdout, '', 'nothing on stdout when the input is bad');
}

describe('CLI: bad usage and bad input exit 2 with one line', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-cli-'));

  it('a missing file', () => {
    assertUsageFailure(cli(['perturb', 'no/such/file.py']), /no\/such\/file\.py: no such file/);
  });

  it('an unknown language, by flag and by extension', () => {
    assertUsageFailure(cli(['perturb', PY, '--lang', 'cobol']), /unknown language cobol/);
    const odd = path.join(tmp, 'program.cob');
    fs.writeFileSync(odd, 'IDENTIFICATION DIVISION.\n');
    assertUsageFailure(cli(['perturb', odd]), /cannot tell the language of .*program\.cob.*--lang/);
  });

  it('unparsable input names the file and the place', () => {
    const bad = path.join(tmp, 'broken.py');
    fs.writeFileSync(bad, 'def f(x:\n    return x +\n');
    assertUsageFailure(cli(['perturb', bad, '--verify', 'syntax']), /broken\.py does not parse \(line \d+, column \d+/);
  });

  it('an unknown method, in transform and in --methods', () => {
    assertUsageFailure(cli(['transform', PY, '--method', 'turn-into-haskell']), /unknown method turn-into-haskell/);
    assertUsageFailure(cli(['perturb', PY, '--methods', 'for-while,nope']), /unknown method nope/);
  });

  it('a --function that does not exist lists the ones that do', () => {
    assertUsageFailure(cli(['perturb', PY, '--function', 'nonexistent']), /no function named nonexistent .*it has: summarize/);
  });

  it('unknown options, missing values and malformed numbers', () => {
    assertUsageFailure(cli(['perturb', PY, '--bogus']), /no option --bogus/);
    assertUsageFailure(cli(['perturb', PY, '--seed']), /--seed needs a value/);
    assertUsageFailure(cli(['perturb', PY, '--seed', 'abc']), /--seed needs a number/);
    assertUsageFailure(cli(['perturb', PY, '--verify', 'vibes']), /--verify takes syntax, compile, test/);
    assertUsageFailure(cli(['frobnicate']), /unknown command frobnicate/);
  });

  it('a profile, a growth budget or a junk bound it cannot use', () => {
    assertUsageFailure(cli(['perturb', PY, '--profile', 'pretty']), /--profile takes natural, balanced, paper, not pretty/);
    assertUsageFailure(cli(['perturb', PY, '--max-growth', '0.8']), /--max-growth needs a number of times the original's tokens, 1 or more \(e\.g\. 1\.5\), or off, not "0\.8"/);
    assertUsageFailure(cli(['perturb', PY, '--max-growth', 'lots']), /--max-growth needs .* not "lots"/);
    assertUsageFailure(cli(['perturb', PY, '--max-junk', '1.5']), /--max-junk needs a whole number of junk steps per unit \(0 for none\), or off, not "1\.5"/);
    assertUsageFailure(cli(['dataset', 'test/fixtures/benchmarks/humaneval.jsonl', '--out', path.join(tmp, 'o.jsonl'), '--max-junk', '-1']), /--max-junk needs a whole number/);
  });

  it('a missing toolchain names the tool and the flag that points at it', () => {
    const result = cli(['perturb', PY, '--toolchain', 'python=/nonexistent/python3']);
    assertUsageFailure(result, /\/nonexistent\/python3 was not found.*codemorph\.toolchain\.python.*--toolchain python=PATH/);
  });
});

describe('CLI: transform', () => {
  it('applies one method at a chosen site and prints the perturb document with one step', () => {
    const result = cli(['transform', PY, '--method', 'insert-junk-loop', '--function', 'summarize', '--site', '0', '--json']);
    assert.strictEqual(result.code, 0, result.stderr);
    const doc = JSON.parse(result.stdout);
    assert.strictEqual(doc.steps.length, 1);
    assert.strictEqual(doc.steps[0].method, 'insert-junk-loop');
    assert.strictEqual(doc.steps[0].accepted, true);
    assert.ok(doc.perturbed.includes('pass'));
    assert.ok(doc.similarity.overall < 1);
  });

  it('a site that does not exist is a usage error listing the sites', () => {
    const result = cli(['transform', PY, '--method', 'insert-junk-loop', '--function', 'summarize', '--site', '99']);
    assertUsageFailure(result, /--site 99 does not exist; insert-junk-loop has \d+ site\(s\) here \(0: before line/);
  });
});

describe('CLI: perturb', () => {
  it('the same seed gives the same document, byte for byte, but for elapsedMs', () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-seed-'));
    const run = (out: string) => cli(['perturb', PY, '--function', 'summarize', '--seed', '7', '--verify', 'syntax', '--json', '--out', path.join(tmp, out)]);
    const a = run('a.py');
    const b = run('b.py');
    assert.strictEqual(a.code, 0, a.stderr);
    const strip = (s: string) => s.replace(/"elapsedMs": \d+/, '"elapsedMs": 0');
    assert.strictEqual(strip(a.stdout), strip(b.stdout));
    assert.strictEqual(fs.readFileSync(path.join(tmp, 'a.py'), 'utf8'), fs.readFileSync(path.join(tmp, 'b.py'), 'utf8'));
    const c = cli(['perturb', PY, '--function', 'summarize', '--seed', '8', '--verify', 'syntax', '--json']);
    assert.notStrictEqual(strip(c.stdout), strip(a.stdout), 'another seed should take another path');
  });

  it('--out writes the whole perturbed file and leaves the input alone', () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-out-'));
    const before = fs.readFileSync(PY, 'utf8');
    const out = path.join(tmp, 'perturbed.py');
    const result = cli(['perturb', PY, '--function', 'summarize', '--verify', 'syntax', '--json', '--out', out]);
    assert.strictEqual(result.code, 0, result.stderr);
    assert.strictEqual(fs.readFileSync(PY, 'utf8'), before);
    assert.strictEqual(fs.readFileSync(out, 'utf8'), JSON.parse(result.stdout).file);
  });

  it('--json prints exactly one JSON document on stdout with the fields of docs/cli.md', () => {
    const result = cli(['perturb', PY, '--function', 'summarize', '--verify', 'syntax', '--json', '--max-iter', '4']);
    assert.strictEqual(result.code, 0, result.stderr);
    const doc = JSON.parse(result.stdout);
    for (const key of ['language', 'function', 'entryPoint', 'strategy', 'engine', 'seed', 'original', 'perturbed', 'file', 'files', 'similarity', 'steps', 'elapsedMs']) {
      assert.ok(key in doc, `missing ${key}`);
    }
    assert.deepStrictEqual(Object.keys(doc.similarity).sort(), ['overall', 'structural', 'surface']);
    for (const step of doc.steps) {
      for (const key of ['iteration', 'method', 'category', 'accepted', 'verified', 'similarity', 'reason']) assert.ok(key in step, `step lacks ${key}`);
      assert.deepStrictEqual(Object.keys(step.verified).sort(), ['compile', 'syntax', 'test']);
    }
    assert.ok(doc.steps.filter((s: { iteration: number }) => s.iteration > 0).length <= 4, 'the budget bounds the iterations');
    assert.match(result.stderr, /insert-|rename|skipped|kept/, 'progress goes to stderr');
  });

  it('--json reports growth beside the similarity, for the result and every step; the table shows it too', () => {
    const result = cli(['perturb', 'examples/go/ledger.go', '--function', 'postTransactions', '--verify', 'syntax', '--seed', '1', '--json']);
    assert.strictEqual(result.code, 0, result.stderr);
    const doc = JSON.parse(result.stdout);
    assert.deepStrictEqual(Object.keys(doc).slice(Object.keys(doc).indexOf('similarity'), Object.keys(doc).indexOf('similarity') + 2), ['similarity', 'growth']);
    assert.deepStrictEqual(Object.keys(doc.growth).sort(), ['lines', 'tokens']);
    assert.ok(doc.growth.tokens > 1 && doc.growth.lines > 1, JSON.stringify(doc.growth));
    for (const step of doc.steps) {
      assert.ok('growth' in step, 'step lacks growth');
      if (step.similarity) assert.deepStrictEqual(Object.keys(step.growth).sort(), ['lines', 'tokens']);
    }
    const kept = doc.steps.filter((s: { accepted: boolean }) => s.accepted);
    assert.strictEqual(doc.growth.tokens, kept[kept.length - 1].growth.tokens, 'the result is the last kept step');
    // the step table (stderr with --json): a growth column after overall, and a growth line under the similarity
    assert.match(result.stderr, /^ it {2}method +category +result +overall {2}growth$/m);
    assert.match(result.stderr, /^ {2}0 {2}function-rename +basic +kept +0\.\d{4} {2}1\.00x {3}renamed/m);
    const table = cli(['perturb', 'examples/go/ledger.go', '--function', 'postTransactions', '--verify', 'syntax', '--seed', '1']);
    assert.match(table.stdout, new RegExp(`^growth {6}tokens ${doc.growth.tokens.toFixed(2)}x {2}lines ${doc.growth.lines.toFixed(2)}x$`, 'm'));
  });

  it('profiles: balanced by default, natural tighter without junk, paper unbounded; flags override the profile', () => {
    const run = (...extra: string[]) => {
      const result = cli(['perturb', 'examples/go/ledger.go', '--function', 'postTransactions', '--verify', 'syntax', '--seed', '1', '--json', '--quiet', ...extra]);
      assert.strictEqual(result.code, 0, result.stderr);
      return JSON.parse(result.stdout) as { growth: { tokens: number }; steps: { accepted: boolean; method: string | null; reason: string | null; growth: { tokens: number } | null }[] };
    };
    const budgets = (doc: ReturnType<typeof run>) => new Set(doc.steps.map((s) => /\(budget (\S+)x\)$/.exec(s.reason ?? '')?.[1]).filter(Boolean));
    const junk = (doc: ReturnType<typeof run>) => doc.steps.filter((s) => s.accepted && ['insert-junk-loop', 'insert-junk-function', 'add-condition'].includes(s.method ?? '')).length;
    const byDefault = run();
    assert.deepStrictEqual(budgets(byDefault), new Set(['1.3']));
    assert.ok(byDefault.growth.tokens <= 1.3 && junk(byDefault) <= 1);
    const same = (doc: object) => JSON.stringify({ ...doc, elapsedMs: 0 });
    assert.strictEqual(same(run('--profile', 'balanced')), same(byDefault));
    const natural = run('--profile', 'natural');
    assert.deepStrictEqual(budgets(natural), new Set(['1.2']));
    assert.strictEqual(junk(natural), 0);
    const paper = run('--profile', 'paper');
    assert.strictEqual(budgets(paper).size, 0);
    // past every profile's budget: nothing held it back
    assert.ok(paper.growth.tokens > 1.5, `paper ${paper.growth.tokens}x`);
    const overridden = run('--profile', 'natural', '--max-growth', '1.6', '--max-junk', '2');
    assert.deepStrictEqual(budgets(overridden), new Set(['1.6']));
    assert.ok(overridden.growth.tokens > 1.2 && overridden.growth.tokens <= 1.6, `${overridden.growth.tokens}x`);
    const off = run('--max-growth', 'off', '--max-junk', 'off');
    assert.strictEqual(budgets(off).size, 0);
    assert.strictEqual(same(off), same(paper), 'balanced with both bounds off is the paper profile');
  });

  it('--save writes growth into the entry beside the similarity', () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-save-'));
    const entries = path.join(tmp, 'benchmark.jsonl');
    const result = cli(['perturb', 'examples/go/ledger.go', '--function', 'postTransactions', '--verify', 'syntax', '--seed', '1', '--json', '--quiet', '--save', '--entries', entries]);
    assert.strictEqual(result.code, 0, result.stderr);
    const entry = JSON.parse(fs.readFileSync(entries, 'utf8'));
    assert.deepStrictEqual(entry.growth, JSON.parse(result.stdout).growth);
    assert.ok(entry.steps.every((s: object) => 'growth' in s));
  });

  it('the methods listing names all 26 methods', () => {
    const result = cli(['methods', '--json']);
    assert.strictEqual(result.code, 0);
    const { methods } = JSON.parse(result.stdout);
    assert.strictEqual(methods.length, 26);
    assert.ok(methods.find((m: { id: string }) => m.id === 'insert-junk-loop').languages.java.local);
  });
});

describe('CLI: similarity', () => {
  it('scores a file against itself as 1 and agrees with perturb on a perturbed function', () => {
    const same = cli(['similarity', PY, PY, '--json']);
    assert.strictEqual(same.code, 0, same.stderr);
    assert.deepStrictEqual(JSON.parse(same.stdout).similarity, { surface: 1, structural: 1, structuralAvg: 1, overall: 1 });

    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-sim-'));
    const out = path.join(tmp, 'perturbed.py');
    const run = cli(['perturb', PY, '--function', 'summarize', '--verify', 'syntax', '--json', '--quiet', '--out', out]);
    const doc = JSON.parse(run.stdout);
    const sim = cli(['similarity', PY, out, '--function', 'summarize', '--function-b', doc.entryPoint, '--json']);
    assert.strictEqual(sim.code, 0, sim.stderr);
    const scores = JSON.parse(sim.stdout).similarity;
    assert.deepStrictEqual({ surface: scores.surface, structural: scores.structural, overall: scores.overall }, doc.similarity);
  });

  it('refuses files of two languages and a wrong number of files', () => {
    assertUsageFailure(cli(['similarity', PY, 'examples/c/rle.c']), /is python but .* is c/);
    assertUsageFailure(cli(['similarity', PY]), /compares two files, got 1/);
  });
});

describe('CLI: a reader that goes away', () => {
  /** Runs the CLI with its stdout a pipe whose reading end is closed before the CLI writes anything. */
  function withStdoutClosed(args: string[]): Promise<{ code: number | null; stderr: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [path.join(REPO, 'dist', 'cli.js'), ...args], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.destroy();
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      child.on('close', (code) => resolve({ code, stderr }));
    });
  }

  // `codemorph methods | head`: before, Node's unhandled EPIPE error and its stack trace
  for (const args of [['methods'], ['perturb', PY, '--seed', '1', '--verify', 'syntax']]) {
    it(`${args[0]} stops quietly with the status a shell gives a command SIGPIPE ended`, async () => {
      const result = await withStdoutClosed(args);
      assert.strictEqual(result.code, 141, result.stderr);
      assert.doesNotMatch(result.stderr, /EPIPE|Unhandled|    at /);
    });
  }
});

describe('CLI: a slow reader', () => {
  it('still gets the whole of a document larger than a pipe holds, and the exit status', function () {
    this.timeout(60_000);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-slow-reader-'));
    try {
      // 60 copies of one function: a --json document of well over the 64 KiB a pipe buffers
      const one = (k: number) => `def total_${k}(values):\n    acc = 0\n    for v in values:\n        if v > ${k}:\n            acc += v * 2\n    return acc\n`;
      const file = path.join(dir, 'many.py');
      fs.writeFileSync(file, Array.from({ length: 60 }, (_, k) => one(k)).join('\n'));
      // a shell pipeline whose reader starts only when the CLI has finished its work and is
      // writing into a full pipe; pipefail gives the CLI's own status
      const command = [process.execPath, path.join(REPO, 'dist', 'cli.js'), 'perturb', file, '--seed', '1', '--max-iter', '2', '--verify', 'syntax', '--json']
        .map((a) => `'${a}'`)
        .join(' ');
      const result = spawnSync('bash', ['-c', `set -o pipefail; ${command} 2>/dev/null | (sleep 1.5; cat)`], { cwd: REPO, encoding: 'utf8' });
      const code = result.status;
      const stdout = result.stdout;
      assert.strictEqual(code, 0);
      assert.ok(stdout.length > 65_536, `only ${stdout.length} characters`);
      const doc = JSON.parse(stdout);
      assert.match(doc.original, /def total_59\(values\)/);
      assert.strictEqual(doc.steps.length > 0, true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
