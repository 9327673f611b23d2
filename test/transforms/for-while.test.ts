import * as assert from 'assert';
import { LanguageId } from '../../src/core/languages/languageIds';
import { forWhile } from '../../src/core/transforms/for-while';
import { applyAt, assertEquivalent, select, sitesOf } from '../support/harness';
import { fixtureFiles, isSite, keepsBehaviourAtSpreadSites, lines, rewriteAt, sitesIn, sitesInFixture } from '../support/methodTests';

const FILES = fixtureFiles('for-while', 'loops');

const method = forWhile;

/** The sites in the whole fixture. */
const fixtureSites = (lang: LanguageId) => sitesInFixture(method, lang, FILES[lang]);

describe('for-while', () => {
  keepsBehaviourAtSpreadSites(method, FILES, {
    minSites: 5,
    title: 'the first, a middle and the last site keep behaviour, in both directions',
    // One site each way, in case the spread picks only one direction.
    morePicks: (sites) => [/ to (while|conditional for)$/, / to (for|loop|three-clause for)$/].map((direction) => {
      const index = sites.findIndex((s) => direction.test(s.label));
      assert.ok(index >= 0, `no site goes ${direction}: ${sites.map((s) => s.label).join(', ')}`);
      return index;
    }),
  });

  it('C: a for with a continue in its own body is not a site; a continue in an inner loop does not block the outer one', async () => {
    const { text, sites } = await fixtureSites('c');
    assert.ok(!isSite(text, sites, 'for (int i = 0; i < n; i++)', 'even_sum'), 'continue would skip i++');
    assert.ok(!isSite(text, sites, 'for (int j = i + 1', 'count_pairs'), 'the inner loop continues itself');
    assert.ok(isSite(text, sites, 'for (int i = 0; i < n; i++)', 'count_pairs'), 'the outer loop is free');
  });

  it('C: declines a for whose body redeclares a name the update uses', async () => {
    const text = [
      'int f(int n) {',
      '    int acc = 0;',
      '    for (int i = 0; i < n; i++) {',
      '        int i = 100;',
      '        acc += i;',
      '    }',
      '    return acc;',
      '}',
      '',
    ].join('\n');
    assert.deepStrictEqual(await sitesOf(forWhile, 'c', await select('c', text)), []);
  });

  it('C: wraps a declaring init in a block and runs the update at the end of the body', async () => {
    const { text } = await fixtureSites('c');
    const after = await rewriteAt(method, 'c', text, 'for (int i = 0; i < n; i++)');
    const expected = [
      '    {',
      '        int i = 0;',
      '        while (i < n) {',
      '            total += v[i];',
      '            i++;',
      '        }',
      '    }',
    ];
    assert.ok(after.includes(`    int total = 0;\n${expected.join('\n')}\n    return total;`), after);
  });

  it('Python: a range loop with continue, or whose index is read after the loop, is not a site', async () => {
    const { text, sites } = await fixtureSites('python');
    assert.ok(!isSite(text, sites, 'for i in range(len(items)):', 'def restock_needed'), 'continue would skip the increment');
    assert.ok(!isSite(text, sites, 'for pos in range(len(items)):'), 'pos is returned after the loop');
    assert.ok(!isSite(text, sites, 'for b in range(a + 1'), 'the inner loop continues itself');
    assert.ok(isSite(text, sites, 'for a in range(len(values)):'), 'the outer loop is free');
    assert.ok(!isSite(text, sites, 'while p < limit:'), 'a while with an else clause');
  });

  it('Python: a range loop becomes an assignment, a while and an increment at the body indentation', async () => {
    const { text } = await fixtureSites('python');
    const after = await rewriteAt(method, 'python', text, 'for k in range(n, 0, -2):');
    assert.ok(after.includes('    out = []\n    k = n\n    while k > 0:\n        out.append(k)\n        k -= 2\n    return out'), after);
  });

  it('Java: a for whose body ends in return, or a labeled for, is not a site', async () => {
    const { text, sites } = await fixtureSites('java');
    assert.ok(!isSite(text, sites, 'for (int i = 0; i < names.size(); i++)'), 'the update would be unreachable');
    assert.ok(!isSite(text, sites, 'for (int i = 0; i < amounts.length; i++)', 'outer:'), 'break outer / labels');
    assert.ok(isSite(text, sites, 'for (int lo = 0, hi'), 'a plain counted loop is a site');
  });

  it('JavaScript and Go: a for whose closures capture the loop variable is not a site', async () => {
    const js = await fixtureSites('javascript');
    assert.ok(!isSite(js.text, js.sites, 'for (let i = 0', 'function labels'), 'let makes one binding per iteration');
    assert.ok(isSite(js.text, js.sites, 'for (var lo = 0'), 'var has one binding');
    const go = await fixtureSites('go');
    assert.ok(!isSite(go.text, go.sites, 'for i := 0', 'func scaled'));
  });

  it('JavaScript without semicolons: a one-line loop gets the `;` its body needs before the update', async () => {
    const text = [
      'function main() {',
      '  const xs = [3, 1, 4, 1, 5]',
      '  let total = 20, j',
      '  for (j = 0; j < xs.length; j++) total -= xs[j]',
      '  for (let k = 0; k < 2; k++) { total += k; const f = () => {} }',
      '  console.log(total, j)',
      '}',
      'main()',
      '',
    ].join('\n');
    const state = await select('javascript', text);
    const sites = await sitesOf(forWhile, 'javascript', state);
    assert.strictEqual(sites.length, 1, 'the `let` loop with a closure is declined');
    const { after } = await applyAt(forWhile, 'javascript', state, 0);
    assert.ok(after.text.includes('  j = 0; while (j < xs.length) { total -= xs[j]; j++; }\n'), after.text);
    await assertEquivalent('javascript', text, after.text);
  });

  it('Rust: `while let` and a for with continue are not sites; a continue in an inner loop does not block the outer one', async () => {
    const { text, sites } = await fixtureSites('rust');
    assert.ok(!isSite(text, sites, 'while let Some(top)'));
    assert.ok(!isSite(text, sites, 'for i in 0..values.len()', 'fn warm_days'));
    assert.ok(!isSite(text, sites, 'for j in i + 1..values.len()'));
    assert.ok(isSite(text, sites, 'for i in 0..values.len()', 'fn close_pairs'));
  });

  it('leaves constant tests alone: no `if not True: break`, no loop that never runs rewritten; `while (true)` is `for (;;)` and Rust\'s `loop`', async () => {
    const py = lines('def f(xs):', '    it = iter(xs)', '    n = 0', '    while True:', '        if next(it, None) is None:', '            break', '        n += 1', '    return n', '', 'print(f([1, 2, 3]))');
    assert.deepStrictEqual((await sitesIn(method, 'python', py, 'f')).sites, []);
    const c = lines('#include <stdio.h>', 'int main(void) {', '    int n = 0;', '    while (1) {', '        if (++n > 3) break;', '    }', '    while (0) {', '        n--;', '    }', '    printf("%d\\n", n);', '    return 0;', '}');
    const { sites } = await sitesIn(method, 'c', c, 'main');
    assert.strictEqual(sites.length, 1, 'the while (0) is no site');
    const endless = await rewriteAt(method, 'c', c, 'while (1)');
    assert.ok(endless.includes('    for (;;) {\n        if (++n > 3) break;'), endless);
    await assertEquivalent('c', c, endless);
    const rs = lines('fn main() {', '    let mut n = 0;', '    while true {', '        n += 1;', '        if n > 3 {', '            break;', '        }', '    }', '    println!("{}", n);', '}');
    const rust = await rewriteAt(method, 'rust', rs, 'while true');
    assert.ok(rust.includes('    loop {\n        n += 1;'), rust);
    await assertEquivalent('rust', rs, rust);
  });

  it('Python: its own `for _ in iter(int, 1)` turns back into the while it came from, not into a while over an iterator of it', async () => {
    const py = lines('def f(n):', '    total = 0', '    while n > 0:', '        total += n', '        n -= 2', '    return total', '', 'print(f(7))');
    const there = await rewriteAt(method, 'python', py, 'while n > 0');
    assert.match(there, /\n {4}for \w+ in iter\(int, 1\):\n {8}if not \(?n > 0\)?:\n {12}break\n {8}total \+= n/);
    await assertEquivalent('python', py, there);
    const back = await rewriteAt(method, 'python', there, 'for ');
    assert.strictEqual(back, py);
  });
});
