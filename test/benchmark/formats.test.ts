import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { detectFormat, PUBLISHED } from '../../src/core/benchmark/formats';
import type { BenchmarkRecord, FormatId } from '../../src/core/benchmark/formats';
import { humanEvalXProgram, pythonCompletion } from '../../src/core/benchmark/harness/humanevalX';
import { harnessProgram, runRecord } from '../../src/core/benchmark/harness';
import { fixture, loader } from '../support/harness';

/**
 * The format layer against records written for these tests in each published layout: the
 * reference runner assembles each record as its format's harness does and runs it with the real
 * toolchains; reading a record and writing it back unchanged gives the same record.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-formats-'));
let runs = 0;
const scratch = () => ({ dir: path.join(dir, `run-${runs++}`), toolchains: {}, timeoutMs: 180_000 });

function records(file: string): BenchmarkRecord[] {
  return fs
    .readFileSync(fixture(`benchmarks/${file}`), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as BenchmarkRecord);
}

const FILES: [string, Exclude<FormatId, 'codemorph'>][] = [
  ['humaneval.jsonl', 'humaneval'],
  ['humaneval-x.jsonl', 'humaneval-x'],
  ['mbpp.jsonl', 'mbpp'],
  ['mbpp-sanitized.jsonl', 'mbpp'],
  ['cruxeval.jsonl', 'cruxeval'],
  ['livecodebench.jsonl', 'livecodebench'],
];

function idOf(rec: BenchmarkRecord): string {
  return String(rec.task_id ?? rec.id);
}

describe('benchmark formats', () => {
after(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the reference runner', function () {
  this.timeout(600_000);

  for (const [file, format] of FILES) {
    it(`${file}: every record passes its own tests with its canonical solution, as ${format}'s harness runs them`, async () => {
      for (const rec of records(file)) {
        const result = await runRecord(format, rec, scratch(), { challenge: true });
        assert.ok(result.ok, `${idOf(rec)}: ${result.commands.join(' && ')}\n${result.output}`);
        assert.ok(result.commands.length > 0, 'a test ran');
      }
    });
  }

  it('MBPP: test_list really runs, with the setup code (a wrong assert fails; no setup, no math)', async () => {
    const [first, second] = records('mbpp.jsonl');
    const wrong = { ...first, test_list: ['assert second_largest([1, 5, 3, 5]) == 5'] };
    const failed = await runRecord('mbpp', wrong, scratch());
    assert.strictEqual(failed.ok, false);
    assert.match(failed.output, /AssertionError/);
    const noSetup = await runRecord('mbpp', { ...second, test_setup_code: '' }, scratch());
    assert.strictEqual(noSetup.ok, false);
    assert.match(noSetup.output, /NameError: name 'math' is not defined/);
  });

  it('HumanEval: check(entry_point) runs (a wrong completion fails); HumanEval+ compares the extra inputs with the reference', async () => {
    const [vowels, , gaps] = records('humaneval.jsonl');
    const wrong = await runRecord('humaneval', vowels, scratch(), { completion: '    return 3\n' });
    assert.strictEqual(wrong.ok, false);
    assert.match(wrong.output, /AssertionError/);
    // right on check()'s two cases, wrong on a plus input with three values
    const shortcut = '    if len(values) < 2:\n        return 0.0\n    return (values[-1] - values[0]) / 2\n';
    const plus = await runRecord('humaneval', gaps, scratch(), { completion: shortcut });
    assert.strictEqual(plus.ok, false, 'the plus inputs ran');
    assert.match(plus.output, /extra input 2: .*expected 0\.(4|3999)/);
  });

  it('HumanEval-X: the JavaScript harness fails on console.assert output; example_test runs on its own', async () => {
    const js = records('humaneval-x.jsonl').find((r) => r.task_id === 'JavaScript/900')!;
    const wrong = await runRecord('humaneval-x', js, scratch(), { completion: "  return text;\n}\n" });
    assert.strictEqual(wrong.ok, false);
    assert.match(wrong.output, /Assertion failed/);
    const example = harnessProgram('humaneval-x', js, { exampleTest: true });
    assert.ok(typeof example !== 'string' && example.kind === 'steps' && !example.files['test.js'].includes("'one'"));
    assert.ok((await runRecord('humaneval-x', js, scratch(), { exampleTest: true })).ok);
  });

  it('HumanEval-X Python: the evaluator keeps a completion up to its first line at column 0', async () => {
    assert.strictEqual(pythonCompletion('    return 1\n\ndef helper():\n    return 2\n'), '    return 1\n');
    const py = records('humaneval-x.jsonl').find((r) => r.task_id === 'Python/900')!;
    // a helper after the function is cut off, so the function cannot call it
    const after = '    return helper(words)\n\n\ndef helper(words):\n    return max([len(w) for w in words], default=0)\n';
    const cut = await runRecord('humaneval-x', py, scratch(), { completion: after });
    assert.strictEqual(cut.ok, false);
    assert.match(cut.output, /NameError: name 'helper' is not defined/);
  });

  it('HumanEval-X Go: a testify package Go cannot find is named with what to install, not left as the record\'s failure', async () => {
    const go = records('humaneval-x.jsonl').find((r) => r.task_id === 'Go/900')!;
    // a testify package no install has stands for a missing testify: the output is Go's own
    const setup = String(go.test_setup).replace('testify/assert"', 'testify/absent"');
    const result = await runRecord('humaneval-x', { ...go, test_setup: setup }, scratch());
    assert.strictEqual(result.ok, false);
    assert.match(result.output, /^the Go test imports testify, which is not installed: apt-get install golang-github-stretchr-testify-dev/);
    assert.match(result.output, /cannot find package "github\.com\/stretchr\/testify\/absent"/);
  });

  it('HumanEval-X Rust: a use of rand or regex that nothing needs is left out for a lone rustc', () => {
    const rust = records('humaneval-x.jsonl').find((r) => r.task_id === 'Rust/900')!;
    const program = humanEvalXProgram(rust, 'rust');
    assert.ok(typeof program !== 'string' && program.kind === 'steps');
    const text = program.files['main.rs'];
    assert.ok(!/use rand::Rng;|use regex::Regex;/.test(text), text);
    assert.match(text, /use std::\{cmp::\{max, min\}/);
    const needed = humanEvalXProgram({ ...rust, canonical_solution: '    let _r = Regex::new("a");\n    0\n}\n' }, 'rust');
    assert.ok(typeof needed !== 'string' && needed.kind === 'steps' && needed.files['main.rs'].includes('use regex::Regex;'));
  });
});

describe('reading and writing records', function () {
  this.timeout(120_000);

  it('tells each format from its fields', () => {
    for (const [file, format] of FILES) {
      const sample = records(file).map((rec, i) => ({ line: i + 1, rec }));
      assert.deepStrictEqual(detectFormat(sample, file), { format }, file);
    }
    const codemorph = detectFormat([{ line: 1, rec: { task_id: 't', code: 'x = 1' } }], 'in.jsonl');
    assert.deepStrictEqual(codemorph, { format: 'codemorph' });
  });

  it('names the fields it saw, and the --format to pass, when a shape fits no format or two', () => {
    const unknown = detectFormat([{ line: 1, rec: { name: 'a', body: 'b' } }], 'in.jsonl');
    assert.ok('error' in unknown);
    assert.match(unknown.error, /line 1 \(name, body\): pass --format humaneval\|humaneval-x\|mbpp\|cruxeval\|livecodebench\|codemorph/);
    const both = detectFormat([{ line: 2, rec: { task_id: 1, id: 'a', code: 'c', test_list: [], input: 'i', output: 'o' } }], 'in.jsonl');
    assert.ok('error' in both);
    assert.match(both.error, /fit mbpp and cruxeval: pass --format mbpp or --format cruxeval/);
    const mixed = detectFormat(
      [
        { line: 1, rec: records('cruxeval.jsonl')[0] },
        { line: 2, rec: records('mbpp.jsonl')[0] },
      ],
      'in.jsonl',
    );
    assert.ok('error' in mixed);
    assert.match(mixed.error, /mixes formats \(line 1 looks like cruxeval, line 2 looks like mbpp\)/);
  });

  for (const [file, format] of FILES) {
    it(`${file}: reads every record and writes it back unchanged when nothing was perturbed`, async () => {
      for (const rec of records(file)) {
        const problem = await PUBLISHED[format].read(rec, { loader });
        assert.ok(typeof problem !== 'string', `${idOf(rec)}: ${problem}`);
        assert.ok(problem.entryPoint, 'an entry point');
        assert.deepStrictEqual(await problem.rebuild(problem.composed.text, problem.entryPoint), rec);
      }
    });
  }

  it('finds each record\'s language and entry point', async () => {
    const found: string[] = [];
    for (const rec of records('humaneval-x.jsonl')) {
      const problem = await PUBLISHED['humaneval-x'].read(rec, { loader });
      assert.ok(typeof problem !== 'string', String(problem));
      found.push(`${problem.lang}:${problem.entryPoint}`);
    }
    assert.deepStrictEqual(found, ['python:longest_word_length', 'cpp:count_above', 'java:sumOddSquares', 'javascript:reverseWords', 'go:CountOverlapping', 'rust:value_range']);
    const mbpp = await PUBLISHED.mbpp.read(records('mbpp.jsonl')[1], { loader });
    assert.ok(typeof mbpp !== 'string' && mbpp.entryPoint === 'hypotenuse' && mbpp.lines === 2);
  });

  it('a renamed entry point reaches the prompt\'s docstring, the declaration, the test and example_test', async () => {
    const rec = records('humaneval-x.jsonl').find((r) => r.task_id === 'CPP/900')!;
    const problem = await PUBLISHED['humaneval-x'].read(rec, { loader });
    assert.ok(typeof problem !== 'string');
    // what function-rename does to the file: the definition and every call
    const renamed = problem.composed.text.replace(/\bcount_above\(vector/, 'tally_above(vector').replace(/\(count_above\(/g, '(tally_above(');
    const out = await problem.rebuild(renamed, 'tally_above');
    assert.ok(typeof out !== 'string', String(out));
    for (const field of ['prompt', 'declaration', 'test', 'example_test']) {
      assert.ok(!/\bcount_above\b/.test(String(out[field])), `${field} still names count_above: ${out[field]}`);
      assert.match(String(out[field]), /\btally_above\b/, field);
    }
    assert.match(String(out.declaration), /int tally_above\(vector<int> values, int limit\)\{\n$/);
    assert.ok((await runRecord('humaneval-x', out, scratch())).ok);
    assert.ok((await runRecord('humaneval-x', out, scratch(), { exampleTest: true })).ok);
  });

  it('HumanEval-X Python: a helper a step put after the function moves into the prompt, where the evaluator keeps it', async () => {
    const rec = records('humaneval-x.jsonl').find((r) => r.task_id === 'Python/900')!;
    const problem = await PUBLISHED['humaneval-x'].read(rec, { loader });
    assert.ok(typeof problem !== 'string');
    const text = problem.composed.text
      .replace('    best = 0\n', '    best = zero_length()\n')
      .replace('    return best\n', '    return best\n\n\ndef zero_length():\n    return 0\n');
    const out = await problem.rebuild(text, problem.entryPoint);
    assert.ok(typeof out !== 'string', String(out));
    const prompt = String(out.prompt);
    assert.ok(prompt.indexOf('def zero_length():') < prompt.indexOf('def longest_word_length('), prompt);
    assert.ok(!String(out.canonical_solution).includes('def zero_length'), String(out.canonical_solution));
    assert.ok(String(out.canonical_solution).endsWith('    return best\n'), JSON.stringify(out.canonical_solution));
    assert.ok((await runRecord('humaneval-x', out, scratch())).ok);
  });

  it('says what a record lacks', async () => {
    assert.match(String(await PUBLISHED.humaneval.read({ task_id: 'HumanEval/1', prompt: 'def f():\n', test: '' }, { loader })), /task HumanEval\/1 has no canonical_solution/);
    assert.match(String(await PUBLISHED['humaneval-x'].read({ task_id: 'Kotlin/1', prompt: 'x', canonical_solution: 'y', test: 'z' }, { loader })), /cannot tell the language of task Kotlin\/1: .*pass --lang/);
    assert.match(String(await PUBLISHED.mbpp.read({ task_id: 3, code: 'def g(x):\n    return x', test_list: ['assert h(1) == 1'] }, { loader })), /test_list calls none of the functions its code defines/);
    assert.match(String(await PUBLISHED.cruxeval.read({ id: 's', code: 'def g(x):\n    return x', input: '1', output: '1' }, { loader })), /defines no function f/);
  });
});
});
