import * as assert from 'assert';
import { divIfElse } from '../../src/core/transforms/div-if-else';
import { assertCompiles, readFixture } from '../support/harness';
import { fixtureFiles, keepsBehaviourAtSpreadSites, rewriteAt, siteStarts, sitesIn } from '../support/methodTests';

const FILES = fixtureFiles('div-if-else', 'shipping');

const method = divIfElse;

describe('div-if-else', () => {
  keepsBehaviourAtSpreadSites(method, FILES, { minSites: 5, supportsAll: true });

  it('Python: an elif becomes `else:` over a nested if that takes the later clauses, comments and blank lines along', async () => {
    const { text } = readFixture(FILES.python);
    const after = await rewriteAt(method, 'python', text, 'elif country in ("BE"');
    const expected = [
      '    # neighbours ship by road',
      '    else:',
      '        if country in ("BE", "DE", "LU"):  # road freight',
      '            return 2',
      '',
      '        elif country in ("FR", "AT", "DK"):',
      '            return 3',
      '        else:',
      '            return 4',
    ].join('\n');
    assert.ok(after.includes(expected), after);
    const oneLiner = await rewriteAt(method, 'python', text, 'elif weight < 30');
    assert.ok(oneLiner.includes('    else:\n        if weight < 30: base = 12.0\n        else:\n            base = 12.0 + (weight - 30) * 0.4\n'), oneLiner);
  });

  it('Python: lines inside a multi-line string keep their indentation', async () => {
    const { text } = readFixture(FILES.python);
    const after = await rewriteAt(method, 'python', text, 'elif express:');
    assert.ok(after.includes('    else:\n        if express:\n            note += " [express]"\n        elif zone >= 4:'), after);
    assert.ok(after.includes('note = """ship to:\n  {}""".format(name)'), after);
  });

  it('Go and Rust: `} else if c {` becomes `} else {` with the if one tab (or unit) deeper', async () => {
    const go = readFixture(FILES.go).text;
    const after = await rewriteAt(method, 'go', go, 'if p.weight < 10 {');
    assert.ok(after.includes('\t} else {\n\t\tif p.weight < 10 {\n\t\t\tbase = 7.25\n\t\t\tif zone > 2 {\n\t\t\t\tbase += 1.0\n\t\t\t}\n\t\t} else {\n'), after);
    assert.ok(after.includes('\t\t}\n\t}\n\treturn base *'), after);
    const rust = readFixture(FILES.rust).text;
    const oneLine = await rewriteAt(method, 'rust', rust, 'if p.weight < 10.0');
    assert.ok(oneLine.includes('let base = if p.weight < 2.0 { 4.5 } else { if p.weight < 10.0 { 7.25 } else { 12.0 + (p.weight - 10.0) * 0.4 } };'), oneLine);
  });

  it('Allman braces stay Allman: the new block opens on its own line', async () => {
    const { text } = readFixture(FILES.java);
    const after = await rewriteAt(method, 'java', text, 'if (p.weight() < 10)');
    const expected = ['        else', '        {', '            if (p.weight() < 10)', '            {', '                base = 7.25;', '            }', '            else', '            {'];
    assert.ok(after.includes(expected.join('\n')), after);
  });

  it('an if/else without else-if is not a site; each link of a chain is', async () => {
    const text = 'int f(int x) {\n    if (x > 0) x = 1; else x = 2;\n    if (x) x++; else if (x > 1) x--; else if (x > 2) x = 0;\n    return x;\n}\n';
    const { sites } = await sitesIn(method, 'c', text);
    assert.deepStrictEqual(
      sites.map((s) => s.start),
      [text.indexOf('if (x > 1)'), text.indexOf('if (x > 2)')],
    );
    const after = await rewriteAt(method, 'c', text, 'if (x > 1)');
    assert.ok(after.includes('if (x) x++; else { if (x > 1) x--; else if (x > 2) x = 0; }'), after);
    await assertCompiles('c', `${after}int main(void) { return f(1) - 2; }\n`);
  });

  it('declines an `else` whose `if` starts another line, and chains with preprocessor lines', async () => {
    const split = 'int f(int x) {\n    if (x > 0)\n        return 1;\n    else\n        if (x < 0)\n            return -1;\n    return 0;\n}\n';
    assert.deepStrictEqual((await sitesIn(method, 'c', split)).sites, []);
    const preproc = 'int f(int x) {\n    if (x > 0) {\n        return 1;\n    } else if (x < 0) {\n#ifdef NEG\n        return -2;\n#endif\n        return -1;\n    }\n    return 0;\n}\n';
    assert.deepStrictEqual((await sitesIn(method, 'c', preproc)).sites, []);
  });

  it('never nests an else if whose branch does nothing: alone in its block it would read `if (c) {} else { ... }`', async () => {
    const js = 'function f(n) {\n  if (n === 3) {\n    n = 6;\n  } else if (n === 6) {\n    // already long\n  } else {\n    n = 0;\n  }\n  return n;\n}\nconsole.log(f(3));\n';
    assert.deepStrictEqual(await siteStarts(divIfElse, 'javascript', js), []);
  });
});
