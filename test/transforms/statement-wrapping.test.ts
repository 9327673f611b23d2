import * as assert from 'assert';
import { LANGUAGE_IDS, LanguageId } from '../../src/core/languages/languageIds';
import type { Site } from '../../src/core/transforms/method';
import { statementWrapping } from '../../src/core/transforms/statement-wrapping';
import { applyAt, assertEquivalent, readFixture, select, sitesOf } from '../support/harness';
import { fixtureFiles, keepsBehaviourAtSpreadSites, siteAt, sitesInFixture } from '../support/methodTests';

const FILES = fixtureFiles('statement-wrapping', 'ledger');

/** The sites in the whole fixture. */
const fixtureSites = (lang: LanguageId) => sitesInFixture(statementWrapping, lang, FILES[lang]);

type Form = 'if' | 'do' | 'for' | 'loop';

function formsOf(site: Site | undefined): Form[] {
  return site ? (site.data as { forms: Form[] }).forms : [];
}

const SUMMARIES: Record<Form, string> = { if: 'always-true if', do: 'do-while', for: 'one iteration', loop: 'breaks after one pass' };

interface Step {
  /** The statement the site starts at, searched after `after`. */
  head: string;
  form: Form;
  after?: string;
}

/** Wraps each step's site in its form, one after the other (each on the result of the last), then checks behaviour once. */
async function wrapSteps(lang: LanguageId, steps: Step[]): Promise<string> {
  const original = readFixture(FILES[lang]).text;
  let text = original;
  for (const { head, form, after } of steps) {
    const state = await select(lang, text);
    const sites = await sitesOf(statementWrapping, lang, state);
    const site = siteAt(text, sites, head, after);
    assert.ok(site && formsOf(site).includes(form), `${head}: forms ${formsOf(site).join(', ')}`);
    let next: string | null = null;
    for (let seed = 1; seed < 40 && next === null; seed++) {
      const { after: out, rewrite } = await applyAt(statementWrapping, lang, state, sites.indexOf(site), seed);
      if (rewrite.summary.includes(SUMMARIES[form])) next = out.text;
    }
    assert.ok(next !== null, `no seed picks ${form}`);
    text = next;
  }
  await assertEquivalent(lang, original, text);
  return text;
}

async function wrapAs(lang: LanguageId, head: string, form: Form, after = ''): Promise<string> {
  return wrapSteps(lang, [{ head, form, after }]);
}

