import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as zlib from 'zlib';
import { cliAsync } from '../support/cli';
import { FakeOpenAI, Reply, SeenRequest } from '../support/fakeOpenAI';
import { fixture } from '../support/harness';

/**
 * `codemorph evaluate` on every input `dataset` writes and the editor saves: HumanEval, HumanEval-X
 * (Go), MBPP and CRUXEval records with their `codemorph` object (the original side from
 * `--original`), completion tasks scored by the item's tests, and contaminated/control pairs.
 * The real CLI makes the inputs (dataset, pair), a loopback OpenAI-compatible server plays the
 * model, and every answer is built and run through the format's own harness.
 */

type Rec = Record<string, any>;

const KEY = 'sk-evaluate-inputs-key-456';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-evaluate-inputs-'));

function readJsonl(file: string): Rec[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
}

function writeJsonl(file: string, recs: readonly Rec[]): string {
  fs.writeFileSync(file, recs.map((r) => `${JSON.stringify(r)}\n`).join(''));
  return file;
}

function userText(req: SeenRequest): string {
  return req.body.messages.find((m) => m.role === 'user')?.content ?? '';
}

function fenced(lang: string, body: string): string {
  return `Sure:\n\`\`\`${lang}\n${body.trimEnd()}\n\`\`\`\n`;
}

/** One side of one task as the fake model knows it: what identifies its prompt, and its right code. */
interface Known {
  id: string;
  perturbed: boolean;
  marker: string;
  code: string;
  entry: string;
  lang: string;
  output?: string;
}

/** The side a prompt is about (perturbed sides first: an original's text is never looked for inside a perturbed prompt). */
function which(known: readonly Known[], req: SeenRequest): Known {
  const text = userText(req);
  const hit = [...known.filter((k) => k.perturbed), ...known.filter((k) => !k.perturbed)].find((k) => text.includes(k.marker));
  if (!hit) throw new Error(`the fake model does not know this prompt:\n${text}`);
  return hit;
}

/** The code from the entry function's own line on: a model that answers with the function alone, not the prompt's imports. */
function fromEntry(k: Known): string {
  const lines = k.code.split('\n');
  const at = lines.findIndex((l) => new RegExp(`^\\s*(def|func)\\s+${k.entry}\\s*\\(`).test(l));
  return at < 0 ? k.code : lines.slice(at).join('\n');
}

/** (a) Contaminated: writes the original it memorised whatever it is shown, knows the original's output, guesses on code it has not seen. */
function contaminated(known: readonly Known[]) {
  return (req: SeenRequest): Reply => {
    const k = which(known, req);
    const original = known.find((o) => o.id === k.id && !o.perturbed)!;
    if (userText(req).includes('Complete the following')) return { content: fenced(k.lang, original.code) };
    return { content: fenced(k.lang, k.perturbed ? 'None' : original.output!) };
  };
}

/** (b) Robust: reads what it is shown and answers each side right (the function alone, without the prompt's imports). */
function robust(known: readonly Known[]) {
  return (req: SeenRequest): Reply => {
    const k = which(known, req);
    if (userText(req).includes('Complete the following')) return { content: fenced(k.lang, fromEntry(k)) };
    return { content: fenced(k.lang, k.output!) };
  };
}

function sideCode(format: string, rec: Rec): string {
  return format === 'humaneval' || format === 'humaneval-x' ? rec.prompt + rec.canonical_solution : rec.code;
}

/** The sides of a published dataset output and its original, as the fake model knows them. */
function knownOf(format: string, originals: readonly Rec[], outputs: readonly Rec[], lang: string): Known[] {
  const out: Known[] = [];
  for (const rec of outputs) {
    const info = rec.codemorph;
    const original = originals.find((o) => (o.task_id ?? o.id) === info.task_id)!;
    for (const [side, r, entry] of [[false, original, info.original_entry_point], [true, rec, info.entry_point]] as const) {
      const code = sideCode(format, r);
      const signature = code.split('\n').find((l: string) => new RegExp(`\\b${entry}\\s*\\(`).test(l))!;
      const marker = format === 'humaneval' || format === 'humaneval-x' ? r.prompt.trimEnd() : format === 'cruxeval' ? r.code.trimEnd() : signature.trim();
      out.push({ id: String(info.task_id), perturbed: side, marker, code, entry, lang, output: r.output });
    }
  }
  return out;
}

