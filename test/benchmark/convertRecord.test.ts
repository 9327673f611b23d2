import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { BenchmarkEntry } from '../../src/core/benchmark/entries';
import { exportEntriesAs } from '../../src/core/benchmark/exportFormats';
import { PUBLISHED } from '../../src/core/benchmark/formats';
import type { BenchmarkRecord, FormatId } from '../../src/core/benchmark/formats';
import { runRecord } from '../../src/core/benchmark/harness';
import { cli, reason } from '../support/cli';
import { fixture, loader } from '../support/harness';

/**
 * "Export entries as…" another format than the entry's own (issue 31, item 6): each converted
 * record reads back with the target format's reader and passes that format's harness, as our
 * reference runner assembles it, with its own solution.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-convert-'));
const read = (name: string) => fs.readFileSync(fixture(`benchmarks/${name}`), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as BenchmarkRecord);

/** An entry as Import benchmark saves it, its written record the fixture's (an unperturbed record is a written one too). */
function entryOf(format: FormatId, rec: BenchmarkRecord, entryPoint: string): BenchmarkEntry {
  const side = { entryPoint, test: null, prompt: null, io: null };
  return {
    id: `${format}-${String(rec.task_id)}`,
    kind: 'perturbed',
    entryPoint: { original: entryPoint, new: entryPoint },
    benchmark: { format, file: 'in.jsonl', task_id: rec.task_id, record: { ...rec, codemorph: { seed: 1 } }, original: side, perturbed: side },
  } as unknown as BenchmarkEntry;
}

async function checkWritten(text: string, to: FormatId, count: number): Promise<BenchmarkRecord[]> {
  const records = text.trimEnd().split('\n').map((l) => JSON.parse(l) as BenchmarkRecord);
  assert.strictEqual(records.length, count);
  for (const [i, rec] of records.entries()) {
    const back = await PUBLISHED[to as Exclude<FormatId, 'codemorph'>].read(rec, { loader });
    assert.ok(typeof back !== 'string', `${String(rec.task_id)} read back as ${to}: ${String(back)}`);
    const ran = await runRecord(to, rec, { dir: path.join(dir, `${to}-${i}-${Math.random().toString(36).slice(2)}`), toolchains: {}, timeoutMs: 60_000 });
    assert.ok(ran.ok, `${String(rec.task_id)} as ${to}: ${ran.output}\n${JSON.stringify(rec, null, 1)}`);
  }
  return records;
}

