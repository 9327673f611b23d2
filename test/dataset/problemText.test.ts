import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { BenchmarkRecord } from '../../src/core/benchmark/formats';
import { renameCode, renameProse, stepRenames } from '../../src/core/benchmark/formats/problemText';
import { runRecord } from '../../src/core/benchmark/harness';
import type { StepRecord } from '../../src/core/search/types';
import { cli } from '../support/cli';

/**
 * Problem text follows the code (docs/problem-text.md): after `codemorph dataset` renames a
 * function, its parameters or its variables, the record's docstring, doctest examples, comments
 * and natural-language fields name the new names, by the rule that keeps English words English.
 * The records are written for these tests; the engine, the parses and the harness runs are real.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-prose-'));
let runs = 0;
after(() => fs.rmSync(dir, { recursive: true, force: true }));
const scratch = () => ({ dir: path.join(dir, `run-${runs++}`), toolchains: {}, timeoutMs: 180_000 });

/** Only renames: every step of these runs renames something the text names. */
const RENAMES = ['--methods', 'variable-rename,function-rename', '--max-iter', '3', '--seed', '3', '--quiet', '--profile', 'paper'];

function perturbOne(name: string, rec: BenchmarkRecord, ...extra: string[]): BenchmarkRecord {
  const input = path.join(dir, `${name}.jsonl`);
  const out = path.join(dir, `${name}.out.jsonl`);
  fs.writeFileSync(input, `${JSON.stringify(rec)}\n`);
  const result = cli(['dataset', input, '--out', out, ...RENAMES, ...extra]);
  assert.strictEqual(result.code, 0, `exit ${result.code}: ${result.stderr}`);
  const written = JSON.parse(fs.readFileSync(out, 'utf8').trim()) as BenchmarkRecord;
  assert.strictEqual(written.error, undefined, String(written.error));
  return written;
}

/** The renames the written record's steps made, original name to final name. */
function renamesOf(rec: BenchmarkRecord): Map<string, string> {
  return stepRenames((rec.codemorph as { steps: StepRecord[] }).steps).to;
}

const word = (name: string) => new RegExp(`(?<![\\w$])${name}(?![\\w$])`);

