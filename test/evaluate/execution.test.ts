import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { runRecord } from '../../src/core/benchmark/harness';
import { judge } from '../../src/core/evaluate/execution';
import { makeScratchFolder, removeScratchFolder } from '../../src/core/owned';
import { fixture } from '../support/harness';
import type { ItemSide } from '../../src/core/evaluate/items';

/** Answers are untrusted code: these run real Python and Node programs through the toolchain layer. */
const OPTIONS = { timeoutMs: 20_000, memoryMb: 128, toolchains: {} };

function side(test: string, entry = 'f'): ItemSide {
  return { code: 'def f(x):\n    return x * 2\n', entryPoint: entry, test, prompt: null, io: { input: '21', output: '42' }, completion: null };
}

describe('evaluate: executing answers', function () {
  this.timeout(60_000);

  it('a right answer passes and a wrong one fails with the line that says why', async () => {
    const right = await judge('generation', 'python', side('assert f(21) == 42\n'), 'def f(x):\n    return x + x\n', OPTIONS);
    assert.deepStrictEqual([right.passed, right.reason], [true, null]);
    const wrong = await judge('generation', 'python', side('assert f(21) == 42\n'), 'def f(x):\n    return x\n', OPTIONS);
    assert.strictEqual(wrong.passed, false);
    assert.match(wrong.reason!, /^fails \(exit 1\): AssertionError/);
  });

  it('an answer that takes more memory than the cap fails instead of taking the machine', async () => {
    const greedy = 'def f(x):\n    block = bytearray(200 * 1024 * 1024)\n    return x * 2\n';
    const capped = await judge('generation', 'python', side('assert f(21) == 42\n'), greedy, OPTIONS);
    assert.strictEqual(capped.passed, false);
    assert.match(capped.reason!, /MemoryError/);
    // the same program with room enough passes: the cap, not the program, failed it
    const roomy = await judge('generation', 'python', side('assert f(21) == 42\n'), greedy, { ...OPTIONS, memoryMb: 512, timeoutMs: 30_000 });
    assert.strictEqual(roomy.passed, true, roomy.reason ?? '');
  });

  it('an answer that never ends is killed at the time limit', async () => {
    const started = Date.now();
    const looping = await judge('generation', 'javascript', { ...side("if (f(21) !== 42) throw new Error('wrong');\n"), code: '' }, 'function f(x) { for (;;) {} }\n', { ...OPTIONS, timeoutMs: 1_000 });
    assert.strictEqual(looping.passed, false);
    assert.match(looping.reason!, /timed out after 1 s and was killed/);
    assert.ok(Date.now() - started < 20_000);
  });

  it('an answer does not see the API key', async () => {
    process.env.CODEMORPH_API_KEY = 'sk-never-in-an-answer-77';
    try {
      const spy = "import os\ndef f(x):\n    assert 'CODEMORPH_API_KEY' not in os.environ, 'the key leaked'\n    return x * 2\n";
      const result = await judge('generation', 'python', side('assert f(21) == 42\n'), spy, OPTIONS);
      assert.strictEqual(result.passed, true, result.reason ?? '');
    } finally {
      delete process.env.CODEMORPH_API_KEY;
    }
  });

  it('output and input prediction are checked by running the call', async () => {
    assert.strictEqual((await judge('output-prediction', 'python', side(''), '42', OPTIONS)).passed, true);
    assert.strictEqual((await judge('output-prediction', 'python', side(''), '41', OPTIONS)).passed, false);
    assert.strictEqual((await judge('input-prediction', 'python', side(''), '21', OPTIONS)).passed, true);
    assert.strictEqual((await judge('input-prediction', 'python', side(''), '20', OPTIONS)).passed, false);
  });

  it('a Java record\'s tests run under the memory cap: the JVM\'s heap and class space are held to it', async () => {
    const java = fs.readFileSync(fixture('benchmarks/humaneval-x.jsonl'), 'utf8').split('\n').map((l) => (l ? JSON.parse(l) : undefined)).find((r) => r?.task_id.startsWith('Java/'));
    const dir = makeScratchFolder('codemorph-java-cap-');
    try {
      // without its own limits the JVM reserves a gigabyte of class space, which the cap refuses before main
      const run = await runRecord('humaneval-x', java, { dir: path.join(dir, 'run'), toolchains: {}, timeoutMs: 60_000, memoryMb: 128 });
      assert.ok(run.ok, run.output);
      assert.ok(run.commands.some((c) => c.includes('-Xmx128m')), run.commands.join('\n'));
    } finally {
      removeScratchFolder(dir);
    }
  });

  it('Java output prediction calls the static method through its class', async () => {
    const java: ItemSide = {
      code: 'class Solution {\n    static int twice(int x) {\n        return x * 2;\n    }\n}\n',
      entryPoint: 'twice',
      test: null,
      prompt: null,
      io: { input: '21', output: '42' },
      completion: null,
    };
    assert.strictEqual((await judge('output-prediction', 'java', java, '42', OPTIONS)).passed, true);
    assert.strictEqual((await judge('output-prediction', 'java', java, '41', OPTIONS)).passed, false);
  });

  it('a completion without tests is scored by exact match and edit similarity of the masked lines', async () => {
    const completion = { prefix: 'def f(x):\n', target: '    y = x * 2\n', suffix: '    return y', firstLine: 2, lastLine: 2 };
    const s: ItemSide = { ...side(''), completion };
    const exact = await judge('completion', 'python', s, '    y = x * 2   \n\n', OPTIONS);
    assert.deepStrictEqual([exact.passed, exact.editSimilarity], [true, 1]);
    const near = await judge('completion', 'python', s, '    y = x + x\n', OPTIONS);
    assert.strictEqual(near.passed, false);
    assert.ok(near.editSimilarity! > 0.8 && near.editSimilarity! < 1);
  });
});
