import * as assert from 'assert';
import { LANGUAGE_IDS, LanguageId } from '../../src/core/languages/languageIds';
import { functionRename, renamableFunctions } from '../../src/core/transforms/function-rename';
import type { Rewrite } from '../../src/core/transforms/method';
import { nameCandidates } from '../../src/core/transforms/synonyms';
import { renamableVariables, variableRename } from '../../src/core/transforms/variable-rename';
import { applyAt, assertEquivalent, readFixture, select, sitesOf, unitText, withContext } from '../support/harness';

/** Per language: the fixture, a function with many locals, and a recursive function. */
const FIXTURES: Record<LanguageId, { file: string; locals: string; recursive: string }> = {
  python: { file: 'methods/rename/routes.py', locals: 'shortest_path', recursive: 'count_routes' },
  c: { file: 'methods/rename/inventory.c', locals: 'restock', recursive: 'common_divisor' },
  cpp: { file: 'methods/rename/ledger.cpp', locals: 'describe_flows', recursive: 'binomial' },
  go: { file: 'methods/rename/grades.go', locals: 'rankStudents', recursive: 'power' },
  rust: { file: 'methods/rename/warehouse.rs', locals: 'pack', recursive: 'partitions' },
  java: { file: 'methods/rename/Payroll.java', locals: 'netPay', recursive: 'combinations' },
  javascript: { file: 'methods/rename/orders.js', locals: 'priceBands', recursive: 'countChange' },
  typescript: { file: 'methods/rename/schedule.ts', locals: 'longestGap', recursive: 'ackermannLite' },
};

const MEANINGLESS = /^(var|v|tmp)_?\d+$/i;

/** The (old, new) name pairs a rename rewrite makes, read off its edits. */
function renamedPairs(text: string, rewrite: Rewrite): [string, string][] {
  return rewrite.edits.map((e) => [text.slice(e.start, e.end), e.text]);
}

function assertMeaningful(text: string, rewrite: Rewrite): void {
  for (const [from, to] of renamedPairs(text, rewrite)) {
    assert.match(from, /^[A-Za-z_]\w*$/, `an edit replaced ${JSON.stringify(from)}, not a name`);
    assert.notStrictEqual(to, from);
    assert.doesNotMatch(to, MEANINGLESS);
    assert.match(to, /^[A-Za-z_]\w*$/);
  }
}

