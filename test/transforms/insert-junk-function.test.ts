import * as assert from 'assert';
import { LANGUAGE_IDS, LanguageId } from '../../src/core/languages/languageIds';
import { Rng } from '../../src/core/random';
import { UnitContext } from '../../src/core/syntax/context';
import { insertJunkFunction } from '../../src/core/transforms/insert-junk-function';
import type { Site } from '../../src/core/transforms/method';
import { afterRewrite, UnitState } from '../../src/core/unit';
import { applyAt, assertEquivalent, loader, parse, readFixture, select, sitesOf, unitText } from '../support/harness';
import { fixtureFiles, sitesInFixture } from '../support/methodTests';

const method = insertJunkFunction;

const FILES = fixtureFiles('insert-junk-function', 'shelves');

const unitSites = (lang: LanguageId, functionName: string) => sitesInFixture(method, lang, FILES[lang], functionName);

/** A method (in a class, struct or impl) and a free function of each fixture. */
const UNITS: Record<LanguageId, [string, string]> = {
  python: ['restock', 'reorder_list'],
  c: ['stocked', 'below'],
  cpp: ['restock', 'largest'],
  go: ['Restock', 'reorderList'],
  rust: ['restock', 'reorder_list'],
  java: ['restock', 'reorderList'],
  javascript: ['restock', 'fillRatio'],
  typescript: ['restock', 'reorderList'],
};

function site(sites: Site[], label: RegExp): number {
  const index = sites.findIndex((s) => label.test(s.label));
  assert.ok(index >= 0, `no site labelled ${label}: ${sites.map((s) => s.label).join(', ')}`);
  return index;
}

