import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { BenchmarkRecord } from '../../src/core/benchmark/formats';
import { runRecord } from '../../src/core/benchmark/harness';
import { cli, reason } from '../support/cli';

/**
 * `dataset --variant prompt,completion`: prompt-level and completion variants written as records
 * of the input's format (prompt = what the model sees, canonical_solution = the rest, test = the
 * renamed test), each scored by its format's harness here again, with the real toolchain. The
 * records are written for these tests.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-variants-'));
let runs = 0;
after(() => fs.rmSync(dir, { recursive: true, force: true }));
const scratch = () => ({ dir: path.join(dir, `run-${runs++}`), toolchains: {}, timeoutMs: 180_000 });

function write(name: string, rec: BenchmarkRecord): string {
  const file = path.join(dir, `${name}.jsonl`);
  fs.writeFileSync(file, `${JSON.stringify(rec)}\n`);
  return file;
}

function variants(name: string, rec: BenchmarkRecord, ...extra: string[]): BenchmarkRecord[] {
  const out = path.join(dir, `${name}.out.jsonl`);
  const result = cli(['dataset', write(name, rec), '--out', out, '--seed', '3', '--quiet', '--profile', 'paper', ...extra]);
  assert.strictEqual(result.code, 0, `exit ${result.code}: ${result.stderr}`);
  return fs
    .readFileSync(out, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as BenchmarkRecord);
}

const code = (rec: BenchmarkRecord) => String(rec.prompt) + String(rec.canonical_solution);
const variantOf = (rec: BenchmarkRecord) => (rec.codemorph as { variant?: Record<string, any> }).variant!;

const HUMANEVAL: BenchmarkRecord = {
  task_id: 'HumanEval/960',
  prompt:
    'from typing import List\n\n\ndef has_close_items(items: List[float], limit: float) -> bool:\n' +
    '    """Tell whether two of the items lie closer to each other than limit.\n' +
    '    >>> has_close_items([1.0, 2.5, 3.0], 0.6)\n    True\n    >>> has_close_items([1.0, 2.0], limit=0.5)\n    False\n    """\n',
  canonical_solution:
    '    # compare each item with every later one\n    for i, first in enumerate(items):\n        for second in items[i + 1:]:\n' +
    '            if abs(first - second) < limit:\n                return True\n    return False\n',
  test: '\n\ndef check(candidate):\n    assert candidate([1.0, 2.5, 3.0], 0.6) is True\n    assert candidate([1.0, 2.0], 0.5) is False\n    assert candidate([], 1.0) is False\n',
  entry_point: 'has_close_items',
};

describe('codemorph dataset --variant: prompt-level and completion variants as records of the input format', function () {
  this.timeout(1_200_000);

  it('HumanEval: the perturbed record, its prompt variant and aligned completion variants, each passing its harness', async () => {
    const out = variants('humaneval', HUMANEVAL, '--variant', 'perturbed,prompt,completion', '--lines', '1,3', '--max-iter', '4');
    const id = HUMANEVAL.task_id;
    assert.deepStrictEqual(
      out.map((r) => r.task_id),
      [id, `${id}/prompt`, `${id}/partial/original`, `${id}/partial/perturbed`, `${id}/lines-1/original`, `${id}/lines-1/perturbed`, `${id}/lines-3/original`, `${id}/lines-3/perturbed`],
    );
    const [perturbed, prompt, ...completion] = out;
    assert.strictEqual(variantOf(perturbed), undefined);
    for (const rec of out.slice(1)) {
      assert.strictEqual(rec.error, undefined, `${rec.task_id}: ${rec.error}`);
      assert.deepStrictEqual(Object.keys(rec), [...Object.keys(HUMANEVAL), 'codemorph']);
      assert.strictEqual(variantOf(rec).test, true);
      const result = await runRecord('humaneval', rec, scratch());
      assert.ok(result.ok, `${rec.task_id}: ${result.output}`);
    }
    // prompt: what the model sees is the perturbed prompt; the solution is the original's, under the prompt's names
    assert.strictEqual(prompt.prompt, perturbed.prompt);
    assert.strictEqual(prompt.test, perturbed.test);
    assert.strictEqual(prompt.entry_point, perturbed.entry_point);
    const original = String(HUMANEVAL.canonical_solution);
    assert.notStrictEqual(prompt.entry_point, HUMANEVAL.entry_point);
    assert.ok(!/\blimit\b/.test(String(prompt.prompt)), String(prompt.prompt));
    const [, items, limit] = /def \w+\((\w+): List\[float\], (\w+): float\)/.exec(String(prompt.prompt))!;
    assert.strictEqual(prompt.canonical_solution, original.replace(/\bitems\b/g, items).replace(/\blimit\b/g, limit));
    const module = path.join(dir, 'prompt_variant.py');
    fs.writeFileSync(module, code(prompt));
    const doctest = spawnSync('python3', ['-m', 'doctest', module], { encoding: 'utf8', timeout: 60_000 });
    assert.strictEqual(doctest.status, 0, `python -m doctest:\n${doctest.stdout}${doctest.stderr}`);
    // completion: each side is its record's code cut in two, the prompt past the record's own prompt
    for (const rec of completion) {
      const v = variantOf(rec);
      const whole = v.side === 'original' ? HUMANEVAL : perturbed;
      assert.strictEqual(code(rec), code(whole), `${rec.task_id}: prompt + canonical_solution is the ${v.side} code`);
      assert.ok(String(rec.prompt).startsWith(String(whole.prompt)) && String(rec.prompt).length > String(whole.prompt).length, `${rec.task_id} shows part of the solution`);
      assert.strictEqual(String(rec.prompt).split('\n').length, v.first_line, `${rec.task_id}: the solution starts at first_line`);
      assert.strictEqual(rec.test, whole.test);
    }
    // the k-line tasks mask lines the provenance aligns: the same original lines, rewritten on the perturbed side
    for (const k of [1, 3]) {
      const [o, p] = completion.filter((r) => variantOf(r).kind === 'lines' && variantOf(r).lines === k);
      assert.strictEqual(variantOf(o).aligned_with, p.task_id);
      const masked = (rec: BenchmarkRecord) => String(rec.canonical_solution).split('\n').slice(0, k);
      assert.ok(variantOf(p).changed_lines > 0, `${k}: the masked lines were rewritten`);
      const origLines = original.split('\n');
      const at = origLines.indexOf(masked(o)[0]);
      assert.ok(at >= 0, `${k}: the original side masks lines of the original solution`);
      assert.deepStrictEqual(masked(o), origLines.slice(at, at + k));
      assert.notDeepStrictEqual(masked(p), masked(o));
    }
  });

  it('HumanEval: the prompt variant perturbs the helper functions the prompt holds too, verified by the record\'s tests', async () => {
    const rec: BenchmarkRecord = {
      task_id: 'HumanEval/961',
      prompt:
        'from typing import List\n\n\ndef is_even(number: int) -> bool:\n    """ Whether number is even. """\n    remainder = number % 2\n    return remainder == 0\n\n\n' +
        'def even_running_sums(values: List[int]) -> List[int]:\n    """Return the running sums of values, keeping only the even ones (see is_even).\n' +
        '    >>> even_running_sums([1, 1, 2, 3])\n    [2, 4]\n    """\n',
      canonical_solution: '    result = []\n    total = 0\n    for v in values:\n        total += v\n        if is_even(total):\n            result.append(total)\n    return result\n',
      test: '\n\ndef check(candidate):\n    assert candidate([1, 1, 2, 3]) == [2, 4]\n    assert candidate([]) == []\n    assert candidate([2, 2]) == [2, 4]\n',
      entry_point: 'even_running_sums',
    };
    const [perturbed, prompt] = variants('helpers', rec, '--variant', 'perturbed,prompt', '--max-iter', '3');
    assert.strictEqual(prompt.error, undefined, String(prompt.error));
    const helpers = variantOf(prompt).helpers as { function: string; entry_point: string; steps: number }[];
    assert.strictEqual(helpers.length, 1);
    assert.strictEqual(helpers[0].function, 'is_even');
    assert.ok(helpers[0].steps > 0, 'the helper was perturbed');
    const helperOf = (r: BenchmarkRecord) => String(r.prompt).slice(String(r.prompt).indexOf('def '), String(r.prompt).lastIndexOf('\ndef '));
    const entryOf = (r: BenchmarkRecord) => String(r.prompt).slice(String(r.prompt).lastIndexOf('\ndef '));
    // the perturbed record leaves the helper as it was; the prompt variant shows it perturbed
    assert.strictEqual(helperOf(perturbed), helperOf(rec));
    assert.notStrictEqual(helperOf(prompt).split(helpers[0].entry_point).join('is_even'), helperOf(rec));
    // the entry point's part of the prompt is the perturbed record's; the solution is the original's, under the prompt's names
    assert.strictEqual(entryOf(prompt).split(helpers[0].entry_point).join('is_even'), entryOf(perturbed));
    const [, values] = /def \w+\((\w+): List\[int\]\)/.exec(entryOf(prompt))!;
    const solution = String(rec.canonical_solution).replace(/\bis_even\b/g, helpers[0].entry_point).replace(/\bvalues\b/g, values);
    assert.strictEqual(prompt.canonical_solution, solution);
    const result = await runRecord('humaneval', prompt, scratch());
    assert.ok(result.ok, result.output);
  });

  it('HumanEval-X Java: prompt and completion variants are Java records its harness passes', async () => {
    const rec: BenchmarkRecord = {
      task_id: 'Java/960',
      prompt:
        'import java.util.*;\nimport java.lang.*;\n\nclass Solution {\n    /**\n    Add up the squares of the odd numbers given.\n' +
        '    >>> sumOddSquares(Arrays.asList(1, 2, 3))\n    10\n     */\n    public int sumOddSquares(List<Integer> numbers) {\n',
      declaration: 'import java.util.*;\nimport java.lang.*;\n\nclass Solution {\n    public int sumOddSquares(List<Integer> numbers) {\n',
      canonical_solution: '        int total = 0;\n        for (int n : numbers) {\n            if (n % 2 != 0) {\n                total += n * n;\n            }\n        }\n        return total;\n    }\n}',
      test:
        'public class Main {\n    public static void main(String[] args) {\n        Solution s = new Solution();\n        List<Boolean> correct = Arrays.asList(\n' +
        '                s.sumOddSquares(Arrays.asList(1, 2, 3)) == 10,\n                s.sumOddSquares(new ArrayList<>()) == 0\n        );\n' +
        '        if (correct.contains(false)) {\n            throw new AssertionError();\n        }\n    }\n}',
      example_test: '',
    };
    // each Java candidate is compiled and run: the opening renames are enough here
    const out = variants('java', rec, '--variant', 'prompt,completion', '--lines', '1', '--methods', 'variable-rename', '--max-iter', '1');
    assert.deepStrictEqual(
      out.map((r) => r.task_id),
      ['Java/960/prompt', 'Java/960/partial/original', 'Java/960/partial/perturbed', 'Java/960/lines-1/original', 'Java/960/lines-1/perturbed'],
    );
    for (const r of out) {
      assert.strictEqual(r.error, undefined, `${r.task_id}: ${r.error}`);
      const result = await runRecord('humaneval-x', r, scratch());
      assert.ok(result.ok, `${r.task_id}: ${result.output}`);
    }
    // the prompt variant's solution is the original's, under the prompt's parameter name
    const prompt = out[0];
    const param = /List<Integer> (\w+)\)/.exec(String(prompt.prompt))![1];
    assert.ok(!/\bnumbers\b/.test(String(prompt.prompt)) || param === 'numbers', String(prompt.prompt));
    assert.strictEqual(String(prompt.canonical_solution), String(rec.canonical_solution).replace(/\bnumbers\b/g, param));
    // the one-line task masks the same line on both sides, rewritten on the perturbed one
    const first = (r: BenchmarkRecord) => String(r.canonical_solution).split('\n')[0];
    assert.strictEqual(variantOf(out[4]).changed_lines, 1);
    assert.notStrictEqual(first(out[4]), first(out[3]));
    assert.strictEqual(first(out[3]).trim().split(' ')[0], first(out[4]).trim().split(' ')[0]);
  });

  it('a variant whose test outlives --timeout is reported as timed out, not as a failing canonical solution', () => {
    // compile-level verification runs no test: only the variant's harness run meets the slow test
    const slow = { ...HUMANEVAL, task_id: 'HumanEval/961', test: `\n\nimport time\n${String(HUMANEVAL.test)}    time.sleep(60)\n` };
    const started = Date.now();
    const file = path.join(dir, 'slow.out.jsonl');
    const result = cli(['dataset', write('slow', slow), '--out', file, '--seed', '3', '--quiet', '--profile', 'paper', '--variant', 'completion', '--lines', '1', '--verify', 'compile', '--timeout', '2', '--max-iter', '2']);
    // every variant record has an error, so the run as a whole failed
    assert.strictEqual(result.code, 1, result.stderr);
    const out = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as BenchmarkRecord);
    assert.ok(Date.now() - started < 50_000, 'the slow tests were stopped at the timeout');
    const ran = out.filter((r) => /\/(partial|lines-1)\//.test(String(r.task_id)));
    assert.strictEqual(ran.length, 4, out.map((r) => r.task_id).join(', '));
    for (const rec of ran) {
      assert.match(String(rec.error), /variant's test did not finish within 2 s as the harness runs it: raise the timeout if the test is slow/);
      assert.doesNotMatch(String(rec.error), /fails its test/);
    }
  });

  it('refuses --variant beyond perturbed where no prompt splits, a wrong kind, --lines without completion, and --resume', () => {
    const mbpp = write('mbpp', { task_id: 1, text: 'Add one.', code: 'def add_one(x):\n    return x + 1\n', test_list: ['assert add_one(1) == 2'] });
    const humaneval = write('humaneval-usage', HUMANEVAL);
    const out = path.join(dir, 'usage.out.jsonl');
    const cases: [string[], RegExp][] = [
      [[mbpp, '--variant', 'prompt'], /--variant prompt is for humaneval and humaneval-x records/],
      [[humaneval, '--variant', 'prompts'], /--variant takes perturbed, prompt, completion \(comma-separated\), not prompts/],
      [[humaneval, '--lines', '3'], /--lines is for --variant completion/],
      [[humaneval, '--variant', 'completion', '--lines', '0'], /--lines: 0 is not a line count/],
      [[humaneval, '--variant', 'completion', '--resume'], /--resume does not continue a run with --variant/],
    ];
    for (const [args, message] of cases) {
      const result = cli(['dataset', ...args, '--out', out, '--quiet']);
      assert.strictEqual(result.code, 2, `${args.join(' ')}: exit ${result.code}: ${result.stderr}`);
      assert.match(reason(result), message);
      assert.strictEqual(result.stderr.trim().split('\n').length, 1, result.stderr);
    }
  });
});
