import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { DatasetOptions } from '../../src/core/dataset/process';
import { cli, cliAsync } from '../support/cli';
import { FakeOpenAI } from '../support/fakeOpenAI';
import { behaviour } from '../support/harness';
import { crashProgram, crashRecord, CrashRow, crashRows } from '../support/codecrashRecord';

type Row = CrashRow;

interface Out extends Row {
  perturbed_code: string | null;
  perturbed_test: string | null;
  entry_point: string;
  steps: { method: string; accepted: boolean; reason: string | null; summary: string | null }[];
  error: string | null;
}

const rows = crashRows;

async function perturbRow(row: Row, perturbation: DatasetOptions['perturbation']): Promise<Out> {
  return crashRecord<Out>(row, perturbation);
}

/** The perturbed code with its (renamed) test, run for real: exit 0 means the test passed. */
async function assertTestPasses(row: Row, out: Out): Promise<void> {
  assert.strictEqual(out.error, null, `${row.task_id}: ${out.error}`);
  assert.ok(out.perturbed_code && out.perturbed_test, `${row.task_id}: no output`);
  assert.notStrictEqual(out.perturbed_code, row.code, `${row.task_id}: nothing changed`);
  const program = crashProgram({ language: row.language, test: out.perturbed_test }, out.perturbed_code);
  const run = await behaviour(row.language, program);
  assert.strictEqual(run.code, 0, `${row.task_id}: the test fails on\n${program}`);
}

const PYTHON = rows('python.jsonl');

