import * as assert from 'assert';
import { LanguageId } from '../../src/core/languages/languageIds';
import { addException } from '../../src/core/transforms/add-exception';
import { applyAt, assertEquivalent, readFixture, select, sitesOf } from '../support/harness';
import { keepsBehaviourAtSpreadSites, siteAt, sitesInFixture } from '../support/methodTests';

const FILES: Partial<Record<LanguageId, string>> = {
  python: 'methods/add-exception/orders.py',
  cpp: 'methods/add-exception/orders.cpp',
  go: 'methods/add-exception/orders.go',
  java: 'methods/add-exception/Orders.java',
  javascript: 'methods/add-exception/orders.js',
  typescript: 'methods/add-exception/orders.ts',
};

/** The sites in the whole fixture. */
const fixtureSites = (lang: LanguageId) => sitesInFixture(addException, lang, FILES[lang]!);

interface Step {
  /** The statement the site starts at, searched after `after`. */
  head: string;
  after?: string;
  /** What the inserted text must match: the first seed that gives it is used. */
  want?: RegExp;
}

/** Applies the steps one after the other (each on the result of the last), then checks behaviour once. */
async function wrapSteps(lang: LanguageId, steps: Step[]): Promise<string> {
  const original = readFixture(FILES[lang]!).text;
  let text = original;
  for (const step of steps) {
    const state = await select(lang, text);
    const sites = await sitesOf(addException, lang, state);
    const site = siteAt(text, sites, step.head, step.after);
    assert.ok(site, `no site at ${step.head}`);
    let next: string | null = null;
    for (let seed = 1; seed < 40 && next === null; seed++) {
      const { after, rewrite } = await applyAt(addException, lang, state, sites.indexOf(site), seed);
      if (!step.want || step.want.test(rewrite.edits[0].text)) next = after.text;
    }
    assert.ok(next !== null, `no seed gives ${step.want}`);
    text = next;
  }
  await assertEquivalent(lang, original, text);
  return text;
}

async function wrapAt(lang: LanguageId, head: string, want?: RegExp, after = ''): Promise<string> {
  return wrapSteps(lang, [{ head, want, after }]);
}

