import * as assert from 'assert';
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { appendEntry, BenchmarkEntry, deleteEntry, exportCodemorphJsonl, parseEntries, readEntries } from '../../src/core/benchmark/entries';
import { cli } from '../support/cli';
import { REPO } from '../support/harness';

const FILE = 'test/fixtures/methods/insert/scores.py';

function tmpFile(name: string): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-entries-')), name);
}

describe('benchmark entries', () => {
  it('perturb --save writes the docs/entries.md schema, and it reads back', () => {
    const entries = tmpFile('bench.jsonl');
    const result = cli(['perturb', FILE, '--function', 'summarize', '--verify', 'compile', '--seed', '2', '--save', '--entries', entries, '--quiet']);
    assert.strictEqual(result.code, 0, result.stderr);
    assert.match(result.stderr, /saved entry pert-[0-9a-f]{12} to /);
    const { entries: [entry], problems } = readEntries(entries);
    assert.deepStrictEqual(problems, []);
    for (const key of ['id', 'kind', 'language', 'source', 'entryPoint', 'original', 'perturbed', 'steps', 'similarity', 'verification', 'engine', 'strategy', 'seed', 'createdAt', 'tool']) {
      assert.ok(key in entry, `missing ${key}`);
    }
    assert.strictEqual(entry.kind, 'perturbed');
    assert.deepStrictEqual(entry.source, { path: FILE, function: 'summarize' });
    assert.strictEqual(entry.entryPoint.original, 'summarize');
    assert.match(String(entry.verification.compile), /cc .*scores\.py|py_compile/);
    assert.deepStrictEqual(entry.engine, { kind: 'local' });
    assert.match(entry.tool, /^codemorph \d+\.\d+\.\d+/);
    // the same run saved again is the same entry id
    cli(['perturb', FILE, '--function', 'summarize', '--verify', 'compile', '--seed', '2', '--save', '--entries', entries, '--quiet']);
    const again = readEntries(entries).entries;
    assert.strictEqual(again.length, 2);
    assert.strictEqual(again[1].id, entry.id);
  });

  it('a corrupt line is reported with its number and the rest is kept', () => {
    const good = { id: 'a', kind: 'perturbed', language: 'python', original: 'x', perturbed: 'y', entryPoint: { original: 'f', new: 'g' } };
    const text = `${JSON.stringify(good)}\n{"id": "broken"\n\n${JSON.stringify({ hello: 1 })}\n${JSON.stringify({ ...good, id: 'b' })}\n`;
    const { entries, problems } = parseEntries(text);
    assert.deepStrictEqual(entries.map((e) => e.id), ['a', 'b']);
    assert.deepStrictEqual(problems.map((p) => p.line), [2, 4]);
    assert.match(problems[0].message, /not JSON/);
    assert.match(problems[1].message, /missing id, kind, language, original/);
  });

  it('a line with an unknown kind is a problem, and pair and completion kinds are entries', () => {
    const base = { id: 'a', language: 'python', original: 'x', perturbed: 'y' };
    const text = ['perturbed', 'pair', 'completion', 'control'].map((kind, i) => JSON.stringify({ ...base, id: `e${i}`, kind })).join('\n');
    const { entries, problems } = parseEntries(text);
    assert.deepStrictEqual(entries.map((e) => e.kind), ['perturbed', 'pair', 'completion']);
    assert.deepStrictEqual(problems.map((p) => p.line), [4]);
    assert.match(problems[0].message, /kind "control" is none of perturbed, pair, completion/);
  });

  it('delete removes one entry and keeps every other line, and export writes the original and the perturbed code', () => {
    const file = tmpFile('e.jsonl');
    const base = { kind: 'perturbed', language: 'python', original: 'o', perturbed: 'p', entryPoint: { original: 'f', new: 'g' } } as unknown as BenchmarkEntry;
    appendEntry(file, { ...base, id: 'one' });
    fs.appendFileSync(file, 'garbage line\n');
    appendEntry(file, { ...base, id: 'two', perturbed: 'q' });
    assert.strictEqual(deleteEntry(file, 'one'), true);
    assert.strictEqual(deleteEntry(file, 'nope'), false);
    const { entries, problems } = readEntries(file);
    assert.deepStrictEqual(entries.map((e) => e.id), ['two']);
    assert.strictEqual(problems.length, 1, 'the garbage line is still there, still reported');
    // the one codemorph export: dataset's output shape, the original as code and the perturbed beside it
    const exported = JSON.parse(exportCodemorphJsonl(entries));
    assert.deepStrictEqual(
      [exported.task_id, exported.code, exported.perturbed_code, exported.entry_point, exported.original_entry_point],
      ['two', 'o', 'q', 'g', 'f'],
    );
  });

  it('an append adds one line to the same file, leaving earlier bytes as they were', () => {
    const file = tmpFile('append.jsonl');
    const base = { kind: 'perturbed', language: 'python', original: 'o', perturbed: 'p' } as unknown as BenchmarkEntry;
    // a file that ends without a newline, as an editor may leave it
    fs.writeFileSync(file, JSON.stringify({ ...base, id: 'first' }));
    const before = fs.readFileSync(file);
    const inode = fs.statSync(file).ino;
    // held open across the appends: a rewritten copy renamed over the path would leave this
    // descriptor on the old file (checked by inode too, though a file system may reuse a freed one)
    const held = fs.openSync(file, 'r');
    try {
      appendEntry(file, { ...base, id: 'second' });
      assert.strictEqual(fs.statSync(file).ino, inode, 'the file was appended to, not replaced by a rewritten copy');
      appendEntry(file, { ...base, id: 'third' });
      assert.strictEqual(fs.fstatSync(held).size, fs.statSync(file).size, 'the open descriptor sees the appended lines');
    } finally {
      fs.closeSync(held);
    }
    const after = fs.readFileSync(file);
    assert.ok(after.subarray(0, before.length).equals(before), 'earlier bytes unchanged');
    assert.strictEqual(after.subarray(before.length).toString(), `\n${JSON.stringify({ ...base, id: 'second' })}\n${JSON.stringify({ ...base, id: 'third' })}\n`);
    assert.deepStrictEqual(readEntries(file).entries.map((e) => e.id), ['first', 'second', 'third']);
  });

  it('an append creates the file and its folder, and a folder in its place is refused in one line', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-entries-'));
    const file = path.join(dir, '.codemorph', 'benchmark.jsonl');
    appendEntry(file, { id: 'a', kind: 'perturbed', language: 'python', original: 'o' } as unknown as BenchmarkEntry);
    assert.deepStrictEqual(readEntries(file).entries.map((e) => e.id), ['a']);
    assert.throws(() => appendEntry(dir, { id: 'b' } as unknown as BenchmarkEntry), /the entries file .* is a folder: give the path of a file to write/);
  });

  it('an append killed mid-way keeps every earlier entry, and the next append starts a fresh line', async () => {
    const file = tmpFile('killed.jsonl');
    const script = `
      const { appendEntry } = require(${JSON.stringify(path.join(REPO, 'out/src/core/benchmark/entries.js'))});
      const big = 'x'.repeat(2_000_000);
      for (let i = 0; ; i++) appendEntry(${JSON.stringify(file)}, { id: 'e' + i, kind: 'perturbed', language: 'python', original: big, perturbed: big });
    `;
    const child = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
    // killed once two entries are in the file (each line ends with its newline), however slow the machine: a fixed delay found none on a loaded one
    const newlines = () => { try { return fs.readFileSync(file, 'latin1').split('\n').length - 1; } catch { return 0; } };
    for (let waited = 0; newlines() < 2 && waited < 60_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGKILL');
    await new Promise((r) => child.on('close', r));
    appendEntry(file, { id: 'after', kind: 'perturbed', language: 'python', original: 'o', perturbed: 'p' } as unknown as BenchmarkEntry);
    const { entries, problems } = readEntries(file);
    const lines = fs.readFileSync(file, 'utf8').split('\n').length - 1;
    assert.ok(entries.length >= 2, 'some appends finished');
    // at most the line being written when the process died is cut short, and it is reported by its number
    assert.ok(problems.length <= 1, JSON.stringify(problems.map((p) => p.line)));
    if (problems.length) assert.strictEqual(problems[0].line, lines - 1, 'only the last line before the new entry');
    assert.deepStrictEqual(entries.map((e) => e.id), [...entries.slice(0, -1).map((_, i) => `e${i}`), 'after']);
  });
});
