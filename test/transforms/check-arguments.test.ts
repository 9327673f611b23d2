import * as assert from 'assert';
import { LANGUAGE_IDS, LanguageId } from '../../src/core/languages/languageIds';
import { checkArguments } from '../../src/core/transforms/check-arguments';
import type { Site } from '../../src/core/transforms/method';
import { applyAt, assertEquivalent, select, sitesOf } from '../support/harness';
import { fixtureFiles, keepsBehaviourAtSpreadSites, sitesInFixture } from '../support/methodTests';

const FILES = fixtureFiles('check-arguments', 'contacts');

/** The sites in the whole fixture. */
const fixtureSites = (lang: LanguageId) => sitesInFixture(checkArguments, lang, FILES[lang]);

/** The names checked, as `function.parameter`. */
function checked(sites: Site[]): string[] {
  return sites.map((s) => s.label.replace(/^null check of `(.*)` in (.*)$/, '$2.$1'));
}

/** The conditions a site may write: `(p == NULL)` for `if (p == NULL) {`. */
function conditions(sites: Site[], name: string): string[] {
  const site = sites.find((s) => checked([s])[0] === name);
  assert.ok(site, `no site for ${name}`);
  return (site.data as { checks: [number, string][][] }).checks.map((c) => c[0][1].replace(/^if |\s*\{\}?$/g, ''));
}

/** Applies the check of `name` with every seed up to `seeds` and returns the distinct outputs, each verified. */
async function outputs(lang: LanguageId, name: string, seeds = 1): Promise<string[]> {
  const { text, sites } = await fixtureSites(lang);
  const index = checked(sites).indexOf(name);
  assert.ok(index >= 0, `no site for ${name}: ${checked(sites).join(', ')}`);
  const state = await select(lang, text);
  const seen = new Set<string>();
  for (let seed = 1; seed <= seeds; seed++) seen.add((await applyAt(checkArguments, lang, state, index, seed)).after.text);
  for (const out of seen) await assertEquivalent(lang, text, out);
  return [...seen];
}

describe('check-arguments', () => {
  keepsBehaviourAtSpreadSites(checkArguments, FILES, { minSites: 3 });

  it('every language has a nullable parameter type, so every language is applicable', () => {
    for (const lang of LANGUAGE_IDS) assert.ok(checkArguments.support(lang).applicable, lang);
  });

  it('Java: reference types and arrays are sites, primitives are not; the check follows super()/this()', async () => {
    const { sites } = await fixtureSites('java');
    assert.deepStrictEqual(checked(sites), [
      'Contacts.initial', 'Contacts.note', 'oldest.minAge', 'describe.contact', 'describe.tags', 'countOlder.ages', 'main.args',
    ]);
    const [out] = await outputs('java', 'Contacts.note');
    assert.ok(out.includes('        super();\n        if (note == null) {\n            // nothing to do for null\n        }\n        entries.addAll(initial);'), out);
  });

  it('C and C++: pointers (and smart pointers) are sites; values, references and arrays are not', async () => {
    const c = await fixtureSites('c');
    assert.deepStrictEqual(checked(c.sites), ['copy_name.out', 'copy_name.first', 'copy_name.last', 'describe.who', 'describe.cursor', 'oldest.people', 'by_age.a', 'by_age.b']);
    assert.deepStrictEqual(conditions(c.sites, 'describe.cursor'), ['(!cursor)', '(cursor == NULL)']);
    const cpp = await fixtureSites('cpp');
    assert.deepStrictEqual(checked(cpp.sites), ['add.contact', 'describe.contact', 'describe.note']);
    assert.deepStrictEqual(conditions(cpp.sites, 'describe.note'), ['(!note)', '(note == nullptr)']);
    for (const out of await outputs('cpp', 'describe.note', 4)) assert.match(out, /\n {4}if \((!note|note == nullptr)\) \{\n {8}\/\/ nothing to do for nullptr\n {4}\}\n {4}std::string text/);
  });

  it('C: without a header that defines NULL the check is `!p`', async () => {
    const text = 'int first(const int *values, int n) {\n    return n > 0 ? values[0] : -1;\n}\n';
    const sites = await sitesOf(checkArguments, 'c', await select('c', text));
    assert.deepStrictEqual(conditions(sites, 'first.values'), ['(!values)']);
  });

  it('Go: pointers, slices, maps, funcs, channels, interfaces and named types of those; not ints or structs', async () => {
    const { sites } = await fixtureSites('go');
    assert.deepStrictEqual(checked(sites), [
      'Describe.c', 'Describe.f', 'Describe.tags', 'oldest.people', 'oldest.ages', 'oldest.less', 'report.err', 'report.done', 'report.names',
    ]);
    await outputs('go', 'oldest.less');
    await outputs('go', 'Describe.c');
  });

  it('Rust: only Option parameters (by value or by reference); is_none or `if let None`', async () => {
    const { sites } = await fixtureSites('rust');
    assert.deepStrictEqual(checked(sites), ['new.email', 'describe.note', 'oldest.min_age', 'merge.backup']);
    const texts = await outputs('rust', 'merge.backup', 6);
    assert.ok(texts.some((t) => t.includes('    if backup.is_none() {\n        // nothing to do for None\n    }\n    if primary.email.is_none()')), 'is_none form');
    assert.ok(texts.some((t) => t.includes('    if let None = backup {\n        // nothing to do for None\n    }\n')), 'if-let form (does not move backup)');
  });

  it('TypeScript: `=== null` only where the type admits null; optional parameters compare with undefined', async () => {
    const { sites } = await fixtureSites('typescript');
    assert.deepStrictEqual(conditions(sites, 'find.fallback'), ['(fallback === null)', '(fallback == null)']);
    assert.deepStrictEqual(conditions(sites, 'find.name'), ['(name == null)', '(name === undefined)']);
    assert.deepStrictEqual(conditions(sites, 'describe.note'), ['(note == null)', '(note === undefined)']);
    assert.deepStrictEqual(conditions(sites, 'oldest.extra'), ['(extra === null)', '(extra == null)', '(extra === undefined)']);
    await outputs('typescript', 'find.name', 3);
    await outputs('typescript', 'constructor.owner', 2);
  });

  it('JavaScript: the check goes after super() in a derived constructor; Python: after the docstring, never on self', async () => {
    const [js] = await outputs('javascript', 'constructor.team');
    assert.ok(js.includes('    super(name, email);\n    if (team'), js);
    const { sites } = await fixtureSites('python');
    assert.ok(!checked(sites).some((n) => n.endsWith('.self')));
    const [py] = await outputs('python', 'card.prefix');
    assert.ok(py.includes('        """One line per known field."""\n        if prefix is None:\n            pass  # nothing to do for None\n        lines = '), py);
  });
});
