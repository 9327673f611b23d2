import * as assert from 'assert';
import type { Node, Tree } from 'web-tree-sitter';
import { LANGUAGE_IDS } from '../../src/core/languages/languageIds';
import { bindingRegistered, LeafWalk, namedChildrenOf, nodeType, walkTree } from '../../src/core/languages/wasmNodes';
import { corpusOf, corpusText } from '../support/corpus';
import { loader } from '../support/harness';

/** web-tree-sitter's own `type` getter, the one wasmNodes.ts stands in for. */
function libraryType(this: Node): string {
  return this.tree.language.types[this.typeId] || 'ERROR';
}

const shape = (n: Node) => `${n.type} [${n.startIndex}, ${n.endIndex}) ${n.startPosition.row}:${n.startPosition.column} named=${n.isNamed}`;

/**
 * wasmNodes.ts reads a node's type and named children from wasm memory itself instead of through
 * web-tree-sitter's getters. What it gives must be what the getters give: on every corpus program,
 * every named node's type, and every node's named children (ids, spans, positions, types, text),
 * each checked against web-tree-sitter asked about the same node of the same tree. The nodes it
 * makes are then asked through web-tree-sitter's own getters (end, text, children), which
 * marshal the fields it set: a wrong field gives a wrong answer there.
 */
describe('reading nodes from wasm memory', () => {
  before(async () => {
    await loader.ready('python');
  });

  it('is the path in use: the binding is registered once a grammar is loaded', () => {
    assert.ok(bindingRegistered(), 'the GrammarLoader registers the module Parser.init filled in');
  });

  /** A program no grammar parses cleanly: ERROR and MISSING nodes, which the walk meets in a user's half-typed code. */
  const BROKEN = { file: 'a broken program', function: '', features: [] };
  const BROKEN_TEXT = 'int f(x { return (1 + ; }\nclass { def\n  "unterminated\n';

  for (const lang of LANGUAGE_IDS) {
    it(`${lang}: types and named children are web-tree-sitter's, for every named node of every corpus program and a broken one`, async () => {
      let checked = 0;
      let errors = 0;
      for (const entry of [...corpusOf(lang), BROKEN]) {
        const text = entry === BROKEN ? BROKEN_TEXT : corpusText(lang, entry);
        const tree = await loader.parse(lang, text);
        const twin = await loader.parse(lang, text);
        try {
          const pending: [Node, Node][] = [[tree.rootNode, twin.rootNode]];
          while (pending.length > 0) {
            const [node, other] = pending.pop()!;
            const where = `${entry.file}: ${shape(other)}`;
            assert.strictEqual(nodeType(node, libraryType), libraryType.call(node), `${where}: type`);
            // the same node asked through web-tree-sitter: a new object for each child
            const expected: Node[] = [];
            for (let i = 0; i < node.namedChildCount; i++) expected.push(node.namedChild(i)!);
            const fast = namedChildrenOf(node);
            assert.strictEqual(node.namedChildren, fast, `${where}: cached where web-tree-sitter caches named children`);
            assert.deepStrictEqual(
              fast.map((c) => c && c.id),
              expected.map((c) => c.id),
              `${where}: named children`,
            );
            const others = other.namedChildren;
            fast.forEach((c, k) => {
              assert.ok(c, `${where}: child ${k}`);
              assert.strictEqual(Object.getPrototypeOf(c), Object.getPrototypeOf(node), 'a Node like the others');
              assert.strictEqual(shape(c), shape(expected[k]), `${where}: child ${k}`);
              assert.strictEqual(shape(c), shape(others[k]!), `${where}: child ${k} against a second parse`);
              assert.strictEqual(c.text, others[k]!.text, `${where}: text of child ${k}`);
              assert.strictEqual(c.childCount, others[k]!.childCount, `${where}: children of child ${k}`);
              assert.strictEqual(c.tree, node.tree);
              pending.push([c, others[k]!]);
            });
            checked++;
            if (node.type === 'ERROR' || node.isMissing) errors++;
          }
        } finally {
          tree.delete();
          twin.delete();
        }
      }
      assert.ok(checked > 100, `only ${checked} nodes checked`);
      assert.ok(errors > 0, 'the broken program has ERROR or MISSING nodes');
    });
  }

  /** Every node a cursor visits in preorder, with what tokenising asks of it. */
  function visits(tree: Tree, cursor: LeafWalk): string[] {
    const out: string[] = [];
    try {
      for (;;) {
        out.push(`${cursor.nodeTypeId} ${cursor.nodeType} named=${cursor.nodeIsNamed} [${cursor.startIndex}, ${cursor.endIndex})`);
        if (cursor.gotoFirstChild()) continue;
        while (!cursor.gotoNextSibling()) if (!cursor.gotoParent()) return out;
      }
    } finally {
      cursor.delete();
    }
  }

  for (const lang of LANGUAGE_IDS) {
    it(`${lang}: a cursor kept in the transfer buffer visits what TreeCursor visits, on every corpus program`, async () => {
      for (const entry of corpusOf(lang)) {
        const tree = await loader.parse(lang, corpusText(lang, entry));
        try {
          const fast = walkTree(tree);
          assert.ok(!('currentNode' in fast), 'the buffered cursor, not a TreeCursor');
          const seen = visits(tree, fast);
          assert.deepStrictEqual(seen, visits(tree, tree.walk()), entry.file);
          assert.ok(seen.length > 50, `${entry.file}: only ${seen.length} nodes`);
          // a deleted cursor frees its stack once: walking and deleting many in a row stays sound
          for (let k = 0; k < 20; k++) visits(tree, walkTree(tree));
          assert.strictEqual(visits(tree, walkTree(tree)).length, seen.length);
        } finally {
          tree.delete();
        }
      }
    });
  }

  it('falls back to web-tree-sitter for a node whose named children are cached already', async () => {
    const tree = await loader.parse('python', 'def f(x):\n    return x + 1\n');
    try {
      const root = tree.rootNode;
      const cached = root.namedChildren;
      assert.strictEqual(namedChildrenOf(root), cached);
    } finally {
      tree.delete();
    }
  });
});
