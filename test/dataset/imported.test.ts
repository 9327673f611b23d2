import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { readEntries } from '../../src/core/benchmark/entries';
import { exportEntriesAs } from '../../src/core/benchmark/exportFormats';
import { defaultVerification, PUBLISHED } from '../../src/core/benchmark/formats';
import type { BenchmarkRecord } from '../../src/core/benchmark/formats';
import { runRecord } from '../../src/core/benchmark/harness';
import { formatOfJobs, openBenchmark, perturbProblems, ProblemsOptions, readBenchmark } from '../../src/core/dataset/imported';
import type { Job } from '../../src/core/dataset/records';
import { cli, reason } from '../support/cli';
import { fixture, loader } from '../support/harness';

/** "Import benchmark…"'s core, with real records, real parses and real files. */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-imported-'));
const MBPP = fs.readFileSync(fixture('benchmarks/mbpp.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);

function jobs(records: readonly unknown[]): Job[] {
  return records.map((r, index) => ({ index, line: index + 1, raw: typeof r === 'string' ? r : JSON.stringify(r) }));
}

describe('imported benchmarks', function () {
  this.timeout(300_000);
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  describe('formatOfJobs: the one format detection of dataset and Import benchmark', () => {
    it('a record missing a field of the others\' format does not hide the format: it becomes its own problem', () => {
      const { code: _dropped, ...broken } = MBPP[0];
      assert.deepStrictEqual(formatOfJobs(jobs([broken, ...MBPP]), 'in.jsonl'), { format: 'mbpp' });
    });

    it('says why apart from the CLI\'s advice, with the formats to choose among', () => {
      const unknown = formatOfJobs(jobs([{ name: 'a', body: 'b' }]), 'odd.jsonl');
      assert.ok('error' in unknown);
      assert.strictEqual(unknown.reason, 'cannot tell the format of odd.jsonl from the fields of line 1 (name, body)');
      assert.deepStrictEqual(unknown.formats, ['humaneval', 'humaneval-x', 'mbpp', 'cruxeval', 'livecodebench', 'codemorph']);
      assert.match(unknown.error, /: pass --format humaneval\|/);
      const both = formatOfJobs(jobs([{ task_id: 1, id: 'a', code: 'c', test_list: [], input: 'i', output: 'o' }]), 'in.jsonl');
      assert.ok('error' in both);
      assert.doesNotMatch(both.reason, /--format/);
      assert.deepStrictEqual(both.formats, ['mbpp', 'cruxeval']);
    });

    it('a file without one JSON object is read as CodeMorph records, each line its own error', () => {
      assert.deepStrictEqual(formatOfJobs(jobs(['not json', '[1, 2]']), 'x.jsonl'), { format: 'codemorph' });
    });

    it('codemorph dataset detects the same way: the broken record is written with its error, the others perturbed', () => {
      const { code: _dropped, ...broken } = MBPP[0];
      const input = path.join(dir, 'one-broken.jsonl');
      fs.writeFileSync(input, [{ ...broken, task_id: 1 }, ...MBPP].map((r) => `${JSON.stringify(r)}\n`).join(''));
      const out = path.join(dir, 'one-broken-out.jsonl');
      const result = cli(['dataset', input, '--out', out, '--verify', 'syntax', '--max-iter', '1', '--seed', '3', '--quiet']);
      assert.strictEqual(result.code, 0, reason(result));
      const written = fs.readFileSync(out, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { task_id: unknown; error: unknown });
      assert.deepStrictEqual(written.map((r) => r.task_id), [1, ...MBPP.map((r) => r.task_id)]);
      assert.ok(typeof written[0].error === 'string' && written[0].error.length > 0, 'the broken record says why');
    });

    it('published records are verified by their tests unless the user chose; CodeMorph records by the caller\'s default', () => {
      assert.strictEqual(defaultVerification('mbpp', 'compile'), 'test');
      assert.strictEqual(defaultVerification('codemorph', 'syntax'), 'syntax');
    });
  });

  describe('perturbProblems', () => {
    it('run twice with the same seed, each entry is saved once; the second run reports them already saved', async () => {
      const input = path.join(dir, 'mbpp.jsonl');
      fs.copyFileSync(fixture('benchmarks/mbpp.jsonl'), input);
      const opened = openBenchmark(input);
      assert.deepStrictEqual(opened.detected, { format: 'mbpp' });
      const imported = await readBenchmark(loader, input, 'mbpp', undefined, opened.jobs);
      const entriesFile = path.join(dir, 'entries.jsonl');
      const options: ProblemsOptions = {
        templateFor: () => ({
          search: { strategy: 'peso', maxIter: 3, threshold: 0.2, temperature: 2, seed: 7 },
          verify: { level: 'syntax', toolchains: {}, timeoutMs: 60_000 },
          mu: 0.5,
        }),
        entriesFile,
        making: { source: 'mbpp.jsonl', engine: { kind: 'local' }, strategy: 'peso', now: new Date(0) },
        stopped: () => false,
      };
      const first = await perturbProblems(loader, imported, imported.problems, options);
      assert.strictEqual(first.saved.length + first.failed.length, imported.problems.length, JSON.stringify(first.failed));
      assert.ok(first.saved.length >= 1, JSON.stringify(first.failed));
      // an entry from a published record gives its growth beside the similarity, as every other entry does (issue 30)
      for (const entry of first.saved) assert.ok(entry.growth && entry.growth.tokens > 0 && entry.growth.lines > 0, `${entry.id}: growth ${JSON.stringify(entry.growth)}`);
      for (const entry of readEntries(entriesFile).entries) assert.ok(entry.growth, `${entry.id} saved without growth`);
      const second = await perturbProblems(loader, imported, imported.problems, options);
      assert.deepStrictEqual(second.saved, []);
      assert.deepStrictEqual(second.alreadySaved.map((e) => e.id), first.saved.map((e) => e.id));
      assert.deepStrictEqual(readEntries(entriesFile).entries.map((e) => e.id), first.saved.map((e) => e.id));
    });

    it('"Export entries as…" MBPP writes records its harness passes and that read back as MBPP, HumanEval too (converted); CRUXEval says why it cannot hold them', async () => {
      const input = fixture('benchmarks/mbpp.jsonl');
      const imported = await readBenchmark(loader, input, 'mbpp', undefined, openBenchmark(input).jobs);
      const result = await perturbProblems(loader, imported, imported.problems, {
        templateFor: () => ({ search: { strategy: 'peso', maxIter: 3, threshold: 0.2, temperature: 2, seed: 7 }, verify: { level: 'test', toolchains: {}, timeoutMs: 60_000 }, mu: 0.5 }),
        entriesFile: path.join(dir, 'export.jsonl'),
        making: { source: 'mbpp.jsonl', engine: { kind: 'local' }, strategy: 'peso' },
        stopped: () => false,
      });
      assert.strictEqual(result.saved.length, MBPP.length, JSON.stringify(result.failed));
      const exported = exportEntriesAs(result.saved, 'mbpp');
      assert.deepStrictEqual([exported.count, exported.skipped], [MBPP.length, []]);
      const records = exported.text.trimEnd().split('\n').map((l) => JSON.parse(l) as BenchmarkRecord);
      for (const [i, rec] of records.entries()) {
        assert.strictEqual(rec.task_id, MBPP[i].task_id);
        assert.strictEqual(rec.code, result.saved[i].perturbed);
        const back = await PUBLISHED.mbpp.read(rec, { loader });
        assert.ok(typeof back !== 'string', String(back));
        assert.strictEqual(back.entryPoint, result.saved[i].entryPoint?.new);
        const ran = await runRecord('mbpp', rec, { dir: path.join(dir, `export-run-${i}`), toolchains: {}, timeoutMs: 60_000 }, { challenge: true });
        assert.ok(ran.ok, `${String(rec.task_id)}: ${ran.output}`);
      }
      // the perturbed Python entries convert to HumanEval (issue 31 item 6): read back, and passing its harness
      const asHumanEval = exportEntriesAs(result.saved, 'humaneval');
      assert.deepStrictEqual([asHumanEval.count, asHumanEval.skipped], [MBPP.length, []]);
      for (const [i, rec] of asHumanEval.text.trimEnd().split('\n').map((l) => JSON.parse(l) as BenchmarkRecord).entries()) {
        assert.strictEqual(rec.entry_point, result.saved[i].entryPoint?.new);
        const back = await PUBLISHED.humaneval.read(rec, { loader });
        assert.ok(typeof back !== 'string', String(back));
        const ran = await runRecord('humaneval', rec, { dir: path.join(dir, `export-he-${i}`), toolchains: {}, timeoutMs: 60_000 });
        assert.ok(ran.ok, `${String(rec.task_id)}: ${ran.output}`);
      }
      const elsewhere = exportEntriesAs(result.saved, 'cruxeval');
      assert.strictEqual(elsewhere.count, 0);
      assert.deepStrictEqual(new Set(elsewhere.skipped.map((s) => s.reason)), new Set(['perturbed from a mbpp record: a CRUXEval record is an input/output pair of f, which only CRUXEval records carry; export it as mbpp or codemorph']));
    });

    it('stopped() ends the run before the next problem, keeping what was saved', async () => {
      const input = fixture('benchmarks/mbpp.jsonl');
      const opened = openBenchmark(input);
      const imported = await readBenchmark(loader, input, 'mbpp', undefined, opened.jobs);
      let started = 0;
      const result = await perturbProblems(loader, imported, imported.problems, {
        templateFor: () => ({ search: { strategy: 'peso', maxIter: 3, threshold: 0.2, temperature: 2, seed: 7 }, verify: { level: 'syntax', toolchains: {}, timeoutMs: 60_000 }, mu: 0.5 }),
        entriesFile: path.join(dir, 'stopped.jsonl'),
        making: { source: 'mbpp.jsonl', engine: { kind: 'local' }, strategy: 'peso' },
        stopped: () => started > 0,
        onStart: () => started++,
      });
      assert.strictEqual(result.stopped, true);
      assert.strictEqual(result.done, 1);
    });
  });
});

/** "Import benchmark…": how the problems of a published benchmark file are listed, bad lines too. */
describe('imported benchmark', () => {
  it('a line whose bytes are not UTF-8 is listed with that reason, not as invalid JSON', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-imported-'));
    try {
      const file = path.join(dir, 'he.jsonl');
      const good = { task_id: 'HumanEval/1', prompt: 'def add(a, b):\n    """Add."""\n', canonical_solution: '    return a + b\n', test: '\n\ndef check(candidate):\n    assert candidate(1, 2) == 3\n', entry_point: 'add' };
      const bad = Buffer.concat([Buffer.from('{"task_id": "HumanEval/2", "prompt": "caf'), Buffer.from([0xe9]), Buffer.from('"}')]);
      fs.writeFileSync(file, Buffer.concat([Buffer.from(`${JSON.stringify(good)}\n`), bad, Buffer.from('\n')]));
      const { problems } = await readBenchmark(loader, file, 'humaneval');
      assert.strictEqual(problems.length, 2);
      assert.strictEqual(problems[0].problem, null, String(problems[0].problem));
      assert.match(String(problems[1].problem), /^line 2: byte \d+ \(0xE9\) is not UTF-8/);
      assert.doesNotMatch(String(problems[1].problem), /not valid JSON/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
