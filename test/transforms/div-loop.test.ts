import * as assert from 'assert';
import { LanguageId } from '../../src/core/languages/languageIds';
import { divLoop } from '../../src/core/transforms/div-loop';
import { applyAt, assertEquivalent } from '../support/harness';
import { fixtureFiles, isSite, keepsBehaviourAtSpreadSites, lines, rewriteAt, sitesIn, sitesInFixture } from '../support/methodTests';

const FILES = fixtureFiles('div-loop', 'series');

const method = divLoop;

/** The sites in the fixture's `series`. */
const fixtureSites = (lang: LanguageId) => sitesInFixture(method, lang, FILES[lang], 'series');

describe('div-loop', () => {
  keepsBehaviourAtSpreadSites(method, FILES, { minSites: 4, functionName: 'series' });

  it('splits at the middle: `b / 2` from zero, and a midpoint that never passes either end otherwise', async () => {
    const c = lines(
      '#include <stdio.h>',
      'int main(void) {',
      '    int n = 5, lo = 7;',
      '    size_t hi = 3;',
      '    for (int i = 0; i <= n; i++) printf("a%d ", i);',
      '    for (size_t j = lo; j < hi; j++) printf("b%zu ", j);',
      '    printf("\\n");',
      '    return 0;',
      '}',
    );
    const zero = await rewriteAt(method, 'c', c, 'for (int i');
    assert.match(zero, /\n {4}int (\w+) = n \/ 2;\n {4}for \(int i = 0; i < \1; i\+\+\) printf\("a%d ", i\);\n {4}for \(int i = \1; i <= n; i\+\+\)/);
    await assertEquivalent('c', c, zero);
    // size_t: `hi - lo` would wrap around when lo > hi; the guard never computes it then
    const general = await rewriteAt(method, 'c', c, 'for (size_t j');
    assert.match(general, /size_t (\w+) = lo < hi \? lo \+ \(hi - lo\) \/ 2 : lo;/);
    await assertEquivalent('c', c, general);
  });

  it('declines a loop whose own break would let the second loop run, or whose body changes the index or the bound', async () => {
    for (const lang of ['c', 'java', 'go', 'python', 'rust', 'javascript'] as const) {
      const { text, sites } = await fixtureSites(lang);
      const breaking = { c: 'for (int i = 0', java: 'for (int i = 0', go: 'for i := 0', python: 'for i in range', rust: 'for i in 0', javascript: 'for (let i = 0' }[lang];
      const marker = { c: 'first_big = -1', java: 'firstBig = -1', go: 'firstBig := -1', python: 'first_big = -1', rust: 'first_big: i64 = -1', javascript: 'firstBig = -1' }[lang];
      assert.ok(!isSite(text, sites, breaking, marker), `${lang}: the loop with a break`);
    }
    const c = await fixtureSites('c');
    assert.ok(!isSite(c.text, c.sites, 'for (int k = 0; k < limit'), 'the body decrements the bound');
    const cpp = await fixtureSites('cpp');
    assert.ok(!isSite(cpp.text, cpp.sites, 'for (std::size_t k'), 'the body grows the vector whose size bounds it');
    const js = lines(
      'function f(xs) {',
      '  let total = 0;',
      '  for (let i = 0; i < xs.length; i++) {',
      '    if (xs[i] < 0) i += 2;',
      '  }',
      '  for (let i = 0; i < xs.length; i++) xs[i + 1] = 0;',
      '  for (let i = 0; i < xs.length; i++) total += xs[i];',
      '  return total;',
      '}',
    );
    const jsSites = (await sitesIn(method, 'javascript', js)).sites;
    assert.deepStrictEqual(jsSites.length, 1, 'the first body moves the index, the second may grow the array');
    assert.strictEqual(jsSites[0].start, js.lastIndexOf('for (let i'));
    const labelled = 'int f(int n) {\n    int s = 0;\n    for (int i = 0; i < n; i++) {\n        for (int j = 0; j < n; j++) {\n            if (j > i) goto done;\n            s++;\n        }\n    }\ndone:\n    return s;\n}\n';
    assert.deepStrictEqual((await sitesIn(method, 'c', labelled)).sites, [], 'gotos and labels are not followed');
  });

  it('declines an index that outlives the loop or that Go 1.19 closures share', async () => {
    const c = 'int f(int n) {\n    int i;\n    for (i = 0; i < n; i++) {}\n    return i;\n}\n';
    assert.deepStrictEqual((await sitesIn(method, 'c', c)).sites, [], 'i is read after the loop');
    const { text, sites } = await fixtureSites('go');
    assert.ok(!isSite(text, sites, 'for j := 0'), 'the closures capture the one j');
    const js = 'function f() {\n  for (var i = 0; i < 3; i++) {}\n  return i;\n}\n';
    assert.deepStrictEqual((await sitesIn(method, 'javascript', js)).sites, [], '`var` outlives the loop');
  });

  it('copies a bound Python or Rust would not read again as it was', async () => {
    const { text, state, sites } = await fixtureSites('python');
    const head = 'for k in range(0, limit, 1)';
    const index = sites.findIndex((s) => s.start === text.indexOf(head));
    assert.ok(index >= 0);
    const { after } = await applyAt(method, 'python', state, index);
    assert.match(after.text, /\n {4}(\w+) = limit\n {4}(\w+) = \1 \/\/ 2\n {4}for k in range\(0, \2, 1\):[\s\S]*\n {4}for k in range\(\2, \1, 1\):/);
    await assertEquivalent('python', text, after.text);
    const py = 'def f(xs):\n    for i in range(0, len(xs), 2):\n        print(xs[i])\n';
    assert.deepStrictEqual((await sitesIn(method, 'python', py)).sites, [], 'a step other than 1');
    const rs = await fixtureSites('rust');
    const grown = rs.sites.findIndex((s) => s.start === rs.text.indexOf('for k in 0..grown.len()'));
    const split = await applyAt(method, 'rust', rs.state, grown);
    assert.match(split.after.text, /let (\w+) = grown\.len\(\);\n {4}let (\w+) = \1 \/ 2;\n {4}for k in 0\.\.\2 \{/);
  });

  it('JavaScript keeps the split on the same numbers, for `<=` too', async () => {
    const js = lines(
      'function f(n, from) {',
      '  const out = [];',
      '  for (let i = 0; i <= n; i++) out.push(i);',
      '  for (let j = from; j < n; j++) out.push(j);',
      '  return out.join(",");',
      '}',
      'for (const [n, from] of [[5, 1], [-1, 0], [2.5, 0.5], [0, 3], [NaN, 0]]) console.log(f(n, from));',
    );
    const inclusive = await rewriteAt(method, 'javascript', js, 'for (let i');
    assert.ok(inclusive.includes('Math.max(0, Math.floor(n / 2))'), inclusive);
    await assertEquivalent('javascript', js, inclusive);
    const general = await rewriteAt(method, 'javascript', js, 'for (let j');
    assert.ok(general.includes('from < n ? from + Math.floor((n - from) / 2) : from'), general);
    await assertEquivalent('javascript', js, general);
  });

  it('splits a loop once: never a half of an earlier split, nor a loop a half holds', async () => {
    const py = lines('def f(xs, grid):', '    total = 0', '    for i in range(len(xs)):', '        total += xs[i]', '    return total', '', 'print(f([1, 2, 3, 4, 5], []))');
    const once = await rewriteAt(method, 'python', py, 'for i in range');
    await assertEquivalent('python', py, once);
    assert.deepStrictEqual((await sitesIn(method, 'python', once, 'f')).sites, [], 'both halves are a split already');
    const go = lines(
      'package main',
      '',
      'import "fmt"',
      '',
      'func f(n int, m int) int {',
      '\ttotal := 0',
      '\tfor i := 0; i < n; i++ {',
      '\t\tfor j := 0; j < m; j++ {',
      '\t\t\ttotal += i*10 + j',
      '\t\t}',
      '\t}',
      '\treturn total',
      '}',
      '',
      'func main() { fmt.Println(f(5, 3)) }',
    );
    assert.strictEqual((await sitesIn(method, 'go', go, 'f')).sites.length, 2, 'both loops before any split');
    const outer = await rewriteAt(method, 'go', go, 'for i :=');
    await assertEquivalent('go', go, outer);
    assert.deepStrictEqual((await sitesIn(method, 'go', outer, 'f')).sites, [], 'the inner loops are copies in the halves');
    const inner = await rewriteAt(method, 'go', go, 'for j :=');
    assert.deepStrictEqual((await sitesIn(method, 'go', inner, 'f')).sites, [], 'the outer loop holds a split');
  });

  it('literal bounds split at a literal, and a range of fewer than two passes or an empty body is not split', async () => {
    const c = lines(
      '#include <stdio.h>',
      'int main(void) {',
      '    int sum = 0;',
      '    for (int bit = 0; bit < 8; bit++) sum += bit;',
      '    for (int once = 0; once < 1; once++) sum += 100;',
      '    for (int k = 0; k < sum; k++) {',
      '    }',
      '    printf("%d\\n", sum);',
      '    return 0;',
      '}',
    );
    const { sites } = await sitesIn(method, 'c', c, 'main');
    assert.deepStrictEqual(sites.map((s) => c.slice(s.start, s.end).split('(')[1].split(';')[0]), ['int bit = 0']);
    const split = await rewriteAt(method, 'c', c, 'for (int bit');
    assert.ok(split.includes('    for (int bit = 0; bit < 4; bit++) sum += bit;\n    for (int bit = 4; bit < 8; bit++) sum += bit;\n'), split);
    await assertEquivalent('c', c, split);
    const rs = lines('fn main() {', '    let mut sum = 0;', '    for b in 0..=9 {', '        sum += b;', '    }', '    println!("{}", sum);', '}');
    const rust = await rewriteAt(method, 'rust', rs, 'for b in');
    assert.ok(rust.includes('    for b in 0..5 {\n        sum += b;\n    }\n    for b in 5..=9 {'), rust);
    await assertEquivalent('rust', rs, rust);
  });
});
