import * as assert from 'assert';
import { LanguageId } from '../../src/core/languages/languageIds';
import { changeStatementOrder } from '../../src/core/transforms/change-statement-order';
import type { Site } from '../../src/core/transforms/method';
import { applyAt } from '../support/harness';
import { fixtureFiles, keepsBehaviourAtSpreadSites, lines, sitesIn, sitesInFixture } from '../support/methodTests';

const FILES = fixtureFiles('change-statement-order', 'report');

const method = changeStatementOrder;

/** The sites in the whole fixture. */
const fixtureSites = (lang: LanguageId) => sitesInFixture(method, lang, FILES[lang]);

/** Sites that swap the statement starting with `first` and the one ending with `second`. */
function swapsOf(text: string, sites: Site[], first: string, second: string): Site[] {
  const start = text.indexOf(first);
  const end = text.indexOf(second, start) + second.length;
  assert.ok(start >= 0 && end > start, `the text lacks \`${first}\` ... \`${second}\``);
  return sites.filter((s) => s.start === start && s.end === end);
}

describe('change-statement-order', () => {
  keepsBehaviourAtSpreadSites(method, FILES, { minSites: 8 });

  it('swaps whole statements, keeping the text of both', async () => {
    const { text, state, sites } = await fixtureSites('go');
    const [site] = swapsOf(text, sites, 'count := 0', 'rejected := 0');
    assert.ok(site);
    const { after } = await applyAt(method, 'go', state, sites.indexOf(site));
    assert.ok(after.text.includes('\trejected := 0\n\tcount := 0\n\ttotal := 0.0\n'), after.text);
  });

  it('never swaps calls: two prints, a call and a declaration, Java string building, C++ class types', async () => {
    const py = await fixtureSites('python');
    assert.deepStrictEqual(swapsOf(py.text, py.sites, 'print("first", first)', 'print("second", second)'), []);
    const js = lines(
      'function f(a) {',
      '  console.log(a);',
      '  console.log(a + 1);',
      '  let b = g(a);',
      '  let c = 2;',
      '  return b + c;',
      '}',
    );
    assert.deepStrictEqual((await sitesIn(method, 'javascript', js)).sites, []);
    const java = await fixtureSites('java');
    assert.deepStrictEqual(swapsOf(java.text, java.sites, 'int first = next();', 'int second = next();'), []);
    const concatenation = swapsOf(java.text, java.sites, 'String text = "tag=" + tag;', 'int plain = seed * 2;');
    assert.deepStrictEqual(concatenation, [], 'toString() may run');
    const cpp = await fixtureSites('cpp');
    const describe = cpp.text.indexOf('std::string describe');
    const end = cpp.text.indexOf('int referenced');
    const inDescribe = cpp.sites.filter((s) => s.start > describe && s.start < end);
    assert.deepStrictEqual(inDescribe, [], 'std::string constructors and operator+ are calls');
    const ts = await fixtureSites('typescript');
    assert.deepStrictEqual(swapsOf(ts.text, ts.sites, 'const before = meter.value;', 'meter.set(level);'), []);
  });

  it('never swaps a declaration with a statement that uses it, or a write with a read of the same variable', async () => {
    const c = lines('int f(int a) {', '    int x = a + 1;', '    int y = x * 2;', '    a = y;', '    y = a;', '    return y;', '}');
    assert.deepStrictEqual((await sitesIn(method, 'c', c)).sites, []);
    const py = await fixtureSites('python');
    assert.deepStrictEqual(swapsOf(py.text, py.sites, 'mean = total / count', 'squares = 0.0').length, 1);
    assert.deepStrictEqual(swapsOf(py.text, py.sites, 'count += 1', 'total += value').length, 1, 'both read `value`: reads may be shared');
  });

  it('keeps writes through fields, indexes, pointers and references in place', async () => {
    const c = await fixtureSites('c');
    assert.deepStrictEqual(swapsOf(c.text, c.sites, '*alias = seed * 2;', 'copy = value;'), [], '`value` is what `alias` points to');
    assert.deepStrictEqual(swapsOf(c.text, c.sites, 's.count = count;', 's.rejected = rejected;'), []);
    const cpp = await fixtureSites('cpp');
    const referenced = swapsOf(cpp.text, cpp.sites, 'total = seed + 1;', 'doubled = alias * 2;');
    assert.deepStrictEqual(referenced, [], '`alias` is a reference to `total`');
    const go = await fixtureSites('go');
    assert.deepStrictEqual(swapsOf(go.text, go.sites, 's.count = count', 's.rejected = rejected'), []);
    const java = await fixtureSites('java');
    assert.deepStrictEqual(swapsOf(java.text, java.sites, 'calls += seed;', 'int snapshot = calls;'), []);
  });

  it('never moves control flow: return, break, continue, labels', async () => {
    const c = lines(
      'int f(int n) {',
      '    int total = 0;',
      '    for (int i = 0; i < n; i++) {',
      '        total += i;',
      '        if (total > 10) break;',
      '        n = n - 1;',
      '        continue;',
      '    }',
      'done:',
      '    n = 2;',
      '    return total;',
      '}',
    );
    const { sites } = await sitesIn(method, 'c', c);
    assert.deepStrictEqual(sites, []);
    const py = await fixtureSites('python');
    assert.deepStrictEqual(swapsOf(py.text, py.sites, 'rejected += 1', 'continue'), []);
  });

  it('swaps at most one statement that may fail, and none inside a try', async () => {
    const both = lines('def f(a, b, c, d):', '    x = a / b', '    y = c / d', '    return x + y');
    assert.deepStrictEqual((await sitesIn(method, 'python', both)).sites, []);
    const py = await fixtureSites('python');
    assert.deepStrictEqual(swapsOf(py.text, py.sites, 'ratio = readings[i] / readings[j]', 'note = "ok"'), []);
    assert.strictEqual(swapsOf(py.text, py.sites, 'ratio = 0.0', 'note = "none"').length, 1);
  });

  it('treats a Python name that may be unbound as a read that may fail', async () => {
    const py = lines(
      'def f(flag):',
      '    if flag:',
      '        level = 1',
      '    try:',
      '        shown = level',
      '        other = 2',
      '        fixed = 5',
      '    except NameError:',
      '        return 0',
      '    return shown + other + fixed',
    );
    const { sites } = await sitesIn(method, 'python', py);
    assert.deepStrictEqual(swapsOf(py, sites, 'shown = level', 'other = 2'), []);
    assert.strictEqual(swapsOf(py, sites, 'other = 2', 'fixed = 5').length, 1);
  });

  it('follows shadowing declarations and moves in Rust and Go', async () => {
    const rs = lines('fn f(x: i64) -> i64 {', '    let x = x + 1;', '    let y = 2;', '    let z = x * y;', '    z', '}');
    const { sites } = await sitesIn(method, 'rust', rs);
    assert.strictEqual(swapsOf(rs, sites, 'let x = x + 1;', 'let y = 2;').length, 1);
    assert.deepStrictEqual(swapsOf(rs, sites, 'let y = 2;', 'let z = x * y;'), []);
    const go = await fixtureSites('go');
    assert.deepStrictEqual(swapsOf(go.text, go.sites, 'limit := limit * 10', 'result = limit + step'), []);
    const rust = await fixtureSites('rust');
    assert.deepStrictEqual(swapsOf(rust.text, rust.sites, 'let offset = 7;', 'let shifted = scale + offset;'), []);
    const tail = swapsOf(rust.text, rust.sites, 'let mean = if', 'Summary { count, rejected, smallest, largest, mean }');
    assert.deepStrictEqual(tail, [], 'the value of the block stays last');
  });

  it('treats hidden code as calls: macros that name variables, destructors, iterators', async () => {
    const c = lines(
      '#define NEXT (count + 1)',
      '#define LIMIT 10',
      'int f(int count) {',
      '    int x = NEXT;',
      '    count = 5;',
      '    int y = LIMIT;',
      '    return x + y + count;',
      '}',
    );
    const macro = await sitesIn(method, 'c', c);
    assert.deepStrictEqual(swapsOf(c, macro.sites, 'int x = NEXT;', 'count = 5;'), []);
    assert.strictEqual(swapsOf(c, macro.sites, 'count = 5;', 'int y = LIMIT;').length, 1);
    const noisy = lines(
      'struct Noisy {',
      '    name: &\'static str,',
      '}',
      '',
      'fn pair() -> usize {',
      '    let a = Noisy { name: "a" };',
      '    let b = Noisy { name: "b" };',
      '    a.name.len() + b.name.len()',
      '}',
    );
    const withoutDrop = await sitesIn(method, 'rust', noisy);
    assert.strictEqual(withoutDrop.sites.length, 1, 'no destructor: the order of two lets is free');
    const dropping = `${noisy}\nimpl Drop for Noisy {\n    fn drop(&mut self) {\n        println!("{}", self.name);\n    }\n}\n`;
    assert.deepStrictEqual((await sitesIn(method, 'rust', dropping)).sites, [], 'drop order follows declaration order');
    const py = lines('def f(values):', '    count = 0', '    for v in values:', '        count += 1', '    total = 0', '    return count + total');
    assert.deepStrictEqual(swapsOf(py, (await sitesIn(method, 'python', py)).sites, 'for v in values:', 'total = 0'), [], 'a generator runs code');
  });

  it('moves a comment with the statement it describes', async () => {
    const c = lines(
      'int f(int a) {',
      '    // the count',
      '    int count = a;',
      '    int total = 0; // running sum',
      '    return count + total;',
      '}',
    );
    const { state, sites } = await sitesIn(method, 'c', c);
    assert.strictEqual(sites.length, 1);
    const { after } = await applyAt(method, 'c', state, 0);
    assert.ok(after.text.includes('    int total = 0; // running sum\n    // the count\n    int count = a;\n'), after.text);
  });
});