describe('variable-rename', () => {
  for (const lang of LANGUAGE_IDS) {
    it(`${lang}: renaming every variable of the file, and one of a function, keeps behaviour`, async () => {
      const { text } = readFixture(FIXTURES[lang].file);
      const file = await select(lang, text);
      const sites = await sitesOf(variableRename, lang, file);
      assert.ok(sites.length >= 6, `expected several variables, found ${sites.length}`);
      assert.ok(sites[0].all && sites.slice(1).every((s) => !s.all), 'the `all` site comes first, and only once');
      const all = await applyAt(variableRename, lang, file, 0, 1);
      assertMeaningful(text, all.rewrite);
      assert.strictEqual(all.rewrite.entryPoint, undefined);
      await assertEquivalent(lang, text, all.after.text);

      const unit = await select(lang, text, { functionName: FIXTURES[lang].locals });
      const local = await sitesOf(variableRename, lang, unit);
      assert.ok(local.length >= 4, `expected several variables in ${FIXTURES[lang].locals}, found ${local.length}`);
      const one = await applyAt(variableRename, lang, unit, Math.floor(local.length / 2), 2);
      assertMeaningful(text, one.rewrite);
      assert.strictEqual(new Set(renamedPairs(text, one.rewrite).map(([from]) => from)).size, 1);
      const inUnit = one.rewrite.edits.every((e) => e.start >= unit.unit.start && e.end <= unit.unit.end);
      assert.ok(inUnit, 'a local rename stays in its function');
      await assertEquivalent(lang, text, one.after.text);
    });
  }

  it('does not rename a Python parameter that callers pass by keyword', async () => {
    const { text } = readFixture(FIXTURES.python.file);
    const state = await select('python', text, { functionName: 'summarize_trip' });
    const labels = (await sitesOf(variableRename, 'python', state)).map((s) => s.label);
    assert.ok(labels.includes('rename `hops`'), labels.join(', '));
    assert.ok(!labels.some((l) => l.includes('`label`') || l.includes('`fuel_per_hop`')), labels.join(', '));
    const { after } = await applyAt(variableRename, 'python', state, 0);
    assert.ok(unitText(after).startsWith('def summarize_trip('));
    assert.ok(after.text.includes('fuel_per_hop=2.5, label="trip"') && after.text.includes('{label}: '));
  });

  it('leaves a Java field alone when a parameter or local shares its name', async () => {
    const { text } = readFixture(FIXTURES.java.file);
    const state = await select('java', text);
    const labels = (await sitesOf(variableRename, 'java', state)).map((s) => s.label);
    assert.ok(!labels.some((l) => /`(years|rate|name|hourly)`/.test(l)), labels.join(', '));
    const { after } = await applyAt(variableRename, 'java', state, 0, 5);
    for (const kept of ['final int years;', 'this.years = years;', 'this.rate = rate;', 'private double bonusFor(int years)', '<= years;']) {
      assert.ok(after.text.includes(kept), `lost ${kept}`);
    }
    assert.match(after.text, /double (?!withheld\b)\w+ = (?!gross\b)\w+ \* rate;/);
  });

  it('leaves a C++ member alone when a local shares its name', async () => {
    const { text } = readFixture(FIXTURES.cpp.file);
    const state = await select('cpp', text);
    const labels = (await sitesOf(variableRename, 'cpp', state)).map((s) => s.label);
    assert.ok(!labels.some((l) => l.includes('`balance`')), labels.join(', '));
    const { after } = await applyAt(variableRename, 'cpp', state, 0, 3);
    for (const kept of ['double balance;', '    double balance = ', 'return balance - ']) {
      assert.ok(after.text.includes(kept), `lost ${kept}`);
    }
  });

  it('declines Rust variables named in format strings and struct shorthand', async () => {
    const { text } = readFixture(FIXTURES.rust.file);
    const state = await select('rust', text);
    const labels = (await sitesOf(variableRename, 'rust', state)).map((s) => s.label);
    assert.ok(labels.includes('rename `totals` in zone_report'), labels.join(', '));
    for (const declined of ['`count` in zone_report', '`free` in zone_report', '`zone` in new', '`limit` in new']) {
      assert.ok(!labels.some((l) => l.includes(declined)), `${declined} should be declined`);
    }
  });

  it('declines JavaScript names used as shorthand properties', async () => {
    const { text } = readFixture(FIXTURES.javascript.file);
    const labels = (await sitesOf(variableRename, 'javascript', await select('javascript', text))).map((s) => s.label);
    assert.ok(labels.includes('rename `bands` in priceBands'), labels.join(', '));
    for (const declined of ['`count`', '`cheapest`', '`quantity`', '`product`']) {
      assert.ok(!labels.some((l) => l.includes(declined)), declined);
    }
  });

  it('gives the same rewrite for the same seed', async () => {
    const { text } = readFixture(FIXTURES.go.file);
    const state = await select('go', text);
    const first = await applyAt(variableRename, 'go', state, 0, 42);
    const second = await applyAt(variableRename, 'go', state, 0, 42);
    assert.deepStrictEqual(second.rewrite, first.rewrite);
  });
});

