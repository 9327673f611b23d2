import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { cli, cliAsync, reason } from '../support/cli';
import { FakeOpenAI } from '../support/fakeOpenAI';
import { behaviour, fixture } from '../support/harness';
import { crashRecord } from '../support/codecrashRecord';

/**
 * MHC's input form (--task input): the hint keeps the example call's result and names a call
 * that does not return it, checked by running the program (a real python3), with the wrong
 * arguments from the model (the loopback OpenAI server) or, when the model's are not wrong, made
 * deterministically.
 */

interface Row {
  task_id: string;
  code: string;
  language: string;
  entry_point: string;
  test: string;
}

interface Out extends Row {
  perturbed_code: string | null;
  steps: { accepted: boolean; reason: string | null; summary: string | null }[];
  error: string | null;
}

const PYTHON: Row[] = fs
  .readFileSync(fixture('cruxeval/python.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Row);

/** The example call of a row's test and its expected result: `assert f(x) == y`. */
function example(row: Row): { call: string; output: string } {
  const m = /^assert (.+\)) == (.+)$/m.exec(row.test)!;
  return { call: m[1], output: m[2] };
}

/** The hint's call and the result it claims. */
function hintOf(code: string): { call: string; claimed: string } {
  const m = /# Hint: (.+) returns (.+)$/m.exec(code);
  assert.ok(m, code);
  return { call: m[1], claimed: m[2] };
}

/** Whether the hint really is a wrong input for the example's result: the result is the example's, the call runs and returns something else. */
async function assertWrongInput(row: Row, out: Out): Promise<void> {
  assert.strictEqual(out.error, null, `${row.task_id}: ${out.error}`);
  const code = out.perturbed_code!;
  const hint = hintOf(code);
  const { call } = example(row);
  assert.notStrictEqual(hint.call, call, code);
  assert.ok(hint.call.startsWith(`${row.entry_point}(`), hint.call);
  const check = `${code}\n\nassert (${call}) == (${hint.claimed})\nassert (${hint.call}) != (${hint.claimed})\n`;
  const run = await behaviour('python', check);
  assert.strictEqual(run.code, 0, check);
}

describe('mhc --task input: a wrong input for the given output', function () {
  this.timeout(120_000);

  it('names a call that runs and returns something else, keeping the example result (deterministic)', async () => {
    for (const row of PYTHON) {
      const out = await crashRecord<Out>(row, 'mhc', { mhcTask: 'input' });
      await assertWrongInput(row, out);
      assert.match(out.steps[0].summary ?? '', /a wrong input: it returns .+, .+ returns .+; deterministic/);
      // the same seed, the same hint
      assert.strictEqual((await crashRecord<Out>(row, 'mhc', { mhcTask: 'input' })).perturbed_code, out.perturbed_code);
    }
  });

  it('--task output is the output form, as without --task', async () => {
    const row = PYTHON[5];
    const plain = await crashRecord<Out>(row, 'mhc');
    assert.strictEqual((await crashRecord<Out>(row, 'mhc', { mhcTask: 'output' })).perturbed_code, plain.perturbed_code);
    assert.strictEqual(hintOf(plain.perturbed_code!).call, example(row).call);
  });

  it('a function whose every changed argument gives the same result cannot get a wrong input, and says so', async () => {
    const row = { ...PYTHON[0], task_id: 'const/1', code: 'def f(text):\n    return 7\n', test: "assert f('abc') == 7\n" };
    const out = await crashRecord<Out>(row, 'mhc', { mhcTask: 'input' });
    assert.match(out.error ?? '', /no wrong input could be derived for f\('abc'\): every changed argument gives 7 too, or raises/);
  });

  describe('on the command line, with an LLM', () => {
    const server = new FakeOpenAI();
    let baseUrl = '';
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-mhc-input-'));
    const input = path.join(dir, 'in.jsonl');
    fs.writeFileSync(input, `${JSON.stringify(PYTHON[5])}\n${JSON.stringify(PYTHON[1])}\n${JSON.stringify({ ...PYTHON[5], task_id: 'crux/5b' })}\n`);
    before(async () => {
      baseUrl = await server.start();
    });
    after(async () => {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('asks the model for wrong arguments, and replaces ones that give the same output', async () => {
      // first: wrong arguments (minimum_cost('0101') is 4, not 2); second: arguments with the same count (3), refused;
      // third: a whole call, cut to its arguments
      server.script({ content: "```python\n'0101'\n```" }, { content: '[0, 9, 9, 9], 1' }, { content: "minimum_cost('0100')" });
      const out = path.join(dir, 'out.jsonl');
      const result = await cliAsync(
        ['dataset', input, '--out', out, '--perturbation', 'mhc', '--task', 'input', '--engine', 'llm', '--base-url', baseUrl, '--model', 'fake', '--verify', 'test', '--quiet'],
        { env: { CODEMORPH_API_KEY: 'test-key' } },
      );
      assert.strictEqual(result.code, 0, result.stderr);
      const [first, second, third] = fs.readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Out);
      assert.strictEqual(server.requests.length, 3);
      // the model is told the example's output and asked for arguments that do not give it
      assert.match(server.requests[0].body.messages[1].content, /minimum_cost\('0011'\) returns 2\. Give plausible but WRONG arguments/);
      assert.match(first.perturbed_code!, /# Hint: minimum_cost\('0101'\) returns 2$/m);
      assert.match(first.steps[0].summary!, /from the model/);
      await assertWrongInput(PYTHON[5], first);
      assert.doesNotMatch(second.perturbed_code!, /\[0, 9, 9, 9\], 1/);
      assert.match(second.steps[0].summary!, /the model's arguments \[0, 9, 9, 9\], 1 give 3 too, or raise/);
      await assertWrongInput(PYTHON[1], second);
      assert.match(third.perturbed_code!, /# Hint: minimum_cost\('0100'\) returns 2$/m);
      await assertWrongInput(PYTHON[5], third);
    });

    it('refuses --task without mhc, and a task that is neither output nor input, in one line', () => {
      const never = path.join(dir, 'never.jsonl');
      for (const [args, message] of [
        [['dataset', input, '--out', never, '--perturbation', 'mcc', '--task', 'input'], /^codemorph: --task applies to --perturbation mhc: add it, or drop --task$/],
        [['dataset', input, '--out', never, '--perturbation', 'mhc', '--task', 'both'], /--task takes output or input \(the prediction MHC's hint misleads\), not both$/],
        [['perturb', fixture('cruxeval/python.jsonl'), '--task', 'input'], /--task applies to --perturbation mhc/],
      ] as const) {
        const got = cli([...args]);
        assert.strictEqual(got.code, 2, got.stderr);
        assert.strictEqual(got.stderr.trim().split('\n').length, 1, got.stderr);
        assert.match(reason(got), message);
      }
      assert.ok(!fs.existsSync(never));
    });
  });
});
