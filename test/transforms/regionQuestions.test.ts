import * as assert from 'assert';
import type { LanguageId } from '../../src/core/languages/languageIds';
import { selectUnit } from '../../src/core/unit';
import { UnitContext } from '../../src/core/syntax/context';
import type { Method } from '../../src/core/transforms/method';
import { checkArguments } from '../../src/core/transforms/check-arguments';
import { extractIf } from '../../src/core/transforms/extract-if';
import { forWhile } from '../../src/core/transforms/for-while';
import { variableRename } from '../../src/core/transforms/variable-rename';
import { factTest, setRegionChars, walkedRegions } from '../../src/core/syntax/nodeTable';
import { notOnlyCalled } from '../../src/core/languages/python/calledOnly';
import { hasErrorIn } from '../../src/core/syntax/nodes';
import { Rng } from '../../src/core/random';
import { loader } from '../support/harness';

/**
 * The site searches of a function at the top of a large file read only the parts of the file that
 * can answer their questions about the rest of it (bench/in-file.ts): here the file's other
 * functions all use the name a search asks about, and none declares it, so none is walked into the
 * node table. A walk of the whole file made each step of a 5 MB file cost more than its parse.
 */
async function searchFirst(lang: LanguageId, method: Method, first: string, filler: (k: number) => string, copies = 60) {
  const text = [first, ...Array.from({ length: copies }, (_, k) => filler(k))].join('\n');
  const tree = await loader.parse(lang, text);
  try {
    const state = selectUnit(lang, tree, text, { functionName: 'first' });
    const ctx = new UnitContext({ lang, source: text, tree, unit: state.unit, unitKind: state.unitKind, entryPoint: state.entryPoint, loader });
    const sites = method.findSites(ctx);
    return { sites: sites.map((s) => s.label), ...walkedRegions(tree) };
  } finally {
    tree.delete();
  }
}

function assertFew(found: { regions: number; walked: number }, copies = 60): void {
  assert.ok(found.regions > copies, `${found.regions} regions`);
  assert.ok(found.walked <= 3, `walked ${found.walked} of ${found.regions} regions`);
}

describe('site searches in a large file', () => {
  it('for-while: whether a loop bound is declared global reads only the functions naming it', async () => {
    const found = await searchFirst(
      'python',
      forWhile,
      'def first(stop):\n    total = 0\n    for i in range(stop):\n        total += i\n    return total\n',
      (k) => `def other_${k}(stop):\n    return stop + ${k}\n`,
    );
    assert.ok(found.sites.length > 0, 'the for loop is a site');
    assertFew(found);
  });

  it('extract-if: whether a condition calls a wrapper reads only the functions so named', async () => {
    const found = await searchFirst(
      'python',
      extractIf,
      'def first(x):\n    if is_ok(x):\n        return 1\n    return 0\n',
      (k) => `def other_${k}(is_ok):\n    return is_ok(${k}) + 1\n`,
    );
    assert.ok(found.sites.length > 0, 'the condition is a site');
    assertFew(found);
  });

  it('check-arguments (Go): whether a parameter type holds nil reads only the declarations naming it', async () => {
    const found = await searchFirst(
      'go',
      checkArguments,
      'package main\n\ntype Tree *int\n\nfunc first(t Tree) int {\n\tif t == nil {\n\t\treturn 0\n\t}\n\treturn *t\n}\n',
      (k) => `func other${k}(t Tree) Tree {\n\treturn t\n}\n`,
    );
    assertFew(found);
  });
});

/**
 * Whether a Python parameter may be renamed asks the whole file whether any caller names it (a
 * keyword argument, a string of the name) and whether a function has its name. In a file of
 * functions that all use the name, only those where the name is followed by `=`, quoted or after
 * `def` are read (walkedRegions' `read`); before, every region holding the word was read natively,
 * which was most of the first step's time in a 5 MB file (bench:in-file).
 */