describe('function-rename', () => {
  for (const lang of LANGUAGE_IDS) {
    it(`${lang}: renaming every function of the file, and a recursive unit function, keeps behaviour`, async () => {
      const { text } = readFixture(FIXTURES[lang].file);
      const file = await select(lang, text);
      const sites = await sitesOf(functionRename, lang, file);
      const labels = sites.map((s) => s.label).join(', ');
      assert.ok(sites.length >= 3 && sites[0].all, `expected an \`all\` site and two functions, found ${labels}`);
      const all = await applyAt(functionRename, lang, file, 0, 1);
      assert.strictEqual(all.rewrite.renames?.length, sites.length - 1);
      assert.strictEqual(all.rewrite.entryPoint, undefined);
      assertMeaningful(text, all.rewrite);
      await assertEquivalent(lang, text, all.after.text);

      const name = FIXTURES[lang].recursive;
      const unit = await select(lang, text, { functionName: name });
      const own = await sitesOf(functionRename, lang, unit);
      assert.strictEqual(own.length, 1);
      const { rewrite, after } = await applyAt(functionRename, lang, unit, 0, 2);
      assert.ok(rewrite.entryPoint && rewrite.entryPoint !== name, 'the unit function has a new name');
      assert.deepStrictEqual(rewrite.renames, [{ from: name, to: rewrite.entryPoint }]);
      assert.strictEqual(after.entryPoint, rewrite.entryPoint);
      assert.ok(unitText(after).includes(rewrite.entryPoint), 'the unit keeps covering the renamed function');
      assert.ok(rewrite.edits.length >= 3, 'the definition, the recursive calls and the caller in main are renamed');
      assert.ok(!new RegExp(`\\b${name}\\b`).test(after.text), `${name} is left somewhere`);
      await assertEquivalent(lang, text, after.text);
    });
  }

  it('does not offer Go methods: another type may rely on the name for an interface', async () => {
    const { text } = readFixture(FIXTURES.go.file);
    const labels = (await sitesOf(functionRename, 'go', await select('go', text))).map((s) => s.label);
    assert.ok(!labels.some((l) => l.includes('Average')), labels.join(', '));
    assert.strictEqual((await sitesOf(functionRename, 'go', await select('go', text, { functionName: 'Average' }))).length, 0);
  });

  it('renames a method only when every use is on self/this', async () => {
    const cases: [LanguageId, string, string[]][] = [
      ['python', FIXTURES.python.file, ['_fits']],
      ['rust', FIXTURES.rust.file, ['fits']],
      ['java', FIXTURES.java.file, ['bonusFor']],
      ['javascript', FIXTURES.javascript.file, ['lineTotal']],
      ['typescript', FIXTURES.typescript.file, ['withinHours']],
      ['cpp', FIXTURES.cpp.file, ['covers']],
    ];
    // called on other objects (`fleet.load`, `shelf.room_left`, `cart.total`...), or entry points
    const declined = ['load', 'store', 'room_left', 'netPay', 'add', 'total', 'assign', 'coverage', 'withdraw', 'deposit', 'current'];
    declined.push('__init__', 'new', 'main');
    for (const [lang, file, renamed] of cases) {
      const { text } = readFixture(file);
      const labels = (await sitesOf(functionRename, lang, await select(lang, text))).map((s) => s.label);
      for (const name of renamed) assert.ok(labels.includes(`rename function \`${name}\``), `${lang}: ${labels.join(', ')}`);
      for (const name of declined) assert.ok(!labels.includes(`rename function \`${name}\``), `${lang}: ${name} should be declined`);
    }
  });

  it('sets the entry point when the unit is a method', async () => {
    const { text } = readFixture(FIXTURES.python.file);
    const state = await select('python', text, { functionName: 'Fleet._fits' });
    const { rewrite, after } = await applyAt(functionRename, 'python', state, 0, 9);
    assert.ok(rewrite.entryPoint && rewrite.entryPoint.startsWith('_') && rewrite.entryPoint !== '_fits');
    assert.ok(after.text.includes(`if self.${rewrite.entryPoint}(weight):`));
    assert.ok(unitText(after).startsWith(`def ${rewrite.entryPoint}(self, weight):`));
  });

  it('renames C prototypes and function pointers with the definition', async () => {
    const { text } = readFixture(FIXTURES.c.file);
    const state = await select('c', text);
    const sites = await sitesOf(functionRename, 'c', state);
    const value = sites.findIndex((s) => s.label === 'rename function `stock_value`');
    const halve = sites.findIndex((s) => s.label === 'rename function `halve`');
    const a = await applyAt(functionRename, 'c', state, value, 4);
    assert.strictEqual(a.rewrite.edits.length, 4, 'prototype, definition and two calls');
    const b = await applyAt(functionRename, 'c', state, halve, 4);
    assert.ok(b.after.text.includes(`apply_to_all(stock, count, ${b.rewrite.renames![0].to});`));
  });

  // a program that prints a function's name in a message still behaves the same with a new name
  const LABELLED: [LanguageId, string, string][] = [
    ['python', 'gcd', lines('def gcd(a, b):', '    return a if b == 0 else gcd(b, a % b)', 'print(f"gcd(12, 18) = {gcd(12, 18)}")')],
    ['cpp', 'gcd', lines('#include <iostream>', 'int gcd(int a, int b) { return b == 0 ? a : gcd(b, a % b); }', 'int main() { std::cout << "gcd(12, 18) = " << gcd(12, 18) << "\\n"; }')],
    ['go', 'gcd', lines('package main', 'import "fmt"', 'func gcd(a, b int) int {', '\tif b == 0 {', '\t\treturn a', '\t}', '\treturn gcd(b, a%b)', '}', 'func main() { fmt.Println("gcd(12, 18) =", gcd(12, 18)) }')],
    ['rust', 'gcd', lines('fn gcd(a: u32, b: u32) -> u32 { if b == 0 { a } else { gcd(b, a % b) } }', 'fn main() { println!("gcd(12, 18) = {}", gcd(12, 18)); }')],
  ];
  for (const [lang, name, code] of LABELLED) {
    it(`${lang}: renames a function named only inside a printed message, and the output is unchanged`, async () => {
      const state = await select(lang, code, { functionName: name });
      const labels = (await sitesOf(functionRename, lang, state)).map((s) => s.label);
      assert.deepStrictEqual(labels, [`rename function \`${name}\``]);
      const { rewrite, after } = await applyAt(functionRename, lang, state, 0, 3);
      assert.ok(after.text.includes('gcd(12, 18) ='), 'the message is data and stays as it was');
      assert.ok(rewrite.entryPoint && !after.text.includes(`${name}(b`), 'the recursive call follows the new name');
      await assertEquivalent(lang, code, after.text);
    });
  }

  it('gives the same rewrite for the same seed', async () => {
    const { text } = readFixture(FIXTURES.java.file);
    const state = await select('java', text);
    const first = await applyAt(functionRename, 'java', state, 0, 11);
    const second = await applyAt(functionRename, 'java', state, 0, 11);
    assert.deepStrictEqual(second.rewrite, first.rewrite);
  });
});

