import * as assert from 'assert';
import { addCondition } from '../../src/core/transforms/add-condition';
import { applyAt, readFixture, select, sitesOf } from '../support/harness';
import { fixtureFiles, keepsBehaviourAtSpreadSites, siteStarts } from '../support/methodTests';

const FILES = fixtureFiles('add-condition', 'grades');

const method = addCondition;

describe('add-condition', () => {
  keepsBehaviourAtSpreadSites(method, FILES, { minSites: 4 });

  it('an if that already has an else is not a site, nor one whose branch returns, breaks or continues', async () => {
    const { text } = readFixture(FILES.c);
    const starts = await siteStarts(method, 'c', text);
    assert.ok(!starts.includes(text.indexOf('if (score >= 90)')), 'the head of an else-if chain has an else');
    assert.ok(!starts.includes(text.indexOf('if (score >= 80)')), 'a middle else if has an else');
    assert.ok(!starts.includes(text.indexOf('if (i % 2 == 0)')), 'an if/else is not a site');
    assert.ok(!starts.includes(text.indexOf('if (score >= 70)')), 'after a return the code that follows already is the else');
    assert.ok(!starts.includes(text.indexOf('if (scores[i] < 0)')), 'after a continue too');
    assert.ok(starts.includes(text.indexOf('if (scores[i] > 100)')), 'a plain if that falls through is a site');
    assert.ok(starts.includes(text.indexOf('if (scores[i] < 65)')), 'the last else if of a chain that falls through is a site');
  });

  it('puts a Python else at the if of an elif chain, with the body indentation and a comment saying why', async () => {
    const { text } = readFixture(FILES.python);
    const state = await select('python', text);
    const sites = await sitesOf(addCondition, 'python', state);
    assert.ok(!sites.some((s) => s.start === text.indexOf('if name.startswith')), 'an if with an else is not a site');
    assert.ok(!sites.some((s) => s.start === text.indexOf('if score >= 90')), 'a chain whose branches return is not a site');
    const index = sites.findIndex((s) => s.start === text.indexOf('if score < 60'));
    const { after } = await applyAt(addCondition, 'python', state, index);
    assert.match(after.text, /\n {8}elif score < 65:\n {12}notes\.append\(f"\{name\}: borderline"\)\n {8}else:\n {12}pass {2}# [a-z ]+\n {4}return notes/);
  });

  it('keeps the brace style: a multi-line else for a multi-line block, a one-line else for a one-line if', async () => {
    const { text } = readFixture(FILES.java);
    const state = await select('java', text);
    const sites = await sitesOf(addCondition, 'java', state);
    const block = await applyAt(addCondition, 'java', state, sites.findIndex((s) => s.start === text.indexOf('if (scores[i] < 50)')));
    assert.match(block.after.text, /\n {20}scores\[i\] = 50;\n {16}\} else \{\n {20}\/\/ [a-z ]+\n {16}\}\n/);
    const oneLine = await applyAt(addCondition, 'java', state, sites.findIndex((s) => s.start === text.indexOf('if (scores[i] > 100)')));
    assert.match(oneLine.after.text, /if \(scores\[i\] > 100\) scores\[i\] = 100; else \{ \/\* [a-z ]+ \*\/ \}\n/);
  });

  it('declines an unbraced if whose body holds another if (the else would bind to the inner one)', async () => {
    const text = 'int f(int a, int b) {\n    int x = 0;\n    if (a)\n        if (b) x = 1;\n    return x;\n}\n';
    const starts = await siteStarts(method, 'c', text);
    assert.deepStrictEqual(starts, [text.indexOf('if (b)')]);
  });

  it('declines a JavaScript if whose statement has no semicolon (`x = 1 else` does not parse)', async () => {
    const text = 'function f(c) {\n  let x = 0\n  if (c) x = 1\n  if (!c) x = 2;\n  return x\n}\n';
    const starts = await siteStarts(method, 'javascript', text);
    assert.deepStrictEqual(starts, [text.indexOf('if (!c)')]);
  });
});
