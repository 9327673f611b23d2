import * as assert from 'assert';
import type { FunctionSpan } from '../../src/core/languages/outline';
import { fileProgressText, functionAtLine } from '../../src/vscode/wording';

// Perturb File's progress (issue 29, item 8): which function a step is in, and what remains.

function span(name: string, text: string, from: string, to: string): FunctionSpan {
  const start = text.indexOf(from);
  const end = text.indexOf(to, start) + to.length;
  return { name, qualifiedName: name, start, end, line: text.slice(0, start).split('\n').length, nameLine: text.slice(0, start).split('\n').length };
}

describe("Perturb File's progress", () => {
  const text = ['import x', '', 'def first():', '    return 1', '', 'def second():', '    def inner():', '        return 2', '    return inner()', ''].join('\n');
  const functions = [
    span('second', text, 'def second', 'return inner()'),
    span('first', text, 'def first', 'return 1'),
    span('inner', text, 'def inner', 'return 2'),
  ];

  it('finds the innermost function of a line, numbered in file order', () => {
    assert.deepStrictEqual(functionAtLine(functions, text, 4), { name: 'first', index: 1, total: 3 });
    assert.deepStrictEqual(functionAtLine(functions, text, 9), { name: 'second', index: 2, total: 3 });
    assert.deepStrictEqual(functionAtLine(functions, text, 8), { name: 'inner', index: 3, total: 3 });
    assert.strictEqual(functionAtLine(functions, text, 1), undefined, 'an import is in no function');
    assert.strictEqual(functionAtLine(functions, text, 40), undefined, 'past the end');
  });

  it('says where the step is and how many iterations remain', () => {
    assert.strictEqual(
      fileProgressText('step 3 · iteration 2 of 15: for-to-while kept', { name: 'first', index: 1, total: 3 }, 2, 15),
      'in first (function 1 of 3) · step 3 · iteration 2 of 15: for-to-while kept · 13 iterations left',
    );
    assert.strictEqual(fileProgressText('no logic method applies here, skipped', undefined, 14, 15), 'no logic method applies here, skipped · 1 iteration left');
  });
});
