import * as assert from 'assert';
import { LanguageId } from '../../src/core/languages/languageIds';
import type { Site } from '../../src/core/transforms/method';
import { moveAssignments } from '../../src/core/transforms/move-assignments';
import type { UnitState } from '../../src/core/unit';
import { applyAt } from '../support/harness';
import { fixtureFiles, keepsBehaviourAtSpreadSites, lines, sitesIn, sitesInFixture } from '../support/methodTests';

const FILES = fixtureFiles('move-assignments', 'billing');

const method = moveAssignments;

/** The sites in the whole fixture. */
const fixtureSites = (lang: LanguageId) => sitesInFixture(method, lang, FILES[lang]);

/** The sites of the statement that is exactly `snippet`, by kind. */
function sitesOn(text: string, sites: Site[], snippet: string): { split: Site[]; move: Site[] } {
  const start = text.indexOf(snippet);
  assert.ok(start >= 0, `the text lacks \`${snippet}\``);
  const on = sites.filter((s) => s.start === start && s.end === start + snippet.length);
  return { split: on.filter((s) => s.label.startsWith('split')), move: on.filter((s) => s.label.startsWith('move')) };
}

async function rewritten(lang: LanguageId, text: string, state: UnitState, sites: Site[], site: Site): Promise<string> {
  const { after } = await applyAt(method, lang, state, sites.indexOf(site));
  return after.text;
}

