import * as assert from 'assert';
import type { Tree } from 'web-tree-sitter';
import { LANGUAGE_IDS } from '../../src/core/languages/languageIds';
import { Rng } from '../../src/core/random';
import { retokenize, retokenizeCounts } from '../../src/core/similarity/retokenize';
import { tokenize } from '../../src/core/similarity/tokens';
import { METHODS } from '../../src/core/transforms/registry';
import { afterRewrite } from '../../src/core/unit';
import { findFunctions, functionsNamed } from '../../src/core/languages/functions';
import { profileOf } from '../../src/core/languages/profiles';
import { corpusOf, corpusText, eachCorpusUnit } from '../support/corpus';
import { loader } from '../support/harness';

/** Every node (named or not) as type, span and field, in preorder. */
function shape(tree: Tree): string[] {
  const out: string[] = [];
  const cursor = tree.walk();
  for (;;) {
    out.push(`${cursor.nodeType} ${cursor.startIndex}-${cursor.endIndex} ${cursor.startPosition.row}:${cursor.startPosition.column} ${cursor.currentFieldName ?? ''}`);
    if (cursor.gotoFirstChild()) continue;
    while (!cursor.gotoNextSibling()) {
      if (!cursor.gotoParent()) {
        cursor.delete();
        return out;
      }
    }
  }
}

/**
 * A search parses each candidate by editing the current tree and reparsing (reparseSync), and
 * tokenises it by splicing the parent's tokens around the rewrite (retokenize). The tree and the
 * tokens it gets must be the ones a fresh parse gives: every method's rewrite of every corpus
 * program, at its first site and at its all-at-once site, as a function unit and as a whole file.
 */
describe('incremental reparse and tokens', () => {
  for (const lang of LANGUAGE_IDS) {
    it(`${lang}: gives the tree and the tokens a fresh parse gives after every method's rewrite`, async () => {
      let compared = 0;
      const spliced = retokenizeCounts.spliced;
      await eachCorpusUnit(lang, ({ tree, state, where: unit, context }) => {
        const old = tokenize(lang, tree, state.unit);
        for (const method of METHODS) {
          if (!method.support(lang).applicable) continue;
          const sites = method.findSites(context());
          for (const site of [sites[0], sites.find((s) => s.all)]) {
            if (!site) continue;
            const rewrite = method.apply(context(), site, new Rng(7));
            const after = afterRewrite(state, rewrite);
            const fresh = loader.parseSync(lang, after.text);
            const reparsed = loader.reparseSync(lang, tree, state.text, rewrite.edits, after.text);
            try {
              const where = `${method.id} at ${site.label} in ${unit}`;
              assert.strictEqual(reparsed.rootNode.toString(), fresh.rootNode.toString(), where);
              assert.deepStrictEqual(shape(reparsed), shape(fresh), where);
              const changed = loader.changedSpans(reparsed);
              assert.ok(changed, 'a reparsed tree has its changed ranges');
              const tokens = retokenize(lang, reparsed, after.unit, { old, oldSpan: state.unit, edits: rewrite.edits, changed });
              assert.deepStrictEqual(tokens, tokenize(lang, fresh, after.unit), `${where}: tokens`);
              compared++;
            } finally {
              fresh.delete();
              reparsed.delete();
            }
          }
        }
        // the old tree is left as it was
        assert.strictEqual(tree.rootNode.endIndex, state.text.length);
      });
      assert.ok(compared > 50, `only ${compared} rewrites compared`);
      assert.ok(retokenizeCounts.spliced - spliced > compared / 4, `tokens spliced for only ${retokenizeCounts.spliced - spliced} of ${compared} rewrites`);
    });
  }
});

/**
 * reparseSync hands tree-sitter only the part of each edit that changes something: a rename
 * that keeps a prefix or a suffix, an edit that changes nothing, a character of a surrogate pair.
 * Whatever part of an edit it keeps, the tree must be the one a fresh parse gives.
 */
