import * as assert from 'assert';
import { LanguageId } from '../../src/core/languages/languageIds';
import { addArguments } from '../../src/core/transforms/add-arguments';
import type { Site } from '../../src/core/transforms/method';
import { applyAt, assertEquivalent, readFixture } from '../support/harness';
import { fixtureFiles, keepsBehaviourAtSpreadSites, lines, sitesIn, sitesInFixture } from '../support/methodTests';

const FILES = { ...fixtureFiles('add-arguments', 'shapes'), python: 'methods/add-arguments/tasks.py' };

const method = addArguments;

/** The sites in the whole fixture. */
const fixtureSites = (lang: LanguageId) => sitesInFixture(method, lang, FILES[lang]);

/** The names of the functions that get a site. */
function names(sites: Site[]): string[] {
  return sites.map((s) => /`([^`]+)`/.exec(s.label)![1]);
}

async function rewrite(lang: LanguageId, name: string): Promise<string> {
  const { state, sites } = await fixtureSites(lang);
  const index = names(sites).indexOf(name);
  assert.ok(index >= 0, `${lang}: \`${name}\` has a site`);
  return (await applyAt(method, lang, state, index, 7)).after.text;
}

describe('add-arguments', () => {
  keepsBehaviourAtSpreadSites(method, FILES, { minSites: 4 });

  it('places a Python parameter where no call can fill it: after *args, before **kwargs', async () => {
    const starred = await rewrite('python', 'total_minutes');
    assert.match(starred, /def total_minutes\(\*tasks, rounding=5, \w+=\w+\):/);
    const keywords = await rewrite('python', 'describe');
    assert.match(keywords, /def describe\(name, \w+=\w+, \*\*details\):/);
    const method = await rewrite('python', 'push');
    assert.match(method, /def push\(self, name, priority, \w+=\w+\):/);
    const py = readFixture(FILES.python).text;
    await assertEquivalent('python', py, await rewrite('python', 'duration'));
  });

  it('gives defaults in C++, JavaScript and TypeScript, on the first C++ declaration only', async () => {
    const cpp = await rewrite('cpp', 'gcd');
    assert.match(cpp, /int gcd\(int a, int b, \w+ \*?\w+ = [^,)]+\);/, 'the prototype has the default');
    assert.match(cpp, /int gcd\(int a, int b, [\w ]+\*?\w+\) \{/, 'the definition has none');
    assert.ok(cpp.includes('gcd(b, a % b)'), 'calls stay as they are');
    const cells = await rewrite('cpp', 'cells');
    assert.match(cells, /int cells\(const Rect &r, [\w *]+ = [^)]+\) const;/);
    assert.match(cells, /int Grid::cells\(const Rect &r, [\w *]+\) const \{/);
    assert.match(await rewrite('javascript', 'half'), /const half = \(x, \w+ = [^)]+\) => x \/ 2;/);
    assert.match(await rewrite('typescript', 'gcd'), /function gcd\(a: number, b: number, \w+(: [\w<>, ]+)? = [^)]+\): number/);
  });

  it('passes a dummy from every call in Java, C, Go and Rust, recursive calls and prototypes included', async () => {
    const c = await rewrite('c', 'gcd');
    assert.match(c, /static int gcd\(int a, int b, [\w *]+\);/);
    assert.match(c, /return gcd\(b, a % b, [^)]+\);/);
    assert.match(c, /gcd\(84, 36, [^)]+\)/);
    assert.match(await rewrite('c', 'unit_count'), /static int unit_count\(int \w+\) \{[\s\S]*unit_count\(0\)/);
    const go = await rewrite('go', 'scale');
    assert.match(go, /func \(r \*rect\) scale\(percent int, \w+ [\w\[\]]+\) \{/);
    assert.match(go, /big\.scale\(150, [^)]+\)/);
    const rust = await rewrite('rust', 'perimeter');
    assert.match(rust, /self\.perimeter\([^)]+\)\)/, 'a call inside format! gets its dummy too');
    assert.match(await rewrite('rust', 'new'), /Rect::new\(8, 4, [^)]+\)/);
    const java = await rewrite('java', 'snap');
    assert.match(java, /snap\(r\.width, [^)]+\)/);
    assert.match(java, /this\.snap\(r\.height, [^)]+\)/);
  });

  it('declines overloads and functions used as values (callbacks, pointers, method references)', async () => {
    const declined: [LanguageId, string[]][] = [
      ['c', ['by_area']],
      ['cpp', ['describe', 'smaller']],
      ['go', ['double']],
      ['rust', ['double']],
      ['java', ['describe', 'twice']],
      ['typescript', ['pad', 'byArea', 'double']],
    ];
    for (const [lang, fns] of declined) {
      const found = names((await fixtureSites(lang)).sites);
      for (const fn of fns) assert.ok(!found.includes(fn), `${lang}: \`${fn}\` must keep its signature`);
    }
    const js = names((await fixtureSites('javascript')).sites);
    assert.ok(js.includes('byArea') && js.includes('double'), 'JavaScript callbacks may take an unused extra parameter');
  });

  it('declines overrides and protocol methods: virtual, @Override, interface and trait methods, Go String()', async () => {
    const declined: [LanguageId, string[]][] = [
      ['cpp', ['area']],
      ['java', ['area', 'toString']],
      ['rust', ['area']],
      ['go', ['String', 'area']],
      ['javascript', ['area', 'constructor']],
    ];
    for (const [lang, fns] of declined) {
      const found = names((await fixtureSites(lang)).sites);
      for (const fn of fns) assert.ok(!found.includes(fn), `${lang}: \`${fn}\``);
    }
  });

  it('declines entry points, macros, rest parameters and calls that spread several values', async () => {
    for (const lang of ['c', 'go', 'rust', 'java'] as const) {
      assert.ok(!names((await fixtureSites(lang)).sites).includes('main'), lang);
    }
    assert.ok(!names((await fixtureSites('c')).sites).includes('scale'), '`scale` is called by a macro');
    assert.ok(!names((await fixtureSites('javascript')).sites).includes('total'), 'rest parameter');
    assert.ok(!names((await fixtureSites('go')).sites).includes('sum'), '`sum(split(9))`');
    const go = lines('package main', '', 'func init() {}', '', 'func main() {}');
    assert.deepStrictEqual((await sitesIn(method, 'go', go)).sites, []);
  });

  it('declines what other files may call: exports, public API, non-static C with a header', async () => {
    const goLib = lines('package shapes', '', 'func Area(w, h int) int { return w * h }', '', 'func half(x int) int { return x / 2 }');
    assert.deepStrictEqual(names((await sitesIn(method, 'go', goLib)).sites), ['half']);
    const javaLib = lines(
      'public class Lib {',
      '    public static int area(int w, int h) { return w * h; }',
      '    private static int half(int x) { return x / 2; }',
      '}',
    );
    assert.deepStrictEqual(names((await sitesIn(method, 'java', javaLib)).sites), ['half']);
    const rustLib = lines('pub fn area(w: i32, h: i32) -> i32 { w * h }', '', 'fn half(x: i32) -> i32 { x / 2 }');
    assert.deepStrictEqual(names((await sitesIn(method, 'rust', rustLib)).sites), ['half']);
    const cHeader = lines(
      '#include "shapes.h"',
      '',
      'int area(int w, int h) { return w * h; }',
      '',
      'static int half(int x) { return x / 2; }',
      '',
      'int main(void) { return area(1, half(2)); }',
    );
    assert.deepStrictEqual(names((await sitesIn(method, 'c', cHeader)).sites), ['half']);
    assert.ok(!names((await fixtureSites('javascript')).sites).includes('perimeter'), '`module.exports = { perimeter }`');
    assert.ok(!names((await fixtureSites('typescript')).sites).includes('largest'), '`export function largest`');
    const java = names((await fixtureSites('java')).sites);
    assert.ok(java.includes('perimeter'), 'a lone file with a main is the whole program');
  });

  it('chooses a meaningful name the file does not use', async () => {
    const { text, state, sites } = await fixtureSites('java');
    const { rewrite: done } = await applyAt(method, 'java', state, 0, 4);
    const name = /parameter `(\w+)`/.exec(done.summary)![1];
    const pool = ['verbose', 'trace', 'debug', 'strict', 'dryRun', 'limit', 'depth', 'retries', 'label', 'tag', 'options', 'context'];
    assert.ok(pool.includes(name), name);
    assert.ok(!new RegExp(`\\b${name}\\b`).test(text));
    assert.ok(sites.length > 0);
  });
});
