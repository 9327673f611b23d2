import * as assert from 'assert';
import { findFunctions, functionAt } from '../../src/core/languages/functions';
import { LANGUAGE_IDS, LanguageId, languageFromPath } from '../../src/core/languages/languageIds';
import { profileOf } from '../../src/core/languages/profiles';
import { syntaxProblems } from '../../src/core/languages/syntaxErrors';
import { selectUnit } from '../../src/core/unit';
import { loader, parse } from '../support/harness';

/** Per language: a small file with a free function and a method, and the names expected. */
const SAMPLES: Record<LanguageId, { text: string; names: string[]; method: string; broken: string }> = {
  python: {
    text: 'import os\n\n@cache\ndef area(w, h):\n    return w * h\n\nclass Box:\n    def volume(self, d):\n        return area(1, 2) * d\n',
    names: ['area', 'volume'],
    method: 'volume',
    broken: 'def f(x):\n    return (x +\n',
  },
  c: {
    text: 'int area(int w, int h);\nint area(int w, int h) { return w * h; }\nstatic int *pick(int *p) { return p; }\n',
    names: ['area', 'pick'],
    method: '',
    broken: 'int f(int x) { return x + ; }\n',
  },
  cpp: {
    text: 'template <typename T> T twice(T v) { return v + v; }\nclass Box { public: int volume(int d) const { return d * 2; } };\nint Box2::depth() { return 1; }\n',
    names: ['twice', 'volume', 'depth'],
    method: 'volume',
    broken: 'int f( { return 1; }\n',
  },
  go: {
    text: 'package main\n\nfunc area(w, h int) int { return w * h }\n\ntype Box struct{}\n\nfunc (b Box) Volume(d int) int { return d }\n',
    names: ['area', 'Volume'],
    method: '',
    broken: 'package main\nfunc f( int { return 1 }\n',
  },
  rust: {
    text: 'fn area(w: i32, h: i32) -> i32 { w * h }\nstruct Box;\nimpl Box { fn volume(&self, d: i32) -> i32 { d } }\n',
    names: ['area', 'volume'],
    method: 'volume',
    broken: 'fn f(x: i32) -> i32 { x + }\n',
  },
  java: {
    text: 'class Box {\n  Box() {}\n  int volume(int d) { return d * 2; }\n  static int area(int w, int h) { return w * h; }\n}\n',
    names: ['Box', 'volume', 'area'],
    method: 'volume',
    broken: 'class A { int f( { return 1; } }\n',
  },
  javascript: {
    text: 'function area(w, h) { return w * h; }\nconst twice = (v) => v + v;\nclass Box { volume(d) { return d * 2; } }\nexport function exported() {}\n',
    names: ['area', 'twice', 'volume', 'exported'],
    method: 'volume',
    broken: 'function f(x) { return x + ; }\n',
  },
  typescript: {
    text: 'function area(w: number, h: number): number { return w * h; }\nconst twice = (v: number): number => v + v;\nclass Box { volume(d: number): number { return d * 2; } }\n',
    names: ['area', 'twice', 'volume'],
    method: 'volume',
    broken: 'function f(x: number { return x; }\n',
  },
};

describe('languages', () => {
  it('infers the language from the file extension', () => {
    assert.strictEqual(languageFromPath('a/b/c.py'), 'python');
    assert.strictEqual(languageFromPath('x.hpp'), 'cpp');
    assert.strictEqual(languageFromPath('x.mjs'), 'javascript');
    assert.strictEqual(languageFromPath('x.tsx'), undefined);
    assert.strictEqual(languageFromPath('Makefile'), undefined);
  });

  for (const lang of LANGUAGE_IDS) {
    describe(lang, () => {
      const sample = SAMPLES[lang];

      it('finds functions and methods with name, range and body', async () => {
        const tree = await parse(lang, sample.text);
        const fns = findFunctions(tree.rootNode, profileOf(lang));
        assert.deepStrictEqual(fns.map((f) => f.name), sample.names);
        for (const fn of fns) {
          assert.ok(fn.body && fn.body.startIndex >= fn.start && fn.body.endIndex <= fn.end);
          assert.ok(sample.text.slice(fn.start, fn.end).includes(fn.name));
        }
        if (sample.method) assert.ok(fns.find((f) => f.name === sample.method)?.container, 'a method knows its container');
        assert.strictEqual(fns.find((f) => f.name === sample.names[0])?.container ?? null, lang === 'java' ? fns[0].container : null);
        tree.delete();
      });

      it('finds the function enclosing a position', async () => {
        const tree = await parse(lang, sample.text);
        const fns = findFunctions(tree.rootNode, profileOf(lang));
        const last = sample.names[sample.names.length - 1];
        const offset = sample.text.lastIndexOf(last) + 1;
        assert.strictEqual(functionAt(fns, offset)?.name, last);
        const state = selectUnit(lang, tree, sample.text, { offset });
        assert.strictEqual(state.entryPoint, last);
        tree.delete();
      });

      it('reports syntax errors with line and column', async () => {
        const good = await parse(lang, sample.text);
        assert.deepStrictEqual(syntaxProblems(good.rootNode), []);
        good.delete();
        const tree = await parse(lang, sample.broken);
        const problems = syntaxProblems(tree.rootNode);
        assert.ok(problems.length > 0, 'the broken sample has a problem');
        assert.ok(problems.every((p) => p.line >= 1 && p.column >= 1 && p.line <= sample.broken.split('\n').length));
        tree.delete();
      });
    });
  }

  it('includes decorators, templates and const bindings in the function unit', async () => {
    for (const [lang, starts] of [['python', '@cache'], ['cpp', 'template'], ['javascript', 'const twice'], ['javascript', 'export function']] as const) {
      const tree = await parse(lang, SAMPLES[lang].text);
      const fns = findFunctions(tree.rootNode, profileOf(lang));
      assert.ok(fns.some((f) => SAMPLES[lang].text.slice(f.start).startsWith(starts)), `${lang}: a unit starts with ${starts}`);
      tree.delete();
    }
  });

  it('caches compiled queries', async () => {
    await loader.ready('python');
    const a = loader.querySync('python', '(identifier) @id');
    const b = loader.querySync('python', '(identifier) @id');
    assert.strictEqual(a, b);
  });

  it('names ambiguous functions and qualifies by class', async () => {
    const text = 'class A:\n    def run(self):\n        return 1\n\nclass B:\n    def run(self):\n        return 2\n';
    const tree = await parse('python', text);
    assert.throws(() => selectUnit('python', tree, text, { functionName: 'run' }), /run names 2 functions \(lines 2, 6\); qualify it, e\.g\. A\.run/);
    assert.strictEqual(selectUnit('python', tree, text, { functionName: 'B.run' }).unit.start, text.indexOf('def run', text.indexOf('class B')));
    tree.delete();
  });
});

describe('languages: Go methods', () => {
  it('are found by Receiver.Method', async () => {
    const text = 'package main\n\ntype Stack struct{ items []int }\n\nfunc (s *Stack) Push(v int) { s.items = append(s.items, v) }\n\nfunc Push(v int) {}\n';
    const tree = await parse('go', text);
    const state = selectUnit('go', tree, text, { functionName: 'Stack.Push' });
    assert.ok(text.slice(state.unit.start).startsWith('func (s *Stack) Push'));
    tree.delete();
  });
});
