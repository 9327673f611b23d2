import * as assert from 'assert';
import { LanguageId } from '../../src/core/languages/languageIds';
import { extractArithmetic } from '../../src/core/transforms/extract-arithmetic';
import type { Site } from '../../src/core/transforms/method';
import { assertEquivalent, readFixture } from '../support/harness';
import { fixtureFiles, keepsBehaviourAtSpreadSites, lines, rewriteSpanAt, sitesIn } from '../support/methodTests';

const method = extractArithmetic;

const FILES = fixtureFiles('extract-arithmetic', 'invoice');

function moved(text: string, sites: Site[]): string[] {
  return sites.map((s) => text.slice(s.start, s.end));
}

describe('extract-arithmetic', () => {
  keepsBehaviourAtSpreadSites(method, FILES, { minSites: 6, functionName: 'invoice' });

  it('writes each language\'s helper, taking what the expression reads, and the call needs no parentheses', async () => {
    const expectations: [LanguageId, string, RegExp][] = [
      ['python', 'subtotal * TAX_PERCENT // 100', /\ndef invoice\(lines, discount_percent\):\n {4}def (\w+)\(subtotal\):\n {8}return subtotal \* TAX_PERCENT \/\/ 100\n[^]*\n {4}tax = \1\(subtotal\)\n/],
      ['cpp', 'subtotal * TAX_PERCENT / 100', /\) \{\n {4}auto (\w+) = \[&\]\(const auto& subtotal\) \{ return subtotal \* TAX_PERCENT \/ 100; \};\n[^]*\n {4}long tax = \1\(subtotal\);/],
      ['go', 'subtotal * taxPercent / 100', /\nfunc (\w+)\(subtotal int64\) int64 \{\n\treturn subtotal \* taxPercent \/ 100\n\}\n[^]*\n\ttax := \1\(subtotal\)\n/],
      ['go', 'l.kilos * float64(l.qty)', /\nfunc (\w+)\(l line\) float64 \{\n\treturn l\.kilos \* float64\(l\.qty\)\n\}[^]*\n\t\tweight \+= \1\(l\)\n/],
      ['rust', 'subtotal * TAX_PERCENT / 100', /\) \{\n {4}let (\w+) = \|subtotal\| subtotal \* TAX_PERCENT \/ 100;\n[^]*\n {4}let tax = \1\(subtotal\);/],
      ['rust', 'lines.len() * 3', /let (\w+) = \|lines: &\[Line\]\| lines\.len\(\) \* 3;[^]*let count = \1\(lines\);/],
      ['javascript', '(amount * discountPercent) / 100', /\) \{\n {2}const (\w+) = \(amount, discountPercent\) => \(amount \* discountPercent\) \/ 100;\n/],
      ['javascript', '(amount * discountPercent) / 100', /const (\w+) = [^\n]*\n[^]*\n {6}amount -= Math\.floor\(\1\(amount, discountPercent\)\);/],
      ['typescript', '500 + Math.round(weight * 35)', /\n {2}const (\w+) = \(weight: number\) => 500 \+ Math\.round\(weight \* 35\);\n[^]*\n {2}const shipping = \1\(weight\);/],
    ];
    for (const [lang, snippet, pattern] of expectations) {
      const { text } = readFixture(FILES[lang]);
      const after = await rewriteSpanAt(method, lang, text, snippet, { functionName: 'invoice' });
      assert.match(after, pattern, `${lang}: ${snippet}`);
      assert.doesNotMatch(after, /(def \w+\(\)|func\(\)|\(\) =>|\[&\]\(\)|\|\|) /, `${lang}: no closure of no arguments`);
    }
  });

  it('a closure of no arguments only where no helper with parameters can be written, never for all of a variable\'s value nor in a loop', async () => {
    const rs = lines(
      'fn show(n: usize) {',
      '    println!("{}", n);',
      '}',
      'fn main() {',
      '    let mut v = vec![4, 5];',
      '    let x = 3;',
      '    let total = v.len() * 10 + x;',
      '    let mut sum = 1;',
      '    sum += v.iter().count() * 10 + x;',
      '    show(sum);',
      '    for i in 0..2 {',
      '        v.push(v.len() * 10 + i);',
      '    }',
      '    println!("{} {:?}", total, v);',
      '}',
    );
    const { sites } = await sitesIn(method, 'rust', rs, 'main');
    assert.deepStrictEqual(moved(rs, sites), ['v.iter().count() * 10 + x'], 'a Vec cannot be passed by value: the closure stands before the statement');
    const after = await rewriteSpanAt(method, 'rust', rs, 'v.iter().count() * 10 + x', { functionName: 'main' });
    assert.match(after, /\n {4}let (\w+) = \|\| v\.iter\(\)\.count\(\) \* 10 \+ x;\n {4}sum \+= \1\(\);/);
    await assertEquivalent('rust', rs, after);
  });

  it('declines what is too small to name: a name and 0, 1 or 2', async () => {
    const py = lines('def f(xs, i):', '    j = i + 1', '    half = len(xs) // 2', '    k = xs[i] * 2', '    return xs[j] * xs[half] + k * 7', '', 'print(f([1, 2, 3, 4], 1))');
    assert.deepStrictEqual(moved(py, (await sitesIn(method, 'python', py, 'f')).sites), ['xs[j] * xs[half] + k * 7']);
  });

  it('C: the helper returns the promoted type: char + char is int, long * int stays long', async () => {
    const { text } = readFixture(FILES.c);
    const chars = await rewriteSpanAt(method, 'c', text, 'grade + step', { functionName: 'invoice' });
    assert.match(chars, /static int (\w+)\(char grade, char step\) \{\n {4}return grade \+ step;\n\}[^]*int code = \1\(grade, step\);/);
    const longs = await rewriteSpanAt(method, 'c', text, 'subtotal * 1000000 + n', { functionName: 'invoice' });
    assert.match(longs, /static long (\w+)\(long subtotal, int n\) \{/);
    await assertEquivalent('c', text, longs);
    const unsigned = await rewriteSpanAt(method, 'c', text, 'flags - 1u', { functionName: 'invoice' });
    assert.match(unsigned, /static unsigned int \w+\(unsigned int flags\)/);
    const doubles = await rewriteSpanAt(method, 'c', text, 'l->kilos * l->qty', { functionName: 'invoice' });
    assert.match(doubles, /static double \w+\(const struct line \*l\)/);
    await assertEquivalent('c', text, doubles);
  });

  it('Java: a static helper of the promoted type; an int product in a long context stays an int product', async () => {
    const { text } = readFixture(FILES.java);
    const bytes = await rewriteSpanAt(method, 'java', text, 'small * factor', { functionName: 'invoice' });
    assert.match(bytes, /private static int (\w+)\(byte small, byte factor\) \{[^]*int product = \1\(small, factor\);/, 'byte * byte is an int');
    const overflow = await rewriteSpanAt(method, 'java', text, 'count * 1_000_000_000', { functionName: 'invoice' });
    assert.match(overflow, /private static int (\w+)\(int count\) \{[^]*long overflowed = \1\(count\);/);
    await assertEquivalent('java', text, overflow);
    const wide = await rewriteSpanAt(method, 'java', text, 'subtotal * 1_000_000_000 + count', { functionName: 'invoice' });
    assert.match(wide, /private static long (\w+)\(long subtotal, int count\) \{[^]*long widened = \1\(subtotal, count\);/);
    const longs = await rewriteSpanAt(method, 'java', text, 'amount * discountPercent / 100', { functionName: 'invoice' });
    assert.match(longs, /private static long \w+\(long amount, int discountPercent\)/, 'long kept');
    const looped = await rewriteSpanAt(method, 'java', text, '(qtys[i] + 1) * (i + 1) % 7', { functionName: 'invoice' });
    assert.match(looped, /private static int (\w+)\(int\[\] qtys, int i\) \{[^]*\1\(qtys, i\)/);
    await assertEquivalent('java', text, looped);
    for (const out of [bytes, overflow, wide, longs, looped]) assert.ok(!/Supplier/.test(out), 'no supplier where a helper can be written');
  });

  it('declines constant expressions that a context narrows or needs constant', async () => {
    const java = lines(
      'public class Main {',
      '    static final int K = 3;',
      '    public static void main(String[] args) {',
      '        final int width = 4;',
      '        byte b = K * 2;',
      '        char c = width + 60;',
      '        int n = args.length + 7;',
      '        switch (n) {',
      '            case K + 1: System.out.println("four"); break;',
      '            default: System.out.println(b + " " + c + " " + n * 5);',
      '        }',
      '    }',
      '}',
    );
    const j = await sitesIn(method, 'java', java, 'main');
    assert.deepStrictEqual(moved(java, j.sites), ['args.length + 7', 'n * 5']);
    const c = lines(
      '#include <stdio.h>',
      '#define N 4',
      'int main(void) {',
      '    int n = N;',
      '    int grid[N * 2];',
      '    static int base = N + 1;',
      '    int *p = grid + 1;',
      '    switch (n) { case N + 1: break; default: grid[0] = n * 3; }',
      '    printf("%d %d %d\\n", base, grid[0], (int)(p - grid));',
      '    return 0;',
      '}',
    );
    const cs = await sitesIn(method, 'c', c, 'main');
    assert.deepStrictEqual(moved(c, cs.sites), ['n * 3'], 'array sizes, static initialisers, case labels and pointer arithmetic stay');
    const go = lines(
      'package main',
      '',
      'import "fmt"',
      '',
      'const rate = 3',
      '',
      'func main() {',
      '\tvar f float64 = rate * 2',
      '\tn := len(fmt.Sprint(f)) * rate',
      '\tfmt.Println(f, n)',
      '}',
    );
    const g = await sitesIn(method, 'go', go, 'main');
    assert.deepStrictEqual(moved(go, g.sites), ['len(fmt.Sprint(f)) * rate'], 'an untyped constant takes its type from where it is used');
    const typed = await rewriteSpanAt(method, 'go', go, 'len(fmt.Sprint(f)) * rate', { functionName: 'main' });
    assert.match(typed, /func \w+\(f float64\) int \{\n\treturn len\(fmt\.Sprint\(f\)\) \* rate\n\}/);
  });

  it('leaves string concatenation, stream output, and mutating or narrowed operands', async () => {
    const js = lines(
      'function f(a, n) {',
      "  const s = 'n=' + n + 1;",
      '  const t = a.length * 2 + n;',
      '  return s + t;',
      '}',
      'console.log(f([1, 2], 3));',
    );
    assert.deepStrictEqual(moved(js, (await sitesIn(method, 'javascript', js, 'f')).sites), ['a.length * 2 + n', 's + t']);
    const cpp = lines(
      '#include <iostream>',
      'int main() {',
      '    int n = 3;',
      '    int k = 5;',
      '    std::cout << n * k << "\\n";',
      '    std::cout << (n << k) << "\\n";',
      '    return 0;',
      '}',
    );
    assert.deepStrictEqual(moved(cpp, (await sitesIn(method, 'cpp', cpp, 'main')).sites), ['n * k', 'n << k']);
    const rs = lines(
      'fn main() {',
      '    let mut v = vec![4, 5];',
      '    let x = 3;',
      '    let a = v.pop().unwrap() + x;',
      '    let s = String::from("ab");',
      '    let joined = consume(s.len() * 2, s);',
      '    let b = v.len() * 2 + x;',
      '    let c = x * 2 + v.iter().count();',
      '    v.push(x * 10);',
      '    v.push(v.len() * 2);',
      '    println!("{} {} {} {:?} {}", a, b, c, v, joined);',
      '}',
      'fn consume(n: usize, s: String) -> usize {',
      '    s.len() + n',
      '}',
    );
    const r = await sitesIn(method, 'rust', rs, 'main');
    // a call's other arguments may move (`s`) or mutably borrow (`v.push`) what a closure defined before the statement reads;
    // what a variable already names gets no closure; `x` alone can be passed to one at the top
    assert.deepStrictEqual(moved(rs, r.sites), ['x * 10']);
    await assertEquivalent('rust', rs, await rewriteSpanAt(method, 'rust', rs, 'x * 10', { functionName: 'main' }));
    const ts = lines(
      'function f(n: number, m?: number): number {',
      '  let total = n * 5;',
      '  if (m !== undefined) {',
      '    total += m * 3;',
      '  }',
      '  return total;',
      '}',
      'console.log(f(2), f(2, 5));',
      'export {};',
    );
    assert.deepStrictEqual(moved(ts, (await sitesIn(method, 'typescript', ts, 'f')).sites), ['n * 5']);
  });

  it('Python: keeps a multi-line expression together and declines functions that read their frame', async () => {
    const py = lines(
      'def f(a, b):',
      '    total = (a * 1000',
      '             + b)',
      '    return total',
      '',
      'def g(a):',
      '    print(locals())',
      '    return a * 2',
      '',
      'print(f(3, 4), g(5))',
    );
    const after = await rewriteSpanAt(method, 'python', py, 'a * 1000\n             + b', { functionName: 'f' });
    assert.match(after, /def (\w+)\(a, b\):\n {8}return \(a \* 1000\n {17}\+ b\)\n {4}total = \1\(a, b\)\n/);
    await assertEquivalent('python', py, after);
    assert.deepStrictEqual((await sitesIn(method, 'python', py, 'g')).sites, []);
  });

  it('Rust: never extracts from a fn nested in the function (a fn item cannot capture the closure, E0434)', async () => {
    const text = 'fn outer(total: i64, part: i64) -> i64 {\n    fn percent(portion: i64, whole: i64) -> i64 {\n        let scaled = portion * 100 / whole;\n        scaled.min(100)\n    }\n    let share = part * 100 / total;\n    share + percent(part, total)\n}\n\nfn main() {\n    println!("{}", outer(8, 2));\n}\n';
    const { state, sites } = await sitesIn(method, 'rust', text, 'outer');
    const lines = sites.map((s) => state.text.slice(0, s.start).split('\n').length);
    assert.ok(lines.length > 0, 'the outer expression is a site');
    assert.ok(lines.every((line) => line >= 6), `sites on lines ${lines.join(', ')}`);
  });
});