describe('problem text follows the renames (docstrings, doctests, comments, descriptions)', function () {
  this.timeout(600_000);

  const table = {
    to: new Map([['limit', 'cap'], ['a', 'first'], ['count', 'tally'], ['max_len', 'longest'], ['fits', 'within'], ['s', 'string'], ['e', 'element']]),
    signature: new Set(['fits', 'limit', 'a', 's', 'e']),
  };

  it('a docstring renames parameters and the function as words, any renamed name in code, and leaves English alone', () => {
    const doc = [
      'Tell whether a stays under limit; limits and unlimited stay, as does self.limit.',
      'Use `limit` or `count`; fits(a, limit) and max_len too. The count is kept.',
      '>>> fits(3, limit=count)',
      "It's the item's count, e.g. a count of s.",
    ].join('\n');
    assert.strictEqual(
      renameProse(doc, table, 'doc'),
      [
        'Tell whether a stays under cap; limits and unlimited stay, as does self.limit.',
        'Use `cap` or `tally`; within(first, cap) and longest too. The count is kept.',
        '>>> within(3, cap=tally)',
        "It's the item's count, e.g. a count of string.",
      ].join('\n'),
    );
  });

  it('a comment inside the function renames its variables as words too', () => {
    assert.strictEqual(renameProse('# count the values below limit, a few at a time', table, 'comment'), '# tally the values below cap, a few at a time');
    assert.strictEqual(renameCode('total = count + obj.count', table.to), 'total = tally + obj.count');
  });

  it('renames compose across steps: the original name maps to the last one', () => {
    const step = (method: string, summary: string, accepted = true) => ({ method, summary, accepted }) as StepRecord;
    const { to, functions } = stepRenames([
      step('function-rename', 'renamed function `fits` to `within`'),
      step('variable-rename', 'renamed `limit` to `bound`, `i` to `index`'),
      step('variable-rename', 'renamed `bound` to `cap`'),
      step('variable-rename', 'renamed `count` to `tally`', false),
      step('for-while', 'rewrote the `for` loop over `items` to a while loop'),
    ]);
    assert.deepStrictEqual([...to], [['fits', 'within'], ['limit', 'cap'], ['i', 'index']]);
    assert.deepStrictEqual([...functions], ['fits']);
  });

  it("a step's recorded renames count where its summary names none (an LLM engine's function-rename)", () => {
    const step = { method: 'function-rename', summary: 'function-rename by local-model', accepted: true, renames: [{ from: 'fits', to: 'within' }] } as StepRecord;
    const { to, functions } = stepRenames([step]);
    assert.deepStrictEqual([...to], [['fits', 'within']]);
    assert.deepStrictEqual([...functions], ['fits']);
  });

  it('HumanEval: the docstring, its doctests and the comments name the renamed parameter, function and variables', async () => {
    const rec = perturbOne('humaneval', {
      task_id: 'HumanEval/950',
      prompt:
        'from typing import List\n\n\ndef has_close_items(items: List[float], limit: float) -> bool:\n' +
        '    """Tell whether two of the items lie closer to each other than limit.\n    Use `limit` as an exclusive bound.\n' +
        '    >>> has_close_items([1.0, 2.5, 3.0], 0.6)\n    True\n    >>> has_close_items([1.0, 2.0], limit=0.5)\n    False\n    """\n',
      canonical_solution:
        '    # compare each value with every later one (from index i on); the gap must stay below limit\n' +
        '    for i, first in enumerate(items):\n        for second in items[i + 1:]:\n            if abs(first - second) < limit:\n                return True\n    return False\n',
      test: '\n\ndef check(candidate):\n    assert candidate([1.0, 2.5, 3.0], 0.6) is True\n    assert candidate([1.0, 2.0], 0.5) is False\n    assert candidate([], 1.0) is False\n',
      entry_point: 'has_close_items',
    });
    const renames = renamesOf(rec);
    assert.ok(renames.has('limit') && renames.has('has_close_items') && renames.has('i'), `renamed: ${[...renames]}`);
    const prompt = String(rec.prompt);
    const solution = String(rec.canonical_solution);
    for (const name of ['limit', 'has_close_items']) assert.ok(!word(name).test(prompt), `the prompt still names ${name}:\n${prompt}`);
    assert.ok(prompt.includes(`than ${renames.get('limit')}.`) && prompt.includes(`\`${renames.get('limit')}\``), prompt);
    assert.ok(prompt.includes(`>>> ${rec.entry_point}([1.0, 2.0], ${renames.get('limit')}=0.5)`), prompt);
    // the comment follows the renamed variable and parameter; "index" was not renamed
    assert.ok(solution.includes(`(from index ${renames.get('i')} on); the gap must stay below ${renames.get('limit')}`), solution);
    const module = path.join(dir, 'doctest_humaneval.py');
    fs.writeFileSync(module, prompt + solution);
    const doctest = spawnSync('python3', ['-m', 'doctest', module], { encoding: 'utf8', timeout: 60_000 });
    assert.strictEqual(doctest.status, 0, `python -m doctest:\n${doctest.stdout}${doctest.stderr}`);
    const result = await runRecord('humaneval', rec, scratch());
    assert.ok(result.ok, result.output);
  });

  it('MBPP: the text follows the renamed function and parameter; CRLF code keeps CRLF on every line, inserted ones too', async () => {
    const code = 'def clamp_total(items, limit):\n    # add up the items, stopping at limit\n    total = 0\n    for item in items:\n        total += item\n    return min(total, limit)\n'.replace(/\n/g, '\r\n');
    const rec = perturbOne(
      'mbpp',
      {
        task_id: 9001,
        text: 'Write a function clamp_total to add up a list of items, capped at the given limit.',
        code,
        test_list: ['assert clamp_total([1, 2, 3], 10) == 6', 'assert clamp_total([5, 5, 5], 12) == 12'],
        test_setup_code: '',
        challenge_test_list: [],
      },
      '--methods',
      'variable-rename,function-rename,insert-junk-loop',
      '--max-iter',
      '4',
    );
    const renames = renamesOf(rec);
    const text = String(rec.text);
    for (const name of ['clamp_total', 'limit', 'items']) {
      assert.ok(renames.has(name), `renamed: ${[...renames]}`);
      assert.ok(!word(name).test(text) && text.includes(renames.get(name)!), text);
    }
    // "a list", "add up": English words stay
    assert.ok(text.startsWith('Write a function ') && text.includes(' to add up a list of '), text);
    const out = String(rec.code);
    assert.ok(out.split('\n').length > code.split('\n').length, `a step inserted lines: ${JSON.stringify(out)}`);
    assert.ok(!/[^\r]\n/.test(out), `an LF-only line: ${JSON.stringify(out)}`);
    assert.ok(out.includes(`# add up the ${renames.get('items')}, stopping at ${renames.get('limit')}\r\n`), out);
    const result = await runRecord('mbpp', rec, scratch());
    assert.ok(result.ok, result.output);
  });

  it('HumanEval-X Go: the doc comment in the prompt and the docstring field follow the renamed parameter', async () => {
    const doc = '// Return how many times sub occurs in text, overlapping occurrences included.\n// >>> CountOverlapping("aaa", "aa")\n// 2\n';
    const rec = perturbOne('go', {
      task_id: 'Go/950',
      prompt: `import (\n    "strings"\n)\n\n${doc}func CountOverlapping(text string, sub string) int {\n`,
      import: 'import (\n    "strings"\n)\n',
      docstring: doc,
      declaration: '\nfunc CountOverlapping(text string, sub string) int {\n',
      canonical_solution: '    count := 0\n    for i := 0; i+len(sub) <= len(text); i++ {\n        if strings.HasPrefix(text[i:], sub) {\n            count++\n        }\n    }\n    return count\n}\n',
      test_setup: 'package main\n\nimport (\n    "testing"\n    "github.com/stretchr/testify/assert"\n)\n',
      test: 'func TestCountOverlapping(t *testing.T) {\n    assert := assert.New(t)\n    assert.Equal(2, CountOverlapping("aaa", "aa"))\n    assert.Equal(0, CountOverlapping("abc", "d"))\n}\n',
      example_test: 'func TestCountOverlapping(t *testing.T) {\n    assert := assert.New(t)\n    assert.Equal(2, CountOverlapping("aaa", "aa"))\n}\n',
      // each Go candidate is built and tested: the opening renames are enough here
    }, '--methods', 'variable-rename', '--max-iter', '1');
    const renames = renamesOf(rec);
    const params = ['text', 'sub'].filter((p) => renames.has(p));
    assert.ok(params.length > 0, `a parameter was renamed: ${[...renames]}`);
    for (const field of ['prompt', 'docstring']) {
      const value = String(rec[field]);
      for (const p of params) assert.ok(!word(p).test(value.split('func ')[0]) && value.includes(renames.get(p)!), `${field}: ${value}`);
    }
    const result = await runRecord('humaneval-x', rec, scratch());
    assert.ok(result.ok, result.output);
  });
});