describe('variable-rename in a large Python file', () => {
  const first = 'def first(limit):\n    result = limit + 1\n    return result\n';
  const renamed = (sites: string[]) => sites.some((s) => s === 'rename `limit`');

  it('reads only the regions where the name may be a keyword argument, a string or a function', async () => {
    const found = await searchFirst('python', variableRename, first, (k) => `def other_${k}(limit):\n    return first(limit) + limit * ${k} == limit\n`);
    assert.ok(renamed(found.sites), found.sites.join(', '));
    assertFew(found);
    assert.ok(found.read <= 3, `read ${found.read} regions natively`);
  });

  for (const [what, caller] of [
    ['a keyword argument split by a comment and a line break', 'def caller():\n    return first(limit  # the bound\n        = 3)\n'],
    ['a keyword argument after a backslash', 'def caller():\n    return first(limit \\\n= 3)\n'],
    ['a string of the name', "def caller():\n    return first(**{'limit': 3})\n"],
  ] as const) {
    it(`still keeps a parameter a caller passes by name: ${what}`, async () => {
      const found = await searchFirst('python', variableRename, first, (k) => (k === 30 ? caller : `def other_${k}(limit):\n    return limit + ${k}\n`));
      assert.ok(!renamed(found.sites), found.sites.join(', '));
    });
  }

  it('does not read the regions that assign the name, which a keyword argument cannot be', async () => {
    const found = await searchFirst('python', variableRename, first, (k) => `def other_${k}(values):\n    limit = values[${k}]\n    return limit\n`);
    assert.ok(renamed(found.sites), found.sites.join(', '));
    assert.ok(found.read <= 3, `read ${found.read} regions natively`);
  });

  it('still keeps a parameter passed by name after a comma and a comment', async () => {
    const found = await searchFirst('python', variableRename, first, (k) =>
      k === 30 ? 'def caller():\n    return first(1,  # the bound\n        limit=3)\n' : `def other_${k}(values):\n    limit = values[${k}]\n    return limit\n`,
    );
    assert.ok(!renamed(found.sites), found.sites.join(', '));
  });

  it('still keeps a parameter passed by name where the argument list is split into regions', async () => {
    // regions of a few characters: the keyword argument is a region of its own, without its bracket or comma
    const old = setRegionChars(8);
    try {
      const found = await searchFirst('python', variableRename, first, (k) => (k === 30 ? 'def caller():\n    return first(limit=3, other=4)\n' : `def other_${k}(x):\n    return x + ${k}\n`));
      assert.ok(!renamed(found.sites), found.sites.join(', '));
    } finally {
      setRegionChars(old);
    }
  });

  it('still keeps a local named as a function of the file, defined after a backslash', async () => {
    const found = await searchFirst('python', variableRename, first, (k) => (k === 30 ? 'def \\\n    result(x):\n    return x\n' : `def other_${k}(result):\n    return result + ${k}\n`));
    assert.ok(!found.sites.includes('rename `result`'), found.sites.join(', '));
    assert.ok(renamed(found.sites), found.sites.join(', '));
  });
});

/**
 * Whether a Python builtin is ever rebound (for-while's `range` loops, the int-valued `len`) asks
 * the whole file about the name; a region whose every occurrence of it is a plain call holds no
 * answer, and its text says so (languages/python/calledOnly.ts): in a large file, where nearly every
 * function calls `range` or `len`, reading each such region natively was a tenth of a second.
 */
