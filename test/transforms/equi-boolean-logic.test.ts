import * as assert from 'assert';
import { equiBooleanLogic } from '../../src/core/transforms/equi-boolean-logic';
import { assertEquivalent } from '../support/harness';
import { fixtureFiles, keepsBehaviourAtSpreadSites, lines, rewriteSpanAt, sitesAt, sitesIn } from '../support/methodTests';

const FILES = fixtureFiles('equi-boolean-logic', 'access');

const method = equiBooleanLogic;

describe('equi-boolean-logic', () => {
  keepsBehaviourAtSpreadSites(method, FILES, {
    minSites: 8,
    functionName: 'review',
    title: 'the first, a middle and the last site keep behaviour, and every kind of rewrite is found',
    checkSites: (sites) => {
      for (const kind of ['De Morgan', 'flipped if/else', 'double negation']) {
        assert.ok(sites.some((s) => s.label.startsWith(kind)), `no ${kind} site: ${sites.map((s) => s.label).join('; ')}`);
      }
    },
  });

  it('De Morgan both ways, with exact complements for integers and parentheses where precedence needs them', async () => {
    const c = lines(
      '#include <stdio.h>',
      'int main(void) {',
      '    int a = 3, b = 5, x = 1;',
      '    double d = 0.5, e = 2.0;',
      '    int r1 = x && !(a < b && b > 4);',
      '    int r2 = a < b && d < e;',
      '    printf("%d %d\\n", r1, r2);',
      '    return 0;',
      '}',
    );
    const pushed = await rewriteSpanAt(method, 'c', c, '!(a < b && b > 4)');
    assert.ok(pushed.includes('int r1 = x && (a >= b || b <= 4);'), pushed);
    await assertEquivalent('c', c, pushed);
    const pulled = await rewriteSpanAt(method, 'c', c, 'a < b && d < e');
    // `d < e` is a double comparison: its negation stays `!(d < e)` (NaN makes `d >= e` different)
    assert.ok(pulled.includes('int r2 = !(a >= b || !(d < e));'), pulled);
    await assertEquivalent('c', c, pulled);
  });

  it('never complements an ordering in JavaScript, where every number may be NaN', async () => {
    const js = 'function check(a, b) {\n  if (!(a < b || b === 2)) console.log("neither");\n}\ncheck(NaN, 1);\ncheck(3, 1);\n';
    const out = await rewriteSpanAt(method, 'javascript', js, '!(a < b || b === 2)');
    assert.ok(out.includes('if (!(a < b) && b !== 2)'), out);
    await assertEquivalent('javascript', js, out);
  });

  it('keeps Python and JavaScript and/or whose value is an operand', async () => {
    const py = lines(
      'def pick(name, a, b):',
      '    label = name or "guest"',
      '    mixed = not (not name or b)',
      '    both = a > 0 and b > 0',
      '    first = a and b',
      '    if a and b:',
      '        return label, mixed, both, first',
      '    return None',
    );
    const { sites } = await sitesIn(method, 'python', py);
    assert.deepStrictEqual(sitesAt(py, sites, 'name or "guest"'), []);
    assert.deepStrictEqual(sitesAt(py, sites, 'a and b'), [], '`first = a and b` yields a or b');
    assert.deepStrictEqual(sitesAt(py, sites, 'not (not name or b)'), [], 'dropping `not` would yield `name` itself');
    assert.strictEqual(sitesAt(py, sites, 'a > 0 and b > 0').length, 1, 'comparisons are booleans');
    const condition = py.indexOf('if a and b') + 3;
    assert.ok(sites.some((s) => s.start === condition), 'a condition only needs the truth of and/or');
    const js = 'function f(x) {\n  const m = !!x;\n  if (!!x) return m;\n  return false;\n}\nconsole.log(f(2), f(0));\n';
    const jsSites = (await sitesIn(method, 'javascript', js)).sites;
    assert.deepStrictEqual(sitesAt(js, jsSites, '!!x'), [], '`!!x` is a coercion outside a condition');
    assert.strictEqual(jsSites.filter((s) => s.label.startsWith('double negation')).length, 1);
  });

  it('flips only an if with a plain else: else-if chains keep their order, Python elif is left alone', async () => {
    const c = lines(
      'int grade(int s) {',
      '    int g;',
      '    if (s > 90) {',
      '        g = 4;',
      '    } else if (s > 50) {',
      '        g = 2;',
      '    } else {',
      '        g = 0;',
      '    }',
      '    return g;',
      '}',
    );
    const { sites } = await sitesIn(method, 'c', c);
    const flips = sites.filter((s) => s.label.startsWith('flipped'));
    assert.strictEqual(flips.length, 1, flips.map((s) => s.label).join('; '));
    assert.strictEqual(flips[0].start, c.indexOf('if (s > 50)'), 'only the last if of the chain has a plain else');
    const py = 'def grade(s):\n    if s > 90:\n        return 4\n    elif s > 50:\n        return 2\n    else:\n        return 0\n';
    assert.deepStrictEqual((await sitesIn(method, 'python', py)).sites.filter((s) => s.label.startsWith('flipped')), []);
  });

  it('flips an if/else with its comments, negating by the complement only where exact', async () => {
    const py = lines(
      'def describe(n: int, ratio: float):',
      '    if n < 10:',
      '        # few',
      '        kind = "few"',
      '    else:',
      '        kind = "many"',
      '    if ratio < 0.5:',
      '        part = "low"',
      '    else:',
      '        part = "high"',
      '    return kind, part',
      '',
      'print(describe(3, 0.2), describe(30, float("nan")))',
    );
    const ints = await rewriteSpanAt(method, 'python', py, py.slice(py.indexOf('if n < 10'), py.indexOf('    if ratio') - 1));
    assert.ok(ints.includes('    if n >= 10:\n        kind = "many"\n    else:\n        # few\n        kind = "few"\n'), ints);
    await assertEquivalent('python', py, ints);
    const floats = await rewriteSpanAt(method, 'python', py, py.slice(py.indexOf('if ratio'), py.indexOf('    return') - 1));
    assert.ok(floats.includes('    if not ratio < 0.5:\n        part = "high"'), floats);
    await assertEquivalent('python', py, floats);
  });

  it('declines a flip whose new first branch would take a dangling else', async () => {
    const c = lines(
      'int f(int c, int d, int k) {',
      '    int y = 0;',
      '    if (c) y = 1;',
      '    else while (k--) if (d) y++;',
      '    return y;',
      '}',
    );
    const { sites } = await sitesIn(method, 'c', c);
    assert.deepStrictEqual(sites.filter((s) => s.label.startsWith('flipped')), []);
  });

  it('leaves C macros that may expand to operators, and C++ operands of class type, alone', async () => {
    const c = lines(
      '#define BOTH (a) && (b)',
      'int f(int a, int b) {',
      '    if (!BOTH) return 1;',
      '    return !(BOTH || a);',
      '}',
    );
    assert.deepStrictEqual((await sitesIn(method, 'c', c)).sites, []);
    const cpp = lines(
      'struct Flag { bool v; bool operator!() const { return v; } };',
      'bool f(Flag p, Flag q, int n) {',
      '    bool r = !(!p && n > 0);',
      '    return r && !(n < 3 && n > 1);',
      '}',
    );
    const { sites } = await sitesIn(method, 'cpp', cpp);
    assert.deepStrictEqual(sitesAt(cpp, sites, '!(!p && n > 0)'), [], '`!p` may be a user-defined operator');
    assert.strictEqual(sitesAt(cpp, sites, '!(n < 3 && n > 1)').length, 1);
  });

  it('Go, Rust and Java conditions: Rust `if let` is not flipped, the Go initialiser stays', async () => {
    const rs = 'fn f(x: Option<i32>) -> i32 {\n    if let Some(v) = x { v } else { 0 }\n}\n';
    assert.deepStrictEqual((await sitesIn(method, 'rust', rs)).sites, []);
    const go = lines(
      'package main',
      '',
      'import "fmt"',
      '',
      'func main() {',
      '\tif n := len("abc"); n > 2 {',
      '\t\tfmt.Println("long", n)',
      '\t} else {',
      '\t\tfmt.Println("short", n)',
      '\t}',
      '}',
    );
    const out = await rewriteSpanAt(method, 'go', go, go.slice(go.indexOf('if n :='), go.lastIndexOf('\t}') + 2));
    assert.ok(out.includes('if n := len("abc"); n <= 2 {\n\t\tfmt.Println("short", n)'), out);
    await assertEquivalent('go', go, out);
  });

  it('never flips an if/else whose branch does nothing (it would lead with an empty branch)', async () => {
    const js = 'function f(x) {\n  let y = 0;\n  if (x > 1) {\n    y = 1;\n  } else {\n    // nothing to do otherwise\n  }\n  return y;\n}\nconsole.log(f(2));\n';
    const { sites } = await sitesIn(method, 'javascript', js, 'f');
    assert.ok(!sites.some((s) => /^flipped/.test(s.label)), sites.map((s) => s.label).join(', '));
  });
});