describe('codemorph evaluate: published formats, completion by tests, pairs', function () {
  this.timeout(900_000);
  const server = new FakeOpenAI();
  let url = '';

  function evaluate(args: string[]) {
    return cliAsync(['evaluate', '--concurrency', '2', '--quiet', '--json', ...args, '--base-url', url, '--model', 'memorizer-7b'], { env: { CODEMORPH_API_KEY: KEY } });
  }

  /** `codemorph dataset` on a published fixture, renames only (what memorisation trips on), the records that were perturbed. */
  const made = new Map<string, Promise<{ original: string; out: string; outputs: Rec[]; originals: Rec[] }>>();
  function dataset(format: string, keep?: (r: Rec) => boolean): Promise<{ original: string; out: string; outputs: Rec[]; originals: Rec[] }> {
    if (!made.has(format)) made.set(format, makeDataset(format, keep));
    return made.get(format)!;
  }
  async function makeDataset(format: string, keep?: (r: Rec) => boolean): Promise<{ original: string; out: string; outputs: Rec[]; originals: Rec[] }> {
    const input = fixture(`benchmarks/${format}.jsonl`);
    const all = path.join(dir, `${format}.all.jsonl`);
    const made = await cliAsync(['dataset', input, '--out', all, '--max-iter', '2', '--seed', '3', '--quiet', '--profile', 'paper', '--verify', 'syntax', '--methods', 'function-rename,variable-rename']);
    assert.strictEqual(made.code, 0, made.stderr);
    const outputs = readJsonl(all).filter((r) => !r.error && (keep ? keep(r) : true));
    assert.ok(outputs.length > 0 && outputs.every((r) => r.codemorph && r.codemorph.steps.some((s: Rec) => s.accepted)));
    return { original: input, out: writeJsonl(path.join(dir, `${format}.out.jsonl`), outputs), outputs, originals: readJsonl(input) };
  }

  before(async () => {
    url = await server.start();
  });
  after(async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  for (const [format, lang, task, keep] of [
    ['humaneval', 'python', 'generation', undefined],
    ['humaneval-x', 'go', 'generation', (r: Rec) => r.task_id === 'Go/900'],
    ['mbpp', 'python', 'generation', undefined],
    ['cruxeval', 'python', 'output-prediction', undefined],
  ] as const) {
    it(`${format} (${lang}, ${task}): the contaminated model drops on every perturbed record, the robust one passes both sides`, async () => {
      const d = await dataset(format, keep);
      const known = knownOf(format, d.originals, d.outputs, lang);
      server.reset();
      server.respond(contaminated(known));
      // HumanEval is published gzipped: --original reads it as dataset does
      const original = format === 'humaneval' ? path.join(dir, 'HumanEval.jsonl.gz') : d.original;
      if (format === 'humaneval') fs.writeFileSync(original, zlib.gzipSync(fs.readFileSync(d.original)));
      const a = await evaluate([d.out, '--original', original, '--task', task]);
      assert.strictEqual(a.code, 0, a.stderr);
      const ra = JSON.parse(a.stdout);
      assert.strictEqual(ra.items, d.outputs.length, a.stderr);
      assert.strictEqual(ra.original.pass_at_1, 1, JSON.stringify(ra.per_item));
      assert.strictEqual(ra.perturbed.pass_at_1, 0, JSON.stringify(ra.per_item));
      assert.deepStrictEqual(Object.keys(ra.by_language), [lang]);
      // the memorised answer really ran against the perturbed record's own tests, and failed there
      for (const item of ra.per_item) assert.ok(item.perturbed.reason, JSON.stringify(item));
      server.reset();
      server.respond(robust(known));
      const b = await evaluate([d.out, '--original', d.original, '--task', task]);
      assert.strictEqual(b.code, 0, b.stderr);
      const rb = JSON.parse(b.stdout);
      assert.strictEqual(rb.original.pass_at_1, 1, JSON.stringify(rb.per_item));
      assert.strictEqual(rb.perturbed.pass_at_1, 1, JSON.stringify(rb.per_item));
      assert.strictEqual(rb.drop.absolute, 0);
      assert.strictEqual(rb.significant, false);
    });
  }

  it('a published dataset output without --original is refused with what to pass', async () => {
    const { outputs } = await dataset('mbpp');
    const file = writeJsonl(path.join(dir, 'mbpp.alone.jsonl'), outputs);
    const result = await evaluate([file]);
    assert.strictEqual(result.code, 2);
    assert.match(result.stderr, /mbpp records written by codemorph dataset, which carry the perturbed problem only: pass --original FILE/);
  });

  /** What a completion prompt shows: the lines before and after <MISSING>. */
  function shown(req: SeenRequest): { prefix: string; suffix: string } {
    const body = /```python\n([\s\S]*?)```/.exec(userText(req))![1];
    const [prefix, suffix] = body.split('<MISSING>\n');
    return { prefix, suffix: suffix.replace(/\n$/, '') };
  }

  /** The side whose code holds the shown lines, and where the masked ones are in it (line index and count). */
  function masked(known: readonly Known[], req: SeenRequest): { k: Known; target: string; line: number; count: number } {
    const { prefix, suffix } = shown(req);
    for (const k of [...known.filter((x) => x.perturbed), ...known.filter((x) => !x.perturbed)]) {
      const at = k.code.indexOf(prefix);
      if (at < 0) continue;
      const end = suffix ? k.code.indexOf(suffix, at + prefix.length) : k.code.replace(/\n+$/, '').length;
      if (end < 0) continue;
      const target = k.code.slice(at + prefix.length, end);
      const line = k.code.slice(0, at + prefix.length).split('\n').length - 1;
      return { k, target, line, count: target.replace(/\n$/, '').split('\n').length };
    }
    throw new Error(`unknown completion prompt:\n${userText(req)}`);
  }

  it('completion tasks of HumanEval records are scored by their tests: right lines in other words pass, memorised lines fail', async () => {
    const d = await dataset('humaneval');
    const known = knownOf('humaneval', d.originals, d.outputs, 'python');
    server.reset();
    // (a) the lines at the same place in the original it memorised (renames keep every line where it was)
    server.respond((req) => {
      const { k, line, count } = masked(known, req);
      const original = known.find((o) => o.id === k.id && !o.perturbed)!;
      return { content: fenced('python', original.code.split('\n').slice(line, line + count).join('\n')) };
    });
    const a = await evaluate([d.out, '--original', d.original, '--task', 'completion', '--lines', '1,3']);
    assert.strictEqual(a.code, 0, a.stderr);
    const ra = JSON.parse(a.stdout);
    assert.ok(ra.items >= 3, `${ra.items} tasks: ${a.stderr}`);
    assert.ok(ra.per_item.every((i: Rec) => /#[13]-line$/.test(i.id) && i.kind === 'completion'));
    assert.strictEqual(ra.original.pass_at_1, 1, JSON.stringify(ra.per_item));
    assert.ok(ra.perturbed.pass_at_1 < 1, JSON.stringify(ra.per_item));
    // a failing perturbed answer failed when run: the memorised names are not defined there
    assert.ok(ra.per_item.some((i: Rec) => /NameError/.test(i.perturbed.reason ?? '')), JSON.stringify(ra.per_item));
    server.reset();
    // (b) the right lines of the side shown, each with a comment: not the masked text, the same program
    server.respond((req) => {
      const { target } = masked(known, req);
      return { content: fenced('python', target.replace(/\n$/, '').split('\n').map((l) => `${l}  # filled in`).join('\n')) };
    });
    const b = await evaluate([d.out, '--original', d.original, '--task', 'completion', '--lines', '1,3']);
    assert.strictEqual(b.code, 0, b.stderr);
    const rb = JSON.parse(b.stdout);
    assert.deepStrictEqual([rb.original.pass_at_1, rb.perturbed.pass_at_1], [1, 1], JSON.stringify(rb.per_item));
    assert.ok(rb.original.edit_similarity < 1 && rb.perturbed.edit_similarity < 1, 'scored by the tests, not by the masked text');
  });

  it('completion tasks of CodeMorph dataset records run with the record\'s test', async () => {
    const rows = readJsonl(fixture('evaluate/paired.jsonl')).filter((r) => r.language === 'python');
    const file = writeJsonl(path.join(dir, 'completion.jsonl'), rows);
    const known: Known[] = rows.flatMap((r) => [
      { id: r.task_id, perturbed: false, marker: '', code: r.code, entry: 'f', lang: 'python' },
      { id: r.task_id, perturbed: true, marker: '', code: r.perturbed_code, entry: r.entry_point, lang: 'python' },
    ]);
    server.reset();
    server.respond((req) => ({ content: fenced('python', masked(known, req).target.replace(/\n$/, '').split('\n').map((l) => `${l}  # filled in`).join('\n')) }));
    const result = await evaluate([file, '--task', 'completion', '--lines', '1']);
    assert.strictEqual(result.code, 0, result.stderr);
    const report = JSON.parse(result.stdout);
    assert.ok(report.items >= 3, `${report.items} tasks: ${result.stderr}`);
    assert.deepStrictEqual([report.original.pass_at_1, report.perturbed.pass_at_1], [1, 1], JSON.stringify(report.per_item));
    assert.ok(report.original.edit_similarity < 1);
    server.reset();
    server.respond(() => ({ content: fenced('python', '    pass') }));
    const wrong = JSON.parse((await evaluate([file, '--task', 'completion', '--lines', '1'])).stdout);
    assert.strictEqual(wrong.original.pass_at_1, 0);
    assert.ok(wrong.per_item.every((i: Rec) => /fails|does not build/.test(i.original.reason)), JSON.stringify(wrong.per_item));
  });

  it('contaminated vs control pairs: pass rates of both sides, their difference and its significance', async () => {
    const work = path.join(dir, 'pairs');
    fs.mkdirSync(work);
    const functions = [
      ['scale_total', 'values, factor', '    total = 0\n    for value in values:\n        total += value * factor\n    return total\n', 'assert scale_total([1, 2, 3], 2) == 12\n'],
      ['count_matches', 'words, letter', '    count = 0\n    for word in words:\n        if word.startswith(letter):\n            count += 1\n    return count\n', "assert count_matches(['ab', 'ac', 'b'], 'a') == 2\n"],
      ['longest_name', 'names', '    best = ""\n    for name in names:\n        if len(name) > len(best):\n            best = name\n    return best\n', "assert longest_name(['al', 'bert', 'cy']) == 'bert'\n"],
      ['sum_even', 'numbers', '    result = 0\n    for number in numbers:\n        if number % 2 == 0:\n            result += number\n    return result\n', 'assert sum_even([1, 2, 3, 4]) == 6\n'],
      ['join_upper', 'parts, separator', '    pieces = []\n    for part in parts:\n        pieces.append(part.upper())\n    return separator.join(pieces)\n', "assert join_upper(['a', 'b'], '-') == 'A-B'\n"],
      ['max_gap', 'points', '    widest = 0\n    for index in range(1, len(points)):\n        widest = max(widest, points[index] - points[index - 1])\n    return widest\n', 'assert max_gap([1, 4, 6, 13]) == 7\n'],
    ];
    for (const [name, params, body, test] of functions) {
      fs.writeFileSync(path.join(work, `${name}.py`), `def ${name}(${params}):\n${body}`);
      fs.writeFileSync(path.join(work, `test_${name}.py`), test);
      const made = await cliAsync(['pair', `${name}.py`, '--function', name, '--save', '--force', '--entries', 'pairs.jsonl', '--test-file', `test_${name}.py`], { cwd: work });
      assert.ok(made.code === 0 || made.code === 1, made.stderr);
    }
    const entries = readJsonl(path.join(work, 'pairs.jsonl'));
    assert.strictEqual(entries.length, functions.length);
    assert.ok(entries.every((e) => e.kind === 'pair' && typeof e.test === 'string' && e.entryPoint.new !== e.entryPoint.original));
    const known: Known[] = entries.flatMap((e) => [
      { id: e.id, perturbed: false, marker: `def ${e.entryPoint.original}(`, code: e.original, entry: e.entryPoint.original, lang: 'python' },
      { id: e.id, perturbed: true, marker: `def ${e.entryPoint.new}(`, code: e.perturbed, entry: e.entryPoint.new, lang: 'python' },
    ]);
    const file = path.join(work, 'pairs.jsonl');
    server.reset();
    server.respond(contaminated(known));
    const md = path.join(dir, 'pairs.md');
    const a = await evaluate([file, '--markdown', md]);
    assert.strictEqual(a.code, 0, a.stderr);
    const ra = JSON.parse(a.stdout);
    assert.strictEqual(ra.contamination.pairs, functions.length);
    assert.strictEqual(ra.contamination.contaminated.pass_at_1, 1, JSON.stringify(ra.per_item));
    assert.strictEqual(ra.contamination.control.pass_at_1, 0, JSON.stringify(ra.per_item));
    assert.strictEqual(ra.contamination.difference.absolute, 1);
    assert.deepStrictEqual(ra.contamination.outcomes, { both: 0, contaminated_only: 6, control_only: 0, neither: 0 });
    assert.ok(ra.contamination.significant && ra.contamination.p_value < 0.05, `p = ${ra.contamination.p_value}`);
    // the control's test calls the control's name: the memorised function is not there
    assert.ok(ra.per_item.every((i: Rec) => /NameError/.test(i.perturbed.reason)), JSON.stringify(ra.per_item));
    const summary = fs.readFileSync(md, 'utf8');
    assert.match(summary, /## Contaminated vs control/);
    assert.match(summary, /\| pairs \| 6 \| 100\.0% \| 0\.0% \| 100\.0% \|/);
    assert.match(summary, /a significant difference, a sign of memorisation/);
    server.reset();
    server.respond(robust(known));
    const rb = JSON.parse((await evaluate([file])).stdout);
    assert.deepStrictEqual([rb.contamination.contaminated.pass_at_1, rb.contamination.control.pass_at_1, rb.contamination.significant], [1, 1, false]);
  });
});
