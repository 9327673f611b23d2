import * as assert from 'assert';
import type { Node } from 'web-tree-sitter';
import type { LanguageId } from '../../src/core/languages/languageIds';
import { PROFILES } from '../../src/core/languages/profiles';
import { numericType } from '../../src/core/syntax/numeric';
import { loader } from '../support/harness';

/**
 * Issue 35: each language reads numeric types in its own folder (languages/<id>/numeric.ts,
 * `expressions.numericType`). C++ shares C's reader and TypeScript JavaScript's, each with its own
 * rules: a language that inherited the other's reader through the spread of its rules would read
 * with the other's facts, which these differences catch.
 */
async function typeOf(lang: LanguageId, text: string, expression: string): Promise<string> {
  await loader.ready(lang);
  const tree = loader.parseSync(lang, text);
  try {
    const find = (n: Node): Node | null => {
      if (n.text === expression && n.namedChildCount > 0) return n;
      for (const c of n.namedChildren) {
        const found = c && find(c);
        if (found) return found;
      }
      return null;
    };
    const node = find(tree.rootNode);
    assert.ok(node, `${expression} in ${text}`);
    return JSON.stringify(numericType(lang, node));
  } finally {
    tree.delete();
  }
}

describe('numeric types read by each language\'s folder', () => {
  it('gives every language its own reader, C++ and TypeScript their own rules', () => {
    assert.notStrictEqual(PROFILES.cpp.expressions.numericType, PROFILES.c.expressions.numericType);
    assert.notStrictEqual(PROFILES.typescript.expressions.numericType, PROFILES.javascript.expressions.numericType);
  });

  it('types a comparison as C\'s int and C++\'s bool', async () => {
    const text = 'int f(int a) { return a < 2; }\n';
    assert.strictEqual(await typeOf('c', text, 'a < 2'), JSON.stringify({ family: 'int', unsigned: false, rank: 3, spelling: 'int' }));
    assert.strictEqual(await typeOf('cpp', text, 'a < 2'), JSON.stringify({ family: 'int', unsigned: true, rank: 1, spelling: 'bool' }));
  });

  it('trusts TypeScript\'s checker to keep a number a number, and follows JavaScript\'s assignments', async () => {
    const text = 'function f(s) { let n = 1; n = s; return n + 1; }\n';
    assert.strictEqual(await typeOf('typescript', text, 'n + 1'), JSON.stringify({ family: 'number', unsigned: false, rank: 0, spelling: null }));
    assert.strictEqual(await typeOf('javascript', text, 'n + 1'), 'null');
    assert.strictEqual(await typeOf('typescript', 'function f(a: number[]) { return a[0]; }\n', 'a[0]'), JSON.stringify({ family: 'number', unsigned: false, rank: 0, spelling: null }));
  });

  it('reads Python, Go, Rust and Java declarations', async () => {
    assert.strictEqual(await typeOf('python', 'x = 1\ny = x + 2\n', 'x + 2'), JSON.stringify({ family: 'int', unsigned: false, rank: 0, spelling: null }));
    assert.strictEqual(await typeOf('go', 'package main\nfunc f() int {\n\tvar n int64 = 3\n\treturn int(n + 1)\n}\n', 'n + 1'), JSON.stringify({ family: 'int', unsigned: false, rank: 0, spelling: 'int64' }));
    assert.strictEqual(await typeOf('rust', 'fn f() -> u32 { let n: u32 = 3; n * 2 }\n', 'n * 2'), JSON.stringify({ family: 'int', unsigned: true, rank: 0, spelling: 'u32' }));
    assert.strictEqual(await typeOf('java', 'class A { long f() { long n = 3; return n * 2; } }\n', 'n * 2'), JSON.stringify({ family: 'int', unsigned: false, rank: 4, spelling: 'long' }));
  });
});
