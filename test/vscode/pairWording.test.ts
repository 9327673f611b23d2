import * as assert from 'assert';
import type { PairCheck } from '../../src/core/benchmark/pairChecks';
import { explainCheck } from '../../src/core/benchmark/pairExplain';
import { failingPairChoices, SAVE_ANYWAY } from '../../src/vscode/wording';

// The failing-checks modal of Save pair (issue 29, item 7): its default button and its words.

function check(id: string, original: number | null, control: number | null, value: number, pass: boolean | null, detail?: string): PairCheck {
  return { id, rule: 'the rule', original, control, value, pass, ...(detail ? { detail } : {}) };
}

describe('the failing-checks modal of Save pair', () => {
  it('makes a safe choice the default: the first button that is not the close affordance does not save', () => {
    const choices = failingPairChoices();
    const buttons = choices.filter((c) => !c.isCloseAffordance);
    assert.notStrictEqual(buttons[0].title, SAVE_ANYWAY, 'Enter chooses the first button');
    assert.ok(buttons.some((c) => c.title === SAVE_ANYWAY), 'saving anyway is still offered');
    assert.strictEqual(choices.filter((c) => c.isCloseAffordance).length, 1, 'Escape has its own button');
  });

  it('explains a count that was zero in the original instead of showing value Infinity', () => {
    const text = explainCheck(check('nodes.call', 0, 2, Infinity, false));
    assert.doesNotMatch(text, /Infinity/);
    assert.strictEqual(text, '✗ calls: none in the original, 2 in the control (it must stay within 90%–111% of the original)');
  });

  it('says "no syntax errors" instead of parses 0 → 0, value 0', () => {
    assert.strictEqual(explainCheck(check('parses', 0, 0, 0, true)), '✓ parses: no syntax errors');
    assert.strictEqual(explainCheck(check('parses', 0, 1, 1, false)), '✗ parses: the control has 1 syntax error (the original no syntax errors)');
  });

  it('gives ratios as shares of the original with the bounds when they fail', () => {
    assert.strictEqual(explainCheck(check('tokens', 100, 98, 0.98, true)), '✓ tokens: 100 in the original, 98 in the control (the control has 98% of the original\'s)');
    assert.strictEqual(
      explainCheck(check('nodes.statement', 10, 12, 1.2, false)),
      '✗ statements: 10 in the original, 12 in the control (the control has 120% of the original\'s, it must stay within 90%–111% of the original)',
    );
    assert.strictEqual(explainCheck(check('nodes.call', 0, 0, 1, true)), '✓ calls: none in either');
  });

  it('explains complexity, keywords, structure, identifiers and the recorded similarity', () => {
    assert.strictEqual(explainCheck(check('cyclomatic', 3, 4, 1, false)), '✗ complexity (McCabe): 3 paths in the original, 4 in the control; they must be equal');
    assert.strictEqual(explainCheck(check('cyclomatic', 1, 1, 0, true)), '✓ complexity (McCabe): 1 path in both');
    assert.strictEqual(explainCheck(check('keywords-gji', null, null, 0.85, false)), '✗ keywords and operators: 85% the same (Generalised Jaccard Index 0.85, at least 0.9 needed)');
    assert.strictEqual(explainCheck(check('ast-lcs', 40, 40, 1, true)), '✓ structure: 100% of the syntax-tree nodes in the same order (LCS ratio 1)');
    assert.strictEqual(explainCheck(check('identifiers-only', null, null, 3, true)), '✓ only identifiers differ: 3 names renamed, each the same way everywhere');
    assert.strictEqual(explainCheck(check('identifiers-only', null, null, 0, false, '`+` became `-`, which is not an identifier')), '✗ more than identifiers differ: `+` became `-`, which is not an identifier');
    assert.strictEqual(explainCheck(check('similarity', null, null, 0.6234, null, 'surface 0.5, structural 0.7')), '• similarity 0.62 to the original (surface 0.5, structural 0.7), recorded only');
  });
});
