import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { BenchmarkEntry } from '../../src/core/benchmark/entries';
import { reverifyEntry } from '../../src/core/benchmark/reverify';
import { readOriginals } from '../../src/core/evaluate/published';
import { cli, cliAsync } from '../support/cli';
import { FakeOpenAI } from '../support/fakeOpenAI';
import { fixture, loader } from '../support/harness';

/**
 * Issue 28, bytes in = bytes out, for the readers beside the source file: MHC's probe (it runs
 * the file to find a wrong value), re-verifying a saved entry against its source file, and the
 * JSON Lines `dataset` and `evaluate` read (and the results file `evaluate --resume` reads back).
 * Real Latin-1 files, real Python runs, a real loopback server playing the model.
 */

const latin1 = (text: string) => Buffer.from(text, 'latin1');

/** A Latin-1 Python file whose own assert holds only when Python reads its bytes as Latin-1 ("café" is 4 characters). */
const GREET = latin1('# -*- coding: latin-1 -*-\ndef greet(name):\n    return "caf\u00e9 " + name\n\n\nassert len("caf\u00e9") == 4\nassert greet("x") == "caf\u00e9 x"\n');

describe('faults: the readers beside the source file keep its bytes', function () {
  this.timeout(240_000);
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-readers-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("MHC's probe runs the Latin-1 file as it is on disk: the hint names the real value, written back in Latin-1", () => {
    const file = path.join(dir, 'greet.py');
    fs.writeFileSync(file, GREET);
    const out = path.join(dir, 'out.py');
    const result = cli(['perturb', file, '--function', 'greet', '--perturbation', 'mhc', '--verify', 'test', '--out', out, '--json', '--quiet']);
    assert.strictEqual(result.code, 0, result.stderr);
    const doc = JSON.parse(result.stdout) as { steps: { summary: string }[] };
    // the probe ran the program Python reads: 'café x', not the UTF-8 bytes read as Latin-1 ('cafÃ© x')
    assert.strictEqual(doc.steps[0].summary, "hint greet(\"x\") returns 'x \u00e9fac' (really 'caf\u00e9 x'; deterministic)");
    const written = fs.readFileSync(out);
    assert.ok(written.includes(latin1("    # Hint: greet(\"x\") returns 'x \u00e9fac'\n")), written.toString('latin1'));
    assert.ok(!written.includes(Buffer.from([0xc3])), 'no UTF-8 in the Latin-1 file');
  });

  it('re-verifying an entry checks its Latin-1 source file as the bytes on disk (read as UTF-8, the original failed its own assert)', async () => {
    const file = path.join(dir, 'greet.py');
    fs.writeFileSync(file, GREET);
    const entries = path.join(dir, 'entries.jsonl');
    const made = cli(['perturb', 'greet.py', '--function', 'greet', '--methods', 'variable-rename,add-condition', '--verify', 'test', '--save', '--entries', entries, '--quiet'], { cwd: dir });
    assert.strictEqual(made.code, 0, made.stderr);
    const entry = JSON.parse(fs.readFileSync(entries, 'utf8').trim().split('\n')[0]) as BenchmarkEntry;
    // the perturbed unit replaces the file's function: the file on disk still holds the original
    const result = await reverifyEntry(loader, entry, dir, { toolchains: {}, timeoutMs: 60_000, level: 'test' });
    assert.strictEqual(result.context, 'file');
    assert.strictEqual(result.ok, true, `${result.reason}\n${result.output}`);
    assert.strictEqual(result.verdict!.test, true);
    // an encoding the editor names that the bytes are not in: one line saying where, nothing substituted
    fs.writeFileSync(file, Buffer.concat([GREET, Buffer.from([0x81, 0x0a])]));
    const wrong = await reverifyEntry(loader, entry, dir, { toolchains: {}, timeoutMs: 60_000, level: 'test', encoding: 'utf-8' });
    assert.strictEqual(wrong.ok, false);
    assert.strictEqual(wrong.reason, 'greet.py: line 3 has byte 0xE9, which is not utf-8: reopen the file with its encoding, or convert it to UTF-8');
  });

  it('a JSON Lines record that is not UTF-8 fails alone with its line and what to do, never with U+FFFD in its code', () => {
    const input = path.join(dir, 'records.jsonl');
    fs.writeFileSync(
      input,
      Buffer.concat([
        Buffer.from('{"task_id": "ok", "language": "python", "code": "def f(x):\\n    return x + 1\\n"}\n'),
        latin1('{"task_id": "latin", "language": "python", "code": "def g(x):\\n    return \\"caf\u00e9\\" + x\\n"}\n'),
      ]),
    );
    const out = path.join(dir, 'out.jsonl');
    const result = cli(['dataset', input, '--out', out, '--verify', 'syntax', '--max-iter', '2', '--quiet']);
    assert.strictEqual(result.code, 0, result.stderr);
    const text = fs.readFileSync(out, 'utf8');
    assert.ok(!text.includes('\ufffd'), text);
    const records = text.trim().split('\n').map((l) => JSON.parse(l) as { task_id: string | null; error: string | null });
    assert.deepStrictEqual(
      records.map((r) => [r.task_id, r.error]),
      [
        ['ok', null],
        [null, 'line 2: byte 80 (0xE9) is not UTF-8, which JSON Lines must be: convert the file to UTF-8 (e.g. iconv -f latin1 -t utf-8)'],
      ],
    );
  });

  it("evaluate --original: a line that is not UTF-8 stops with its line, byte and what to do (never the wrong original read with U+FFFD)", () => {
    const original = path.join(dir, 'crux.jsonl');
    const first = Buffer.from(`${JSON.stringify({ id: 'sample_0', code: 'def f(x):\n    return x', input: '1', output: '1' })}\n`);
    const second = `${JSON.stringify({ id: 'sample_1', code: 'def f(s):\n    return s + "\u00e9"', input: '"a"', output: '"a\u00e9"' })}\n`;
    const latin = latin1(second);
    fs.writeFileSync(original, Buffer.concat([first, latin]));
    const at = latin.indexOf(0xe9) + 1;
    assert.throws(
      () => readOriginals(original),
      (e: Error) => e.message === `--original ${original}:2: byte ${at} (0xE9) is not UTF-8, which JSON Lines must be: convert the file to UTF-8 (e.g. iconv -f latin1 -t utf-8)`,
    );
    fs.writeFileSync(original, Buffer.concat([first, Buffer.from(second)]));
    assert.deepStrictEqual([...readOriginals(original).keys()], ['sample_0', 'sample_1'], 'the same file in UTF-8 is read');
  });

  describe('evaluate', () => {
    const KEY = 'sk-encoding-readers-key';
    const server = new FakeOpenAI();
    let url = '';
    before(async () => {
      url = await server.start();
    });
    after(() => server.stop());

    /** Two dataset records (CRUXEval-style, Python) from the evaluate fixture. */
    const rows = () => fs.readFileSync(fixture('evaluate/paired.jsonl'), 'utf8').split('\n').filter(Boolean).slice(0, 2);
    const evaluate = (args: string[]) =>
      cliAsync(['evaluate', ...args, '--task', 'output-prediction', '--concurrency', '1', '--base-url', url, '--model', 'm'], { env: { CODEMORPH_API_KEY: KEY } });
    const guess = () => ({ content: '```python\nNone\n```\n' });

    it('an input line that is not UTF-8 is skipped alone with its line, byte and what to do; the other items are evaluated', async () => {
      const [first, second] = rows();
      const row = JSON.parse(second) as { code: string };
      const latinRow = JSON.stringify({ ...row, task_id: 'latin', code: `# caf\u00e9\n${row.code}` });
      const latin = latin1(`${latinRow}\n`);
      const input = path.join(dir, 'items.jsonl');
      fs.writeFileSync(input, Buffer.concat([Buffer.from(`${first}\n`), latin, Buffer.from(`${second}\n`)]));
      server.reset();
      server.respond(guess);
      const result = await evaluate([input, '--json', '--quiet']);
      assert.strictEqual(result.code, 0, result.stderr);
      const at = latin.indexOf(0xe9) + 1;
      assert.ok(
        result.stderr.includes(`${input}:2: byte ${at} (0xE9) is not UTF-8, which JSON Lines must be: convert the file to UTF-8 (e.g. iconv -f latin1 -t utf-8) (skipped)\n`),
        result.stderr,
      );
      const report = JSON.parse(result.stdout) as { items: number };
      assert.strictEqual(report.items, 2);
      assert.strictEqual(server.requests.length, 4);
      assert.ok(!server.requests.some((r) => JSON.stringify(r.body).includes('\ufffd')), 'no prompt carries U+FFFD');
    });

    it('--resume reports a results line that is not UTF-8 (or is no answer) and asks its answer again, never reading it with U+FFFD', async () => {
      const input = path.join(dir, 'items.jsonl');
      fs.writeFileSync(input, `${rows().join('\n')}\n`);
      const out = path.join(dir, 'report.json');
      server.reset();
      server.respond(guess);
      assert.strictEqual((await evaluate([input, '--out', out, '--quiet'])).code, 0);
      const resultsFile = path.join(dir, 'report.results.jsonl');
      const lines = fs.readFileSync(resultsFile, 'utf8').split('\n');
      assert.strictEqual(lines.length, 6, 'the settings line, four answers and the end');
      // line 2 gets a Latin-1 byte inside its answer (still JSON once decoded with U+FFFD), line 4 is JSON but no answer
      const corrupt = latin1(`${lines[1].replace('"answer":"', '"answer":"\u00e9')}\n`);
      fs.writeFileSync(resultsFile, Buffer.concat([Buffer.from(`${lines[0]}\n`), corrupt, Buffer.from(`${lines[2]}\n{"note":"hand-written"}\n${lines[4]}\n`)]));
      server.reset();
      server.respond(guess);
      const resumed = await evaluate([input, '--out', out, '--resume', '--quiet']);
      assert.strictEqual(resumed.code, 0, resumed.stderr);
      const at = corrupt.indexOf(0xe9) + 1;
      assert.ok(resumed.stderr.includes(`${resultsFile}:2: byte ${at} (0xE9) is not UTF-8, which JSON Lines must be: not read, the answer it held was asked again\n`), resumed.stderr);
      assert.ok(resumed.stderr.includes(`${resultsFile}:4: not an answer (item, side, sample, passed): not read, the answer it held was asked again\n`), resumed.stderr);
      assert.strictEqual(server.requests.length, 2, 'the two unread answers are asked again, the others kept');
      const report = JSON.parse(fs.readFileSync(out, 'utf8')) as { items: number; per_item: unknown[] };
      assert.strictEqual(report.items, 2);
      assert.ok(!fs.readFileSync(out, 'utf8').includes('\ufffd'));
    });
  });
});
