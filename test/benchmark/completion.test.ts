import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { alignedBlock, completionTasks, parseLineCounts } from '../../src/core/benchmark/completion';
import { appendEntry, BenchmarkEntry, entryFromDocument, readEntries } from '../../src/core/benchmark/entries';
import { perturb, transform } from '../../src/core/engine';
import type { LineOrigin } from '../../src/core/provenance';
import { traceLines } from '../../src/core/provenance';
import { variableRename } from '../../src/core/transforms/variable-rename';
import { cli } from '../support/cli';
import { loader, readFixture, select, sitesOf } from '../support/harness';

const FIXTURE = 'pairs/grades.py';

function tmpFile(name: string): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-completion-')), name);
}

const verify = { level: 'syntax' as const, toolchains: {}, timeoutMs: 60_000 };
const search = { strategy: 'peso' as const, maxIter: 15, threshold: 0.2, temperature: 2, seed: 1 };

/** One variable-rename step renaming `name` only. */
async function renameEntry(name: string): Promise<{ entry: BenchmarkEntry; to: string }> {
  const { text, lang } = readFixture(FIXTURE);
  const state = await select(lang, text, { functionName: 'grade_summary' });
  const site = (await sitesOf(variableRename, lang, state)).findIndex((s) => s.label === `rename \`${name}\``);
  assert.ok(site >= 0, `a site renames ${name}`);
  const doc = await transform(loader, { lang, text, selector: { functionName: 'grade_summary' }, search, verify, mu: 0.5, methodId: 'variable-rename', site });
  const to = /to `(\w+)`/.exec(doc.steps[0].summary!)![1];
  return { entry: entryFromDocument(doc, FIXTURE, '0.0.0', new Date(0)), to };
}

function whole(side: { prefix: string; target: string; suffix: string }): string {
  return side.prefix + side.target + side.suffix;
}