describe('export entries as another format (convertRecord)', function () {
  this.timeout(120_000);
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const humanEval = read('humaneval.jsonl').map((r) => entryOf('humaneval', r, String(r.entry_point)));
  const python = read('humaneval-x.jsonl').filter((r) => String(r.task_id).startsWith('Python/'));
  const humanEvalX = python.map((r) => entryOf('humaneval-x', r, /def (\w+)\(/.exec(String(r.declaration))![1]));
  const mbppRecords = [...read('mbpp.jsonl'), ...read('mbpp-sanitized.jsonl')];
  const mbpp = mbppRecords.map((r) => entryOf('mbpp', r, /def (\w+)\(/.exec(String(r.code))![1]));

  it('HumanEval to MBPP: the docstring as text, the whole function as code, check as setup, check(entry) as the one test', async () => {
    const out = exportEntriesAs(humanEval, 'mbpp');
    assert.deepStrictEqual(out.skipped, []);
    const records = await checkWritten(out.text, 'mbpp', humanEval.length);
    assert.strictEqual(records[0].text, "Count the vowels (a, e, i, o, u, in either case) in text.\n>>> count_vowels('Banana')\n3\n>>> count_vowels('xyz')\n0");
    assert.deepStrictEqual(records[0].test_list, ['check(count_vowels)']);
    assert.deepStrictEqual((records[0].codemorph as { converted: unknown }).converted, { from: 'humaneval', to: 'mbpp', task_id: 'HumanEval/900' });
  });

  it('HumanEval-X Python to MBPP and HumanEval: its own check(entry) call is left to the target harness', async () => {
    assert.ok(python.length > 0);
    const asMbpp = exportEntriesAs(humanEvalX, 'mbpp');
    assert.deepStrictEqual(asMbpp.skipped, []);
    await checkWritten(asMbpp.text, 'mbpp', python.length);
    const asHumanEval = exportEntriesAs(humanEvalX, 'humaneval');
    assert.deepStrictEqual(asHumanEval.skipped, []);
    const records = await checkWritten(asHumanEval.text, 'humaneval', python.length);
    assert.match(String(records[0].task_id), /^HumanEval\//);
    assert.doesNotMatch(String(records[0].test), /^check\(/m);
  });

  it('HumanEval to HumanEval-X Python: Python/ task ids, the signature as declaration, the test calls check', async () => {
    const out = exportEntriesAs(humanEval, 'humaneval-x');
    assert.deepStrictEqual(out.skipped, []);
    const records = await checkWritten(out.text, 'humaneval-x', humanEval.length);
    assert.strictEqual(records[0].task_id, 'Python/900');
    assert.strictEqual(records[0].declaration, '\n\ndef count_vowels(text: str) -> int:\n');
  });

  it('MBPP (original and sanitized) to HumanEval and HumanEval-X: the text becomes the docstring, test_list the body of check', async () => {
    const out = exportEntriesAs(mbpp, 'humaneval');
    assert.deepStrictEqual(out.skipped, []);
    const records = await checkWritten(out.text, 'humaneval', mbpp.length);
    assert.strictEqual(records[0].task_id, 'HumanEval/900');
    assert.strictEqual(records[0].prompt, 'def second_largest(nums):\n    """Write a function to return the second largest distinct number in a list."""\n');
    assert.match(String(records[1].prompt), /^import math\n/);
    const x = exportEntriesAs(mbpp, 'humaneval-x');
    assert.deepStrictEqual(x.skipped, []);
    await checkWritten(x.text, 'humaneval-x', mbpp.length);
  });

  it('MBPP code the split must read with care: a one-line def, a header over lines with a lambda default, a helper after the function, a text with a backslash and quotes', async () => {
    const records: BenchmarkRecord[] = [
      { task_id: 1, text: 'Write a function that doubles x.', code: 'def double(x): return helper(x) * 2\r\ndef helper(y):\r\n  return y', test_list: ['assert double(2) == 4'], test_setup_code: '', challenge_test_list: [] },
      {
        task_id: 2,
        text: 'Split s at "\\t" and count the "parts"',
        code: 'def count_parts(s,\n                key=lambda p: (p, ":")):\n\treturn len(s.split("\\t"))\n',
        test_list: ['assert count_parts("a\\tb") == 2'],
        test_setup_code: '',
        challenge_test_list: [],
      },
    ];
    const entries = [entryOf('mbpp', records[0], 'double'), entryOf('mbpp', records[1], 'count_parts')];
    for (const to of ['humaneval', 'humaneval-x'] as const) {
      const out = exportEntriesAs(entries, to);
      assert.deepStrictEqual(out.skipped, []);
      const written = await checkWritten(out.text, to, 2);
      // HumanEval-X's evaluator drops what follows the function: the helper moves before it
      const helper = to === 'humaneval-x' ? 'def helper(y):\n  return y\n\n\n' : '';
      assert.strictEqual(written[0].prompt, `${helper}def double(x):\n    """Write a function that doubles x."""\n`);
      assert.strictEqual(written[1].prompt, 'def count_parts(s,\n                key=lambda p: (p, ":")):\n\t"""Split s at "\\\\t" and count the "parts\\""""\n');
    }
  });

  it('MBPP code with statements after the function is refused as HumanEval-X (its evaluator would drop them), written as HumanEval', async () => {
    const rec = { task_id: 3, text: 'Triple x.', code: 'def triple(x):\n    return x * THREE\nTHREE = 3\n', test_list: ['assert triple(2) == 6'], test_setup_code: '' };
    const asX = exportEntriesAs([entryOf('mbpp', rec, 'triple')], 'humaneval-x');
    assert.match(asX.skipped[0]?.reason ?? '', /goes on past triple with statements/);
    await checkWritten(exportEntriesAs([entryOf('mbpp', rec, 'triple')], 'humaneval').text, 'humaneval', 1);
  });

  it('HumanEval to HumanEval-X: a helper after the function in the solution moves into the prompt, after its imports, where the evaluator keeps it', async () => {
    const rec = {
      task_id: 'HumanEval/7',
      prompt: 'from typing import List\n\n\ndef total(xs: List[int]) -> int:\n    """Sum xs."""\n',
      canonical_solution: '    return add_all(xs)\n\n\ndef add_all(ys: List[int]) -> int:\n    return sum(ys)\n',
      test: '\n\ndef check(candidate):\n    assert candidate([1, 2]) == 3\n',
      entry_point: 'total',
    };
    const out = exportEntriesAs([entryOf('humaneval', rec, 'total')], 'humaneval-x');
    assert.deepStrictEqual(out.skipped, []);
    const [written] = await checkWritten(out.text, 'humaneval-x', 1);
    assert.strictEqual(written.prompt, 'from typing import List\n\n\ndef add_all(ys: List[int]) -> int:\n    return sum(ys)\n\n\ndef total(xs: List[int]) -> int:\n    """Sum xs."""\n');
    assert.strictEqual(written.canonical_solution, '    return add_all(xs)\n');
  });

  it('HumanEval-X Python that leans on its evaluator\'s preamble (typing, math, Counter) gets those imports in HumanEval and MBPP', async () => {
    const rec = {
      task_id: 'Python/5',
      prompt: 'def most_common_floor(xs: List[float]) -> int:\n    """The most common floor of xs."""\n',
      declaration: 'def most_common_floor(xs: List[float]) -> int:\n',
      canonical_solution: '    return Counter(math.floor(x) for x in xs).most_common(1)[0][0]\n',
      test: '\n\ndef check(most_common_floor):\n    assert most_common_floor([1.5, 1.2, 2.0]) == 1\n\ncheck(most_common_floor)\n',
    };
    const entry = entryOf('humaneval-x', rec, 'most_common_floor');
    await checkWritten(exportEntriesAs([entry], 'humaneval-x').text, 'humaneval-x', 1);
    for (const to of ['humaneval', 'mbpp'] as const) {
      const out = exportEntriesAs([entry], to);
      assert.deepStrictEqual(out.skipped, []);
      const [written] = await checkWritten(out.text, to, 1);
      assert.match(String(written.prompt ?? written.code), /^import math\nfrom typing import List\nfrom collections import Counter\n\n\ndef most_common_floor/);
    }
  });

  it('round trip: codemorph dataset reads the converted records, verifies them with their tests and writes records their harness passes', async () => {
    for (const [entries, to] of [[humanEval, 'mbpp'], [mbpp.slice(0, 2), 'humaneval']] as const) {
      const input = path.join(dir, `round-${to}.jsonl`);
      fs.writeFileSync(input, exportEntriesAs(entries, to).text);
      const out = path.join(dir, `round-${to}-out.jsonl`);
      const result = cli(['dataset', input, '--format', to, '--out', out, '--max-iter', '2', '--seed', '3', '--quiet']);
      assert.strictEqual(result.code, 0, reason(result));
      const written = fs.readFileSync(out, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as BenchmarkRecord);
      // read and verified: a record is left as it was only when the search found no step within budget
      for (const r of written) assert.ok(r.error === undefined || r.error === null || /^nothing could be perturbed/.test(String(r.error)), String(r.error));
      assert.ok(written.some((r) => !r.error), `no ${to} record perturbed`);
      await checkWritten(written.map((r) => JSON.stringify(r)).join('\n'), to, entries.length);
    }
  });

  it('a wrong MBPP test fails the converted HumanEval record: test_list really runs inside check', async () => {
    const rec = { ...mbppRecords[0], test_list: ['assert second_largest([1, 5, 3, 5]) == 4'] };
    const out = exportEntriesAs([entryOf('mbpp', rec, 'second_largest')], 'humaneval');
    const ran = await runRecord('humaneval', JSON.parse(out.text) as BenchmarkRecord, { dir: path.join(dir, 'wrong'), toolchains: {}, timeoutMs: 60_000 });
    assert.strictEqual(ran.ok, false);
    assert.match(ran.output, /AssertionError/);
  });

  it('CRUXEval only from CRUXEval records, and a workspace entry into no published format, each with its reason', () => {
    const toCrux = exportEntriesAs(humanEval.slice(0, 1), 'cruxeval');
    assert.strictEqual(toCrux.count, 0);
    assert.match(toCrux.skipped[0].reason, /input\/output pair of f, which only CRUXEval records carry; export it as humaneval or codemorph/);
    const crux = read('cruxeval.jsonl')[0];
    const fromCrux = exportEntriesAs([entryOf('cruxeval', crux, 'f')], 'mbpp');
    assert.deepStrictEqual(fromCrux.skipped.map((s) => s.reason), ['perturbed from a cruxeval record; export it as cruxeval or codemorph']);
    const workspace = { id: 'w1', kind: 'perturbed', entryPoint: { original: 'f', new: 'g' } } as unknown as BenchmarkEntry;
    assert.match(exportEntriesAs([workspace], 'mbpp').skipped[0].reason, /^not perturbed from a mbpp record/);
  });
});
