import * as assert from 'assert';
import { LANGUAGE_IDS, LanguageId } from '../../src/core/languages/languageIds';
import { expressionDiv } from '../../src/core/transforms/expression-div';
import type { Site } from '../../src/core/transforms/method';
import type { UnitState } from '../../src/core/unit';
import { applyAt, assertEquivalent, readFixture, select, sitesOf } from '../support/harness';

const FILES: Record<LanguageId, string> = {
  python: 'methods/expression-div/trip.py',
  c: 'methods/expression-div/trip.c',
  cpp: 'methods/expression-div/trip.cpp',
  go: 'methods/expression-div/trip.go',
  rust: 'methods/expression-div/trip.rs',
  java: 'methods/expression-div/Trip.java',
  javascript: 'methods/expression-div/trip.js',
  typescript: 'methods/expression-div/trip.ts',
};

const method = expressionDiv;

async function fixtureSites(lang: LanguageId): Promise<{ text: string; state: UnitState; sites: Site[] }> {
  const { text } = readFixture(FILES[lang]);
  const state = await select(lang, text, { functionName: 'trip' });
  return { text, state, sites: await sitesOf(method, lang, state) };
}

async function inlineSites(lang: LanguageId, text: string): Promise<{ state: UnitState; sites: Site[] }> {
  const state = await select(lang, text);
  return { state, sites: await sitesOf(method, lang, state) };
}

/** The sites whose span is exactly the first occurrence of `snippet` after `from`. */
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

describe('expression-div', () => {
  for (const lang of LANGUAGE_IDS) {
    it(`${lang}: the first, a middle and the last site keep behaviour`, async () => {
      const { text, state, sites } = await fixtureSites(lang);
      assert.ok(sites.length >= 5, `expected several sites, found ${sites.length}`);
      for (const [index, seed] of [[0, 1], [Math.floor(sites.length / 2), 2], [sites.length - 1, 3]]) {
        const { after } = await applyAt(method, lang, state, index, seed);
        await assertEquivalent(lang, text, after.text);
      }
    });
  }

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
    const loopSites = (await inlineSites('javascript', loop)).sites;
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
    const javaSites = (await inlineSites('java', java)).sites;
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
    const cSites = (await inlineSites('c', c)).sites;
    assert.deepStrictEqual(sitesAt(c, cSites, 'a * b'), [], 'C may call tick() before reading a and b');
    assert.strictEqual(sitesAt(c, cSites, 'a * b', 'int z').length, 1);
  });

  it('declines temporaries whose type the language cannot infer exactly', async () => {
    const c = 'struct p { int x; };\nint f(struct p *q, int k) {\n    int r = q->x * k + 1;\n    return r;\n}\n';
    assert.deepStrictEqual((await inlineSites('c', c)).sites, [], 'C needs the type of q->x, which the file does not give here');
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
    const javaSites = (await inlineSites('java', java)).sites;
    assert.deepStrictEqual(sitesAt(java, javaSites, 'BASE * 2'), [], 'a constant expression must stay one');
    assert.deepStrictEqual(sitesAt(java, javaSites, '2 * 3'), [], '`byte b = 2 * 3 + 1` narrows a constant only');
    assert.strictEqual(sitesAt(java, javaSites, 'k * 2').length, 1);
    const go = 'package main\n\nfunc f(n uint) int64 {\n\tvar x int64 = 1<<n + 1\n\treturn x\n}\n';
    assert.deepStrictEqual((await inlineSites('go', go)).sites, [], '`1 << n` takes its type from where it is used');
    const rs = 'fn f(a: String, b: &str) -> String {\n    let s = a + b + "!";\n    s\n}\n';
    assert.deepStrictEqual((await inlineSites('rust', rs)).sites, [], 'Rust keeps to numbers: a String would move');
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
    const shorts = await rewriteAt('c', c, 'a * b');
    assert.match(shorts, /\n {4}int \w+ = a \* b;\n/);
    await assertEquivalent('c', c, shorts);
    const cast = await rewriteAt('c', c, '(long long)u * 3');
    assert.match(cast, /\n {4}long long \w+ = \(long long\)u \* 3;\n/);
    await assertEquivalent('c', c, cast);
  });
});
