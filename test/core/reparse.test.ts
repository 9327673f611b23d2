import * as assert from 'assert';
import type { Tree } from 'web-tree-sitter';
import { LANGUAGE_IDS } from '../../src/core/languages/languageIds';
import { Rng } from '../../src/core/random';
import { METHODS } from '../../src/core/transforms/registry';
import { afterRewrite } from '../../src/core/unit';
import { eachCorpusUnit } from '../support/corpus';
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
 * A search parses each candidate by editing the current tree and reparsing (reparseSync). The tree
 * it gets must be the one a fresh parse gives: every method's rewrite of every corpus program, at
 * its first site and at its all-at-once site, as a function unit and as a whole file.
 */
describe('incremental reparse', () => {
  for (const lang of LANGUAGE_IDS) {
    it(`${lang}: gives the tree a fresh parse gives after every method's rewrite`, async () => {
      let compared = 0;
      await eachCorpusUnit(lang, ({ tree, state, where: unit, context }) => {
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
    });
  }
});