describe('move-assignments', () => {
  keepsBehaviourAtSpreadSites(method, FILES, { minSites: 4 });

  it('splits declarations in each language’s own form', async () => {
    const expect = async (lang: LanguageId, snippet: string, result: string) => {
      const { text, state, sites } = await fixtureSites(lang);
      const [site] = sitesOn(text, sites, snippet).split;
      assert.ok(site, `${lang}: \`${snippet}\` splits`);
      const after = await rewritten(lang, text, state, sites, site);
      assert.ok(after.includes(result), `${lang}: expected\n${result}\nin\n${after}`);
    };
    await expect('c', 'int subtotal = 0;', 'int subtotal;\n    subtotal = 0;\n');
    await expect('cpp', 'std::string unit = "cents";', 'std::string unit;\n    unit = "cents";\n');
    await expect('java', 'String unit = "cents";', 'String unit;\n        unit = "cents";\n');
    await expect('go', 'heaviest := int64(0)', 'var heaviest int64\n\theaviest = int64(0)\n');
    await expect('go', 'var shipping int = 500', 'var shipping int\n\tshipping = 500\n');
    await expect('go', 'unit := "cents"', 'var unit string\n\tunit = "cents"\n');
    await expect('rust', 'let mut shipping: i64 = 500;', 'let mut shipping: i64;\n    shipping = 500;\n');
    await expect('rust', 'let unit = "cents";', 'let unit;\n    unit = "cents";\n');
    await expect('javascript', "const unit = 'cents';", "let unit;\n  unit = 'cents';\n");
    await expect('typescript', "const unit: string = 'cents';", "let unit: string;\n  unit = 'cents';\n");
    await expect('typescript', 'let discount = 0;', 'let discount: number;\n  discount = 0;\n');
  });

  it('never splits what cannot be declared apart: const, final, static, auto, var, references, arrays, class types', async () => {
    const none = async (lang: LanguageId, ...snippets: string[]) => {
      const { text, sites } = await fixtureSites(lang);
      for (const snippet of snippets) assert.deepStrictEqual(sitesOn(text, sites, snippet).split, [], `${lang}: \`${snippet}\``);
    };
    await none('c', 'static int calls = 0;', 'const int cap = 2000;', 'int steps[3] = {1, 2, 3};');
    await none('cpp', 'auto scaled = fee * 2;', 'const int cap = 2000;', 'int &alias = fee;', 'std::vector<int> steps = {1, 2, 3};');
    await none('java', 'final int cap = 2000;', 'var late = daysLate * 10;', 'int[] steps = {1, 2, 3};');
    await none('javascript', 'const { low, high } = { low: fee / 2, high: fee * 2 };');
    await none('typescript', "const kind = 'late';", 'let base = fee;');
    const py = await fixtureSites('python');
    assert.ok(py.sites.every((s) => s.label.startsWith('move')), 'Python has no declarations');
  });

  it('declines splits whose type or meaning a split would lose (Go types, Rust temporaries, patterns, closures, shadowing)', async () => {
    const go = await fixtureSites('go');
    for (const snippet of ['rate := float64(fee) / 100', 'base := fee', 'late := func() int { return daysLate * 10 }']) {
      assert.deepStrictEqual(sitesOn(go.text, go.sites, snippet).split, [], snippet);
    }
    const rs = await fixtureSites('rust');
    const rustLets = [
      'let (low, high) = (fee / 2, fee * 2);',
      'let label = &make_label(days_late);',
      'let late = |d: u32| d as i64 * 10;',
      'let fee = fee + 1;',
    ];
    for (const snippet of rustLets) {
      assert.deepStrictEqual(sitesOn(rs.text, rs.sites, snippet).split, [], snippet);
    }
  });

  it('moves an assignment down to just before its first use, past unrelated statements', async () => {
    const { text, state, sites } = await fixtureSites('python');
    const [site] = sitesOn(text, sites, 'shipping = 500').move;
    assert.ok(site);
    const after = await rewritten('python', text, state, sites, site);
    assert.ok(after.includes('        discount = subtotal // 20\n    shipping = 500\n    if member or heaviest < 1000:\n'), after);
    assert.ok(!after.includes('    discount = 0\n    shipping = 500\n'));
  });

  it('declines a move past a write of what the value reads, an early exit, or a call the value could observe', async () => {
    const py = await fixtureSites('python');
    assert.deepStrictEqual(sitesOn(py.text, py.sites, 'base = fee').move, [], '`fee` is written next');
    assert.deepStrictEqual(sitesOn(py.text, py.sites, 'pending = days_late - 1').move, [], 'a return comes first');
    assert.deepStrictEqual(sitesOn(py.text, py.sites, 'charged = base + fee').move, [], 'list + list reads contents a call may change');
    const go = await fixtureSites('go');
    assert.deepStrictEqual(sitesOn(go.text, go.sites, 'base := fee').move, []);
    const c = await fixtureSites('c');
    assert.deepStrictEqual(sitesOn(c.text, c.sites, 'int base = fee;').move, [], '`fee` changes through `where`');
    const jumps = lines(
      'int f(int n) {',
      '    int x = 5;',
      '    int y = 1;',
      '    if (n > 3) {',
      '        return y;',
      '    }',
      '    return x + y;',
      '}',
    );
    assert.deepStrictEqual((await sitesIn(method, 'c', jumps)).sites.filter((s) => s.label.startsWith('move')), []);
  });

  it('declines a variable a closure captures, and statements in a try', async () => {
    const captured = lines(
      'function f(n) {',
      '  let hits = 0;',
      '  const show = () => hits;',
      '  hits = n;',
      '  const other = n + 1;',
      '  console.log(show());',
      '  return hits + other;',
      '}',
    );
    const withClosure = await sitesIn(method, 'javascript', captured);
    assert.deepStrictEqual(sitesOn(captured, withClosure.sites, 'hits = n;').move, []);
    const plain = captured.replace('  const show = () => hits;\n', '').replace('console.log(show())', 'console.log(other)');
    const without = await sitesIn(method, 'javascript', plain);
    assert.strictEqual(sitesOn(plain, without.sites, 'hits = n;').move.length, 1);
    const java = lines(
      'class T {',
      '    static int f(int[] a) {',
      '        try {',
      '            int x = 5;',
      '            int y = a[0];',
      '            return x + y;',
      '        } catch (RuntimeException e) {',
      '            return -1;',
      '        }',
      '    }',
      '}',
    );
    const { sites } = await sitesIn(method, 'java', java);
    assert.deepStrictEqual(sitesOn(java, sites, 'int x = 5;').move, [], '`a[0]` may throw first');
  });

  it('leaves no doubled blank line and keeps the leading comment with the moved statement', async () => {
    const c = lines(
      'int f(int a) {',
      '    int b = a * 2;',
      '',
      '    // the fee',
      '    int fee = 3;',
      '',
      '    b = b + 1;',
      '    return b + fee;',
      '}',
    );
    const { state, sites } = await sitesIn(method, 'c', c);
    const [site] = sitesOn(c, sites, 'int fee = 3;').move;
    assert.ok(site);
    const after = await rewritten('c', c, state, sites, site);
    const expected = lines(
      'int f(int a) {',
      '    int b = a * 2;',
      '',
      '    b = b + 1;',
      '    // the fee',
      '    int fee = 3;',
      '    return b + fee;',
      '}',
    );
    assert.strictEqual(after, expected);
  });
});
