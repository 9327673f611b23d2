import * as assert from 'assert';
import { testedExamples, testedHint, wrongCalls, wrongLiteral } from '../../src/core/codecrash/testedHint';
import { crashProgram, crashRecord, crashRows } from '../support/codecrashRecord';
import { behaviour } from '../support/harness';

interface Out {
  perturbed_code: string | null;
  perturbed_test: string | null;
  steps: { accepted: boolean; reason: string | null; summary: string | null }[];
  error: string | null;
}

// Issue 34: MHC beyond Python, from the value the record's own test requires
describe('mhc outside Python: the hint from the test', function () {
  this.timeout(300_000);

  it('reads the tested value from comparisons and assertion calls, with literal arguments only', () => {
    assert.deepStrictEqual(testedExamples('if (f(3, "a") != 7) abort();', 'f'), [{ call: 'f(3, "a")', expected: '7' }]);
    assert.deepStrictEqual(testedExamples('assertEquals(true, Solution.f(new int[] {1, 2}));', 'f'), [{ call: 'f(new int[] {1, 2})', expected: 'true' }]);
    assert.deepStrictEqual(testedExamples('assert.strictEqual(f([1, 2]), "ab");', 'f'), [{ call: 'f([1, 2])', expected: '"ab"' }]);
    assert.deepStrictEqual(testedExamples('    assert_eq!(f(&[1]), 2.5);', 'f'), [{ call: 'f(&[1])', expected: '2.5' }]);
    assert.deepStrictEqual(testedExamples('if 4 != f(2) {\n\tpanic("no")\n}', 'f'), [{ call: 'f(2)', expected: '4' }]);
    // a test's variable, a comparison that stops nothing, a value that is no literal
    assert.deepStrictEqual(testedExamples('if (f(values, 2) != 3) abort();', 'f'), []);
    assert.deepStrictEqual(testedExamples('if (f(2) == 3) puts("yes");', 'f'), []);
    assert.deepStrictEqual(testedExamples('if (f(2) != g(3)) abort();', 'f'), []);
  });

  it('claims a different value of the same kind', () => {
    assert.deepStrictEqual(['3', '-1', '2.5', 'true', '"abc"', '"aa"', "'x'", '7L'].map(wrongLiteral), ['4', '2', '4', 'false', '"cba"', '"aaa"', "'a'", '8L']);
  });

  it('refuses a test that fails on the original, saying so', async () => {
    const program = 'int f(int x) { return x + 1; }\n#include <stdlib.h>\nint main(void) { if (f(2) != 4) abort(); return 0; }\n';
    await assert.rejects(testedHint('c', program, testedExamples(program, 'f'), { toolchains: {}, timeoutMs: 60_000 }), /mhc runs the original to learn what f\(2\) returns, and it is killed by SIGABRT: the test must pass on the original/);
  });

  for (const row of crashRows('languages.jsonl').filter((r) => r.language !== 'python')) {
    it(`${row.language}: a hint comment with a wrong value, and the record's test still passes`, async () => {
      const out = await crashRecord<Out>(row, 'mhc', { level: 'test' });
      if (row.language === 'c') {
        // its test calls count_above on a variable, which a hint cannot name
        assert.match(out.steps[0].reason ?? '', /mhc needs a test that compares a call of count_above with literal arguments to a literal/);
        return;
      }
      assert.strictEqual(out.error, null, out.error ?? '');
      assert.ok(out.steps[0].accepted, out.steps[0].reason ?? '');
      assert.match(out.perturbed_code!, /^\s*\/\/ Hint: \w+\(.*\b2\) returns 4$/m);
      assert.match(out.steps[0].summary!, /really 3/);
    });
  }

  describe('the input form (--task input): a wrong input for the tested result, checked by running the test on it', () => {
    it('changes one literal argument at a time, never a collection', () => {
      assert.deepStrictEqual(wrongCalls('f(3, "ab")'), ['f(4, "ab")', 'f(0, "ab")', 'f(3, "ba")']);
      assert.deepStrictEqual(wrongCalls('count_above({1, 5, 3, 8}, 2)'), ['count_above({1, 5, 3, 8}, 3)', 'count_above({1, 5, 3, 8}, 0)']);
      assert.deepStrictEqual(wrongCalls('f(0, true)'), ['f(1, true)', 'f(0, false)']);
      assert.deepStrictEqual(wrongCalls('f(vec![1, 2])'), []);
    });

    for (const row of crashRows('languages.jsonl').filter((r) => r.language !== 'python' && r.language !== 'c')) {
      it(`${row.language}: the hint keeps the tested result and names a call on which the record's test fails`, async () => {
        const out = await crashRecord<Out>(row, 'mhc', { level: 'test', mhcTask: 'input' });
        assert.strictEqual(out.error, null, out.error ?? '');
        assert.ok(out.steps[0].accepted, out.steps[0].reason ?? '');
        const hint = /^\s*\/\/ Hint: (.+) returns (.+)$/m.exec(out.perturbed_code!);
        assert.ok(hint, out.perturbed_code!);
        const [given] = testedExamples(row.test, row.entry_point);
        assert.notStrictEqual(hint[1], given.call);
        assert.strictEqual(hint[2], given.expected);
        assert.match(out.steps[0].summary!, /a wrong input: it returns something other than 3/);
        // by running it: the test passes on the given call and fails on the hint's
        const wrongTest = row.test.replace(given.call, hint[1]);
        assert.strictEqual((await behaviour(row.language, crashProgram(row, out.perturbed_code!))).code, 0);
        assert.notStrictEqual((await behaviour(row.language, crashProgram({ ...row, test: wrongTest }, out.perturbed_code!))).code, 0, wrongTest);
      });
    }

    it('says so when no changed argument makes the test fail', async () => {
      const row = { task_id: 'javascript/ignores', language: 'javascript', entry_point: 'size', code: 'function size(xs, unused) {\n  return xs.length;\n}\n', test: "if (size([1, 2], 5) !== 2) throw new Error('wrong');\n" };
      const out = await crashRecord<Out>(row, 'mhc', { level: 'test', mhcTask: 'input' });
      assert.match(out.error ?? '', /no wrong input could be derived for size\(\[1, 2\], 5\): the test still passes \(or does not build\) with each of size\(\[1, 2\], 6\), size\(\[1, 2\], 0\)/);
    });
  });
});
