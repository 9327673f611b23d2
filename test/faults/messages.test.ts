import * as assert from 'assert';
import { spawn, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { redoneOnResume } from '../../src/core/dataset/output';
import { workerDied } from '../../src/core/dataset/process';
import { LanguageId } from '../../src/core/languages/languageIds';
import { UnitState } from '../../src/core/unit';
import { missingToolchain } from '../../src/core/verify/toolchains';
import { Verifier, VerifyOptions } from '../../src/core/verify/verifier';
import { cli, CliResult, reason } from '../support/cli';
import { parse, REPO } from '../support/harness';

/** Issue 28, deliverable 11: messages say what happened. */

function noStack(result: CliResult): void {
  assert.ok(!/^\s+at /m.test(result.stderr), `a stack trace:\n${result.stderr}`);
}

function state(text: string): UnitState {
  return { text, unit: { start: 0, end: text.length }, unitKind: 'file', entryPoint: null };
}

/** The verdict on `candidate` after the original `text` was prepared. */
async function verdictOn(lang: LanguageId, options: Partial<VerifyOptions> & Pick<VerifyOptions, 'level'>, text: string, candidate: string) {
  const verifier = new Verifier(lang, { toolchains: {}, timeoutMs: 60_000, ...options }, text);
  try {
    const tree = await parse(lang, text);
    await verifier.prepare(state(text), tree);
    tree.delete();
    const candidateTree = await parse(lang, candidate);
    try {
      return await verifier.verify(state(candidate), candidateTree, []);
    } finally {
      candidateTree.delete();
    }
  } finally {
    verifier.dispose();
  }
}

describe('faults: messages say what happened', function () {
  this.timeout(300_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-messages-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, text: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return file;
  };

  describe('--methods names the methods that found nothing', () => {
    const file = write('add.py', 'def add(a, b):\n    return a + b\n');

    it('a method with no site here is named, not "no arithmetic method applies"', () => {
      const result = cli(['perturb', file, '--methods', 'if-to-switch', '--verify', 'syntax', '--json', '--quiet']);
      assert.strictEqual(result.code, 1, result.stderr);
      assert.strictEqual(reason(result), 'codemorph: nothing could be perturbed: if-to-switch has no site in this unit');
      const doc = JSON.parse(result.stdout) as { steps: { iteration: number; category: string; reason: string }[] };
      // categories --methods rules out have no place in the history; this one is recorded once, outside the budget
      assert.deepStrictEqual(
        doc.steps.map((s) => [s.iteration, s.category, s.reason]),
        [[0, 'condition', 'if-to-switch has no site in this unit']],
      );
      noStack(result);
    });

    it('methods of two categories are each named in their own', () => {
      const result = cli(['perturb', file, '--methods', 'for-while,if-to-switch', '--verify', 'syntax', '--json', '--quiet']);
      assert.strictEqual(result.code, 1, result.stderr);
      const doc = JSON.parse(result.stdout) as { steps: { category: string; reason: string }[] };
      assert.deepStrictEqual(
        doc.steps.map((s) => [s.category, s.reason]),
        [
          ['condition', 'if-to-switch has no site in this unit'],
          ['loop', 'for-while has no site in this unit'],
        ],
      );
    });

    it('the random strategy names them too', () => {
      const result = cli(['perturb', file, '--methods', 'if-to-switch,for-while', '--strategy', 'random', '--max-iter', '1', '--verify', 'syntax', '--quiet']);
      assert.strictEqual(result.code, 1, result.stderr);
      assert.strictEqual(reason(result), 'codemorph: nothing could be perturbed: if-to-switch, for-while have no site in this unit');
    });

    it('the beam strategy names them too, and records why its history is empty', () => {
      const result = cli(['perturb', file, '--methods', 'if-to-switch', '--strategy', 'beam', '--verify', 'syntax', '--json', '--quiet']);
      assert.strictEqual(result.code, 1, result.stderr);
      assert.strictEqual(reason(result), 'codemorph: nothing could be perturbed: if-to-switch has no site in this unit');
      const doc = JSON.parse(result.stdout) as { steps: { accepted: boolean; reason: string }[] };
      assert.deepStrictEqual(
        doc.steps.map((s) => [s.accepted, s.reason]),
        [[false, 'if-to-switch has no site in this unit']],
      );
      noStack(result);
    });

    it('methods that cannot act on the language stop the run with why', () => {
      const c = write('inc.c', 'int inc(int a) { return a + 1; }\n');
      const result = cli(['perturb', c, '--methods', 'add-exception', '--verify', 'syntax']);
      assert.strictEqual(result.code, 2, result.stderr);
      assert.strictEqual(result.stderr.trim().split('\n').length, 1, result.stderr);
      assert.match(result.stderr, /no method given to --methods works on c \(add-exception: C has no exceptions.*codemorph methods --lang c/);
    });
  });

  describe('a time limit reads "timed out after N s", for the original and for a step', () => {
    it('a test command that hangs on the original', () => {
      const file = write('slowtest.py', 'def f(x):\n    return x + 1\n');
      const result = cli(['perturb', file, '--verify', 'test', '--test-cmd', 'sleep 30', '--timeout', '1']);
      assert.strictEqual(result.code, 2, result.stderr);
      assert.strictEqual(
        reason(result),
        'codemorph: the tests timed out after 1 s on the original (sleep 30): raise the time limit (CLI: --timeout SECONDS; editor: codemorph.timeoutSeconds)',
      );
      noStack(result);
    });

    it('a program that hangs on the original (no test command: the program is run)', () => {
      const file = write('slowprogram.py', 'import time\n\ndef f(x):\n    return x + 1\n\ntime.sleep(30)\n');
      const result = cli(['perturb', file, '--verify', 'test', '--timeout', '1.5']);
      assert.strictEqual(result.code, 2, result.stderr);
      assert.match(reason(result), /^codemorph: the program timed out after 1\.5 s on the original \(\S*python\S* slowprogram\.py\): raise the time limit/);
    });

    it('a compile command that hangs on the original', () => {
      const file = write('slowbuild.py', 'def f(x):\n    return x + 1\n');
      const result = cli(['perturb', file, '--verify', 'compile', '--build-cmd', 'sleep 30', '--timeout', '1']);
      assert.strictEqual(result.code, 2, result.stderr);
      assert.match(reason(result), /^codemorph: the compile command timed out after 1 s on the original \(sleep 30\): raise the time limit/);
    });

    const text = 'def f(x):\n    return x + 1\n\nprint(f(1))\n';
    const candidate = 'def f(x):\n    return 1 + x\n\nprint(f(1))\n';

    it('a step whose compile hangs', async () => {
      const verdict = await verdictOn('python', { level: 'compile', compileCmd: "grep -q 'x + 1' {file} || sleep 30", timeoutMs: 1000 }, text, candidate);
      assert.strictEqual(verdict.reason, 'the compile command timed out after 1 s and was killed');
    });

    it('a step whose tests hang', async () => {
      const verdict = await verdictOn('python', { level: 'test', testCmd: "grep -q 'x + 1' {file} || sleep 30", timeoutMs: 1000 }, text, candidate);
      assert.strictEqual(verdict.reason, 'the tests timed out after 1 s and were killed');
    });

    it('a step whose program hangs', async () => {
      const verdict = await verdictOn('python', { level: 'test', timeoutMs: 1500 }, text, candidate.replace('print(f(1))', 'while True:\n    pass'));
      assert.strictEqual(verdict.reason, 'the program timed out after 1.5 s and was killed');
    });
  });

  describe('dataset --resume redoes records whose error was not their fault', () => {
    it('knows which errors those are', () => {
      const job = { index: 0, line: 3, raw: JSON.stringify({ task_id: 't', code: 'x = 1\n', language: 'python' }) };
      const died = JSON.parse(workerDied(job, 'SIGKILL')) as { error: string };
      assert.strictEqual(died.error, 'line 3: the worker process died (SIGKILL)');
      const redone = [
        died.error,
        missingToolchain('go', 'compiler', '/opt/go/bin/go').message,
        'internal error: Cannot read properties of undefined',
        'cancelled',
        // the LLM provider's own wording (src/core/llm/openaiProvider.ts)
        'm at http://127.0.0.1:9/v1 timed out after 3 s: raise the LLM timeout (--llm-timeout, codemorph.llm.timeoutSeconds) or try later',
        'cannot reach http://127.0.0.1:9/v1: check the base URL and the network',
        'm at http://127.0.0.1:9/v1 is rate limited (429) and retries ran out: try later or lower the concurrency',
        'm at http://127.0.0.1:9/v1 answered 503: overloaded',
      ];
      const kept = [
        'the tests fail on the original (python3 t.py): they must pass before any perturbation',
        't.py does not compile as it is (cc t.c): fix it',
        'nothing could be perturbed: no arithmetic method applies to this unit',
        'line 9: unknown language cobol: use one of python, c',
        'the program timed out after 60 s on the original (python3 t.py): raise the time limit',
        null,
      ];
      for (const e of redone) assert.strictEqual(redoneOnResume(e), true, String(e));
      for (const e of kept) assert.strictEqual(redoneOnResume(e), false, String(e));
    });

    it('a record whose worker was killed is done again, and the output is what a run never interrupted writes', async () => {
      const input = write(
        'in.jsonl',
        [
          { task_id: 'quick', language: 'python', code: 'def f(x):\n    return x + 1\n\nprint(f(1))\n' },
          { task_id: 'slow', language: 'python', code: 'import time\n\ndef g(x):\n    return x * 2\n\ntime.sleep(1)\nprint(g(2))\n' },
          { task_id: 'own-fault', language: 'cobol', code: 'x' },
        ]
          .map((r) => JSON.stringify(r))
          .join('\n') + '\n',
      );
      const options = ['--verify', 'test', '--max-iter', '1', '--seed', '5', '--quiet'];
      const out = path.join(dir, 'killed.jsonl');
      const parent = spawn(process.execPath, [path.join(REPO, 'dist', 'cli.js'), 'dataset', input, '--out', out, ...options, '--workers', '2'], { stdio: 'ignore' });
      const exited = new Promise<number | null>((resolve) => parent.on('exit', resolve));
      // the quick record's line is out and the slow one (its program sleeps at every run) is in a worker: kill the workers
      let killed = 0;
      for (let i = 0; i < 1200 && killed === 0; i++) {
        await new Promise((r) => setTimeout(r, 50));
        if (!fs.existsSync(out) || fs.readFileSync(out, 'utf8').split('\n').filter(Boolean).length !== 1) continue;
        const ps = spawnSync('ps', ['-o', 'pid=,args=', '--ppid', String(parent.pid)], { encoding: 'utf8' });
        for (const line of ps.stdout.split('\n').filter((l) => l.includes('--worker-ipc'))) {
          process.kill(Number(line.trim().split(/\s+/)[0]), 'SIGKILL');
          killed++;
        }
      }
      assert.ok(killed > 0, 'no worker was found to kill');
      assert.strictEqual(await exited, 0);
      const partial = fs.readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { task_id: string; error: string | null });
      assert.deepStrictEqual(
        partial.map((r) => r.task_id),
        ['quick', 'slow', 'own-fault'],
      );
      assert.strictEqual(partial[1].error, 'line 2: the worker process died (SIGKILL)');

      const resumed = cli(['dataset', input, '--out', out, ...options.filter((o) => o !== '--quiet'), '--resume']);
      assert.strictEqual(resumed.code, 0, resumed.stderr);
      // the own-fault record is kept as it was (unless the kill caught it in flight too)
      const redo = partial.filter((r) => r.error?.includes('the worker process died')).length;
      assert.ok(resumed.stderr.includes(`resuming: ${redo} records left (${redo} redone: their error was not the record's fault)`), resumed.stderr);
      const fresh = path.join(dir, 'fresh.jsonl');
      assert.strictEqual(cli(['dataset', input, '--out', fresh, ...options]).code, 0);
      assert.strictEqual(fs.readFileSync(out, 'utf8'), fs.readFileSync(fresh, 'utf8'));
    });
  });
});