describe('completion tasks', function () {
  this.timeout(120_000);

  it('after a variable rename, the masked original lines are the origin of the masked perturbed lines, differing only by the rename', async () => {
    const { entry, to } = await renameEntry('score');
    const { tasks, skipped } = completionTasks(entry, [1, 3]);
    assert.deepStrictEqual(skipped, []);
    assert.deepStrictEqual(tasks.map((t) => t.completion!.lines), [1, 3]);
    for (const task of tasks) {
      const c = task.completion!;
      assert.strictEqual(task.kind, 'completion');
      assert.strictEqual(task.parent, entry.id);
      assert.strictEqual(whole(c.original), entry.original, 'prefix + target + suffix is the original unit');
      assert.strictEqual(whole(c.perturbed), entry.perturbed, 'and the perturbed one');
      assert.strictEqual(c.original.target.split('\n').length, c.lines + 1);
      assert.ok(c.changedLines >= 1, 'blocks with rewritten lines are preferred');
      assert.strictEqual(c.original.target.replace(/\bscore\b/g, to), c.perturbed.target, 'the masked pair differ only by the rename');
      assert.notStrictEqual(c.original.target, c.perturbed.target);
    }
  });

  it('after inserted statements, blocks are aligned by provenance, not by line number', async () => {
    const { text, lang } = readFixture(FIXTURE);
    const doc = await perturb(loader, {
      lang,
      text,
      selector: { functionName: 'grade_summary' },
      // a small budget: every loop inserted breaks up the runs of lines that come one for one
      search: { ...search, seed: 1, maxIter: 6, methods: new Set(['insert-variables', 'insert-junk-loop', 'variable-rename']) },
      verify,
      mu: 0.5,
    });
    const entry = entryFromDocument(doc, FIXTURE, '0.0.0', new Date(0));
    assert.ok(doc.steps.some((s) => s.accepted && s.method !== 'variable-rename'), 'something was inserted');
    const { tasks } = completionTasks(entry, [1, 3, 5]);
    assert.ok(tasks.length >= 2, `${tasks.length} tasks`);
    const origins = traceLines(entry.original.split('\n').length, entry.steps.filter((s) => s.accepted).map((s) => s.changes));
    const shape = (s: string) => s.replace(/[A-Za-z_]\w*/g, 'x');
    for (const task of tasks) {
      const c = task.completion!;
      assert.strictEqual(whole(c.original), entry.original);
      assert.strictEqual(whole(c.perturbed), entry.perturbed);
      for (let t = 0; t < c.lines; t++) {
        const o = origins[c.perturbed.firstLine - 1 + t];
        const origin = o.line ?? o.from!.first;
        assert.strictEqual(origin, c.original.firstLine + t, 'the traced origin of each masked line');
      }
      // renames and insertions only: each masked line has its original's shape
      assert.strictEqual(shape(c.perturbed.target), shape(c.original.target));
    }
    assert.ok(tasks.some((t) => t.completion!.perturbed.firstLine !== t.completion!.original.firstLine), 'some block moved down');
  });

  it('never masks a line whose original also became other lines', () => {
    const original = ['def f():', '    a = 1', '    b = 2', '    return a + b'];
    const perturbed = ['def f():', '    a = 0', '    a += 1', '    b = 2', '    return a + b'];
    const origins: LineOrigin[] = [
      { line: 1, from: { first: 1, last: 1 } },
      { line: null, from: { first: 2, last: 2 } },
      { line: null, from: { first: 2, last: 2 } },
      { line: 3, from: { first: 3, last: 3 } },
      { line: 4, from: { first: 4, last: 4 } },
    ];
    assert.deepStrictEqual(alignedBlock(original, perturbed, origins, 1), { perturbed: 3, original: 2, changed: 0 });
    assert.deepStrictEqual(alignedBlock(original, perturbed, origins, 2), { perturbed: 3, original: 2, changed: 0 });
    assert.strictEqual(alignedBlock(original, perturbed, origins, 3), null);
  });

  it('completion entries round-trip through the entries file', async () => {
    const { entry } = await renameEntry('pass_mark');
    const { tasks } = completionTasks(entry, [1]);
    const file = tmpFile('c.jsonl');
    appendEntry(file, tasks[0]);
    const { entries, problems } = readEntries(file);
    assert.deepStrictEqual(problems, []);
    assert.deepStrictEqual(entries[0], JSON.parse(JSON.stringify(tasks[0])));
    assert.strictEqual(entries[0].completion!.language, 'python');
  });

  it('--lines parsing', () => {
    assert.deepStrictEqual(parseLineCounts('5, 1,3,1'), [5, 1, 3]);
    assert.match(String(parseLineCounts('0')), /not a line count/);
    assert.match(String(parseLineCounts('')), /one or more/);
  });

  describe('codemorph completion', () => {
    it('writes one completion entry per line for each perturbed entry, and --json one document', () => {
      const entries = tmpFile('bench.jsonl');
      const saved = cli(['perturb', 'test/fixtures/methods/insert/scores.py', '--function', 'summarize', '--verify', 'syntax', '--seed', '2', '--save', '--entries', entries, '--quiet']);
      assert.strictEqual(saved.code, 0, saved.stderr);
      fs.appendFileSync(entries, '{broken\n');
      const parent = readEntries(entries).entries[0];
      const result = cli(['completion', entries, '--lines', '1,3']);
      assert.strictEqual(result.code, 0, result.stderr);
      assert.match(result.stderr, /:2: not JSON/, 'the corrupt line is reported with its number');
      const lines = result.stdout.trim().split('\n').map((l) => JSON.parse(l) as BenchmarkEntry);
      assert.deepStrictEqual(lines.map((t) => [t.kind, t.parent, t.completion!.lines]), [['completion', parent.id, 1], ['completion', parent.id, 3]]);
      const again = cli(['completion', entries, '--lines', '1,3']);
      assert.strictEqual(again.stdout, result.stdout, 'byte-identical on the same input');
      const json = cli(['completion', entries, '--json']);
      assert.strictEqual(json.code, 0, json.stderr);
      const doc = JSON.parse(json.stdout);
      assert.deepStrictEqual(doc.lines, [1, 3, 5]);
      assert.strictEqual(doc.tasks.length + doc.skipped.length, 3);
      const out = tmpFile('tasks.jsonl');
      assert.strictEqual(cli(['completion', entries, '--lines', '1', '--out', out]).code, 0);
      assert.strictEqual(fs.readFileSync(out, 'utf8').trim().split('\n').length, 1);
    });

    it('bad --lines is a usage error; a file without perturbed entries fails', () => {
      const bad = cli(['completion', 'nothing.jsonl', '--lines', '2,x']);
      assert.strictEqual(bad.code, 2);
      const empty = tmpFile('empty.jsonl');
      fs.writeFileSync(empty, '');
      const none = cli(['completion', empty]);
      assert.strictEqual(none.code, 1);
      assert.match(none.stderr, /no perturbed entries/);
    });
  });
});
