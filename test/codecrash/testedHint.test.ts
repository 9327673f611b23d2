import * as assert from 'assert';
import { testedExamples, testedHint, wrongLiteral } from '../../src/core/codecrash/testedHint';
import { crashRecord, crashRows } from '../support/codecrashRecord';

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
});
