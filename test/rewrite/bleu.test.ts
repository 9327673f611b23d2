import * as assert from 'assert';
import { bleu4, tokens } from '../../src/core/rewrite/bleu';

describe('rewrite: BLEU-4', () => {
  it('splits words and punctuation', () => {
    assert.deepStrictEqual(tokens('Add k, to xs[0].'), ['Add', 'k', ',', 'to', 'xs', '[', '0', ']', '.']);
  });

  it('is 1 for the reference itself and 0 when no word is shared', () => {
    assert.strictEqual(bleu4('Return the sum of xs.', 'Return the sum of xs.'), 1);
    assert.strictEqual(bleu4('alpha beta gamma', 'delta epsilon zeta'), 0);
  });

  it('smooths the 2- to 4-gram precisions by one (BLEU+1)', () => {
    // 1-grams 5/6, 2-grams (3+1)/(5+1), 3-grams (2+1)/(4+1), 4-grams (1+1)/(3+1); same length, no penalty
    const expected = Math.pow((5 / 6) * (4 / 6) * (3 / 5) * (2 / 4), 1 / 4);
    assert.ok(Math.abs(bleu4('the cat sat on the mat', 'the cat sat on a mat') - expected) < 1e-12);
  });

  it('penalises a candidate shorter than the reference', () => {
    const short = bleu4('the cat sat', 'the cat sat on the mat');
    assert.ok(Math.abs(short - Math.exp(1 - 6 / 3)) < 1e-12, String(short));
  });

  it('falls as the rewrite moves away from the original', () => {
    const original = 'Add k to every number of xs and return the new list.';
    const near = bleu4('Add k to every number of xs and return the resulting list.', original);
    const far = bleu4('A bank raises each balance in the ledger by the bonus and reports the ledger.', original);
    assert.ok(near > far && far < 0.2 && near > 0.5, `${near} ${far}`);
  });
});
