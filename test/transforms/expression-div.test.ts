import * as assert from 'assert';
import { LanguageId } from '../../src/core/languages/languageIds';
import { expressionDiv } from '../../src/core/transforms/expression-div';
import { applyAt, assertEquivalent } from '../support/harness';
import { fixtureFiles, keepsBehaviourAtSpreadSites, lines, rewriteSpanAt, sitesAt, sitesIn, sitesInFixture } from '../support/methodTests';

const FILES = fixtureFiles('expression-div', 'trip');

const method = expressionDiv;

/** The sites in the fixture's `trip`. */
const fixtureSites = (lang: LanguageId) => sitesInFixture(method, lang, FILES[lang], 'trip');

describe('expression-div', () => {
  keepsBehaviourAtSpreadSites(method, FILES, { minSites: 5, functionName: 'trip' });

  it('declares the temporary the way each language infers or needs its type', async () => {
    const expectations: [LanguageId, string, RegExp][] = [
      ['c', 'distance * fuel_rate', /\n {4}double \w+ = distance \* fuel_rate;\n {4}double fuel = \w+ \/ 100;/],
      ['cpp', 'distance * fuel_rate', /\n {4}auto \w+ = distance \* fuel_rate;\n/],
      ['java', 'distance * fuelRate', /\n {8}var \w+ = distance \* fuelRate;\n/],
      ['go', 'distance * fuelRate', /\n\t\w+ := distance \* fuelRate\n\tfuel := \w+ \/ 100/],
      ['rust', 'distance * fuel_rate', /\n {4}let \w+ = distance \* fuel_rate;\n/],
      ['python', 'distance * fuel_rate', /\n {4}\w+ = distance \* fuel_rate\n {4}fuel = \w+ \/ 100/],
      ['javascript', 'distance * fuelRate', /\n {2}const \w+ = distance \* fuelRate;\n/],
      ['typescript', 'distance * fuelRate', /\n {2}const \w+ = distance \* fuelRate;\n/],
    ];
    for (const [lang, snippet, pattern] of expectations) {
      const { text, state, sites } = await fixtureSites(lang);
      const [site] = sitesAt(text, sites, snippet);
      assert.ok(site, `${lang}: \`${snippet}\` is a site`);
      const { after } = await applyAt(method, lang, state, sites.indexOf(site));
      assert.match(after.text, pattern, `${lang}:\n${after.text}`);
    }
  });

  it('never hoists what short-circuiting, a conditional, a closure or a comprehension may not evaluate', async () => {
    const { text, sites } = await fixtureSites('python');
    assert.deepStrictEqual(sitesAt(text, sites, 'distance / len(stops)'), [], 'right of `and`');
    assert.deepStrictEqual(sitesAt(text, sites, 'd * 2'), [], 'inside a comprehension');
    assert.deepStrictEqual(sitesAt(text, sites, 'total / len(stops)'), [], 'a branch of a conditional expression');
    assert.strictEqual(sitesAt(text, sites, 'distance / speed', 'label').length, 1, 'the condition of a conditional is evaluated first');
    for (const lang of ['c', 'java', 'javascript'] as const) {
      const f = await fixtureSites(lang);
      assert.deepStrictEqual(sitesAt(f.text, f.sites, 'distance / n'), [], `${lang}: right of &&`);
    }
    const js = await fixtureSites('javascript');
    assert.deepStrictEqual(sitesAt(js.text, js.sites, 'd * 2'), [], 'inside an arrow function');
    const loop = 'function f(n) {\n  let i = 1;\n  while (i * 2 + 1 < n) i++;\n  return i * 3 + 1;\n}\n';
    const loopSites = (await sitesIn(method, 'javascript', loop)).sites;
    assert.deepStrictEqual(sitesAt(loop, loopSites, 'i * 2'), [], 'a loop condition runs every iteration');
    assert.strictEqual(sitesAt(loop, loopSites, 'i * 3').length, 1);
  });

  it('keeps evaluation order: nothing with effects runs before the temporary, and C leaves operand order open', async () => {
    const java = lines(
      'class A {',
      '    static int calls = 0;',
      '    static int tick() { return ++calls; }',
      '    static int f(int a, int b) {',
      '        int x = tick() + a * b;',
      '        int y = a * b + tick();',
      '        return x + y;',
      '    }',
      '}',
    );
    const javaSites = (await sitesIn(method, 'java', java)).sites;
    assert.deepStrictEqual(sitesAt(java, javaSites, 'a * b'), [], 'tick() runs first and may change what a * b reads');
    assert.strictEqual(sitesAt(java, javaSites, 'a * b', 'int y').length, 1, 'leftmost: evaluated first anyway');
    const c = lines(
      'int tick(void);',
      'int f(int a, int b) {',
      '    int y = a * b + tick();',
      '    int z = a * b + b;',
      '    return y + z;',
      '}',
    );
    const cSites = (await sitesIn(method, 'c', c)).sites;
    assert.deepStrictEqual(sitesAt(c, cSites, 'a * b'), [], 'C may call tick() before reading a and b');
    assert.strictEqual(sitesAt(c, cSites, 'a * b', 'int z').length, 1);
  });

  it('declines temporaries whose type the language cannot infer exactly', async () => {
    const c = 'struct p { int x; };\nint f(struct p *q, int k) {\n    int r = q->x * k + 1;\n    return r;\n}\n';
    assert.deepStrictEqual((await sitesIn(method, 'c', c)).sites, [], 'C needs the type of q->x, which the file does not give here');
    const java = lines(
      'class A {',
      '    static final int BASE = 3;',
      '    static int f(int k) {',
      '        final int size = BASE * 2 + 1;',
      '        byte b = 2 * 3 + 1;',
      '        return size + b + k * 2 + 1;',
      '    }',
      '}',
    );
    const javaSites = (await sitesIn(method, 'java', java)).sites;
    assert.deepStrictEqual(sitesAt(java, javaSites, 'BASE * 2'), [], 'a constant expression must stay one');
    assert.deepStrictEqual(sitesAt(java, javaSites, '2 * 3'), [], '`byte b = 2 * 3 + 1` narrows a constant only');
    assert.strictEqual(sitesAt(java, javaSites, 'k * 2').length, 1);
    const go = 'package main\n\nfunc f(n uint) int64 {\n\tvar x int64 = 1<<n + 1\n\treturn x\n}\n';
    assert.deepStrictEqual((await sitesIn(method, 'go', go)).sites, [], '`1 << n` takes its type from where it is used');
    const rs = 'fn f(a: String, b: &str) -> String {\n    let s = a + b + "!";\n    s\n}\n';
    assert.deepStrictEqual((await sitesIn(method, 'rust', rs)).sites, [], 'Rust keeps to numbers: a String would move');
  });

  it('C keeps the usual arithmetic conversions: `unsigned long long` from a cast, `int` from shorts', async () => {
    const c = lines(
      '#include <stdio.h>',
      'int main(void) {',
      '    short a = 300, b = 400;',
      '    int wide = a * b + 1;',
      '    unsigned u = 7;',
      '    long long big = (long long)u * 3 - 40;',
      '    printf("%d %lld\\n", wide, big);',
      '    return 0;',
      '}',
    );
    const shorts = await rewriteSpanAt(method, 'c', c, 'a * b');
    assert.match(shorts, /\n {4}int \w+ = a \* b;\n/);
    await assertEquivalent('c', c, shorts);
    const cast = await rewriteSpanAt(method, 'c', c, '(long long)u * 3');
    assert.match(cast, /\n {4}long long \w+ = \(long long\)u \* 3;\n/);
    await assertEquivalent('c', c, cast);
  });
});