describe('incremental reparse of edits that keep part of what they replace', () => {
  const text = ['def f(values):', '    total = 0', '    for value in values:', '        total += value', '    s = "a\u{1F600}b"', '    return total', ''].join('\n');
  const at = (word: string, nth = 0) => {
    let i = -1;
    for (let k = 0; k <= nth; k++) i = text.indexOf(word, i + 1);
    if (i < 0) throw new Error(`no ${word} #${nth} in the test text`);
    return i;
  };
  const replace = (word: string, nth: number, by: string) => ({ start: at(word, nth), end: at(word, nth) + word.length, text: by });
  const cases: Record<string, { start: number; end: number; text: string }[]> = {
    'a rename that keeps a prefix, at the start of an indented line': [replace('value', 1, 'value_long'), replace('value', 2, 'value_long')],
    'a rename that keeps a suffix': [replace('total', 0, 'subtotal'), replace('total', 1, 'subtotal'), replace('total', 2, 'subtotal')],
    'an edit that changes nothing, beside one that does': [replace('return', 0, 'return'), replace('0', 0, '1')],
    'a changed character that shares its high surrogate': [replace('\u{1F600}', 0, '\u{1F601}')],
    'a prefix and a suffix kept at once': [replace('values', 1, 'valXues')],
  };
  for (const [name, edits] of Object.entries(cases)) {
    it(name, async () => {
      const tree = await loader.parse('python', text);
      let after = text;
      for (const e of [...edits].sort((x, y) => y.start - x.start)) after = after.slice(0, e.start) + e.text + after.slice(e.end);
      const fresh = loader.parseSync('python', after);
      const reparsed = loader.reparseSync('python', tree, text, edits, after);
      try {
        assert.ok(!fresh.rootNode.hasError, after);
        assert.deepStrictEqual(shape(reparsed), shape(fresh));
        assert.strictEqual(tree.rootNode.text, text, 'the old tree is left as it was');
      } finally {
        tree.delete();
        fresh.delete();
        reparsed.delete();
      }
    });
  }
});

/**
 * In Python a block ends in zero-width newline and dedent tokens where the next top-level node
 * begins. A reparse that re-read the end of an edited function used to arrive there without them,
 * fail tree-sitter's check for taking up the old tree at every later top-level node, and read the
 * whole rest of the file again; reparseSync now tells tree-sitter that the edit reaches into the
 * next top-level node, which it then re-reads from its first token (grammarLoader.ts, resumable).
 */
describe('incremental reparse of a function among many', () => {
  const lang = 'python';

  /** Tokens the parser lexes while `task` runs. */
  async function lexedDuring(task: () => Tree): Promise<{ lexed: number; tree: Tree }> {
    const parser = await loader.parser(lang);
    let lexed = 0;
    parser.setLogger((message, isLex) => {
      if (!isLex && message.startsWith('lexed_lookahead')) lexed++;
    });
    try {
      const tree = task();
      return { lexed, tree };
    } finally {
      parser.setLogger(null);
    }
  }

  for (const entry of corpusOf(lang).slice(0, 4)) {
    it(`${entry.file}: a statement put first in the first of 40 copies re-reads that copy, not the ones after it`, async () => {
      const source = corpusText(lang, entry);
      const probe = await loader.parse(lang, source);
      const fn = functionsNamed(findFunctions(probe.rootNode, profileOf(lang)), entry.function)[0];
      probe.delete();
      const one = source.slice(fn.start, fn.end);
      const text = Array.from({ length: 40 }, () => one).join('\n\n');
      const tree = await loader.parse(lang, text);
      const bodyLine = text.indexOf('\n') + 1;
      const indent = /^[ \t]*/.exec(text.slice(bodyLine))![0];
      const edits = [{ start: bodyLine, end: bodyLine, text: `${indent}pass\n` }];
      const after = text.slice(0, bodyLine) + edits[0].text + text.slice(bodyLine);
      const fresh = await lexedDuring(() => loader.parseSync(lang, after));
      const reparsed = await lexedDuring(() => loader.reparseSync(lang, tree, text, edits, after));
      try {
        assert.deepStrictEqual(shape(reparsed.tree), shape(fresh.tree), 'the tree a fresh parse gives');
        assert.ok(reparsed.lexed < fresh.lexed / 4, `the reparse lexed ${reparsed.lexed} tokens, a fresh parse ${fresh.lexed}`);
      } finally {
        tree.delete();
        fresh.tree.delete();
        reparsed.tree.delete();
      }
    });
  }
});
