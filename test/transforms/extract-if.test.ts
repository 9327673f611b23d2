import * as assert from 'assert';
import { LANGUAGE_IDS, LanguageId } from '../../src/core/languages/languageIds';
import { extractIf } from '../../src/core/transforms/extract-if';
import type { Site } from '../../src/core/transforms/method';
import type { UnitState } from '../../src/core/unit';
import { applyAt, assertEquivalent, readFixture, select, sitesOf } from '../support/harness';

const method = extractIf;

const FILES: Record<LanguageId, string> = {
  python: 'methods/extract-if/parcels.py',
  c: 'methods/extract-if/parcels.c',
  cpp: 'methods/extract-if/parcels.cpp',
  go: 'methods/extract-if/parcels.go',
  rust: 'methods/extract-if/parcels.rs',
  java: 'methods/extract-if/Parcels.java',
  javascript: 'methods/extract-if/parcels.js',
  typescript: 'methods/extract-if/parcels.ts',
};

function lines(...text: string[]): string {
  return text.map((line) => `${line}\n`).join('');
}

async function sitesIn(lang: LanguageId, text: string, functionName?: string): Promise<{ state: UnitState; sites: Site[] }> {
  const state = await select(lang, text, functionName ? { functionName } : {});
  return { state, sites: await sitesOf(method, lang, state) };
}

/** The sites whose span is exactly `snippet` (its first occurrence). */
function sitesAt(text: string, sites: Site[], snippet: string): Site[] {
  const start = text.indexOf(snippet);
  assert.ok(start >= 0, `program lacks \`${snippet}\``);
  return sites.filter((s) => s.start === start && s.end === start + snippet.length);
}

async function rewriteAt(lang: LanguageId, text: string, snippet: string, seed = 1, functionName?: string): Promise<string> {
  const { state, sites } = await sitesIn(lang, text, functionName);
  const [site] = sitesAt(text, sites, snippet);
  assert.ok(site, `\`${snippet}\` is a site: ${sites.map((s) => text.slice(s.start, s.end)).join(' | ')}`);
  return (await applyAt(method, lang, state, sites.indexOf(site), seed)).after.text;
}

