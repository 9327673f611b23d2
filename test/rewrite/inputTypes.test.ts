import * as assert from 'assert';
import { inferType, renderUnion, ValueShape } from '../../src/core/rewrite/inputTypes';
import { readTestValues } from '../../src/core/rewrite/testValues';
import { inputTypes } from '../../src/core/rewrite/context';

const int: ValueShape = { k: 'int' };
const str: ValueShape = { k: 'str' };
const float: ValueShape = { k: 'float' };
const none: ValueShape = { k: 'none' };
const list = (...items: ValueShape[]): ValueShape => ({ k: 'list', items });
const tuple = (...items: ValueShape[]): ValueShape => ({ k: 'tuple', items });
const dict = (pairs: [ValueShape, ValueShape][]): ValueShape => ({ k: 'dict', keys: pairs.map((p) => p[0]), values: pairs.map((p) => p[1]) });
const typeOf = (...values: ValueShape[]) => renderUnion(inferType(values));

describe('rewrite: input types from the tests\' values', () => {
  it('names scalars, and a union when the values mix, None last', () => {
    assert.strictEqual(typeOf(int, int), 'int');
    assert.strictEqual(typeOf({ k: 'bool' }), 'bool');
    assert.strictEqual(typeOf(int, float), 'float | int');
    assert.strictEqual(typeOf(none, str), 'str | None');
  });

  it('goes into lists, dicts and tuples, joining what every value holds', () => {
    assert.strictEqual(typeOf(list(int, int), list(float)), 'list[float | int]');
    assert.strictEqual(typeOf(list(list(int)), list(list(str))), 'list[list[int | str]]');
    assert.strictEqual(typeOf(dict([[str, list(int)]]), dict([[str, list()]])), 'dict[str, list[int]]');
    assert.strictEqual(typeOf(tuple(int, str), tuple(int, none)), 'tuple[int, str | None]');
    assert.strictEqual(typeOf(tuple(int), tuple(str, str)), 'tuple[int | str, ...]');
    assert.strictEqual(typeOf({ k: 'set', items: [int] }), 'set[int]');
  });

  it('says Any only where nothing was seen: no value, or only empty containers', () => {
    assert.strictEqual(typeOf(), 'Any');
    assert.strictEqual(typeOf(list()), 'list[Any]');
    assert.strictEqual(typeOf(dict([])), 'dict[Any, Any]');
    assert.strictEqual(typeOf({ k: 'other', name: 'complex' }, int), 'complex | int');
  });

  it('reads the literals of the calls with Python, leaving computed arguments out', async () => {
    const code = 'def f(xs, k, *, flag=False):\n    return xs\n';
    const tests = [
      'def check(candidate):',
      '    assert candidate([1, 2], 3) == [1, 2]',
      '    assert candidate([(1, "a")], None, flag=True) == [(1, "a")]',
      '    assert candidate(list(range(3)), 2.5) == [0, 1, 2]',
      '    assert abs(f([], -1)[0]) if False else True',
      '',
    ].join('\n');
    const values = await readTestValues(code, tests, 'f', {}, 60_000);
    assert.ok(typeof values !== 'string', String(values));
    assert.deepStrictEqual(inputTypes(values), [
      { name: 'xs', type: 'list[int | tuple[int, str]]' },
      { name: 'k', type: 'float | int | None' },
      { name: 'flag', type: 'bool' },
    ]);
  });

  it('gives Any to a parameter no literal reaches', async () => {
    const values = await readTestValues('def g(n):\n    return n\n', 'x = 4\nassert g(x) == 4\n', 'g', {}, 60_000);
    assert.ok(typeof values !== 'string');
    assert.deepStrictEqual(inputTypes(values), [{ name: 'n', type: 'Any' }]);
  });
});
