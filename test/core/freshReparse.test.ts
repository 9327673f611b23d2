import * as assert from 'assert';
import { loader } from '../support/harness';

/**
 * reparseSync parses a small text afresh when its edits make the parse read most of it again (a
 * CodeCrash step on a CRUXEval record rewrites all of its function): the tree is the one a fresh
 * parse gives either way; only a tree made through the old one has changed spans.
 */
describe('reparse of a small text rewritten all over', () => {
  const text = ['def f(nums, target):', '    count = 0', '    for n in nums:', '        if n > target:', '            count += 1', '    return count', '', 'assert f([1, 5, 3, 8], 2) == 3', ''].join('\n');
  const statements = [...text.matchAll(/^ +/gm)].map((m) => ({ at: m.index! + m[0].length, indent: m[0] }));

  async function reparsed(edits: { start: number; end: number; text: string }[]) {
    const tree = await loader.parse('python', text);
    let after = text;
    for (const e of [...edits].sort((x, y) => y.start - x.start)) after = after.slice(0, e.start) + e.text + after.slice(e.end);
    const fresh = loader.parseSync('python', after);
    const made = loader.reparseSync('python', tree, text, edits, after);
    try {
      assert.ok(!fresh.rootNode.hasError, after);
      assert.strictEqual(made.rootNode.toString(), fresh.rootNode.toString());
      return loader.changedSpans(made);
    } finally {
      tree.delete();
      fresh.delete();
      made.delete();
    }
  }

  it('a comment before every statement of the function: parsed afresh', async () => {
    const edits = statements.map(({ at, indent }, i) => ({ start: at, end: at, text: `# remark ${i}\n${indent}` }));
    assert.strictEqual(await reparsed(edits), undefined, 'a tree made through the old one');
  });

  it('one changed number in the test: reparsed through the old tree', async () => {
    const at = text.indexOf('== 3') + 3;
    assert.ok(Array.isArray(await reparsed([{ start: at, end: at + 1, text: '4' }])), 'a tree parsed afresh');
  });
});
