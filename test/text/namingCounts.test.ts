import * as assert from 'assert';
import { namingCounts } from '../../src/core/text/namingCounts';

/** What namingOf counted before: every distinct lower-case name of the whole text. */
function wholeText(text: string): { snake: number; camel: number } {
  let snake = 0;
  let camel = 0;
  for (const w of new Set(text.match(/\b[a-z][A-Za-z0-9_]*\b/g) ?? [])) {
    if (/^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(w)) snake++;
    else if (/^[a-z][a-z0-9]*([A-Z][a-z0-9]*)+$/.test(w)) camel++;
  }
  return { snake, camel };
}

describe('namingCounts', () => {
  const file = [
    'int row_count = 0;',
    'static int maxValue(int a_b, int cD) { return a_b > cD ? a_b : cD; }',
    'int sum_all(int *xs, int n) {',
    '  int totalSum = 0; int row_count2 = 1;',
    '  for (int i = 0; i < n; i++) totalSum += xs[i];',
    '  return totalSum + row_count; }',
    '9abc_def x_y\tqR',
  ].join('\n');

  it('counts the names of the whole text whatever the unit, names inside and outside it counted once', () => {
    for (let start = 0; start <= file.length; start += 7) {
      for (const width of [0, 5, 40, 200]) {
        const unit = { start, end: Math.min(file.length, start + width) };
        assert.deepStrictEqual(namingCounts(file, unit), wholeText(file), `unit ${unit.start}-${unit.end}`);
      }
    }
  });

  it('follows an edit outside the unit and one inside it', () => {
    const unit = { start: file.indexOf('int sum_all'), end: file.indexOf('9abc') - 1 };
    assert.deepStrictEqual(namingCounts(file, unit), wholeText(file));
    const outside = file.replace('row_count = 0', 'rowCountA = 0, rowCountB = 1, rowCountC = 2');
    const shifted = { start: outside.indexOf('int sum_all'), end: outside.indexOf('9abc') - 1 };
    assert.deepStrictEqual(namingCounts(outside, shifted), wholeText(outside));
    const inside = outside.replace('totalSum = 0;', 'totalSum = 0; int new_one = 0, new_two = 0;');
    assert.deepStrictEqual(namingCounts(inside, { start: shifted.start, end: shifted.end + 40 }), wholeText(inside));
  });
});
