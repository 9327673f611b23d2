import * as assert from 'assert';
import { LanguageId } from '../../src/core/languages/languageIds';
import type { Site } from '../../src/core/transforms/method';
import { modifyOperations } from '../../src/core/transforms/modify-operations';
import type { UnitState } from '../../src/core/unit';
import { applyAt, assertEquivalent, select, sitesOf } from '../support/harness';
import { fixtureFiles, keepsBehaviourAtSpreadSites, sitesAt, sitesInFixture } from '../support/methodTests';

const FILES = fixtureFiles('modify-operations', 'tally');

const method = modifyOperations;

/** The sites in the fixture's `tally`. */
const fixtureSites = (lang: LanguageId) => sitesInFixture(method, lang, FILES[lang], 'tally');

/** Applies the site at `snippet` and returns the rewritten text. */
async function rewriteAt(lang: LanguageId, state: UnitState, sites: Site[], snippet: string): Promise<UnitState> {
  const [site] = sitesAt(state.text, sites, snippet);
  assert.ok(site, `\`${snippet}\` is a site`);
  return (await applyAt(method, lang, state, sites.indexOf(site))).after;
}

describe('modify-operations', () => {
  keepsBehaviourAtSpreadSites(method, FILES, { minSites: 6, functionName: 'tally' });

  it('expands with parentheses where the operand binds looser, and contracts back', async () => {
    const { state, sites } = await fixtureSites('javascript');
    const expanded = await rewriteAt('javascript', state, sites, 'total -= values.length - 1');
    assert.ok(expanded.text.includes('total = total - (values.length - 1);'));
    const again = await sitesOf(method, 'javascript', expanded);
    const back = await rewriteAt('javascript', expanded, again, 'total = total - (values.length - 1)');
    assert.strictEqual(back.text, state.text, 'contracting the expansion restores the original');

    const c = await fixtureSites('c');
    const shifted = await rewriteAt('c', c.state, c.sites, 'st->mask |= 1u << (v & 15)');
    assert.ok(shifted.text.includes('st->mask = st->mask | 1u << (v & 15);'), '<< binds tighter than |: no parentheses needed');
    await assertEquivalent('c', c.text, shifted.text);
  });

  it('contracts only when the top-level left operand is the target', async () => {
    const js = 'let x = 10, y = 3, z = 2;\nx = x - y - z;\nx = x + y * z;\nx = y + x;\nconsole.log(x);\n';
    const state = await select('javascript', js);
    const sites = await sitesOf(method, 'javascript', state);
    assert.deepStrictEqual(sitesAt(js, sites, 'x = x - y - z'), [], '(x - y) - z is not x -= ...');
    assert.deepStrictEqual(sitesAt(js, sites, 'x = y + x'), []);
    const after = await rewriteAt('javascript', state, sites, 'x = x + y * z');
    assert.ok(after.text.includes('x += y * z;'));
    await assertEquivalent('javascript', js, after.text);
  });

  it('declines targets with side effects: `hist[k++] += 1`', async () => {
    for (const lang of ['c', 'javascript', 'typescript'] as const) {
      const { text, sites } = await fixtureSites(lang);
      assert.deepStrictEqual(sitesAt(text, sites, 'hist[k++] += 1'), [], lang);
    }
    const c = await fixtureSites('c');
    assert.deepStrictEqual(sitesAt(c.text, c.sites, 'hist[v & 3] = hist[v & 3] + 2'), [], 'an index that is not a plain name');
    const js = 'const a = [1, 2, 3];\nlet i = 0;\na[i++] += 1;\na[i] += 1;\nconsole.log(a, i);\n';
    const state = await select('javascript', js);
    const sites = await sitesOf(method, 'javascript', state);
    assert.deepStrictEqual(sitesAt(js, sites, 'a[i++] += 1'), []);
    assert.strictEqual(sitesAt(js, sites, 'a[i] += 1').length, 1);
  });

  it('C: leaves operands with macros that regroup once expanded (`x -= SUM`)', async () => {
    const c = [
      '#include <stdio.h>',
      '#define SUM a + b',
      '#define TWO (2)',
      '',
      'int main(void) {',
      '    int a = 1, b = 2, x = 10;',
      '    x -= SUM;',
      '    x = x - SUM;',
      '    x -= TWO;',
      '    printf("%d\\n", x);',
      '    return 0;',
      '}',
      '',
    ].join('\n');
    const state = await select('c', c);
    const sites = await sitesOf(method, 'c', state);
    assert.deepStrictEqual(sitesAt(c, sites, 'x -= SUM'), []);
    assert.deepStrictEqual(sitesAt(c, sites, 'x = x - SUM'), []);
    const after = await rewriteAt('c', state, sites, 'x -= TWO');
    assert.ok(after.text.includes('x = x - TWO;'));
    await assertEquivalent('c', c, after.text);
  });

  it('Java: expands only without an implicit narrowing cast', async () => {
    const { text, state, sites } = await fixtureSites('java');
    assert.deepStrictEqual(sitesAt(text, sites, 'total += scale'), [], 'int += double narrows');
    assert.deepStrictEqual(sitesAt(text, sites, 'small += 1'), [], 'short += int narrows');
    assert.deepStrictEqual(sitesAt(text, sites, 'hist[i % 4] += 1'), []);
    assert.strictEqual(sitesAt(text, sites, 'total += v').length, 1, 'int += int');
    assert.strictEqual(sitesAt(text, sites, 'product *= v % 5 + 1').length, 1, 'long *= int');
    assert.strictEqual(sitesAt(text, sites, 'this.weight *= 2').length, 1, 'a double field');
    const after = await rewriteAt('java', state, sites, 'label += v % 10');
    assert.ok(after.text.includes('label = label + v % 10;'));
    await assertEquivalent('java', text, after.text);
  });

  it('Python: only names known to hold numbers or strings', async () => {
    const { text, state, sites } = await fixtureSites('python');
    assert.deepStrictEqual(sitesAt(text, sites, 'seen += [w]'), [], 'a list += mutates in place');
    assert.deepStrictEqual(sitesAt(text, sites, 'factor += 1'), [], 'a parameter may be anything');
    assert.strictEqual(sitesAt(text, sites, 'scaled *= 3').length, 1, 'scaled = total, a number');
    const after = await rewriteAt('python', state, sites, 'label += w[:2]');
    await assertEquivalent('python', text, after.text);
    const alias = 'def grow(xs):\n    ys = xs\n    ys += [4]\n    n = 1\n    n *= xs\n    return xs, n\n\nprint(grow([1, 2]))\n';
    const aliasState = await select('python', alias);
    assert.deepStrictEqual(await sitesOf(method, 'python', aliasState), [], 'neither a list nor a number times a list');
  });

  it('Rust and C++: numbers only, not String or classes', async () => {
    const rs = await fixtureSites('rust');
    assert.deepStrictEqual(sitesAt(rs.text, rs.sites, 'label += &(v % 10).to_string()'), []);
    assert.deepStrictEqual(sitesAt(rs.text, rs.sites, 'label = label + "."'), []);
    const cpp = await fixtureSites('cpp');
    assert.deepStrictEqual(sitesAt(cpp.text, cpp.sites, 'wallet += Money{v}'), [], 'Money has += and no +');
    assert.deepStrictEqual(sitesAt(cpp.text, cpp.sites, 'label += std::to_string(v % 10)'), []);
    assert.strictEqual(sitesAt(cpp.text, cpp.sites, 'label = label + "+"').length, 1, 'std::string has both');
  });
});
