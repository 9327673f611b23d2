import * as assert from 'assert';
import { LanguageId } from '../../src/core/languages/languageIds';
import { equiArithmetic } from '../../src/core/transforms/equi-arithmetic';
import { assertEquivalent } from '../support/harness';
import { fixtureFiles, keepsBehaviourAtSpreadSites, lines, rewriteSpanAt, sitesAt, sitesIn, sitesInFixture } from '../support/methodTests';

const FILES = fixtureFiles('equi-arithmetic', 'invoice');

const method = equiArithmetic;

/** The sites in the fixture's `invoice`. */
const fixtureSites = (lang: LanguageId) => sitesInFixture(method, lang, FILES[lang], 'invoice');

describe('equi-arithmetic', () => {
  keepsBehaviourAtSpreadSites(method, FILES, { minSites: 6, functionName: 'invoice' });

  it('finds each identity where the fixtures allow it', async () => {
    const expected: Partial<Record<LanguageId, string[]>> = {
      c: ['doubling as a sum', 'sum as doubling', 'increment as compound', 'compound assignment as', 'negated difference', 'commuted'],
      java: ['doubling as a sum', 'sum as doubling', 'increment as compound', 'compound assignment as', 'negated difference', 'commuted'],
      go: ['doubling as a sum', 'sum as doubling', 'increment as compound', 'compound assignment as', 'negated difference', 'commuted'],
      python: ['doubling as a sum', 'sum as doubling', 'negated difference', 'commuted'],
      rust: ['doubling as a sum', 'sum as doubling', 'commuted'],
      typescript: ['doubling as a sum', 'sum as doubling', 'increment as compound', 'compound assignment as', 'commuted'],
    };
    for (const [lang, kinds] of Object.entries(expected) as [LanguageId, string[]][]) {
      const { sites } = await fixtureSites(lang);
      for (const kind of kinds) assert.ok(sites.some((s) => s.label.startsWith(kind)), `${lang}: no ${kind} site`);
    }
  });

  it('rewrites with the parentheses precedence needs: `total - q * 2` becomes `total - (q + q)`', async () => {
    const java = lines(
      'public class Main {',
      '    static int f(int total, int q, int a, int b) {',
      '        int r = total - q * 2;',
      '        int s = a - b;',
      '        int t = r - (s - b);',
      '        t++;',
      '        return r * 1000 + s * 10 + t;',
      '    }',
      '    public static void main(String[] args) {',
      '        System.out.println(f(10, 3, 2, 7));',
      '        System.out.println(f(-5, Integer.MAX_VALUE, Integer.MIN_VALUE, 1));',
      '    }',
      '}',
    );
    const doubled = await rewriteSpanAt(method, 'java', java, 'q * 2');
    assert.ok(doubled.includes('int r = total - (q + q);'), doubled);
    await assertEquivalent('java', java, doubled);
    const negated = await rewriteSpanAt(method, 'java', java, 'a - b');
    assert.ok(negated.includes('int s = -(b - a);'), negated);
    await assertEquivalent('java', java, negated);
    const inner = await rewriteSpanAt(method, 'java', java, 's - b');
    assert.ok(inner.includes('int t = r - (-(b - s));'), inner);
    const incremented = await rewriteSpanAt(method, 'java', java, 't++');
    assert.ok(incremented.includes('        t += 1;'), incremented);
  });

  it('negates a difference only for wrapping or unbounded integers, never floats, Rust or C signed int', async () => {
    const c = lines(
      'unsigned f(unsigned a, unsigned b, int x, int y, double d, double e, unsigned char s, unsigned char t) {',
      '    unsigned u = a - b;',
      '    int v = x - y;',
      '    double w = d - e;',
      '    int z = s - t;',
      '    return u + v + (unsigned)w + z;',
      '}',
    );
    const { sites } = await sitesIn(method, 'c', c);
    assert.strictEqual(sitesAt(c, sites, 'a - b').length, 1, 'unsigned arithmetic wraps');
    assert.deepStrictEqual(sitesAt(c, sites, 'x - y'), [], 'x = INT_MIN, y = 0: y - x overflows');
    assert.deepStrictEqual(sitesAt(c, sites, 'd - e'), [], 'd == e gives -0.0');
    assert.strictEqual(sitesAt(c, sites, 's - t').length, 1, 'promoted to int, far from its limits');
    const py = 'def f(a: int, b: int, x: float):\n    return a - b, x - a\n';
    const pySites = (await sitesIn(method, 'python', py)).sites;
    assert.strictEqual(sitesAt(py, pySites, 'a - b').length, 1);
    assert.deepStrictEqual(sitesAt(py, pySites, 'x - a').filter((s) => s.label.startsWith('negated')), []);
    const rs = 'fn f(a: u32, b: u32) -> u32 {\n    a - b\n}\n';
    assert.deepStrictEqual((await sitesIn(method, 'rust', rs)).sites.filter((s) => s.label.startsWith('negated')), []);
    const js = 'function f(a, b) {\n  const x = 1, y = 2;\n  return [a - b, x - y];\n}\n';
    assert.deepStrictEqual((await sitesIn(method, 'javascript', js)).sites.filter((s) => s.label.startsWith('negated')), []);
  });

  it('leaves strings alone: concatenation neither doubles nor commutes, Java `s += 1` is not `s++`', async () => {
    const js = lines(
      'function f(count) {',
      '  let label = "x";',
      '  label = label + label;',
      '  const n = 2;',
      '  const mixed = label + n;',
      '  let s = "5";',
      '  s += 1;',
      '  count++;',
      '  return [label, mixed, s, count, n + n];',
      '}',
    );
    const { sites } = await sitesIn(method, 'javascript', js);
    assert.deepStrictEqual(sitesAt(js, sites, 'label + label'), []);
    assert.deepStrictEqual(sitesAt(js, sites, 'label + n'), []);
    assert.deepStrictEqual(sitesAt(js, sites, 's += 1'), [], '"5" += 1 is "51"');
    assert.deepStrictEqual(sitesAt(js, sites, 'count++'), [], 'a parameter may be a string');
    assert.strictEqual(sitesAt(js, sites, 'n + n').length, 1);
    const java = 'class A {\n    static String f(String s, int k) {\n        s += 1;\n        k += 1;\n        return s + k;\n    }\n}\n';
    const javaSites = (await sitesIn(method, 'java', java)).sites;
    assert.deepStrictEqual(sitesAt(java, javaSites, 's += 1'), []);
    assert.strictEqual(sitesAt(java, javaSites, 'k += 1').length, 1);
  });

  it('reads an operand twice only when it has no side effects; increments only where their value is discarded', async () => {
    const c = lines(
      'int next(void);',
      'int f(int *a, int i, int x) {',
      '    int y = next() * 2;',
      '    int z = a[i++] * 2;',
      '    a[i++] = x * 2;',
      '    return y + z + a[x++];',
      '}',
    );
    const { sites } = await sitesIn(method, 'c', c);
    assert.deepStrictEqual(sitesAt(c, sites, 'next() * 2'), []);
    assert.deepStrictEqual(sitesAt(c, sites, 'a[i++] * 2'), []);
    assert.deepStrictEqual(sitesAt(c, sites, 'i++'), [], 'an index expression uses the old value');
    assert.strictEqual(sitesAt(c, sites, 'x * 2').length, 1);
    const go = 'package main\n\nfunc f(xs []int) int {\n\tn := 0\n\tfor i := range xs {\n\t\tn++\n\t\tn += xs[i]\n\t}\n\treturn n\n}\n';
    const goSites = (await sitesIn(method, 'go', go)).sites;
    assert.strictEqual(sitesAt(go, goSites, 'n++').length, 1, 'Go increments are statements');
  });

  it('Rust doubles floats with a float literal', async () => {
    const rs = 'fn main() {\n    let w: f64 = 1.25;\n    let v = w + w;\n    println!("{}", v);\n}\n';
    const out = await rewriteSpanAt(method, 'rust', rs, 'w + w');
    assert.ok(out.includes('let v = w * 2.0;'), out);
    await assertEquivalent('rust', rs, out);
  });
});