describe('whole-file questions about a Python builtin', () => {
  const keeps = async (text: string) => {
    const tree = await loader.parse('python', text);
    try {
      return notOnlyCalled('range', { factTest, hasErrorIn })(text, tree.rootNode);
    } finally {
      tree.delete();
    }
  };

  it('pass over a region that only calls the name', async () => {
    for (const text of [
      'def f(xs):\n    for i in range(len(xs)):\n        print(i, list(range (3)), [range(2)])\n    return not range(1) or x if range(2) else -range(3)\n',
    ]) {
      assert.strictEqual(await keeps(text), false, text);
    }
  });

  it('read a region with any other occurrence, a match statement or a syntax error', async () => {
    for (const text of [
      'def f():\n    range = 3\n    return range(2)\n',
      'def f(range):\n    return 1\n',
      'def range(n):\n    return n\n',
      'def f(x):\n    return x.range(3)\n',
      'def f(x):\n    return (x.\n        range(3))\n',
      'def f(x):\n    return x.  range(3)\n',
      'from m import range\n',
      'def f(x):\n    match x:\n        case [range()]:\n            return 1\n',
      'def f(x):\n    return range(3) +\n',
      'def f(x):\n    y = \\\n        range(3)\n',
      'range(3)\n',
    ]) {
      assert.strictEqual(await keeps(text), true, text);
    }
  });

  it('for-while reads no region that only calls range, and still sees range rebound', async () => {
    const first = 'def first(stop):\n    total = 0\n    for i in range(stop):\n        total += i\n    return total\n';
    const calls = (k: number) => `def other_${k}(xs):\n    for i in range(len(xs)):\n        print(range(i))\n    return ${k}\n`;
    const found = await searchFirst('python', forWhile, first, calls);
    assert.ok(found.sites.length > 0, 'the for loop is a site');
    assert.ok(found.read <= 3, `read ${found.read} regions natively`);
    // rebound, `range` may not be a range: the loop steps through an iterator instead of counting
    const rewritten = async (filler: (k: number) => string) => {
      const text = [first, ...Array.from({ length: 60 }, (_, k) => filler(k))].join('\n');
      const tree = await loader.parse('python', text);
      try {
        const state = selectUnit('python', tree, text, { functionName: 'first' });
        const ctx = new UnitContext({ lang: 'python', source: text, tree, unit: state.unit, unitKind: state.unitKind, entryPoint: state.entryPoint, loader });
        const [site] = forWhile.findSites(ctx);
        return forWhile.apply(ctx, site, new Rng(1)).edits.map((e) => e.text).join('');
      } finally {
        tree.delete();
      }
    };
    assert.match(await rewritten(calls), /i \+= 1/);
    const rebound = await rewritten((k) => (k === 30 ? 'def caller(xs):\n    global range\n    range = list\n' : calls(k)));
    assert.doesNotMatch(rebound, /i \+= 1/);
    assert.match(rebound, /next\(/);
  });
});

/**
 * Whether a C local's type is declared inside a function (a helper outside it could not name it)
 * is asked of every word of the type. The regions holding a word and a type keyword are read
 * natively once for all words (their types defined in functions are a fact about them): a question
 * per word read the same regions again for `int` after `const`, and in a 5 MB C file nearly every
 * region holds both (bench:in-file).
 */
describe('extract-if in a large C file', () => {
  const first = 'int first(int x) {\n    const int limit = x * 2;\n    if (limit > 10 && x < 3) {\n        return 1;\n    }\n    return 0;\n}\n';
  const other = (k: number) => `int other_${k}(int v) {\n    struct pair { int a; } p;\n    const int w = v;\n    p.a = w;\n    return p.a + ${k};\n}\n`;

  it('reads the regions holding the type words once, not once per word', async () => {
    const found = await searchFirst('c', extractIf, first, other);
    assert.ok(found.sites.length > 0, 'the condition is a site');
    assert.ok(found.read <= 60 + 3, `read ${found.read} regions natively for 60 functions`);
  });

  it('still finds a type declared inside another function', async () => {
    const local = (k: number) => (k === 7 ? 'int other_7(void) {\n    typedef int limit_t;\n    limit_t z = 1;\n    return z;\n}\n' : other(k));
    const withLocal = first.replace('const int limit', 'const limit_t limit');
    const plain = await searchFirst('c', extractIf, first, other);
    const found = await searchFirst('c', extractIf, withLocal, local);
    // a helper cannot take `limit` when its type is only declared inside other_7: no site passes it
    assert.notDeepStrictEqual(found.sites, plain.sites);
  });
});
