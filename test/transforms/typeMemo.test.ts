import * as assert from 'assert';
import type { Node, Tree } from 'web-tree-sitter';
import { LANGUAGE_IDS, LanguageId } from '../../src/core/languages/languageIds';
import { Rng } from '../../src/core/random';
import { UnitContext } from '../../src/core/syntax/context';
import { goExpressionType } from '../../src/core/languages/go/expressionTypes';
import { TYPE_QUERIES } from '../../src/core/syntax/declarations';
import { numericType } from '../../src/core/syntax/numeric';
import { selectUnit } from '../../src/core/unit';
import { corpusOf, corpusText } from '../support/corpus';
import { loader } from '../support/harness';

/**
 * The type questions about a name (numeric.ts, Go's goExpressionType) are remembered per tree by
 * the name and the scope whose declarations decide them, not by the occurrence asked about. That
 * holds only if no answer depends on where in the scope the name is read: asked on one tree in a
 * random order, every answer must be what a fresh tree gives for that occurrence alone.
 */

/** Identifiers and the expressions sites type, in source order (the same on every parse of a text). */
function operands(root: Node): Node[] {
  const out: Node[] = [];
  const visit = (n: Node) => {
    if (n.type === 'identifier' || n.type.startsWith('binary') || n.type === 'unary_expression') out.push(n);
    for (const c of n.namedChildren) if (c) visit(c);
  };
  visit(root);
  return out;
}

function answers(lang: LanguageId, text: string, tree: Tree, node: Node): string {
  const state = selectUnit(lang, tree, text, {});
  const ctx = new UnitContext({ lang, source: text, tree, unit: state.unit, unitKind: state.unitKind, entryPoint: state.entryPoint, loader });
  return JSON.stringify([numericType(lang, node), lang === 'go' ? goExpressionType(ctx, node, TYPE_QUERIES) : null]);
}

describe('type questions remembered per name and scope', () => {
  for (const lang of LANGUAGE_IDS) {
    it(`${lang}: asked on one tree in any order, each answer is a fresh tree's for that occurrence`, async () => {
      await loader.ready(lang);
      const rng = new Rng(5);
      let typed = 0;
      let compared = 0;
      for (const entry of corpusOf(lang)) {
        const text = corpusText(lang, entry);
        const shared = loader.parseSync(lang, text);
        try {
          const nodes = operands(shared.rootNode);
          const warm = new Map<number, string>();
          for (const k of rng.shuffle([...nodes.keys()])) warm.set(k, answers(lang, text, shared, nodes[k]));
          for (const k of rng.shuffle([...nodes.keys()]).slice(0, 40)) {
            const fresh = loader.parseSync(lang, text);
            try {
              const cold = answers(lang, text, fresh, operands(fresh.rootNode)[k]);
              assert.strictEqual(warm.get(k), cold, `${entry.file}: \`${nodes[k].text}\` at ${nodes[k].startIndex}`);
              compared++;
              if (!cold.startsWith('[null')) typed++;
            } finally {
              fresh.delete();
            }
          }
        } finally {
          shared.delete();
        }
      }
      assert.ok(compared > 100, `${compared} occurrences compared`);
      assert.ok(typed > 10, `only ${typed} of them typed: the comparison says little`);
    });
  }
});
