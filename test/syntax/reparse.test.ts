import * as assert from 'assert';
import { walkedRegions } from '../../src/core/syntax/nodeTable';
import { descendants } from '../../src/core/syntax/nodes';
import { reparse } from '../../src/core/syntax/reparse';
import { loader } from '../support/harness';

/**
 * A reparse carries the node table: the tree `reparse` gives copies, from the table of the tree it
 * was reparsed from, the nodes of every subtree the edit left alone (nodeTable.ts, "Inheriting"),
 * so no caller has to remember to attach it (the search once did it by hand after each step).
 */
describe('reparse', () => {
  const text = Array.from({ length: 60 }, (_, i) => `def f${i}(values):\n    total = ${i}\n    for value in values:\n        total += value\n    return total\n\n`).join('');

  it('gives the tree a fresh parse would, whose table copies what the old one walked', async () => {
    const tree = await loader.parse('python', text);
    const at = text.indexOf('total = 30');
    const edits = [{ start: at, end: at + 'total'.length, text: 'subtotal' }];
    const after = text.slice(0, at) + 'subtotal' + text.slice(at + 'total'.length);
    descendants(tree.rootNode, () => true); // the old table, walked whole
    const reparsed = reparse(loader, 'python', tree, text, edits, after);
    const fresh = loader.parseSync('python', after);
    try {
      assert.strictEqual(reparsed.rootNode.toString(), fresh.rootNode.toString());
      const nodes = descendants(reparsed.rootNode, () => true);
      assert.strictEqual(nodes.length, descendants(fresh.rootNode, () => true).length);
      const { copied } = walkedRegions(reparsed);
      assert.ok(copied > nodes.length / 2, `${copied} of ${nodes.length} nodes copied from the old table`);
    } finally {
      tree.delete();
      reparsed.delete();
      fresh.delete();
    }
  });
});