function lines(...text: string[]): string {
  return `${text.join('\n')}\n`;
}

/** Small programs that only need parsing: each names what must not be renamed. */
const DECLINED: { lang: LanguageId; what: string; code: string; fn?: string; variables?: string[]; functions?: string[] }[] = [
  {
    lang: 'python',
    what: 'global/nonlocal names, locals() and f"{x=}"',
    code: lines(
      'count = 0',
      'def bump(step):',
      '    global count',
      '    count += step',
      '    seen = step * 2',
      '    print(f"{seen=}")',
      'def dump(a):',
      '    b = a + 1',
      '    return locals()',
    ),
    variables: ['count', 'seen', 'a', 'b'],
  },
  {
    lang: 'python',
    what: 'dunder methods, methods of a class with a base, names in strings, tests, keyword names',
    code: lines(
      'class A(Base):',
      '    def helper(self):',
      '        return 1',
      'class B:',
      '    def __len__(self):',
      '        return 0',
      'def lookup():',
      '    return "lookup"',
      'def test_it():',
      '    assert True',
      'def shadow_me():',
      '    return 2',
      'def user(shadow_me=1):',
      '    return shadow_me',
      'user(shadow_me=3)',
    ),
    functions: ['helper', '__len__', 'lookup', 'test_it', 'shadow_me'],
  },
  {
    lang: 'javascript',
    what: 'eval, exported functions, object-literal methods, functions used as values',
    code: lines(
      'function risky(code) {',
      '  const total = 1;',
      '  return eval(code) + total;',
      '}',
      'export function api(x) { return x; }',
      'const obj = { run() { return 1; } };',
      'function shown() { return 1; }',
      'console.log(shown, obj.run(), risky("1"));',
    ),
    variables: ['code', 'total'],
    functions: ['risky', 'api', 'run', 'shown'],
  },
  {
    lang: 'javascript',
    what: 'functions looked up by a string key',
    code: lines('function handler(x) { return x; }', 'const table = { go: 1 };', 'console.log(globalThis["handler"](table.go));'),
    functions: ['handler'],
  },
  {
    lang: 'rust',
    what: 'functions named by stringify!',
    code: lines('fn helper() -> u8 { 1 }', 'fn main() { println!("{} {}", stringify!(helper), helper()); }'),
    functions: ['helper'],
  },
  {
    lang: 'typescript',
    what: 'constructor parameter properties',
    code: lines('class Box {', '  constructor(private width: number, height: number) {', '    console.log(height);', '  }', '}'),
    fn: 'constructor',
    variables: ['width'],
  },
  {
    lang: 'cpp',
    what: 'virtual, override and overloaded functions, qualified names',
    code: lines(
      'struct Shape {',
      '  virtual double area() const { return 0; }',
      '};',
      'struct Sq : Shape {',
      '  double area() const override { return 1; }',
      '};',
      'int twice(int x) { return 2 * x; }',
      'double twice(double x) { return 2 * x; }',
      'namespace m { int inner(int v) { return v; } }',
      'int outer() { return m::inner(1) + twice(1); }',
    ),
    functions: ['area', 'twice', 'inner'],
  },
  {
    lang: 'java',
    what: '@Override, constructors, instance methods of a subclass, overloads',
    code: lines(
      'class P extends Object {',
      '  P() {}',
      '  @Override public String toString() { return "p"; }',
      '  int size() { return 1; }',
      '  static int add(int a) { return a; }',
      '  static int add(int a, int b) { return a + b; }',
      '}',
    ),
    functions: ['P', 'toString', 'size', 'add'],
  },
  {
    lang: 'rust',
    what: 'trait impls, methods called on other objects, variables named in format strings',
    code: lines(
      'struct S;',
      'impl std::fmt::Display for S {',
      '  fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result { write!(f, "s") }',
      '}',
      'impl S {',
      '  fn size(&self) -> usize { 1 }',
      '}',
      'fn show(s: &S) -> usize {',
      '  let width = s.size();',
      '  println!("{width:>4}");',
      '  width',
      '}',
    ),
    variables: ['width'],
    functions: ['fmt', 'size'],
  },
  {
    lang: 'go',
    what: 'composite-literal keys, exported functions outside package main',
    code: lines('package shapes', 'type P struct{ X int }', 'func Build(X int) P {', '\treturn P{X: X}', '}', 'func helper() int { return 1 }'),
    variables: ['X'],
    functions: ['Build'],
  },
  {
    lang: 'c',
    what: 'names used by macros and __func__',
    code: lines(
      '#include <stdio.h>',
      '#define SHOW(v) printf(#v " = %d\\n", v)',
      '#define LIMIT (count + 1)',
      'static int count = 0;',
      'static int report(int level) {',
      '  int shown = level;',
      '  SHOW(shown);',
      '  printf("%s\\n", __func__);',
      '  return LIMIT;',
      '}',
    ),
    variables: ['shown'],
    functions: ['report'],
  },
];

