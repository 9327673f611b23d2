import * as assert from 'assert';
import { addCondition } from '../../src/core/transforms/add-condition';
import { applyAt, readFixture, select, sitesOf } from '../support/harness';
import { fixtureFiles, keepsBehaviourAtSpreadSites, siteStarts } from '../support/methodTests';

const FILES = fixtureFiles('add-condition', 'grades');

const method = addCondition;

describe('add-condition', () => {
  keepsBehaviourAtSpreadSites(method, FILES, { minSites: 6 });

  it('an if that already has an else is not a site; the last else if of a chain is', async () => {
    const { text } = readFixture(FILES.c);
    const starts = await siteStarts(method, 'c', text);
    assert.ok(!starts.includes(text.indexOf('if (score >= 90)')), 'the head of an else-if chain has an else');
    assert.ok(!starts.includes(text.indexOf('if (score >= 80)')), 'a middle else if has an else');
    assert.ok(!starts.includes(text.indexOf('if (i % 2 == 0)')), 'an if/else is not a site');
    assert.ok(starts.includes(text.indexOf('if (score >= 70)')), 'the last else if is a site');
    assert.ok(starts.includes(text.indexOf('if (score >= 60)')), 'a plain if is a site');
  });

  it('puts a Python else at the if of an elif chain, with the body indentation', async () => {
    const { text } = readFixture(FILES.python);
    const state = await select('python', text);
    const sites = await sitesOf(addCondition, 'python', state);
    assert.ok(!sites.some((s) => s.start === text.indexOf('if name.startswith')), 'an if with an else is not a site');
    const index = sites.findIndex((s) => s.start === text.indexOf('if score >= 90'));
    const { after } = await applyAt(addCondition, 'python', state, index);
    assert.ok(after.text.includes('    elif score >= 70:\n        return "C"\n    else:\n        pass\n    if score >= 60:'), after.text);
  });

  it('keeps the brace style: a multi-line else for a multi-line block, a one-line else for a one-line if', async () => {
    const { text } = readFixture(FILES.java);
    const state = await select('java', text);
    const sites = await sitesOf(addCondition, 'java', state);
    const chain = await applyAt(addCondition, 'java', state, sites.findIndex((s) => s.start === text.indexOf('if (score >= 70)')));
    assert.ok(chain.after.text.includes("            return 'C';\n        } else {\n        }\n"), chain.after.text);
    const oneLine = await applyAt(addCondition, 'java', state, sites.findIndex((s) => s.start === text.indexOf('if (score >= 60)')));
    assert.ok(oneLine.after.text.includes("if (score >= 60) return 'D'; else { }\n"), oneLine.after.text);
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