describe('CodeCrash perturbations on CRUXEval-style Python', function () {
  this.timeout(120_000);

  it('ren renames the function to f and every variable to Var_i, in the test too', async () => {
    for (const row of PYTHON) {
      const out = await perturbRow(row, 'ren');
      await assertTestPasses(row, out);
      assert.match(out.perturbed_code!, /^def f\(Var_1\b/m, out.perturbed_code!);
      assert.doesNotMatch(out.perturbed_code!, /\b(result|count|total|ans)\b/);
      assert.strictEqual(out.entry_point, 'f');
      assert.match(out.perturbed_test!, /^assert f\(/);
    }
  });

  it('rtf reformats conditions and keeps them meaning the same', async () => {
    let changed = 0;
    for (const row of PYTHON) {
      const out = await perturbRow(row, 'rtf');
      if (!/\b(if|while)\b/.test(row.code)) continue;
      if (out.error?.includes('nothing to change')) continue;
      await assertTestPasses(row, out);
      assert.match(out.perturbed_code!, /lambda:|,\)\[0\]|not not|True if|[<>=!]=? /);
      changed++;
    }
    assert.ok(changed >= 4, `only ${changed} rows reformatted`);
  });

  it('gbc adds a shadowed global and dead branches and loops', async () => {
    for (const row of PYTHON) {
      const out = await perturbRow(row, 'gbc');
      await assertTestPasses(row, out);
      assert.match(out.perturbed_code!, /^\s+(if|while|for|def|try|funct\d+ =)\b/m);
      assert.match(out.steps[0].summary!, /\b[234] dead shapes/);
      assert.match(out.perturbed_code!, /^\w+ = \d+$/m);
    }
  });

  it('psc-all applies ren, rtf and gbc as three steps', async () => {
    for (const row of PYTHON) {
      const out = await perturbRow(row, 'psc-all');
      await assertTestPasses(row, out);
      assert.deepStrictEqual(out.steps.map((s) => s.method), ['ren', 'rtf', 'gbc']);
      assert.match(out.perturbed_code!, /Var_1/);
      assert.match(out.steps[2].summary!, /dead shape/);
    }
  });

  it('mcc and mps add misleading comments and prints and keep the return value', async () => {
    for (const row of PYTHON) {
      const comments = await perturbRow(row, 'mcc');
      await assertTestPasses(row, comments);
      assert.ok((comments.perturbed_code!.match(/^\s*# /gm) ?? []).length >= 3, comments.perturbed_code!);
      const prints = await perturbRow(row, 'mps');
      await assertTestPasses(row, prints);
      assert.ok((prints.perturbed_code!.match(/^\s*print\(/gm) ?? []).length >= 3, prints.perturbed_code!);
    }
  });

  it('ren renames a parameter passed by keyword with its keywords, when every such call is of its own function', async () => {
    const row = { task_id: 'kw', code: 'def g(items, key):\n    return sorted(items, key=key)\n', language: 'python', entry_point: 'g', test: 'assert g(items=[3, 1], key=None) == [1, 3]' };
    const out = await perturbRow(row as Row, 'ren');
    await assertTestPasses(row as Row, out);
    // items is renamed in the call too; key is also a keyword of sorted's, whose name it must keep
    assert.strictEqual(out.perturbed_code, 'def f(Var_1, key):\n    return sorted(Var_1, key=key)\n');
    assert.strictEqual(out.perturbed_test, 'assert f(Var_1=[3, 1], key=None) == [1, 3]');
  });

  it('counts in its words: one comment, one condition, one name are singular', async () => {
    const row = { task_id: 'one', code: 'def f(x):\n    if x:\n        return 1\n    return 0\n', language: 'python', entry_point: 'f', test: 'assert f(1) == 1' };
    for (const perturbation of ['mcc', 'rtf', 'ren'] as const) {
      const out = await perturbRow(row as Row, perturbation);
      for (const step of out.steps) assert.doesNotMatch(step.summary ?? '', /\b1 [a-z ]+s\b/, `${perturbation}: ${step.summary}`);
    }
    const out = await crashRecord<Out>({ ...row, code: 'def f():\n    return 0\n', test: 'assert f() == 0' }, 'mcc', { injection: { p: 1, once: true } });
    assert.match(out.steps[0].summary!, /^inserted 1 misleading comment$/);
  });

  it('mhc gives a wrong input/output pair, wrong when run', async () => {
    for (const row of PYTHON) {
      const out = await perturbRow(row, 'mhc');
      await assertTestPasses(row, out);
      const hint = /# Hint: (.+) returns (.+)$/m.exec(out.perturbed_code!);
      assert.ok(hint, out.perturbed_code!);
      // the claim must be false: asserting it differs from the real value passes
      const check = `${out.perturbed_code}\n\nassert (${hint[1]}) != (${hint[2]})\n`;
      assert.strictEqual((await behaviour('python', check)).code, 0, check);
    }
  });

  it('mhc without a call with literal arguments says what it needs', async () => {
    const out = await perturbRow({ ...PYTHON[0], test: "word = 'HeLLo'\nassert f(word) == 'hEllO'\n" }, 'mhc');
    assert.match(out.error ?? '', /mhc needs an example call of f with literal arguments/);
  });
});

describe('CodeCrash structural perturbations in every language', function () {
  this.timeout(300_000);
  for (const row of rows('languages.jsonl')) {
    it(`psc-all (ren, rtf, gbc) on ${row.language} keeps the test passing`, async () => {
      const out = await perturbRow(row, 'psc-all');
      assert.deepStrictEqual(
        out.steps.map((s) => [s.method, s.accepted]),
        [
          ['ren', true],
          ['rtf', true],
          ['gbc', true],
        ],
        JSON.stringify(out.steps.map((s) => s.reason)),
      );
      await assertTestPasses(row, out);
      assert.match(out.perturbed_code!, /\bVar_1\b/);
      assert.match(out.perturbed_test!, /\bf\(/);
    });
  }
});

describe('CodeCrash MPS in every language', function () {
  this.timeout(300_000);
  for (const row of rows('languages.jsonl')) {
    it(`${row.language}: misleading prints with its own print statement, and the record's test still passes`, async () => {
      const out = await perturbRow(row, 'mps');
      assert.strictEqual(out.error, null, out.error ?? '');
      assert.ok(out.steps[0].accepted, out.steps[0].reason ?? '');
      const statement = { python: /print\(/, c: /puts\("/, cpp: /std::puts\("/, go: /println\("/, rust: /println!\("/, java: /System\.out\.println\("/, javascript: /console\.log\("/, typescript: /console\.log\("/ }[row.language];
      assert.ok(out.perturbed_code!.split('\n').filter((l) => statement.test(l)).length >= 2, out.perturbed_code!);
      await assertTestPasses(row, out);
    });
  }
});

describe('perturb --perturbation', function () {
  this.timeout(60_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-cc-'));
  const file = path.join(dir, 'cost.py');
  fs.writeFileSync(file, `${PYTHON[5].code}\n\nprint(minimum_cost('0011'))\n`);
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('applies one perturbation and reports one step per perturbation applied', () => {
    const one = cli(['perturb', file, '--function', 'minimum_cost', '--perturbation', 'ren', '--verify', 'test', '--json']);
    assert.strictEqual(one.code, 0, one.stderr);
    const doc = JSON.parse(one.stdout);
    assert.strictEqual(doc.strategy, 'codecrash:ren');
    assert.deepStrictEqual(doc.perturbation, { id: 'ren', kind: 'structural', contextual: false });
    assert.strictEqual(doc.entryPoint, 'f');
    assert.deepStrictEqual(doc.steps.map((s: { method: string }) => s.method), ['ren']);
    assert.match(doc.file, /print\(f\('0011'\)\)/);
    const all = JSON.parse(cli(['perturb', file, '--function', 'minimum_cost', '--perturbation', 'psc-all', '--verify', 'test', '--json']).stdout);
    assert.deepStrictEqual(all.steps.map((s: { method: string; accepted: boolean }) => [s.method, s.accepted]), [
      ['ren', true],
      ['rtf', true],
      ['gbc', true],
    ]);
  });

  it('mps with --verify test compares the exit status, not the printed output', () => {
    const doc = JSON.parse(cli(['perturb', file, '--function', 'minimum_cost', '--perturbation', 'mps', '--verify', 'test', '--json']).stdout);
    assert.deepStrictEqual(doc.steps.map((s: { accepted: boolean }) => s.accepted), [true]);
    assert.deepStrictEqual(doc.perturbation, { id: 'mps', kind: 'contextual', contextual: true });
  });

  it("mhc finds the example call in the file; mps prints with each language's own statement", () => {
    const doc = JSON.parse(cli(['perturb', file, '--function', 'minimum_cost', '--perturbation', 'mhc', '--json']).stdout);
    assert.match(doc.perturbed, /# Hint: minimum_cost\('0011'\) returns (?!2\b)/);
    const js = path.join(dir, 'a.js');
    fs.writeFileSync(js, 'function f(x) {\n  return x + 1;\n}\nconsole.log(f(1));\n');
    const printed = cli(['perturb', js, '--function', 'f', '--perturbation', 'mps', '--json']);
    assert.strictEqual(printed.code, 0, printed.stderr);
    assert.match(JSON.parse(printed.stdout).perturbed, /^ {2}console\.log\(".+"\);\n {2}return x \+ 1;/m);
  });

  it('--rtf-count N rewrites a seeded N of the conditions, the same for the same seed; it needs rtf', () => {
    const conditions = path.join(dir, 'conditions.py');
    fs.writeFileSync(conditions, 'def sign(x):\n    if x > 0:\n        return 1\n    if x < 0:\n        return -1\n    while x != 0:\n        x = 0\n    return 0\n\n\nprint(sign(3), sign(-2), sign(0))\n');
    const run = () => cli(['perturb', conditions, '--function', 'sign', '--perturbation', 'rtf', '--rtf-count', '2', '--verify', 'test', '--json']);
    const one = run();
    assert.strictEqual(one.code, 0, one.stderr);
    const doc = JSON.parse(one.stdout);
    assert.strictEqual(doc.steps[0].summary, 'reformatted 2 conditions');
    const kept = ['    if x > 0:', '    if x < 0:', '    while x != 0:'].filter((l) => doc.perturbed.split('\n').includes(l));
    assert.strictEqual(kept.length, 1, doc.perturbed);
    assert.strictEqual(JSON.parse(run().stdout).perturbed, doc.perturbed);
    const bad = cli(['perturb', conditions, '--perturbation', 'ren', '--rtf-count', '2']);
    assert.strictEqual(bad.code, 2);
    assert.match(bad.stderr, /--rtf-count applies to --perturbation rtf or psc-all/);
  });

  it('rejects an unknown perturbation as bad usage', () => {
    const bad = cli(['perturb', file, '--perturbation', 'xyz']);
    assert.strictEqual(bad.code, 2);
    assert.match(bad.stderr, /--perturbation takes ren, rtf, gbc, psc-all, mcc, mps, mhc, not xyz/);
  });
});

describe('mhc with an LLM', function () {
  this.timeout(60_000);
  const server = new FakeOpenAI();
  let baseUrl = '';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-mhc-'));
  const input = path.join(dir, 'in.jsonl');
  fs.writeFileSync(input, `${JSON.stringify(PYTHON[5])}\n${JSON.stringify({ ...PYTHON[1], task_id: 'crux/1b' })}\n`);
  before(async () => {
    baseUrl = await server.start();
  });
  after(async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('asks the model for the wrong value, and replaces one that is really right', async () => {
    // the first record gets a truly wrong value; the second the real result (3), which must not be used
    server.script({ content: '```python\n7\n```' }, { content: '3' });
    const out = path.join(dir, 'out.jsonl');
    const result = await cliAsync(
      ['dataset', input, '--out', out, '--perturbation', 'mhc', '--engine', 'llm', '--base-url', baseUrl, '--model', 'fake', '--verify', 'test', '--quiet'],
      { env: { CODEMORPH_API_KEY: 'test-key' } },
    );
    assert.strictEqual(result.code, 0, result.stderr);
    const [first, second] = fs.readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Out);
    assert.strictEqual(server.requests.length, 2);
    assert.match(server.requests[0].body.messages[1].content, /minimum_cost\('0011'\)/);
    assert.match(first.perturbed_code!, /# Hint: minimum_cost\('0011'\) returns 7$/m);
    assert.match(first.steps[0].summary!, /from the model/);
    assert.deepStrictEqual((first as unknown as { perturbation: unknown }).perturbation, { id: 'mhc', kind: 'reasoning', contextual: true });
    assert.doesNotMatch(second.perturbed_code!, /returns 3$/m);
    assert.match(second.steps[0].summary!, /the model's value 3 is the real result/);
  });
});
