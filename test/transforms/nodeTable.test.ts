import * as assert from 'assert';
import type { Node } from 'web-tree-sitter';
import { LANGUAGE_IDS } from '../../src/core/languages/languageIds';
import { profileOf } from '../../src/core/languages/profiles';
import { ancestor, descendants, nodesOfType } from '../../src/core/transforms/shared/nodes';
import { corpusOf, corpusText } from '../support/corpus';
import { loader } from '../support/harness';

/**
 * The per-tree node table (shared/nodes.ts) answers descendants, nodesOfType and ancestor from
 * arrays built once per tree. These compare its answers with web-tree-sitter's own walks on
 * every corpus program, so a table that drops, reorders or misparents a node fails here.
 */

/** Named nodes under `node` in source order, walked through web-tree-sitter itself. */
function walked(node: Node, prune: (n: Node) => boolean = () => false): Node[] {
  const out: Node[] = [];
  const visit = (n: Node) => {
    out.push(n);
    if (n.id !== node.id && prune(n)) return;
    for (const c of n.namedChildren) if (c) visit(c);
  };
  visit(node);
  return out;
}

const ids = (nodes: readonly Node[]) => nodes.map((n) => n.id);

const spanOf = (n: Node | null) => (n ? `${n.type} [${n.startIndex}, ${n.endIndex})` : 'none');

describe('node table', () => {
  for (const lang of LANGUAGE_IDS) {
    it(`${lang}: agrees with web-tree-sitter's walks on every corpus program`, async () => {
      const functionTypes = profileOf(lang).functionTypes;
      for (const entry of corpusOf(lang)) {
        const tree = await loader.parse(lang, corpusText(lang, entry));
        // The same text parsed again and never tabled: its nodes answer type and parent from wasm,
        // where the table's nodes answer from what the table stored on them.
        const twin = await loader.parse(lang, corpusText(lang, entry));
        try {
          const root = tree.rootNode;
          const all = walked(root);
          assert.deepStrictEqual(ids(descendants(root, () => true)), ids(all), `${entry.file}: every named node, in order`);
          const isFunction = (n: Node) => functionTypes.includes(n.type);
          assert.deepStrictEqual(
            ids(descendants(root, () => true, isFunction)),
            ids(walked(root, isFunction)),
            `${entry.file}: pruned at functions`,
          );
          for (const fn of all.filter(isFunction)) {
            // a fresh node object (not the table's) as the starting point, as callers pass
            const found = root.namedDescendantForIndex(fn.startIndex, fn.endIndex);
            const fresh = found?.id === fn.id ? found : fn;
            assert.deepStrictEqual(ids(descendants(fresh, () => true)), ids(walked(fresh)), `${entry.file}: under a function`);
          }
          const types = ['identifier', 'call_expression', 'call', ...functionTypes];
          const native = root.descendantsOfType(types).filter((n): n is Node => n !== null && n.isNamed);
          assert.deepStrictEqual(ids(nodesOfType(root, types)), ids(native), `${entry.file}: nodes of some types`);
          // the table's own node objects, which carry their type and parent, against the twin's
          const tabled = descendants(root, () => true);
          const plain = walked(twin.rootNode);
          assert.strictEqual(tabled.length, plain.length);
          tabled.forEach((n, k) => {
            const t = plain[k];
            assert.strictEqual(n.type, t.type, `${entry.file}: node ${k}`);
            // the twin's type comes from wasm: it must agree with the grammar
            assert.strictEqual(t.type, twin.language.types[t.typeId] || 'ERROR');
            assert.strictEqual(spanOf(n.parent), spanOf(t.parent), `${entry.file}: parent of a ${n.type}`);
            let expected: Node | null = null;
            for (let p = t.parent; p; p = p.parent) {
              if (functionTypes.includes(p.type)) {
                expected = p;
                break;
              }
            }
            assert.strictEqual(spanOf(ancestor(n, functionTypes)), spanOf(expected), `${entry.file}: enclosing function of a ${n.type}`);
          });
          // anonymous nodes are not in the table: asking from one still walks
          const token = root.descendantsOfType(['(']).find((n): n is Node => n !== null);
          if (token) assert.deepStrictEqual(ids(descendants(token, () => true)), [token.id]);
        } finally {
          tree.delete();
          twin.delete();
        }
      }
    });
  }
});