describe('insert-junk-function', () => {
  for (const lang of LANGUAGE_IDS) {
    it(`${lang}: helpers next to a method and a free function keep behaviour and join the unit`, async () => {
      const [member, free] = UNITS[lang];
      const a = await unitSites(lang, member);
      const b = await unitSites(lang, free);
      assert.ok(a.sites.length >= 1 && b.sites.length >= 1, `sites: ${a.sites.length}, ${b.sites.length}`);
      const cases: [UnitState, number, number][] = [
        [a.state, 0, 1],
        [b.state, 0, 2],
        [b.state, b.sites.length - 1, 3],
      ];
      for (const [state, index, seed] of cases) {
        const { after, rewrite } = await applyAt(method, lang, state, index, seed);
        const inserted = rewrite.edits[0].text.trim();
        assert.ok(unitText(after).includes(inserted), `the helper is part of the unit:\n${unitText(after)}`);
        await assertEquivalent(lang, a.text, after.text);
      }
    });
  }

  it('offers a place above a function in a file that begins with blank lines (a HumanEval prompt)', async () => {
    // it looked for the blank lines above the function for ever: the start of the text's first line was taken for its second
    const text = '\n\ndef tally(values):\n    total = 0\n    for v in values:\n        total += v\n    return total\n';
    const state = await select('python', text, { functionName: 'tally' });
    const { after } = await applyAt(method, 'python', state, 0, 1);
    assert.match(after.text, /^\n\ndef \w+\(/);
  });

  it('makes helpers of class members static (Python staticmethod, Java, C++, JavaScript)', async () => {
    const expectations: [LanguageId, RegExp][] = [
      ['python', /^ {4}@staticmethod\n {4}def \w+\(/m],
      ['java', /^ {8}private static int \w+\(int \w+/m],
      ['cpp', /^ {4}static int \w+\(int \w+/m],
      ['javascript', /^ {2}static \w+\(\w+/m],
      ['typescript', /^ {2}static \w+\(\w+: number/m],
    ];
    for (const [lang, pattern] of expectations) {
      const { state, sites } = await unitSites(lang, 'restock');
      const { after, rewrite } = await applyAt(method, lang, state, site(sites, /before|after/), 4);
      assert.match(after.text, pattern, lang);
    }
  });

  it('Rust: an associated fn in an inherent impl, a nested fn in a trait impl', async () => {
    const inherent = await unitSites('rust', 'restock');
    const { after } = await applyAt(method, 'rust', inherent.state, site(inherent.sites, /before/), 1);
    assert.match(after.text, /^ {4}fn \w+\(\w+: i64.*\) -> i64 \{\n/m);
    const traitImpl = await unitSites('rust', 'fmt');
    assert.deepStrictEqual(
      traitImpl.sites.map((s) => s.label),
      ['nested in `fmt`'],
      'a trait impl may only hold the trait items',
    );
    const nested = await applyAt(method, 'rust', traitImpl.state, 0, 2);
    await assertEquivalent('rust', traitImpl.text, nested.after.text);
  });

  it('leaves attributes and doc comments with their function: the helper goes after it', async () => {
    const rust = await unitSites('rust', 'reorder_list');
    assert.ok(!rust.sites.some((s) => /before/.test(s.label)), 'never between #[inline] and its fn');
    const c = await unitSites('c', 'restock');
    assert.ok(!c.sites.some((s) => /before/.test(s.label)), 'never between a comment and its function');
    const { after, rewrite } = await applyAt(method, 'c', c.state, site(c.sites, /after/), 1);
    assert.ok(after.text.includes('/* Adds stock up to the shelf\'s capacity; returns what did not fit. */\nint restock('));
    assert.ok(unitText(after).endsWith(rewrite.edits[0].text.trim()), 'the helper ends the unit');
  });

  it('picks names that neither the file nor the test file uses, and writes the same text for the same seed', async () => {
    const { text } = readFixture(FILES.go);
    const state = await select('go', text, { functionName: 'reorderList' });
    const tree = await parse('go', text);
    try {
      const reserved = [
        'clampScore', 'clampValue', 'boundReading', 'limitLevel', 'sumSteps', 'seriesTotal', 'accumulateSteps', 'totalIncrements',
        'countDigits', 'digitCount', 'numberWidth', 'greatestCommonDivisor', 'commonDivisor', 'sharedFactor', 'percentOf', 'percentage',
        'sharePercent', 'ratioPercent',
      ];
      const init = { lang: 'go' as const, source: text, tree, unit: state.unit, unitKind: 'function' as const, entryPoint: 'reorderList' };
      const withLoader = { ...init, loader };
      const ctxOf = () => new UnitContext({ ...withLoader, reservedWords: reserved });
      const ctx = ctxOf();
      const [first] = method.findSites(ctx);
      const rewrite = method.apply(ctx, first, new Rng(7));
      const name = /^func (\w+)\(/.exec(rewrite.edits[0].text)?.[1] ?? '';
      assert.ok(name && !reserved.includes(name) && !new RegExp(`\\b${name}\\b`).test(text), `fresh name, got ${name}`);
      const again = method.apply(ctxOf(), first, new Rng(7));
      assert.strictEqual(afterRewrite(state, again).text, afterRewrite(state, rewrite).text);
    } finally {
      tree.delete();
    }
  });

  it('never next to junk an earlier step added, nor inside a closure or a helper', async () => {
    const { text } = readFixture(FILES.python);
    const state = await select('python', text);
    const sites = await sitesOf(method, 'python', state);
    const { after, rewrite } = await applyAt(method, 'python', state, 0, 1);
    const name = /unused function `(\w+)`/.exec(rewrite.summary)![1];
    const again = await sitesOf(method, 'python', after);
    assert.ok(again.every((s) => !s.label.includes(`\`${name}\``)), again.map((s) => s.label).join(', '));
    assert.strictEqual(again.length, sites.length, 'the junk hosts no junk of its own');
    const nested = 'def outer(xs):\n    def pick(x):\n        return x > 1\n    return [x for x in xs if pick(x)]\n\nprint(outer([1, 2, 3]))\n';
    const inner = await sitesOf(method, 'python', await select('python', nested));
    assert.ok(inner.every((s) => !s.label.includes('`pick`')), inner.map((s) => s.label).join(', '));
  });
});