describe('extract-if', () => {
  for (const lang of LANGUAGE_IDS) {
    it(`${lang}: the first, a middle and the last site keep behaviour`, async () => {
      const { text } = readFixture(FILES[lang]);
      const { state, sites } = await sitesIn(lang, text, 'dispatch');
      assert.ok(sites.length >= 5, `expected several sites, found ${sites.length}`);
      for (const [index, seed] of [[0, 1], [Math.floor(sites.length / 2), 2], [sites.length - 1, 3]]) {
        const { after } = await applyAt(method, lang, state, index, seed);
        await assertEquivalent(lang, text, after.text);
      }
    });
  }

  it('writes each language\'s closure or helper', async () => {
    const expectations: [LanguageId, string, RegExp][] = [
      ['python', 'weight < 10', /\n {8}def (\w+)\(\):\n {12}return weight < 10\n {8}if weight < 2 and length < 40:\n[^]*elif \1\(\):/],
      ['c', 'express && p->weight > 5', /\nstatic int \w+\(int express, const struct parcel \*p\) \{\n/],
      ['c', 'express && p->weight > 5', /\) \{\n {4}return express && p->weight > 5;\n\}\n\nint dispatch\(/],
      ['c', 'express && p->weight > 5', /static int (\w+)\([^]*\n {8}if \(\1\(express, p\)\) \{/],
      ['cpp', 'p.weight < 10', /\n {8}auto (\w+) = \[&\]\(\) \{ return p\.weight < 10; \};\n {8}if \(p\.weight < 2[^]*else if \(\1\(\)\)/],
      ['go', 'p.weight < 10', /\n\t\t(\w+) := func\(\) bool \{ return p\.weight < 10 \}\n\t\tif p\.weight < 2[^]*else if \1\(\) \{/],
      ['rust', 'p.weight < 10', /\n {8}let (\w+) = \|\| p\.weight < 10;\n {8}let size = if [^]*else if \1\(\) \{/],
      ['java', 'p.weight() < 10', /import java\.util\.function\.BooleanSupplier;\n/],
      ['java', 'p.weight() < 10', /\n {12}BooleanSupplier (\w+) = \(\) -> p\.weight\(\) < 10;\n[^]*else if \(\1\.getAsBoolean\(\)\)/],
      ['javascript', 'p.weight < 10', /\n {4}const (\w+) = \(\) => p\.weight < 10;\n {4}if \(p\.weight < 2[^]*else if \(\1\(\)\)/],
      ['typescript', 'p.weight < 10', /\n {4}const (\w+) = \(\) => p\.weight < 10;\n {4}if \(p\.weight < 2[^]*else if \(\1\(\)\)/],
    ];
    for (const [lang, snippet, pattern] of expectations) {
      const { text } = readFixture(FILES[lang]);
      const after = await rewriteAt(lang, text, snippet, 1, 'dispatch');
      assert.match(after, pattern, lang);
    }
  });

  it('moves whole ifs into closures that capture by reference (C++, Go, JavaScript, TypeScript)', async () => {
    for (const lang of ['cpp', 'go', 'javascript', 'typescript'] as const) {
      const { text } = readFixture(FILES[lang]);
      const start = text.indexOf('if (total > 100)') >= 0 ? text.indexOf('if (total > 100)') : text.indexOf('if total > 100');
      const { state, sites } = await sitesIn(lang, text, 'dispatch');
      const whole = sites.findIndex((s) => s.start === start && /^if at/.test(s.label));
      assert.ok(whole >= 0, lang);
      const { after } = await applyAt(method, lang, state, whole, 5);
      assert.match(after.text, /(\w+)( :=|\) =| =)[^\n]*(\[&\]\(\) \{|func\(\) \{|\(\) => \{)\n\s+if[^]*\n\s+\1\(\);?\n/, lang);
      await assertEquivalent(lang, text, after.text);
    }
  });

  it('never moves a whole if that returns, breaks or continues', async () => {
    const js = lines(
      'function scan(values) {',
      '  let found = -1;',
      '  for (let i = 0; i < values.length; i++) {',
      '    if (values[i] < 0) continue;',
      '    if (values[i] > 50) break;',
      '    if (values[i] === 7) { found = i; }',
      '    if (values[i] === 9) return i;',
      '  }',
      '  return found;',
      '}',
      'console.log(scan([1, -2, 7, 9]), scan([60]));',
    );
    const { sites } = await sitesIn('javascript', js, 'scan');
    const wholes = sites.filter((s) => /^if at/.test(s.label)).map((s) => js.slice(s.start, s.end));
    assert.deepStrictEqual(wholes, ['if (values[i] === 7) { found = i; }']);
    assert.strictEqual(sites.filter((s) => /^condition/.test(s.label)).length, 4, 'conditions still move');
    const after = await rewriteAt('javascript', js, 'if (values[i] === 7) { found = i; }');
    await assertEquivalent('javascript', js, after);
  });

  it('declines conditions that assign, and frame-dependent ones', async () => {
    const c = lines(
      '#include <stdio.h>',
      'static int next(int *p) { return (*p)++; }',
      'int main(void) {',
      '    int n = 0, k = 3;',
      '    if ((n = next(&k)) > 2) printf("%d\\n", n);',
      '    if (k++ > 3) printf("%d\\n", k);',
      '    if (__LINE__ > 1) printf("line\\n");',
      '    if (k > 3) printf("big\\n");',
      '    return 0;',
      '}',
    );
    const { sites } = await sitesIn('c', c, 'main');
    assert.deepStrictEqual(sites.map((s) => c.slice(s.start, s.end)), ['k > 3']);
    const py = lines(
      'def f(values):',
      '    if (n := len(values)) > 2:',
      '        print(n)',
      '    if len(values) > 1:',
      '        print(locals())',
      '    return 0',
      '',
      'f([1, 2, 3])',
    );
    assert.deepStrictEqual((await sitesIn('python', py, 'f')).sites, [], 'walrus, and a function that reads its locals()');
  });

  it('Java: a captured local that is reassigned gets a typed static helper; without a known type the site is declined', async () => {
    const java = lines(
      'public class Main {',
      '    static int next(int x) { return x * 3 % 11; }',
      '    public static void main(String[] args) {',
      '        int limit = 5;',
      '        int seen = 0;',
      '        var state = next(4);',
      '        for (int i = 0; i < 6; i++) {',
      '            if (seen > limit) {',
      '                System.out.println("over " + i);',
      '            }',
      '            if (state > limit) {',
      '                System.out.println("state " + state);',
      '            }',
      '            if (limit > 2) {',
      '                seen += i;',
      '            }',
      '            state = next(state);',
      '        }',
      '    }',
      '}',
    );
    const { sites } = await sitesIn('java', java, 'main');
    assert.deepStrictEqual(sitesAt(java, sites, 'state > limit'), [], '`var` of a call, reassigned: no lambda, no typed parameter');
    const helper = await rewriteAt('java', java, 'seen > limit');
    assert.match(helper, /private static boolean (\w+)\(int seen, int limit\) \{\n {8}return seen > limit;\n {4}\}/);
    assert.match(helper, /private static boolean (\w+)[^]*if \(\1\(seen, limit\)\)/);
    assert.ok(!helper.includes('BooleanSupplier'));
    await assertEquivalent('java', java, helper);
    const lambda = await rewriteAt('java', java, 'limit > 2');
    assert.match(lambda, /BooleanSupplier \w+ = \(\) -> limit > 2;/, 'an effectively final capture keeps the lambda');
    await assertEquivalent('java', java, lambda);
  });

  it('C: declines a helper whose parameter type or names are unknown outside the function, or that takes an address', async () => {
    const c = lines(
      '#include <stdio.h>',
      'static int twice(int x) { return 2 * x; }',
      'int main(void) {',
      '    struct pair { int a, b; } p = {1, 2};',
      '    int (*op)(int) = twice;',
      '    int v[3] = {4, 5, 6};',
      '    int n = 3;',
      '#define SCALE 3',
      '    if (p.a < p.b) printf("pair\\n");',
      '    if (op(n) > 5) printf("op\\n");',
      '    if (&v[1] != NULL) printf("address\\n");',
      '    if (n * SCALE > 5) printf("scaled\\n");',
      '    if (twice(n) > 5 && v[n - 1] > 5) printf("last\\n");',
      '    return 0;',
      '}',
    );
    const { sites } = await sitesIn('c', c, 'main');
    assert.deepStrictEqual(sites.map((s) => c.slice(s.start, s.end)), ['twice(n) > 5 && v[n - 1] > 5']);
    const after = await rewriteAt('c', c, 'twice(n) > 5 && v[n - 1] > 5');
    assert.match(after, /static int \w+\(int n, int v\[3\]\) \{/);
    await assertEquivalent('c', c, after);
  });

  it('Rust: declines a condition that mutates what it reads, or follows one in its chain', async () => {
    const rs = lines(
      'fn main() {',
      '    let mut stack = vec![3, 8, 1];',
      '    let limit = 4;',
      '    if stack.pop().is_some() {',
      '        println!("popped");',
      '    }',
      '    if stack.len() > 5 {',
      '        println!("long");',
      '    } else if stack[0] > limit {',
      '        println!("big");',
      '    }',
      '    if stack.iter().next().is_some() && stack.pop().unwrap() > 1 {',
      '        println!("mixed");',
      '    } else if limit > 2 {',
      '        println!("limit");',
      '    }',
      '    println!("{:?}", stack);',
      '}',
    );
    const { sites } = await sitesIn('rust', rs, 'main');
    const moved = sites.map((s) => rs.slice(s.start, s.end));
    assert.ok(!moved.includes('stack.pop().is_some()'));
    assert.ok(!moved.includes('limit > 2'), 'an earlier test in the chain pops while the closure borrows');
    assert.ok(moved.includes('stack[0] > limit'));
    await assertEquivalent('rust', rs, await rewriteAt('rust', rs, 'stack[0] > limit'));
  });

  it('TypeScript: declines what a narrowing made valid, keeps what it cannot affect', async () => {
    const ts = lines(
      'function describe(value: number | string, count: number, label?: string): string {',
      '  let out = "";',
      "  if (typeof value === 'string') {",
      '    out = value.toUpperCase();',
      '  } else if (value > 10) {',
      "    out = 'big';",
      '  }',
      '  if (label && label.length > 2) {',
      '    out += label;',
      '  }',
      '  if (count > 1) {',
      "    out += '!';",
      '  }',
      '  return out;',
      '}',
      "console.log(describe('ab', 2), describe(12, 1, 'tag'));",
      'export {};',
    );
    const { sites } = await sitesIn('typescript', ts, 'describe');
    const moved = sites.map((s) => ts.slice(s.start, s.end));
    assert.ok(!moved.some((m) => m.startsWith('typeof') || m === 'value > 10' || m.includes('label')), moved.join(' | '));
    assert.ok(moved.includes('count > 1'));
    await assertEquivalent('typescript', ts, await rewriteAt('typescript', ts, 'count > 1'));
  });

  it('Go and C++: declines names the if itself declares, goto functions and structured bindings', async () => {
    const go = lines(
      'package main',
      '',
      'import "fmt"',
      '',
      'func main() {',
      '\tm := map[string]int{"a": 1}',
      '\tif v, ok := m["a"]; ok && v > 0 {',
      '\t\tfmt.Println("found", v)',
      '\t}',
      '\tif len(m) > 0 {',
      '\t\tfmt.Println("some")',
      '\t}',
      '}',
    );
    const g = await sitesIn('go', go, 'main');
    assert.deepStrictEqual(sitesAt(go, g.sites, 'ok && v > 0'), []);
    assert.strictEqual(sitesAt(go, g.sites, 'len(m) > 0').length, 1);
    const cpp = lines(
      '#include <iostream>',
      '#include <utility>',
      'int main() {',
      '    auto [lo, hi] = std::make_pair(1, 5);',
      '    if (lo < hi) std::cout << "ordered\\n";',
      '    int n = hi - lo;',
      '    if (n > 2) std::cout << n << "\\n";',
      '    return 0;',
      '}',
    );
    const c = await sitesIn('cpp', cpp, 'main');
    assert.deepStrictEqual(sitesAt(cpp, c.sites, 'lo < hi'), [], 'C++17 lambdas cannot capture structured bindings');
    await assertEquivalent('cpp', cpp, await rewriteAt('cpp', cpp, 'n > 2'));
  });
});
