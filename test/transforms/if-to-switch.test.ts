import * as assert from 'assert';
import { ifToSwitch } from '../../src/core/transforms/if-to-switch';
import { readFixture } from '../support/harness';
import { fixtureFiles, isSite, keepsBehaviourAtSpreadSites, rewriteAt, sitesIn } from '../support/methodTests';

const FILES = fixtureFiles('if-to-switch', 'dispatch');

const method = ifToSwitch;

describe('if-to-switch', () => {
  keepsBehaviourAtSpreadSites(method, FILES, { minSites: 4, supportsAll: true });

  it('C: declines a break that belongs to the loop, a double subject and duplicate constants', async () => {
    const { text } = readFixture(FILES.c);
    const { sites } = await sitesIn(method, 'c', text);
    assert.ok(!isSite(text, sites, 'if (codes[i] == 0)'), 'the break would leave the switch instead of the loop');
    assert.ok(!isSite(text, sites, 'if (factor == 1.0)'), 'a switch cannot take a double');
    assert.ok(!isSite(text, sites, 'if (level == 3)'), 'case 3 twice does not compile');
    assert.ok(isSite(text, sites, 'if (mode == 1)'), 'macro constants and negative literals are labels');
  });

  it('C: a branch that declares gets a block; the part of the chain that compares something else becomes the default', async () => {
    const { text } = readFixture(FILES.c);
    const vowels = await rewriteAt(method, 'c', text, "if (c == 'a'");
    assert.ok(vowels.includes("            case 'i':\n            case 'o': {\n                int bonus = 2;\n                score += bonus;\n                break;\n            }\n"), vowels);
    assert.ok(vowels.includes("            case ' ':\n                continue;\n            default:"), 'a branch that jumps needs no break');
    const bucket = await rewriteAt(method, 'c', text, 'if (value == 1)');
    assert.ok(bucket.includes('        default:\n            if (value < limit) {\n                result = value * 3;\n            } else {'), bucket);
  });

  it('C++: declines a std::string compared with ==; takes enum class constants', async () => {
    const { text } = readFixture(FILES.cpp);
    const { sites } = await sitesIn(method, 'cpp', text);
    assert.ok(!isSite(text, sites, 'if (word == "start")'), 'switch cannot take a string');
    assert.ok(!isSite(text, sites, 'if (v == 7)'), 'a loop break');
    const out = await rewriteAt(method, 'cpp', text, 'if (shape == Shape::Circle)');
    assert.ok(out.includes('    switch (shape) {\n        case Shape::Circle:\n            return 3.14 * size * size;'), out);
  });

  it('Java: Strings compared with equals become string cases; enums (== is null-safe, switch is not) and long are declined', async () => {
    const { text } = readFixture(FILES.java);
    const { sites } = await sitesIn(method, 'java', text);
    assert.ok(!isSite(text, sites, 'if (level == Level.LOW)'), 'switch on a null enum throws, == does not');
    assert.ok(!isSite(text, sites, 'if (bytes == 0L)'), 'switch cannot take a long');
    assert.ok(!isSite(text, sites, 'if (values[i] == 7)'), 'a loop break');
    const out = await rewriteAt(method, 'java', text, 'if (word.equals("start"))');
    assert.ok(out.includes('        switch (word) {\n            case "start":\n                reply = "starting";\n                break;'), out);
    assert.ok(out.includes('            case HELP:\n'), 'a final String constant is a label');
  });

  it('Java: declines a string compared by reference, a null-tolerant equals and a char case too large for a byte', async () => {
    const text = [
      'class T {',
      '    static int f(String s, byte b) {',
      '        if (s == "a") { return 1; } else if (s == "b") { return 2; }',
      '        if ("a".equals(s)) { return 3; } else if ("b".equals(s)) { return 4; }',
      '        if (b == 1) { return 5; } else if (b == 300) { return 6; }',
      '        if (b == 1) { return 5; } else if (b == -3) { return 6; }',
      '        return 0;',
      '    }',
      '}',
      '',
    ].join('\n');
    const { sites } = await sitesIn(method, 'java', text);
    assert.deepStrictEqual(sites.map((s) => s.start), [text.indexOf('if (b == 1) { return 5; } else if (b == -3)')]);
  });

  it('Go: the if initializer moves to the switch header; any constant type is a label', async () => {
    const { text } = readFixture(FILES.go);
    const { sites } = await sitesIn(method, 'go', text);
    assert.ok(isSite(text, sites, 'if f == 0.5'), 'floats are comparable constants');
    assert.ok(!isSite(text, sites, 'if v == 7'), 'a loop break would leave the switch');
    const out = await rewriteAt(method, 'go', text, 'if w := strings.ToLower(word)');
    assert.ok(out.includes('\tswitch w := strings.ToLower(word); w {\n\tcase "start":\n\t\treturn "starting"\n'), out);
  });

  it('Rust: a String is matched through as_str, a missing else becomes `_ => {}`, floats are declined, a loop break is fine', async () => {
    const { text } = readFixture(FILES.rust);
    const { sites } = await sitesIn(method, 'rust', text);
    assert.ok(!isSite(text, sites, 'if f == 0.5'), 'float patterns are declined');
    assert.ok(isSite(text, sites, 'if v == 7'), 'break in a match arm still leaves the loop');
    const out = await rewriteAt(method, 'rust', text, 'if word == "reset"');
    assert.ok(out.includes('    match word.as_str() {\n        "reset" => {\n            size = 0;\n        }\n'), out);
    assert.ok(out.includes('        _ => {}\n    }\n'), out);
    const value = await rewriteAt(method, 'rust', text, 'if grade == \'A\'');
    assert.ok(value.includes("    match grade {\n        'A' => 4,\n        'B' => 3,\n        'C' | 'D' => 1,\n        _ => 0,\n    }"), value);
  });

  it('Rust: declines a string subject whose type is not written', async () => {
    const text = 'fn f(words: Vec<String>) -> i32 {\n    let mut n = 0;\n    for w in words {\n        if w == "a" { n += 1; } else if w == "b" { n += 2; }\n    }\n    n\n}\n';
    assert.deepStrictEqual((await sitesIn(method, 'rust', text)).sites, []);
  });

  it('Python: dotted names are value patterns; bare names (captures), True/None (is) and duplicates are declined', async () => {
    const { text } = readFixture(FILES.python);
    const { sites } = await sitesIn(method, 'python', text);
    assert.ok(!isSite(text, sites, 'if attempt == 0'), 'case MAX_RETRIES would capture');
    assert.ok(!isSite(text, sites, 'if flag == True'), 'case True tests identity');
    assert.ok(!isSite(text, sites, 'if level == 1'), '1 and 1.0 are the same case');
    const out = await rewriteAt(method, 'python', text, 'if color == Color.RED');
    assert.ok(out.includes('    match color:\n        case Color.RED:\n            return "red"\n'), out);
    const rest = await rewriteAt(method, 'python', text, 'if c == "a"');
    assert.ok(rest.includes('            case _:\n                if c.isdigit():\n                    score += 10\n                else:\n                    score -= 1\n'), rest);
  });

  it('Python: finds the subject when both sides look constant (`self.state == Machine.IDLE`), in either order', async () => {
    const text = [
      'class Machine:',
      '    IDLE = 0',
      '    BUSY = 1',
      '',
      '    def name(self):',
      '        if self.state == Machine.IDLE:',
      '            return "idle"',
      '        elif Machine.BUSY == self.state:',
      '            return "busy"',
      '        return "?"',
      '',
    ].join('\n');
    const { sites } = await sitesIn(method, 'python', text);
    assert.deepStrictEqual(sites.map((s) => s.label), ['if-chain on `self.state` at line 6']);
    const out = await rewriteAt(method, 'python', text, 'if self.state');
    assert.ok(out.includes('        match self.state:\n            case Machine.IDLE:\n                return "idle"\n            case Machine.BUSY:\n'), out);
  });

  it('JavaScript: declines == chains (coercion); takes typeof, null and undefined', async () => {
    const { text } = readFixture(FILES.javascript);
    const { sites } = await sitesIn(method, 'javascript', text);
    assert.ok(!isSite(text, sites, 'if (value == 1)'), "switch uses ===, not ==");
    assert.ok(isSite(text, sites, 'if (value === null)'));
    const out = await rewriteAt(method, 'javascript', text, "if (typeof value === 'number')");
    assert.ok(out.includes("  switch (typeof value) {\n    case 'number':\n      return 'number';"), out);
  });

  it('declines a break that would bind to an enclosing switch, and a chain comparing two variables', async () => {
    const text = [
      'function f(a, b, k) {',
      '  switch (k) {',
      '    case 1:',
      '      if (a === 1) { break; } else if (a === 2) { a = 3; }',
      '      return a;',
      '  }',
      '  if (a === 1) { return 1; } else if (b === 2) { return 2; }',
      '  if (a === b) { return 3; } else if (a === 4) { return 4; }',
      '  return 0;',
      '}',
      '',
    ].join('\n');
    assert.deepStrictEqual((await sitesIn(method, 'javascript', text)).sites, []);
  });

  it('declines a chain whose comments are outside the bodies (they would be lost)', async () => {
    const text = 'int f(int x) {\n    if (x == 1) { return 1; } /* two */ else if (x == 2) { return 2; }\n    return 0;\n}\n';
    assert.deepStrictEqual((await sitesIn(method, 'c', text)).sites, []);
  });
});
