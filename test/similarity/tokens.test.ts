import * as assert from 'assert';
import type { LanguageId } from '../../src/core/languages/languageIds';
import { ID_KIND, kindName, LIT_KIND, tokenize } from '../../src/core/similarity/tokens';
import { LANGUAGE_IDS } from '../../src/core/languages/languageIds';
import { Rng } from '../../src/core/random';
import { corpusOf, corpusText } from '../support/corpus';
import { loader, parse } from '../support/harness';

/** The readable kinds of a snippet's tokens (optionally of `part` of it only). */
async function kindsOf(lang: LanguageId, text: string, part?: string): Promise<string[]> {
  const tree = await parse(lang, text);
  try {
    const start = part === undefined ? 0 : text.indexOf(part);
    assert.ok(start >= 0, `no ${part} in the snippet`);
    const span = part === undefined ? undefined : { start, end: start + part.length };
    const stream = tokenize(lang, tree, span);
    assert.strictEqual(stream.kinds.length, stream.starts.length);
    return [...stream.kinds].map((k) => kindName(tree.language, k));
  } finally {
    tree.delete();
  }
}

describe('similarity tokens', () => {
  it('reduces identifiers of every sort to ID and literals to LIT, keeping keywords and operators', async () => {
    assert.deepStrictEqual(await kindsOf('javascript', 'if (a.b >= 10) { c = "x"; }'), [
      'if', '(', 'ID', '.', 'ID', '>=', 'LIT', ')', '{', 'ID', '=', 'LIT', ';', '}',
    ]);
    assert.deepStrictEqual(await kindsOf('go', 'package p\nfunc f(o T) { o.F = nil }\n'), [
      'package', 'ID', 'func', 'ID', '(', 'ID', 'ID', ')', '{', 'ID', '.', 'ID', '=', 'LIT', '}',
    ]);
    assert.deepStrictEqual(await kindsOf('c', 'void f(struct s *p) { p->n = true; }'), [
      'primitive_type', 'ID', '(', 'struct', 'ID', '*', 'ID', ')', '{', 'ID', '->', 'ID', '=', 'LIT', ';', '}',
    ]);
  });

  it('counts a string as one LIT however the grammar splits it, and tokenises code inside it', async () => {
    assert.deepStrictEqual(await kindsOf('python', 'x = "a\\n" f"n={n + 1}!"\n'), [
      'ID', '=', 'LIT', '{', 'ID', '+', 'LIT', '}',
    ]);
    assert.deepStrictEqual(await kindsOf('typescript', 'const s = `a ${b} c` + \'d\\t\';'), [
      'const', 'ID', '=', 'LIT', '${', 'ID', '}', '+', 'LIT', ';',
    ]);
    assert.deepStrictEqual(await kindsOf('rust', 'fn f() { let c = \'c\'; let s = r#"raw"#; let b = false; }'), [
      'fn', 'ID', '(', ')', '{', 'let', 'ID', '=', 'LIT', ';', 'let', 'ID', '=', 'LIT', ';', 'let', 'ID', '=', 'LIT', ';', '}',
    ]);
    assert.deepStrictEqual(await kindsOf('java', 'class A { Object f() { return null; } }', 'return null;'), ['return', 'LIT', ';']);
    assert.deepStrictEqual(await kindsOf('cpp', 'auto p = nullptr; auto s = "a" "b";'), [
      'auto', 'ID', '=', 'LIT', ';', 'auto', 'ID', '=', 'LIT', ';',
    ]);
  });

  it('keeps real structure that only looks like a literal', async () => {
    // Go's composite and function literals are code, not constants.
    assert.deepStrictEqual(await kindsOf('go', 'package p\nvar v = T{A: 1}\n', 'T{A: 1}'), ['ID', '{', 'ID', ':', 'LIT', '}']);
  });

  it('drops comments of every style, and Python line joins', async () => {
    const plain = await kindsOf('rust', 'fn f() -> i32 { 1 }');
    assert.deepStrictEqual(await kindsOf('rust', '/// doc\nfn f() /* b */ -> i32 { // c\n 1 }'), plain);
    assert.deepStrictEqual(await kindsOf('python', 'y = a + \\\n    b  # sum\n'), await kindsOf('python', 'y = a + b\n'));
  });

  it('takes only the tokens that start inside the span', async () => {
    const text = 'function f(a) { return a + 1; }\nfunction g(b) { return b * 2; }\n';
    assert.deepStrictEqual(await kindsOf('javascript', text, 'return b * 2;'), ['return', 'ID', '*', 'LIT', ';']);
  });

  it('keeps a stream in one buffer: its kinds, then its starts (one allocation per tokenisation)', async () => {
    // a typed array over 64 bytes has a backing store of its own outside the heap, which costs a
    // small record (a CodeCrash perturbation of a CRUXEval function) more than tokenising a few leaves
    const text = 'def f(text):\n    result = 0\n    for ch in text:\n        result += ord(ch) * 2\n    return result\n';
    const tree = await parse('python', text);
    try {
      const stream = tokenize('python', tree);
      assert.ok(stream.kinds.length > 16, 'a stream long enough to leave the heap');
      assert.strictEqual(stream.kinds.buffer, stream.starts.buffer);
      assert.strictEqual(stream.starts.byteOffset, stream.kinds.byteLength);
      assert.strictEqual(stream.starts[0], 0);
      assert.strictEqual(stream.starts[stream.starts.length - 1], text.indexOf('result\n', text.indexOf('return')));
    } finally {
      tree.delete();
    }
  });

  it('leaves the caller\'s tree alone and gives the same kinds for every parse', async () => {
    const text = 'def f(x):\n    return x + 1\n';
    const trees = [await parse('python', text), await loader.parse('python', text)];
    try {
      const first = tokenize('python', trees[0]);
      assert.deepStrictEqual(tokenize('python', trees[0]), first);
      assert.deepStrictEqual(tokenize('python', trees[1]), first);
      assert.strictEqual(trees[0].rootNode.type, 'module');
      assert.ok(first.kinds.includes(ID_KIND) && first.kinds.includes(LIT_KIND));
      assert.deepStrictEqual([...first.starts].map((s) => text[s]), ['d', 'f', '(', 'x', ')', ':', 'r', 'x', '+', '1']);
    } finally {
      for (const tree of trees) tree.delete();
    }
  });

  // tokenize skips the offsets of nodes wholly inside the span: a span must still give exactly the
  // whole file's tokens that start in it, wherever its ends fall (inside a token, a literal, a comment)
  for (const lang of LANGUAGE_IDS) {
    it(`${lang}: a span's tokens are the whole file's tokens that start in it, for spans anywhere`, async () => {
      const rng = new Rng(5);
      for (const entry of corpusOf(lang)) {
        const text = corpusText(lang, entry);
        const tree = await parse(lang, text);
        try {
          const whole = tokenize(lang, tree);
          const spans = [{ start: 0, end: text.length }];
          for (let k = 0; k < 12; k++) {
            const a = rng.int(text.length + 1);
            const b = rng.int(text.length + 1);
            spans.push({ start: Math.min(a, b), end: Math.max(a, b) });
          }
          for (const span of spans) {
            const got = tokenize(lang, tree, span);
            const picked = [...whole.starts.keys()].filter((i) => whole.starts[i] >= span.start && whole.starts[i] < span.end);
            const where = `${entry.file} [${span.start}, ${span.end})`;
            assert.deepStrictEqual([...got.starts], picked.map((i) => whole.starts[i]), where);
            assert.deepStrictEqual([...got.kinds], picked.map((i) => whole.kinds[i]), where);
          }
        } finally {
          tree.delete();
        }
      }
    });
  }
});
