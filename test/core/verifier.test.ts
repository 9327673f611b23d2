import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { LANGUAGE_IDS, LanguageId } from '../../src/core/languages/languageIds';
import { UnitState } from '../../src/core/unit';
import { renameInText, Verifier, VerifyOptions } from '../../src/core/verify/verifier';
import { parse } from '../support/harness';

/** Per language: a program, and a variant that parses but does not compile (an undefined name). */
const PROGRAMS: Record<LanguageId, { ok: string; broken: string; ext: string }> = {
  python: { ok: 'def f(x):\n    return x + 1\n\nprint(f(1))\n', broken: 'def f(x):\n    return x +* 1\n', ext: 'py' },
  c: { ok: '#include <stdio.h>\nint f(int x) { return x + 1; }\nint main(void) { printf("%d\\n", f(1)); return 0; }\n', broken: '#include <stdio.h>\nint f(int x) { return y + 1; }\nint main(void) { printf("%d\\n", f(1)); return 0; }\n', ext: 'c' },
  cpp: { ok: '#include <iostream>\nint f(int x) { return x + 1; }\nint main() { std::cout << f(1) << "\\n"; }\n', broken: '#include <iostream>\nint f(int x) { return y + 1; }\nint main() { std::cout << f(1) << "\\n"; }\n', ext: 'cpp' },
  go: { ok: 'package main\n\nimport "fmt"\n\nfunc f(x int) int { return x + 1 }\n\nfunc main() { fmt.Println(f(1)) }\n', broken: 'package main\n\nimport "fmt"\n\nfunc f(x int) int { return y + 1 }\n\nfunc main() { fmt.Println(f(1)) }\n', ext: 'go' },
  rust: { ok: 'fn f(x: i32) -> i32 { x + 1 }\nfn main() { println!("{}", f(1)); }\n', broken: 'fn f(x: i32) -> i32 { y + 1 }\nfn main() { println!("{}", f(1)); }\n', ext: 'rs' },
  java: { ok: 'public class P {\n  static int f(int x) { return x + 1; }\n  public static void main(String[] a) { System.out.println(f(1)); }\n}\n', broken: 'public class P {\n  static int f(int x) { return y + 1; }\n  public static void main(String[] a) { System.out.println(f(1)); }\n}\n', ext: 'java' },
  javascript: { ok: 'function f(x) { return x + 1; }\nconsole.log(f(1));\n', broken: 'function f(x) { return x + 1; }\nconsole.log(f(1)) = ;\n', ext: 'js' },
  typescript: { ok: 'function f(x: number): number { return x + 1; }\nconsole.log(f(1));\n', broken: 'function f(x: number): number { return y + 1; }\nconsole.log(f(1));\n', ext: 'ts' },
};

function state(text: string): UnitState {
  return { text, unit: { start: 0, end: text.length }, unitKind: 'file', entryPoint: null };
}

function options(level: VerifyOptions['level'], extra: Partial<VerifyOptions> = {}): VerifyOptions {
  return { level, toolchains: {}, timeoutMs: 60_000, ...extra };
}

async function check(lang: LanguageId, verifier: Verifier, text: string, renames = [] as { from: string; to: string }[]) {
  const tree = await parse(lang, text);
  try {
    return await verifier.verify(state(text), tree, renames);
  } finally {
    tree.delete();
  }
}