describe('add-exception', () => {
  keepsBehaviourAtSpreadSites(addException, FILES, { minSites: 6 });

  for (const [lang, file] of [['c', 'methods/statement-wrapping/ledger.c'], ['rust', 'methods/statement-wrapping/ledger.rs']] as const) {
    it(`${lang}: not applicable (no exceptions), with a reason, and no sites`, async () => {
      const support = addException.support(lang);
      assert.strictEqual(support.applicable, false);
      assert.ok(!support.applicable && /exceptions/.test(support.reason), JSON.stringify(support));
      const { text } = readFixture(file);
      assert.deepStrictEqual(await sitesOf(addException, lang, await select(lang, text)), []);
    });
  }

  it('Python: a bare raise rethrows the same exception, caught by the caller as before', async () => {
    const out = await wrapAt('python', 'raise OrderError(f"missing price', /except BaseException:/);
    assert.ok(out.includes('    if "@" not in line:\n        try:\n            raise OrderError(f"missing price in {line!r}")\n        except BaseException:\n            raise\n'), out);
    const { text, sites } = await fixtureSites('python');
    assert.strictEqual(siteAt(text, sites, '"""Return (item'), undefined, 'a docstring stays first');
    assert.ok(siteAt(text, sites, 'item, quantity, price = parse_line(line)'), 'Python has no block scope: a single statement is a run');
  });

  it('Java: every catch type compiles with checked exceptions (precise rethrow) and definite assignment', async () => {
    // in methods that throw a checked exception (parse, total) and one that does not (countValid)
    const out = await wrapSteps('java', [
      { head: 'Line line = parse(text);', want: /catch \(Exception \w+\)/ },
      { head: 'quantity = Integer.parseInt', want: /catch \(Throwable \w+\)/ },
      { head: 'valid = 0;', want: /catch \(RuntimeException \w+\)/ },
    ]);
    assert.ok(/ {12}try \{\n {16}quantity = Integer\.parseInt\(parts\[1\]\.trim\(\)\);\n {12}\} catch \(Throwable (ex|error|failure)\) \{\n {16}throw \1;\n {12}\}\n/.test(out), out);
  });

  it('Java: a declaration used later takes the rest of the block with it; `this(...)`-like firsts and yields are not sites', async () => {
    const { text, sites } = await fixtureSites('java');
    const site = siteAt(text, sites, 'double price = Double.parseDouble');
    assert.ok(site && text.slice(site.end - 'price);'.length, site.end) === 'price);');
    assert.ok(siteAt(text, sites, 'return new Line('), 'the return alone is a run');
  });

  it('C++: catch (...) rethrows with throw;, and a constexpr function gets no try', async () => {
    const out = await wrapAt('cpp', 'throw OrderError("missing price in " + text);');
    assert.ok(out.includes('        try {\n            throw OrderError("missing price in " + text);\n        } catch (...) {\n            throw;\n        }\n'), out);
    const { text, sites } = await fixtureSites('cpp');
    assert.strictEqual(siteAt(text, sites, 'int doubled = base * 2;'), undefined);
    assert.strictEqual(siteAt(text, sites, 'return doubled + 1;'), undefined);
  });

  it('Go: a deferred recover that panics again, at the top of a function with named results and its own recover', async () => {
    const { text, sites } = await fixtureSites('go');
    const top = sites.find((s) => s.label === 'deferred recover in checkedTotal');
    assert.ok(top);
    const out = await wrapAt('go', 'defer func() {\n\t\tif r := recover(); r != nil {\n\t\t\terr =', /panic\(r\)/);
    assert.ok(out.includes('\tdefer func() {\n\t\tif r := recover(); r != nil {\n\t\t\tpanic(r)\n\t\t}\n\t}()\n\tdefer func() {\n\t\tif r := recover(); r != nil {\n\t\t\terr ='), out);
    // the existing recover stays in the deferred closure that calls it
    assert.ok(!sites.some((s) => s.label === 'deferred recover in a closure'));
    assert.strictEqual(siteAt(text, sites, 'if r := recover(); r != nil {\n\t\t\terr ='), undefined);
    // an uncaught panic still ends the program with exit code 2
    await wrapSteps('go', [{ head: 'sum := 0', want: /panic\(r\)/ }, { head: 'batches := [][]string{', want: /panic\(r\)/ }]);
  });

  it('Go: a closure around statements declines return, break, continue and defer', async () => {
    const { text, sites } = await fixtureSites('go');
    assert.strictEqual(siteAt(text, sites, 'if text == "" {'), undefined, 'continue');
    assert.strictEqual(siteAt(text, sites, 'if amount > 1000 {'), undefined, 'break');
    assert.strictEqual(siteAt(text, sites, 'return amount'), undefined, 'return');
    assert.ok(siteAt(text, sites, 'amount += float64(l.quantity) * l.price'), 'plain statements are runs');
    const out = await wrapAt('go', 'amount, err := checkedTotal(batch)');
    assert.ok(out.includes('\t\tfunc() {\n\t\t\tdefer func() {'), out);
    assert.ok(out.includes('\t\t\tfmt.Println(amount, err)\n\t\t}()\n'), 'amount is used after it: the closure takes both statements');
  });

  it('Go: `panic(nil)` recovers as nil before Go 1.21, so the file gets no site', async () => {
    const text = 'package main\n\nimport "fmt"\n\nfunc f(x int) int {\n\tif x < 0 {\n\t\tpanic(nil)\n\t}\n\ty := x * 2\n\treturn y\n}\n\nfunc main() {\n\tfmt.Println(f(2))\n}\n';
    assert.deepStrictEqual(await sitesOf(addException, 'go', await select('go', text)), []);
  });

  it('JavaScript and TypeScript: rethrow keeps the error; narrowing and definite assignment survive the try', async () => {
    await wrapSteps('javascript', [{ head: 'yield item;' }, { head: "throw new TypeError('not a number: ' + qty.trim());" }]);
    const narrowed = await wrapSteps('typescript', [{ head: 'if (last === undefined) {' }, { head: 'result = String(total(lines));' }]);
    assert.match(narrowed, /\n {2}try \{\n {4}if \(last === undefined\) \{\n {6}return 0;\n {4}\}\n {2}\} catch \((\w+)\) \{\n {4}throw \1;\n {2}\}\n {2}console\.log\('last item', last\.item\);/);
    const { text, sites } = await fixtureSites('typescript');
    assert.strictEqual(siteAt(text, sites, "super(message);"), undefined, 'super() stays first in a derived constructor');
  });
});
