import * as assert from 'assert';
import { walkedRegions } from '../../src/core/syntax/nodeTable';
import { descendants, identifiersNamed, identifiersWhere } from '../../src/core/syntax/nodes';
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

/**
 * A whole-file question about a name on a reparsed tree tests only the regions holding the name
 * and the regions the edit reached (nodeTable.ts, "Holding words"): it tested every region of the
 * file on every step, some 7,000 per question in a 5 MB Python file. The answers are a fresh
 * parse's.
 */
describe('whole-file questions after a reparse', () => {
  const text = Array.from({ length: 60 }, (_, i) => `def f${i}(values):\n    total = ${i}\n    for value in values:\n        total += value\n    return total\n\n`).join('');
  const spans = (nodes: { startIndex: number; endIndex: number }[]) => nodes.map((n) => `${n.startIndex}-${n.endIndex}`);

  it('test only the regions holding the name and those the edit reached', async () => {
    const tree = await loader.parse('python', text);
    const at = text.indexOf('total = 30');
    const edits = [{ start: at, end: at + 'total'.length, text: 'subtotal' }];
    const after = text.slice(0, at) + 'subtotal' + text.slice(at + 'total'.length);
    identifiersNamed(tree.rootNode, 'f7'); // asked of the old tree: the new one takes its holders
    identifiersWhere(tree.rootNode, 'values', 'test any', () => true);
    const reparsed = reparse(loader, 'python', tree, text, edits, after);
    const fresh = loader.parseSync('python', after);
    try {
      const { regions } = walkedRegions(reparsed);
      assert.ok(regions >= 60, `${regions} regions`);
      assert.deepStrictEqual(spans(identifiersNamed(reparsed.rootNode, 'f7')), spans(identifiersNamed(fresh.rootNode, 'f7')));
      const named = walkedRegions(reparsed).tested;
      assert.ok(named <= 3, `tested ${named} of ${regions} regions for f7`);
      // a name every function holds: every region answers, as a fresh parse's do
      const values = identifiersWhere(reparsed.rootNode, 'values', 'test any', () => true);
      assert.deepStrictEqual(spans(values), spans(identifiersWhere(fresh.rootNode, 'values', 'test any', () => true)));
      assert.strictEqual(values.length, 120);
      // a name asked of no earlier tree: every region is tested once to list its holders
      assert.deepStrictEqual(spans(identifiersNamed(reparsed.rootNode, 'subtotal')), spans(identifiersNamed(fresh.rootNode, 'subtotal')));
    } finally {
      tree.delete();
      reparsed.delete();
      fresh.delete();
    }
  });
});
