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

/** web-tree-sitter's own parent, asked of wasm: the table's nodes carry theirs as a plain property. */
function wasmParent(n: Node): Node | null {
  return Object.getOwnPropertyDescriptor(Object.getPrototypeOf(n), 'parent')!.get!.call(n);
}

describe('node table', () => {
  for (const lang of LANGUAGE_IDS) {
    it(`${lang}: agrees with web-tree-sitter's walks on every corpus program`, async () => {
      const functionTypes = profileOf(lang).functionTypes;
      for (const entry of corpusOf(lang)) {
        const tree = await loader.parse(lang, corpusText(lang, entry));
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
            const fresh = wasmParent(fn)!.namedChildren.find((c) => c?.id === fn.id) ?? fn;
            assert.deepStrictEqual(ids(descendants(fresh, () => true)), ids(walked(fresh)), `${entry.file}: under a function`);
          }
          const types = ['identifier', 'call_expression', 'call', ...functionTypes];
          const native = root.descendantsOfType(types).filter((n): n is Node => n !== null && n.isNamed);
          assert.deepStrictEqual(ids(nodesOfType(root, types)), ids(native), `${entry.file}: nodes of some types`);
          // the table's own node objects, which carry type and parent as plain properties
          for (const n of descendants(root, () => true)) {
            // the table carries each node's type in place of web-tree-sitter's getter: it must agree with the grammar
            assert.strictEqual(n.type, tree.language.types[n.typeId] || 'ERROR');
            assert.strictEqual(n.parent?.id, wasmParent(n)?.id, `${entry.file}: parent of a ${n.type}`);
            let expected: Node | null = null;
            for (let p = wasmParent(n); p; p = wasmParent(p)) {
              if (functionTypes.includes(p.type)) {
                expected = p;
                break;
              }
            }
            assert.strictEqual(ancestor(n, functionTypes)?.id, expected?.id, `${entry.file}: enclosing function of a ${n.type}`);
          }
          // anonymous nodes are not in the table: asking from one still walks
          const token = root.descendantsOfType(['(']).find((n): n is Node => n !== null);
          if (token) assert.deepStrictEqual(ids(descendants(token, () => true)), [token.id]);
        } finally {
          tree.delete();
        }
      }
    });
  }
});