describe('verification', () => {
  for (const lang of LANGUAGE_IDS) {
    it(`${lang}: compile accepts the program and rejects a variant that does not compile`, async function () {
      const { ok, broken } = PROGRAMS[lang];
      const verifier = new Verifier(lang, options('compile'), ok);
      try {
        const tree = await parse(lang, ok);
        await verifier.prepare(state(ok), tree);
        tree.delete();
        const good = await check(lang, verifier, ok);
        assert.deepStrictEqual([good.syntax, good.compile, good.reason], [true, true, null]);
        const bad = await check(lang, verifier, broken);
        assert.strictEqual(bad.compile === false || bad.syntax === false, true, `${lang} accepted: ${broken}`);
        assert.ok(bad.reason && bad.reason.length > 0);
      } finally {
        verifier.dispose();
      }
    });
  }

  it('syntax rejects a candidate with an ERROR or MISSING node, saying where', async () => {
    const verifier = new Verifier('python', options('syntax'), PROGRAMS.python.ok);
    const verdict = await check('python', verifier, 'def f(x):\n    return (x +\n');
    assert.strictEqual(verdict.syntax, false);
    assert.strictEqual(verdict.compile, null);
    assert.match(verdict.reason!, /does not parse: line \d+, column \d+/);
    verifier.dispose();
  });

  it('refuses an original that does not compile, naming the file and what to do', async () => {
    const verifier = new Verifier('c', options('compile', { filePath: '/work/project/util.c' }), PROGRAMS.c.broken);
    const tree = await parse('c', PROGRAMS.c.broken);
    await assert.rejects(verifier.prepare(state(PROGRAMS.c.broken), tree), /util\.c does not compile as it is \(\S*cc .*\): fix it, or verify with syntax checks only/);
    tree.delete();
    verifier.dispose();
  });

  describe('test level', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-testlevel-'));
    const module = 'def price(qty, unit):\n    return qty * unit\n';
    const testFile = path.join(dir, 'test_prices.py');
    fs.writeFileSync(testFile, 'from prices import price\nassert price(3, 4) == 12\nprint("ok", price(2, 5))\n');
    const testCmd = 'cd {dir} && python3 {test}';
    const filePath = path.join(dir, 'prices.py');

    it('runs the test on the original first and rejects a candidate that breaks it', async () => {
      const verifier = new Verifier('python', options('test', { testCmd, testFile, filePath }), module);
      const tree = await parse('python', module);
      await verifier.prepare(state(module), tree);
      tree.delete();
      assert.strictEqual((await check('python', verifier, module)).test, true);
      const wrong = await check('python', verifier, module.replace('qty * unit', 'qty + unit'));
      assert.strictEqual(wrong.test, false);
      assert.match(wrong.reason!, /tests fail/);
      verifier.dispose();
    });

    it('renames the entry point in the test file as in the code', async () => {
      const verifier = new Verifier('python', options('test', { testCmd, testFile, filePath }), module);
      const renamed = module.replace('def price', 'def unit_cost');
      const verdict = await check('python', verifier, renamed, [{ from: 'price', to: 'unit_cost' }]);
      assert.strictEqual(verdict.test, true, verdict.output);
      const missed = await check('python', verifier, renamed, []);
      assert.strictEqual(missed.test, false, 'without the rename the test cannot import it');
      verifier.dispose();
    });

    it('stops when the tests fail on the original', async () => {
      const verifier = new Verifier('python', options('test', { testCmd: 'cd {dir} && python3 -c "raise SystemExit(1)"', filePath }), module);
      const tree = await parse('python', module);
      await assert.rejects(verifier.prepare(state(module), tree), /the tests fail on the original .*they must pass before any perturbation/);
      tree.delete();
      verifier.dispose();
    });

    it('kills a hanging test at its timeout and reports it', async () => {
      const verifier = new Verifier('python', options('test', { testCmd: 'sleep 30', filePath, timeoutMs: 700 }), module);
      const started = Date.now();
      const verdict = await check('python', verifier, module);
      assert.strictEqual(verdict.test, false);
      assert.match(verdict.output, /timed out after 0.7 s and was killed/);
      assert.strictEqual(verdict.reason, 'the tests timed out after 0.7 s and were killed');
      assert.ok(Date.now() - started < 15_000);
      verifier.dispose();
    });

    it('without a test command, runs the program and compares output and exit code', async () => {
      const program = 'def f(x):\n    return x * 2\n\nprint(f(21))\n';
      const verifier = new Verifier('python', options('test', { filePath }), program);
      const tree = await parse('python', program);
      await verifier.prepare(state(program), tree);
      tree.delete();
      assert.strictEqual((await check('python', verifier, program.replace('x * 2', 'x + x'))).test, true);
      const changed = await check('python', verifier, program.replace('x * 2', 'x * 3'));
      assert.strictEqual(changed.test, false);
      assert.match(changed.reason!, /behaviour changed/);
      verifier.dispose();
    });
  });

  it('a compile command replaces the built-in check, with {file} and {dir} filled in', async () => {
    const compileCmd = `test -d {dir} && grep -q 'return x' {file} || { echo "no return x in $(basename {file})" >&2; exit 2; }`;
    const verifier = new Verifier('python', options('compile', { compileCmd, filePath: '/work/project/util.py' }), PROGRAMS.python.ok);
    const tree = await parse('python', PROGRAMS.python.ok);
    await verifier.prepare(state(PROGRAMS.python.ok), tree);
    tree.delete();
    assert.match(verifier.record.compile!, /^test -d '.*' && grep -q 'return x' '.*util\.py'/);
    assert.strictEqual((await check('python', verifier, PROGRAMS.python.ok)).compile, true);
    const rejected = await check('python', verifier, PROGRAMS.python.ok.replace('return x + 1', 'return 1 + x'));
    assert.strictEqual(rejected.compile, false);
    assert.match(rejected.reason!, /does not compile: no return x in util\.py/);
    verifier.dispose();
  });

  it('renames whole words only in test files', () => {
    assert.strictEqual(renameInText('price(1); unit_price(2); price_list', [{ from: 'price', to: 'cost' }]), 'cost(1); unit_price(2); price_list');
  });
});
