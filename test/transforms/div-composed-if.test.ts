import * as assert from 'assert';
import { divComposedIf } from '../../src/core/transforms/div-composed-if';
import { assertCompiles, readFixture } from '../support/harness';
import { fixtureFiles, keepsBehaviourAtSpreadSites, rewriteAt, siteStarts } from '../support/methodTests';

const FILES = fixtureFiles('div-composed-if', 'access');

const method = divComposedIf;

describe('div-composed-if', () => {
  keepsBehaviourAtSpreadSites(method, FILES, {
    minSites: 4,
    supportsAll: true,
    checkSites: (sites) => {
      assert.ok(sites.some((s) => (s.data as { kind: string }).kind === 'and'), 'a conjunction site');
      assert.ok(sites.some((s) => (s.data as { kind: string }).kind === 'or'), 'a disjunction site');
    },
  });

  it('splits `&&` into nested ifs and `||` into an else-if chain that keeps the else at its end', async () => {
    const { text } = readFixture(FILES.java);
    const nested = await rewriteAt(method, 'java', text, 'if (total > 5 &&');
    assert.ok(nested.includes('            if (total > 5) { if (!u.role().equals("guest")) total -= 2; }\n'), nested);
    const chain = await rewriteAt(method, 'java', text, 'if (d.isPublic() ||');
    const expected = [
      '        if (d.isPublic()) {',
      '            return true;',
      '        } else if (u.name().equals(d.owner())) {',
      '            return true;',
      '        } else if (!u.groups().isEmpty() && logged("groups", u.groups().contains(d.group()))) {',
    ];
    assert.ok(chain.includes(expected.join('\n')), chain);
    const multiLine = await rewriteAt(method, 'java', text, 'if (!u.groups().isEmpty() &&');
    const nestedBlock = [
      '        } else if (!u.groups().isEmpty()) {',
      '            if (logged("groups", u.groups().contains(d.group()))) {',
      '                return true;',
      '            }',
      '        }',
      '        return false;',
    ];
    assert.ok(multiLine.includes(nestedBlock.join('\n')), multiLine);
  });

  it('an operand keeps its own parentheses only where they are needed', async () => {
    const c = 'int f(int a, int b, int c) {\n    if (a && (b || c)) return 1;\n    if ((a || b) && c) return 2;\n    return 0;\n}\n';
    const first = await rewriteAt(method, 'c', c, 'if (a && (b || c))');
    assert.ok(first.includes('if (a) { if (b || c) return 1; }'), first);
    const second = await rewriteAt(method, 'c', c, 'if ((a || b) && c)');
    assert.ok(second.includes('if (a || b) { if (c) return 2; }'), second);
    const go = 'package main\n\ntype point struct{ x, y int }\n\nfunc f(p point, ok bool) int {\n\tif (p == point{1, 2} || ok) {\n\t\treturn 1\n\t}\n\treturn 0\n}\n\nfunc main() { println(f(point{}, true)) }\n';
    const after = await rewriteAt(method, 'go', go, 'if (p == point');
    assert.ok(after.includes('\tif (p == point{1, 2}) {\n\t\treturn 1\n\t} else if ok {\n\t\treturn 1\n\t}'), after);
    await assertCompiles('go', after);
    const py = 'def f(a, b):\n    if (a +\n            b > 3 and b):\n        return 1\n    return 0\n';
    const split = await rewriteAt(method, 'python', py, 'if (a +');
    assert.ok(split.includes('    if (a +\n            b > 3):\n        if b:\n            return 1\n'), split);
  });

  it('Python: `and` in the last clause of a chain nests; `or` in an elif adds an elif', async () => {
    const py = [
      'def f(a, b, c):',
      '    if c:',
      '        return 0',
      '    elif a and b:',
      '        return 1',
      '    if a or b:',
      '        return 2',
      '    elif a and c:',
      '        return 3',
      '    elif b or c:',
      '        return 4',
      '    return 5',
      '',
    ].join('\n');
    const starts = await siteStarts(method, 'python', py);
    assert.deepStrictEqual(starts, [py.indexOf('elif a and b'), py.indexOf('if a or b'), py.indexOf('elif b or c')]);
    const nested = await rewriteAt(method, 'python', py, 'elif a and b');
    assert.ok(nested.includes('    elif a:\n        if b:\n            return 1\n'), nested);
    const chain = await rewriteAt(method, 'python', py, 'elif b or c');
    assert.ok(chain.includes('    elif b:\n        return 4\n    elif c:\n        return 4\n    return 5'), chain);
  });

  it('declines `&&` with an else (T would be written twice)', async () => {
    const text = 'int f(int a, int b) {\n    if (a && b) return 1; else return 2;\n    if (a && b) { return 3; } else if (a) { return 4; }\n    return 0;\n}\n';
    assert.deepStrictEqual(await siteStarts(method, 'c', text), []);
  });

  it('declines `||` when its body cannot be written twice', async () => {
    const c = [
      'int f(int a, int b) {',
      '    if (a || b) { static int n = 0; n++; return n; }',
      '    if (a || b) { goto done; }',
      '    if (a || b) { int x = __LINE__; return x; }',
      '    return 0;',
      'done:',
      '    return 1;',
      '}',
      '',
    ].join('\n');
    assert.deepStrictEqual(await siteStarts(method, 'c', c), []);
    const py = 'total = 0\n\ndef f(a, b):\n    if a or b:\n        global total\n        total += 1\n    return total\n';
    assert.deepStrictEqual(await siteStarts(method, 'python', py), []);
    const js = 'function f(a, b) {\n  if (a || b) {\n    function g() { return 1; }\n    return g();\n  }\n  return 0;\n}\n';
    assert.deepStrictEqual(await siteStarts(method, 'javascript', js), []);
    const java = 'class A {\n    static int f(boolean a, boolean b) {\n        if (a || b) {\n            class Local {}\n            return 1;\n        }\n        return 0;\n    }\n}\n';
    assert.deepStrictEqual(await siteStarts(method, 'java', java), []);
  });

  it('declines a `||` whose unbraced body an else could not follow (unless an else follows it already)', async () => {
    const js = 'function f(a, b, c) {\n  let x = 0\n  if (a || b) x = 1\n  if (a || b) if (c) x = 2;\n  if (a || b) x = 3;\n  if (a || c) x = 4\n  else x = 5\n  return x\n}\n';
    assert.deepStrictEqual(await siteStarts(method, 'javascript', js), [js.indexOf('if (a || b) x = 3'), js.indexOf('if (a || c)')]);
    const after = await rewriteAt(method, 'javascript', js, 'if (a || c)');
    assert.ok(after.includes('  if (a) x = 4\n  else if (c) x = 4\n  else x = 5\n'), after);
  });

  it('declines conditions whose split would change a binding or a macro', async () => {
    const java = 'class A {\n    static int f(Object o, boolean b) {\n        if (o instanceof String s && s.length() > 2) return 1;\n        if (!(o instanceof Integer i) || b) return 2;\n        return 3;\n    }\n}\n';
    assert.deepStrictEqual(await siteStarts(method, 'java', java), []);
    const c = '#define BIG(x) ((x) > 10)\n#define EITHER a > 1 || b\nint f(int a, int b) {\n    if (EITHER && b > 2) return 1;\n    if (BIG(a) && b) return 2;\n    return 0;\n}\n';
    assert.deepStrictEqual(await siteStarts(method, 'c', c), [c.indexOf('if (BIG(a) && b)')]);
    const rust = 'fn f(o: Option<i32>, b: bool) -> i32 {\n    if let Some(x) = o { if x > 1 || b { return x; } }\n    0\n}\n';
    assert.deepStrictEqual(await siteStarts(method, 'rust', rust), [rust.indexOf('if x > 1 || b')]);
    const comment = 'int f(int a, int b) {\n    if (a /* first */ && b) return 1;\n    return 0;\n}\n';
    assert.deepStrictEqual(await siteStarts(method, 'c', comment), []);
  });

  it('TypeScript: declines `||` when S uses a name the condition narrows (each copy would see a narrower type)', async () => {
    const ts = [
      "function f(kind: 'a' | 'b' | 'c', n: number): string {",
      "  if (kind === 'a' || kind === 'b') {",
      "    return kind === 'b' ? 'B' : 'A';",
      '  }',
      '  if (n < 0 || n > 10) {',
      '    return `out ${n}`;',
      '  }',
      "  if (n === 3 || kind === 'c') {",
      "    return 'three';",
      '  }',
      "  return 'c';",
      '}',
      '',
    ].join('\n');
    assert.deepStrictEqual(await siteStarts(method, 'typescript', ts), [ts.indexOf('if (n < 0'), ts.indexOf('if (n === 3')]);
  });

  it('C++ and Go keep the init statement on the first if, where its names stay visible to the rest of the chain', async () => {
    const cpp = 'int f(int a) {\n    if (int y = a * 2; y > 4 || a < 0) {\n        return y;\n    }\n    return 0;\n}\nint main() { return f(3) == 6 ? 0 : 1; }\n';
    const after = await rewriteAt(method, 'cpp', cpp, 'if (int y');
    assert.ok(after.includes('    if (int y = a * 2; y > 4) {\n        return y;\n    } else if (a < 0) {\n        return y;\n    }'), after);
    await assertCompiles('cpp', after);
  });
});
