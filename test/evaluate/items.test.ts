import * as assert from 'assert';
import { callInTest } from '../../src/core/evaluate/items';
import { completionAfterPrompt } from '../../src/core/evaluate/programs';
import { extractAnswer } from '../../src/core/evaluate/prompts';

describe('evaluate items and answers', () => {
  it('finds the checked call of a test in each language\'s form', () => {
    assert.deepStrictEqual(callInTest("assert f('HeLLo') == 'hEllO'\n", 'f'), { input: "'HeLLo'", output: "'hEllO'" });
    assert.deepStrictEqual(callInTest('if (count_above({1, 5, 3, 8}, 2) != 3) std::abort();', 'count_above'), { input: '{1, 5, 3, 8}, 2', output: '3' });
    assert.deepStrictEqual(callInTest('\tif countAbove([]int{1, 5, 3, 8}, 2) != 3 {\n\t\tpanic("wrong")\n\t}', 'countAbove'), { input: '[]int{1, 5, 3, 8}, 2', output: '3' });
    assert.deepStrictEqual(callInTest("if (countAbove([1, 5, 3, 8], 2) !== 3) throw new Error('wrong');", 'countAbove'), { input: '[1, 5, 3, 8], 2', output: '3' });
    assert.deepStrictEqual(callInTest('    assert_eq!(count_above(&[1, 5, 3, 8], 2), 3);', 'count_above'), { input: '&[1, 5, 3, 8], 2', output: '3' });
    assert.deepStrictEqual(callInTest("assert g(')') == [1, 2]", 'g'), { input: "')'", output: '[1, 2]' });
    assert.strictEqual(callInTest('print(f(3))', 'f'), null);
    assert.deepStrictEqual(callInTest('if (Solution.countAbove(new int[] {1, 5, 3, 8}, 2) != 3) throw new AssertionError("wrong");', 'countAbove'), { input: 'new int[] {1, 5, 3, 8}, 2', output: '3' });
  });

  it('takes the answer from tags, the fenced block, or the text, and drops a repeated call', () => {
    assert.strictEqual(extractAnswer('output-prediction', 'Reasoning...\n[ANSWER]42[/ANSWER]', 'f'), '42');
    assert.strictEqual(extractAnswer('output-prediction', '```python\nassert f(1) == [1, 2]\n```', 'f'), '[1, 2]');
    assert.strictEqual(extractAnswer('input-prediction', '```python\nf(3, 4) == 7\n```', 'f'), '3, 4');
    assert.strictEqual(extractAnswer('output-prediction', "'abc'", 'f'), "'abc'");
    assert.strictEqual(extractAnswer('generation', 'Sure:\n```python\ndef f(x):\n    return x\n```\nDone.', 'f'), 'def f(x):\n    return x\n');
  });

  it('takes from a whole-function answer what a HumanEval-style harness appends to the prompt', () => {
    const py = 'from typing import List\n\n\ndef total(xs: List[int]) -> int:\n    """Sum."""\n';
    // the prompt repeated: what follows it
    assert.strictEqual(completionAfterPrompt('python', py, `${py}    return sum(xs)\n`, 'total'), '    return sum(xs)\n');
    // the function alone, without the imports: after its signature and docstring
    assert.strictEqual(completionAfterPrompt('python', py, 'def total(xs):\n    """Adds\n    them."""\n    return sum(xs)\n', 'total'), '    return sum(xs)\n');
    // a memorised function under another name: the answer as it is (it fails the renamed test)
    assert.strictEqual(completionAfterPrompt('python', py, 'def add_all(xs):\n    return sum(xs)\n', 'total'), 'def add_all(xs):\n    return sum(xs)\n');
    // Java: the method alone in a prompt that opened a class: the class is closed too
    const java = 'import java.util.*;\n\nclass Solution {\n    public int total(List<Integer> xs) {\n';
    assert.strictEqual(
      completionAfterPrompt('java', java, 'public int total(List<Integer> xs) {\n    int s = 0; // {\n    for (int x : xs) s += x;\n    return s;\n}\n', 'total'),
      '    int s = 0; // {\n    for (int x : xs) s += x;\n    return s;\n}\n}\n',
    );
  });
});
