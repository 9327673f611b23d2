import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { readEntries } from '../../src/core/benchmark/entries';
import { BatchOptions, perturbAll, planBatch, SourceFile, skippedText, sourceFilesUnder } from '../../src/core/dataset/perturbAll';
import { searchLimits } from '../../src/core/search/profiles';
import { GO } from '../support/goSum';
import { loader } from '../support/harness';

/**
 * The engine behind the editor's "Perturb all functions…": real parses, real compilers (Python's
 * and Go's), real entries files.
 */

const PYTHON = `def area(width, height):
    result = width * height
    return result


def perimeter(width, height):
    total = 2 * (width + height)
    return total


class Shape:
    def scaled(self, factor, size):
        def inner(value):
            return value * factor
        return inner(size)
`;

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-perturb-all-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(rel: string, text: string): string {
  const file = path.join(dir, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
}

function options(entriesFile: string, extra: Partial<BatchOptions> = {}): BatchOptions {
  const limits = searchLimits('paper');
  return {
    requestFor: (_file: SourceFile) => ({
      search: { strategy: 'peso', maxIter: 3, threshold: 0.2, temperature: 2, seed: 7, maxGrowth: limits.maxGrowth, maxJunk: limits.maxJunk },
      verify: { level: 'compile', toolchains: {}, timeoutMs: 120_000, project: false as const },
      mu: 0.5,
      engine: 'local' as const,
    }),
    entriesFile,
    tool: 'test',
    stopped: () => false,
    ...extra,
  };
}

describe('perturb all functions (engine)', () => {
  it('lists the files of a folder in path order, skipping other languages and build output, and says why', () => {
    write('b/shapes.py', PYTHON);
    write('a/sum.go', GO);
    write('README.md', '# notes\n');
    write('notes.txt', 'x\n');
    write('node_modules/x/index.js', 'function f() {}\n');
    const { files, skipped } = sourceFilesUnder(dir, [dir]);
    assert.deepStrictEqual(
      files.map((f) => [f.rel, f.lang]),
      [
        ['a/sum.go', 'go'],
        ['b/shapes.py', 'python'],
      ],
    );
    assert.deepStrictEqual(skipped.map((s) => s.rel), ['README.md', 'notes.txt']);
    assert.strictEqual(skippedText(skipped), '2 files skipped: 2 in no supported language (.md, .txt)');
  });

  it('plans one job per outer function (a nested one goes with its function), methods by their class', async () => {
    const file = write('shapes.py', PYTHON);
    write('empty.py', 'X = 1\n');
    const { files } = sourceFilesUnder(dir, [dir]);
    const plan = await planBatch(loader, files);
    assert.deepStrictEqual(
      plan.jobs.map((j) => j.qualifiedName),
      ['area', 'perimeter', 'Shape.scaled'],
    );
    assert.ok(plan.texts.has(file));
    assert.deepStrictEqual(plan.skipped, [{ rel: 'empty.py', reason: 'no function' }]);
  });

  it('perturbs every function into compile-verified entries, the files untouched, the same entries on a second run', async () => {
    const py = write('shapes.py', PYTHON);
    const go = write('sum.go', GO);
    const entriesFile = path.join(dir, '.codemorph', 'benchmark.jsonl');
    const plan = await planBatch(loader, sourceFilesUnder(dir, [dir]).files);
    const started: string[] = [];
    const result = await perturbAll(loader, plan, options(entriesFile, { onStart: (job) => started.push(job.qualifiedName) }));
    assert.deepStrictEqual(started, ['area', 'perimeter', 'Shape.scaled', 'sum', 'main']);
    assert.strictEqual(result.done, 5);
    assert.strictEqual(result.stopped, false);
    const { entries, problems } = readEntries(entriesFile);
    assert.deepStrictEqual(problems, []);
    assert.strictEqual(entries.length, result.saved.length);
    assert.ok(entries.length >= 3, `most functions became entries (failed: ${JSON.stringify(result.failed.map((f) => f.reason))})`);
    for (const entry of entries) {
      assert.strictEqual(entry.verification.level, 'compile');
      assert.ok(entry.verification.compile, 'the compiler ran');
      assert.ok(entry.steps.filter((s) => s.accepted).every((s) => s.verified.compile === true), `${entry.source.function}: every kept step compiled`);
    }
    assert.deepStrictEqual([...new Set(entries.map((e) => e.source.path))].sort(), ['shapes.py', 'sum.go'], 'both files gave entries, named relative to the folder');
    assert.strictEqual(fs.readFileSync(py, 'utf8'), PYTHON, 'the Python file is unchanged');
    assert.strictEqual(fs.readFileSync(go, 'utf8'), GO, 'the Go file is unchanged');
    // the same seed gives the same entries: nothing is written twice
    const again = await perturbAll(loader, plan, options(entriesFile));
    assert.strictEqual(again.saved.length, 0);
    assert.deepStrictEqual(again.alreadySaved.map((e) => e.id), result.saved.map((e) => e.id));
    assert.strictEqual(readEntries(entriesFile).entries.length, entries.length);
  });

  it('stops before the next function once asked, keeping the entries it finished', async () => {
    write('shapes.py', PYTHON);
    const entriesFile = path.join(dir, 'entries.jsonl');
    const plan = await planBatch(loader, sourceFilesUnder(dir, [dir]).files);
    let stop = false;
    const result = await perturbAll(loader, plan, options(entriesFile, { stopped: () => stop, onStart: () => (stop = true) }));
    assert.strictEqual(result.stopped, true);
    assert.strictEqual(result.done, 1, 'the function that ran when asked finished');
    const entries = readEntries(entriesFile).entries;
    assert.deepStrictEqual(entries.map((e) => e.source.function), result.saved.map((e) => e.source.function));
    assert.ok(entries.length <= 1);
  });

  it('reports a function whose original does not compile and goes on with the next', async () => {
    write('broken.go', 'package main\n\nfunc bad() int {\n\treturn undefinedName\n}\n\nfunc main() {\n}\n');
    write('shapes.py', PYTHON);
    const entriesFile = path.join(dir, 'entries.jsonl');
    const plan = await planBatch(loader, sourceFilesUnder(dir, [dir]).files);
    const result = await perturbAll(loader, plan, options(entriesFile));
    assert.strictEqual(result.done, 5);
    const broken = result.failed.filter((f) => f.job.file.rel === 'broken.go');
    assert.strictEqual(broken.length, 2);
    assert.match(broken[0].reason, /does not compile/);
    assert.ok(result.saved.some((e) => e.source.path === 'shapes.py'));
  });
});
