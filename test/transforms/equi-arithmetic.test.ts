import * as assert from 'assert';
import { LANGUAGE_IDS, LanguageId } from '../../src/core/languages/languageIds';
import { equiArithmetic } from '../../src/core/transforms/equi-arithmetic';
import type { Site } from '../../src/core/transforms/method';
import type { UnitState } from '../../src/core/unit';
import { applyAt, assertEquivalent, readFixture, select, sitesOf } from '../support/harness';

const FILES: Record<LanguageId, string> = {
  python: 'methods/equi-arithmetic/invoice.py',
  c: 'methods/equi-arithmetic/invoice.c',
  cpp: 'methods/equi-arithmetic/invoice.cpp',
  go: 'methods/equi-arithmetic/invoice.go',
  rust: 'methods/equi-arithmetic/invoice.rs',
  java: 'methods/equi-arithmetic/Invoice.java',
  javascript: 'methods/equi-arithmetic/invoice.js',
  typescript: 'methods/equi-arithmetic/invoice.ts',
};

const method = equiArithmetic;

async function fixtureSites(lang: LanguageId): Promise<{ text: string; state: UnitState; sites: Site[] }> {
  const { text } = readFixture(FILES[lang]);
  const state = await select(lang, text, { functionName: 'invoice' });
  return { text, state, sites: await sitesOf(method, lang, state) };
}

async function inlineSites(lang: LanguageId, text: string): Promise<{ state: UnitState; sites: Site[] }> {
  const state = await select(lang, text);
  return { state, sites: await sitesOf(method, lang, state) };
}

/** The sites whose span is exactly the first occurrence of `snippet` (after `from`). */
function sitesAt(text: string, sites: Site[], snippet: string, from = ''): Site[] {
  const start = text.indexOf(snippet, from ? text.indexOf(from) : 0);
  assert.ok(start >= 0, `the program lacks \`${snippet}\``);
  return sites.filter((s) => s.start === start && s.end === start + snippet.length);
}

async function rewriteAt(lang: LanguageId, text: string, snippet: string, from = ''): Promise<string> {
  const { state, sites } = await inlineSites(lang, text);
  const [site] = sitesAt(text, sites, snippet, from);
  assert.ok(site, `\`${snippet}\` is a site: ${sites.map((s) => s.label).join('; ')}`);
  return (await applyAt(method, lang, state, sites.indexOf(site))).after.text;
}

function lines(...text: string[]): string {
  return text.map((line) => `${line}\n`).join('');
}

describe('equi-arithmetic', () => {
  for (const lang of LANGUAGE_IDS) {
    it(`${lang}: the first, a middle and the last site keep behaviour`, async () => {
      const { text, state, sites } = await fixtureSites(lang);
      assert.ok(sites.length >= 6, `expected several sites, found ${sites.length}`);
      for (const [index, seed] of [[0, 1], [Math.floor(sites.length / 2), 2], [sites.length - 1, 3]]) {
        const { after } = await applyAt(method, lang, state, index, seed);
        await assertEquivalent(lang, text, after.text);
      }
    });
  }

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
    const doubled = await rewriteAt('java', java, 'q * 2');
    assert.ok(doubled.includes('int r = total - (q + q);'), doubled);
    await assertEquivalent('java', java, doubled);
    const negated = await rewriteAt('java', java, 'a - b');
    assert.ok(negated.includes('int s = -(b - a);'), negated);
    await assertEquivalent('java', java, negated);
    const inner = await rewriteAt('java', java, 's - b');
    assert.ok(inner.includes('int t = r - (-(b - s));'), inner);
    const incremented = await rewriteAt('java', java, 't++');
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
    const { sites } = await inlineSites('c', c);
    assert.strictEqual(sitesAt(c, sites, 'a - b').length, 1, 'unsigned arithmetic wraps');
    assert.deepStrictEqual(sitesAt(c, sites, 'x - y'), [], 'x = INT_MIN, y = 0: y - x overflows');
    assert.deepStrictEqual(sitesAt(c, sites, 'd - e'), [], 'd == e gives -0.0');
    assert.strictEqual(sitesAt(c, sites, 's - t').length, 1, 'promoted to int, far from its limits');
    const py = 'def f(a: int, b: int, x: float):\n    return a - b, x - a\n';
    const pySites = (await inlineSites('python', py)).sites;
    assert.strictEqual(sitesAt(py, pySites, 'a - b').length, 1);
    assert.deepStrictEqual(sitesAt(py, pySites, 'x - a').filter((s) => s.label.startsWith('negated')), []);
    const rs = 'fn f(a: u32, b: u32) -> u32 {\n    a - b\n}\n';
    assert.deepStrictEqual((await inlineSites('rust', rs)).sites.filter((s) => s.label.startsWith('negated')), []);
    const js = 'function f(a, b) {\n  const x = 1, y = 2;\n  return [a - b, x - y];\n}\n';
    assert.deepStrictEqual((await inlineSites('javascript', js)).sites.filter((s) => s.label.startsWith('negated')), []);
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
    const { sites } = await inlineSites('javascript', js);
    assert.deepStrictEqual(sitesAt(js, sites, 'label + label'), []);
    assert.deepStrictEqual(sitesAt(js, sites, 'label + n'), []);
    assert.deepStrictEqual(sitesAt(js, sites, 's += 1'), [], '"5" += 1 is "51"');
    assert.deepStrictEqual(sitesAt(js, sites, 'count++'), [], 'a parameter may be a string');
    assert.strictEqual(sitesAt(js, sites, 'n + n').length, 1);
    const java = 'class A {\n    static String f(String s, int k) {\n        s += 1;\n        k += 1;\n        return s + k;\n    }\n}\n';
    const javaSites = (await inlineSites('java', java)).sites;
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
    const { sites } = await inlineSites('c', c);
    assert.deepStrictEqual(sitesAt(c, sites, 'next() * 2'), []);
    assert.deepStrictEqual(sitesAt(c, sites, 'a[i++] * 2'), []);
    assert.deepStrictEqual(sitesAt(c, sites, 'i++'), [], 'an index expression uses the old value');
    assert.strictEqual(sitesAt(c, sites, 'x * 2').length, 1);
    const go = 'package main\n\nfunc f(xs []int) int {\n\tn := 0\n\tfor i := range xs {\n\t\tn++\n\t\tn += xs[i]\n\t}\n\treturn n\n}\n';
    const goSites = (await inlineSites('go', go)).sites;
    assert.strictEqual(sitesAt(go, goSites, 'n++').length, 1, 'Go increments are statements');
  });

  it('Rust doubles floats with a float literal', async () => {
    const rs = 'fn main() {\n    let w: f64 = 1.25;\n    let v = w + w;\n    println!("{}", v);\n}\n';
    const out = await rewriteAt('rust', rs, 'w + w');
    assert.ok(out.includes('let v = w * 2.0;'), out);
    await assertEquivalent('rust', rs, out);
  });
});
