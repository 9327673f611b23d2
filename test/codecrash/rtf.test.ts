import * as assert from 'assert';
import { behaviour } from '../support/harness';
import { crashRecord } from '../support/codecrashRecord';

const CODE = `def f(nums, word):
    total = 0
    for n in nums:
        if n > 2:
            total += n
        elif n == 0:
            total -= 1
        if word:
            total += len(word)
    while total > 50:
        total //= 2
    if nums and word.startswith('a'):
        total = -total
    return total
`;
const CALLS = "\n\nprint(f([1, 5, 0, 9, 3], 'abc'))\nprint(f([], ''))\nprint(f([100, 0], 'b'))\nprint(f([7] * 9, 'apple'))\n";

/** The rewrite kinds, told apart by their text. */
const KINDS: [string, RegExp][] = [
  ['lambda', /\(lambda: \(/],
  ['tuple', /,\)\[0\]/],
  ['list', /\[\([^\n]*\)\]\[0\]/],
  ['dict', /\{0: \(/],
  ['not not', /not not \(/],
  ['True if', /True if \(/],
  ['if True', /\) if True else False/],
  ['mirror', /\b2 < n\b|\b0 == n\b|\b50 < total\b/],
];

async function rtfOn(taskId: string): Promise<{ perturbed_code: string | null; error: string | null }> {
  return crashRecord({ task_id: taskId, code: CODE, language: 'python', entry_point: 'f', test: 'assert f([], "") == 0\n' }, 'rtf');
}

describe('rtf: CodeCrash-many kinds of condition rewrite in Python', function () {
  this.timeout(120_000);

  it('uses at least seven kinds over records and keeps behaviour', async () => {
    const want = await behaviour('python', CODE + CALLS);
    assert.strictEqual(want.code, 0);
    const seen = new Set<string>();
    for (let i = 0; i < 25; i++) {
      const out = await rtfOn(`r/${i}`);
      assert.strictEqual(out.error, null);
      const got = await behaviour('python', out.perturbed_code! + CALLS);
      assert.deepStrictEqual([got.code, got.stdout], [want.code, want.stdout], out.perturbed_code!);
      for (const [kind, re] of KINDS) if (re.test(out.perturbed_code!)) seen.add(kind);
    }
    assert.ok(seen.size >= 7, `only ${[...seen].join(', ')}`);
    assert.ok(seen.has('list') && seen.has('dict') && seen.has('if True'), `new kinds missing: ${[...seen].join(', ')}`);
  });
});