describe('rename hazards', () => {
  for (const c of DECLINED) {
    it(`${c.lang}: declines ${c.what}`, async () => {
      const state = await select(c.lang, c.code, c.fn ? { functionName: c.fn } : {});
      const variables = (await sitesOf(variableRename, c.lang, state)).map((s) => s.label);
      for (const name of c.variables ?? []) {
        assert.ok(!variables.some((l) => l.startsWith(`rename \`${name}\``)), `variable ${name} offered: ${variables.join(', ')}`);
      }
      const functions = (await sitesOf(functionRename, c.lang, state)).map((s) => s.label);
      for (const name of c.functions ?? []) {
        assert.ok(!functions.includes(`rename function \`${name}\``), `function ${name} offered: ${functions.join(', ')}`);
      }
    });
  }

  it('still renames what is safe next to what is declined', async () => {
    // what scope allows; whether the vocabulary has a good new name for it is asked apart (names.test.ts)
    const go = await select('go', DECLINED.find((c) => c.lang === 'go')!.code);
    assert.deepStrictEqual(await withContext('go', go, (ctx) => renamableFunctions(ctx).map((f) => f.fn.name)), ['helper']);
    const ts = await select('typescript', DECLINED.find((c) => c.lang === 'typescript')!.code, { functionName: 'constructor' });
    assert.deepStrictEqual(await withContext('typescript', ts, (ctx) => renamableVariables(ctx).map((c) => c.name)), ['height']);
  });
});

describe('meaningful names', () => {
  it('paraphrases in the style of the original', () => {
    const snake = nameCandidates('shortest_path', 'function', 'python', 'snake').primary;
    assert.deepStrictEqual(snake, ['cheapest_path']);
    assert.ok(nameCandidates('maxValue', 'variable', 'java', 'camel').primary.includes('maximumValue'));
    assert.ok(nameCandidates('TotalCount', 'variable', 'go', 'camel').primary.every((n) => /^[A-Z][a-zA-Z0-9]*$/.test(n)));
    assert.ok(nameCandidates('MAX_SIZE', 'variable', 'c', 'snake').primary.includes('MAXIMUM_SIZE'));
    assert.ok(nameCandidates('_cache', 'variable', 'python', 'snake').primary.every((n) => n.startsWith('_')));
    assert.deepStrictEqual(nameCandidates('i', 'variable', 'python', 'snake').primary, ['index', 'idx']);
  });

  it('never gives a meaningless name, and gives none at all rather than a poor one', () => {
    for (const name of ['fib', 'sort', 'helper', 'zzz', 'x1', 'tmp', 'histogram']) {
      const { primary, fallback } = nameCandidates(name, 'function', 'c', 'snake');
      for (const candidate of [...primary, ...fallback]) assert.doesNotMatch(candidate, MEANINGLESS);
    }
    assert.deepStrictEqual(nameCandidates('zzz', 'function', 'c', 'snake'), { primary: [], fallback: [] });
    assert.deepStrictEqual(nameCandidates('tmp', 'variable', 'c', 'snake'), { primary: [], fallback: [] });
    assert.deepStrictEqual(nameCandidates('fib', 'function', 'c', 'snake').primary, ['fibonacci']);
  });
});