describe('statement-wrapping', () => {
  keepsBehaviourAtSpreadSites(statementWrapping, FILES, { minSites: 6 });

  it('every language can wrap statements', () => {
    for (const lang of LANGUAGE_IDS) assert.ok(statementWrapping.support(lang).applicable, lang);
  });

  it('a run that declares a name used later reaches the end of its block', async () => {
    const { text, sites } = await fixtureSites('c');
    const site = siteAt(text, sites, 'int balance = opening;');
    assert.ok(site, 'the declaration starts a run');
    assert.strictEqual(text.slice(site.end - 'return balance;'.length, site.end), 'return balance;');
    const single = siteAt(text, sites, '*overdrafts = 0;');
    assert.ok(single && text.slice(single.start, single.end) === '*overdrafts = 0;', 'a statement that declares nothing is a run alone');
  });

  it('a run with a break or continue of the enclosing loop gets no loop around it', async () => {
    const py = await fixtureSites('python');
    assert.deepStrictEqual(formsOf(siteAt(py.text, py.sites, 'if kind == "stop":')), ['if']);
    assert.deepStrictEqual(formsOf(siteAt(py.text, py.sites, 'if kind == "deposit":')), ['if', 'for']);
    const c = await fixtureSites('c');
    assert.deepStrictEqual(formsOf(siteAt(c.text, c.sites, 'if (e->amount <= largest)')), ['if']);
    const go = await fixtureSites('go');
    assert.deepStrictEqual(formsOf(siteAt(go.text, go.sites, 'if kind == "stop"')), ['if'], 'the break leaves the range loop');
    assert.deepStrictEqual(formsOf(siteAt(go.text, go.sites, 'switch kind')), ['if', 'for'], "the switch's own cases do not break out");
  });

  it("Java: a run that cannot complete is not put in `if (true)` (missing return), a do-while keeps it", async () => {
    const { text, sites } = await fixtureSites('java');
    assert.deepStrictEqual(formsOf(siteAt(text, sites, 'return label + suffix;')), ['do']);
    assert.deepStrictEqual(formsOf(siteAt(text, sites, 'String suffix =')), ['do'], 'suffix is used by the return: the run ends the body');
    await wrapAs('java', 'return label + suffix;', 'do');
  });

  it('Java: definite assignment of a blank final through `if (true)`, and a pattern variable that flows out of an if', async () => {
    const { text, sites } = await fixtureSites('java');
    const pattern = siteAt(text, sites, 'if (!(value instanceof Entry entry))');
    assert.ok(pattern && text.slice(pattern.end - 'return amount;'.length, pattern.end) === 'return amount;', 'entry is used after the if');
    const out = await wrapSteps('java', [
      { head: 'if (balance < 0) {', form: 'if', after: 'static String label' },
      { head: 'if (!(value instanceof Entry entry))', form: 'do' },
    ]);
    assert.ok(out.includes('        if (true) {\n            if (balance < 0) {\n                label = "overdrawn";'), out);
  });

  it('Go: a return at the end of a function is not wrapped; `:=` that reassigns an outer err is declined', async () => {
    const { text, sites } = await fixtureSites('go');
    assert.strictEqual(siteAt(text, sites, 'return fmt.Sprintf'), undefined, 'an if is not a terminating statement');
    assert.strictEqual(siteAt(text, sites, 'kind, amount, err := parseEntry(line)'), undefined, 'err is the named result');
    assert.ok(siteAt(text, sites, 'label, err = strings.ToUpper'), 'a plain assignment is fine');
  });

  it('Rust: a tail value, a deferred `let` and a Drop guard', async () => {
    const { text, sites } = await fixtureSites('rust');
    assert.strictEqual(siteAt(text, sites, 'totals\n}'), undefined, 'the tail expression is the value of the block');
    assert.strictEqual(siteAt(text, sites, 'let _section = Section("apply");'), undefined, 'the guard lives to the end, where the tail is');
    assert.deepStrictEqual(formsOf(siteAt(text, sites, 'if balance < 0 {', 'fn label_for')), ['loop'], '`let label;` is assigned inside');
    const guard = siteAt(text, sites, 'let _closing = Section("closing");');
    assert.ok(guard && text.slice(guard.end - 2, guard.end) === ');', 'the guard is wrapped with everything after it');
    await wrapSteps('rust', [
      { head: 'if balance < 0 {', form: 'loop', after: 'fn label_for' },
      { head: 'let _closing = Section("closing");', form: 'if' },
    ]);
  });

  it('C++: an object with a destructor is wrapped together with the rest of its block', async () => {
    const { text, sites } = await fixtureSites('cpp');
    const site = siteAt(text, sites, 'Section section("apply");');
    assert.ok(site && text.slice(site.end - 'return balance;'.length, site.end) === 'return balance;');
    await wrapAs('cpp', 'Section section("apply");', 'do');
  });

  it('JavaScript: a hoisted function used before it, and a `const` read by an earlier closure, stay unwrapped', async () => {
    const { text, sites } = await fixtureSites('javascript');
    assert.strictEqual(siteAt(text, sites, 'function parseEntry(text)'), undefined);
    assert.strictEqual(siteAt(text, sites, 'const result = balanceAfter'), undefined);
    assert.strictEqual(siteAt(text, sites, "'use strict'"), undefined, 'a directive stays first');
    await wrapAs('javascript', 'for (const line of entries) {', 'for');
  });

  it('TypeScript: narrowing by a return inside the wrapper still holds after it', async () => {
    const out = await wrapSteps('typescript', [
      { head: 'if (first === null) {', form: 'if' },
      { head: "if (first.kind === 'deposit') {", form: 'do' },
    ]);
    assert.ok(out.includes("  if (true) {\n    if (first === null) {\n      return 'empty';\n    }\n  }\n  do {\n    if (first.kind"), out);
  });

  it('Python: the one-iteration loop takes a fresh name (the file uses `_`), after the docstring', async () => {
    const out = await wrapAs('python', 'label = "overdrawn" if final < 0', 'for');
    assert.match(out, /\n {4}for _[a-z_]+ in range\(1\):\n {8}label = "overdrawn"/);
    const { text, sites } = await fixtureSites('python');
    assert.strictEqual(siteAt(text, sites, '"""Split'), undefined, 'a docstring stays first');
  });
});
