import * as assert from 'assert';
import { LanguageId } from '../../src/core/languages/languageIds';
import { swapBooleanExpression } from '../../src/core/transforms/swap-boolean-expression';
import { applyAt, assertEquivalent } from '../support/harness';
import { fixtureFiles, keepsBehaviourAtSpreadSites, lines, sitesAt, sitesIn, sitesInFixture } from '../support/methodTests';

const FILES = fixtureFiles('swap-boolean-expression', 'grades');

const method = swapBooleanExpression;

/** The sites in the fixture's `scan`. */
const fixtureSites = (lang: LanguageId) => sitesInFixture(method, lang, FILES[lang], 'scan');

describe('swap-boolean-expression', () => {
  keepsBehaviourAtSpreadSites(method, FILES, { minSites: 8, functionName: 'scan' });

  it('mirrors ordering operators and keeps equality operators', async () => {
    const { text, state, sites } = await fixtureSites('javascript');
    const expect = async (snippet: string, swapped: string) => {
      const [site] = sitesAt(text, sites, snippet);
      assert.ok(site, `\`${snippet}\` is a site`);
      const { after } = await applyAt(method, 'javascript', state, sites.indexOf(site));
      assert.ok(after.text.includes(swapped), `\`${snippet}\` became \`${swapped}\``);
    };
    await expect('i < n', 'n > i');
    await expect('limit <= v', 'v >= limit');
    await expect('v !== 0', '0 !== v');
    await expect('v < limit && v !== 0', 'v !== 0 && v < limit');
  });

  it('declines null guards: `p != NULL && p->value > 0` in C, `bonus is not None and bonus > 0` in Python', async () => {
    const c = await fixtureSites('c');
    assert.deepStrictEqual(sitesAt(c.text, c.sites, 'p != NULL && p->value > 0'), []);
    assert.strictEqual(sitesAt(c.text, c.sites, 'p->value > 0').length, 1, 'the comparison itself may still swap');
    const py = await fixtureSites('python');
    assert.deepStrictEqual(sitesAt(py.text, py.sites, 'bonus is not None and bonus > 0'), []);
    assert.deepStrictEqual(sitesAt(py.text, py.sites, 'best is None or s > best'), []);
    const guard = 'def big(x):\n    if x is not None and x > 3:\n        return 1\n    if x and x > 5:\n        return 2\n    return 0\n';
    const inline = await sitesIn(method, 'python', guard);
    assert.deepStrictEqual(sitesAt(guard, inline.sites, 'x is not None and x > 3'), []);
    assert.deepStrictEqual(sitesAt(guard, inline.sites, 'x and x > 5'), [], 'a truth test of a name the other side uses is a guard');
    assert.strictEqual(sitesAt(guard, inline.sites, 'x > 3').length, 1);
    const java = await fixtureSites('java');
    assert.deepStrictEqual(sitesAt(java.text, java.sites, 'name != null && name.length() > 3'), []);
    const ts = await fixtureSites('typescript');
    assert.deepStrictEqual(sitesAt(ts.text, ts.sites, 'options !== null && options.bonus !== undefined'), []);
  });

  it('declines bounds guards: `i < n && values[i] >= 0` swaps only `i < n`', async () => {
    for (const lang of ['c', 'go', 'java', 'javascript'] as const) {
      const { text, sites } = await fixtureSites(lang);
      assert.deepStrictEqual(sitesAt(text, sites, 'i < n && values[i] >= 0'), [], lang);
      assert.deepStrictEqual(sitesAt(text, sites, 'values[i] >= 0'), [], lang);
      assert.strictEqual(sitesAt(text, sites, 'i < n').length, 1, lang);
    }
  });

  it('declines comparisons of calls: `f() < g()`, C macros, Rust method calls', async () => {
    const js = 'let calls = 0;\nfunction f() { return ++calls; }\nfunction g() { return calls * 2; }\nif (f() < g()) console.log(calls);\n';
    assert.deepStrictEqual((await sitesIn(method, 'javascript', js)).sites, []);
    const c = lines(
      '#define MAX(a, b) ((a) > (b) ? (a) : (b))',
      'int f(void);',
      'int g(void);',
      'int h(int a, int b) { return f() < g() || MAX(a, b) < 3; }',
    );
    assert.deepStrictEqual((await sitesIn(method, 'c', c)).sites, []);
    const py = 'def f(xs, ys):\n    return len(xs) < len(ys)\n';
    assert.deepStrictEqual((await sitesIn(method, 'python', py)).sites, []);
    const rs = await fixtureSites('rust');
    assert.deepStrictEqual(sitesAt(rs.text, rs.sites, 'bonus.is_some() && bonus.unwrap() > 0'), []);
  });

  it('leaves Rust macro arguments, Python chains and C++ class comparisons alone', async () => {
    const rs = await fixtureSites('rust');
    const assertAt = rs.text.indexOf('assert!');
    assert.ok(rs.sites.every((s) => s.start < assertAt || s.start > assertAt + 40), 'no site inside assert!');
    const py = await fixtureSites('python');
    assert.deepStrictEqual(sitesAt(py.text, py.sites, '0 <= s <= 100'), []);
    const cpp = await fixtureSites('cpp');
    assert.deepStrictEqual(sitesAt(cpp.text, cpp.sites, 'a < b'), [], 'Reading has operator< but no operator>');
  });

  it('keeps and/or that yield an operand (`options && options.name || "anonymous"`) in place', async () => {
    const js = await fixtureSites('javascript');
    assert.deepStrictEqual(sitesAt(js.text, js.sites, "options && options.name || 'anonymous'"), []);
    assert.deepStrictEqual(sitesAt(js.text, js.sites, 'fewer || total <= 0'), [], '`fewer` may not be a boolean');
    const py = 'def pick(a, b):\n    first = a or b\n    both = a > 0 and b > 0\n    return first, both\n';
    const inline = await sitesIn(method, 'python', py);
    assert.deepStrictEqual(sitesAt(py, inline.sites, 'a or b'), []);
    assert.strictEqual(sitesAt(py, inline.sites, 'a > 0 and b > 0').length, 1);
  });

  it('parenthesises a moved comparison: `a == b != c` becomes `c != (a == b)`', async () => {
    const program = lines(
      '#include <stdio.h>',
      '',
      'int main(void) {',
      '    int a = 1, b = 2, c = 1;',
      '    printf("%d %d\\n", a == b != c, a < b == (c > 0));',
      '    return 0;',
      '}',
    );
    const { state, sites } = await sitesIn(method, 'c', program);
    const [site] = sitesAt(program, sites, 'a == b != c');
    const { after } = await applyAt(method, 'c', state, sites.indexOf(site));
    assert.ok(after.text.includes('c != (a == b),'), after.text);
    await assertEquivalent('c', program, after.text);

    const go = await fixtureSites('go');
    const [goSite] = sitesAt(go.text, go.sites, 'low == high != (total > 100)');
    const goAfter = (await applyAt(method, 'go', go.state, go.sites.indexOf(goSite))).after;
    assert.ok(goAfter.text.includes('same := (total > 100) != (low == high)'));
    await assertEquivalent('go', go.text, goAfter.text);

    const java = await fixtureSites('java');
    const [javaSite] = sitesAt(java.text, java.sites, 'low == high != total > 100');
    const javaAfter = (await applyAt(method, 'java', java.state, java.sites.indexOf(javaSite))).after;
    assert.ok(javaAfter.text.includes('same = total > 100 != (low == high);'));
  });

  it('keeps the operands of and/or where a name may be unbound (Python)', async () => {
    const py = lines(
      'def report(n, total):',
      '    if n > 0:',
      '        avg = total / n',
      '    if n > 0 and avg > 3:',
      '        return "high"',
      '    late = n * 2',
      '    return "low" if late > 4 and n < 9 else "mid"',
    );
    const { sites } = await sitesIn(method, 'python', py);
    assert.deepStrictEqual(sitesAt(py, sites, 'n > 0 and avg > 3'), [], '`avg` is bound only when n > 0');
    assert.strictEqual(sitesAt(py, sites, 'avg > 3').length, 1);
    assert.strictEqual(sitesAt(py, sites, 'late > 4 and n < 9').length, 1);
  });

  it('TypeScript: never makes `f(x < y, z > (w))`, which parses as type arguments', async () => {
    const ts = lines(
      'function f(a: boolean, b: boolean): string { return `${a} ${b}`; }',
      'const x = 1, y = 2, z = 3, w = 4;',
      'console.log(f(x < y, (w) < z), Boolean(w < z));',
    );
    const { state, sites } = await sitesIn(method, 'typescript', ts);
    assert.deepStrictEqual(sitesAt(ts, sites, '(w) < z'), []);
    assert.deepStrictEqual(sitesAt(ts, sites, 'x < y'), []);
    const [single] = sitesAt(ts, sites, 'w < z');
    const { after } = await applyAt(method, 'typescript', state, sites.indexOf(single));
    await assertEquivalent('typescript', ts, after.text);
  });

  it('spaces operators that would fuse: Go `-1>x` becomes `x< -1`, not a channel send', async () => {
    const go = 'package main\n\nimport "fmt"\n\nfunc main() {\n\tx := -3\n\tfmt.Println(-1>x, x>=-2)\n}\n';
    const { state, sites } = await sitesIn(method, 'go', go);
    assert.strictEqual(sites.length, 2);
    for (const [index, expected] of [[0, 'x< -1'], [1, '-2<=x']] as const) {
      const { after } = await applyAt(method, 'go', state, index);
      assert.ok(after.text.includes(expected), after.text);
      await assertEquivalent('go', go, after.text);
    }
  });

  it('finds sites only in the unit', async () => {
    const { text, state, sites } = await fixtureSites('go');
    assert.ok(sites.every((s) => s.start >= state.unit.start && s.end <= state.unit.end));
    assert.ok(text.indexOf('func main') > state.unit.end);
  });
});
