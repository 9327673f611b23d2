import * as assert from 'assert';
import { Attached } from '../../src/core/attached';
import { nodesOfType } from '../../src/core/syntax/nodeTable';
import { loader } from '../support/harness';

describe('Attached: a cache slot kept on its owner', () => {
  it('answers per owner and per slot, and is invisible to keys and JSON', () => {
    const first = new Attached<object, number>('first');
    const second = new Attached<object, number>('second');
    const a = { name: 'a' };
    const b = { name: 'b' };
    assert.strictEqual(first.get(a), undefined);
    first.set(a, 1);
    second.set(a, 2);
    first.set(b, 3);
    assert.deepStrictEqual([first.get(a), second.get(a), first.get(b), second.get(b)], [1, 2, 3, undefined]);
    first.set(a, 4);
    assert.strictEqual(first.get(a), 4);
    assert.deepStrictEqual(Object.keys(a), ['name']);
    assert.strictEqual(JSON.stringify(a), '{"name":"a"}');
  });

  it("keeps each tree's node table apart: two trees of one parser answer with their own nodes", async () => {
    await loader.ready('python');
    const one = loader.parseSync('python', 'def f(a):\n    return a\n');
    const two = loader.parseSync('python', 'def g(x, y):\n    return x + y\n');
    try {
      const names = (tree: typeof one) => nodesOfType(tree.rootNode, ['identifier']).map((n) => n.text);
      assert.deepStrictEqual(names(one), ['f', 'a', 'a']);
      assert.deepStrictEqual(names(two), ['g', 'x', 'y', 'x', 'y']);
      // asked again, from the table each tree keeps
      assert.deepStrictEqual(names(one), ['f', 'a', 'a']);
    } finally {
      one.delete();
      two.delete();
    }
  });
});
