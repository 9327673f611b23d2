import * as assert from 'assert';
import { switchToIf } from '../../src/core/transforms/switch-to-if';
import { assertEquivalent, readFixture } from '../support/harness';
import { fixtureFiles, isSite, keepsBehaviourAtSpreadSites, lines, rewriteAt, sitesIn } from '../support/methodTests';

const FILES = fixtureFiles('switch-to-if', 'tokens');

const method = switchToIf;

describe('switch-to-if', () => {
  keepsBehaviourAtSpreadSites(method, FILES, { minSites: 4, supportsAll: true });

  it('C: declines fallthrough, a break inside a case, and a switched call (C has no untyped temporary)', async () => {
    const { text } = readFixture(FILES.c);
    const { sites } = await sitesIn(method, 'c', text);
    assert.ok(!isSite(text, sites, 'switch (level)'), 'case 3 falls through into case 2');
    assert.ok(!isSite(text, sites, 'switch (text[n])'), 'the inner break would leave the loop');
    assert.ok(!isSite(text, sites, 'switch (next_level(cursor))'), 'the call must run once');
  });

  it('C: a default in the middle becomes the last else; stacked labels join with ||; trailing breaks go', async () => {
    const { text } = readFixture(FILES.c);
    const out = await rewriteAt(method, 'c', text, 'switch (kind)');
    assert.ok(
      out.includes(
        '    if (kind == PLUS || kind == MINUS) {\n        w = 1;\n    } else if (kind == STAR || kind == SLASH) {\n' +
          '        int base = 2;\n        w = base;\n    } else {\n        w = 0;\n    }\n',
      ),
      out,
    );
  });

  it('C++: a switched call goes into an auto temporary; an empty default disappears', async () => {
    const { text } = readFixture(FILES.cpp);
    const { sites } = await sitesIn(method, 'cpp', text);
    assert.ok(!isSite(text, sites, 'switch (streak)'), 'fallthrough');
    const out = await rewriteAt(method, 'cpp', text, 'switch (classify(c))');
    assert.ok(out.includes('        auto choice = classify(c);\n        if (choice == Token::Plus) {\n            sign = 1;\n'), out);
    assert.ok(out.includes('            total += sign * (c - \'0\');\n        }\n    }\n'), 'no empty else');
  });

  it('Java: Strings and enums compare with equals (a null still throws); a switch expression becomes a conditional', async () => {
    const { text } = readFixture(FILES.java);
    const { sites } = await sitesIn(method, 'java', text);
    assert.ok(!isSite(text, sites, 'switch (days)'), 'fallthrough');
    assert.ok(!isSite(text, sites, 'switch (text.charAt(n))'), 'a break inside a case');
    const strings = await rewriteAt(method, 'java', text, 'switch (op)');
    assert.ok(strings.includes('        if (op.equals("+") || op.equals("-")) {\n            level = 1;\n'), strings);
    const enums = await rewriteAt(method, 'java', text, 'switch (kind)');
    assert.ok(enums.includes('        if (kind.equals(Kind.PLUS) || kind.equals(Kind.MINUS)) {'), enums);
    const value = await rewriteAt(method, 'java', text, 'switch (arity)');
    assert.ok(value.includes('        int w = arity == 0 ? 1\n                : arity == 1 || arity == 2 ? arity * 10\n                : -1;\n'), value);
    const call = await rewriteAt(method, 'java', text, 'switch (classify(c))');
    assert.ok(call.includes('            var choice = classify(c);\n            if (choice.equals(Kind.PLUS)) {'), call);
  });

  it('Java: declines a switch expression with block arms or a boxed target, and one labelled for a break', async () => {
    const text = [
      'class T {',
      '    static int f(int x) {',
      '        int a = switch (x) { case 1 -> { yield 2; } default -> 3; };',
      '        Integer b = switch (x) { case 1 -> 2; default -> 3; };',
      '        outer: switch (x) { case 1: break outer; default: break; }',
      '        return a + b;',
      '    }',
      '}',
      '',
    ].join('\n');
    assert.deepStrictEqual((await sitesIn(method, 'java', text)).sites, []);
  });

  it('Go: declines fallthrough and a break; keeps the initializer; a tagless switch tests its cases', async () => {
    const { text } = readFixture(FILES.go);
    const { sites } = await sitesIn(method, 'go', text);
    assert.ok(!isSite(text, sites, 'switch days'), 'fallthrough');
    assert.ok(!isSite(text, sites, 'switch text[n]'), 'break');
    const init = await rewriteAt(method, 'go', text, 'switch w := strings.TrimSpace(word); w');
    assert.ok(init.includes('\tif w := strings.TrimSpace(word); w == "start" {\n\t\treturn "starting"\n\t} else if w == "stop" {'), init);
    const call = await rewriteAt(method, 'go', text, 'switch classify(r)');
    assert.ok(call.includes('\t\tif choice := classify(r); choice == Plus {'), call);
  });

  it('Go: a tagless switch may call in its cases (tested in order either way); a tagged one may not (the subject is read again)', async () => {
    const text = [
      'package main',
      '',
      'import "unicode"',
      '',
      'func kind(r rune, n int, next func() int) int {',
      '\tswitch {',
      '\tcase unicode.IsDigit(r):',
      '\t\treturn 1',
      '\tcase unicode.IsSpace(r):',
      '\t\treturn 2',
      '\t}',
      '\tswitch n {',
      '\tcase next():',
      '\t\treturn 3',
      '\t}',
      '\treturn 0',
      '}',
      '',
    ].join('\n');
    assert.deepStrictEqual((await sitesIn(method, 'go', text)).sites.map((s) => s.start), [text.indexOf('switch {')]);
  });

  it('Rust: literals compare with ==, ranges with contains, enum paths with matches!; bindings are declined', async () => {
    const { text } = readFixture(FILES.rust);
    const { sites } = await sitesIn(method, 'rust', text);
    assert.ok(!isSite(text, sites, 'match score'), '`s if s >= 70` binds a name for its guard');
    const ranges = await rewriteAt(method, 'rust', text, 'match n');
    assert.ok(ranges.includes('    if (i64::MIN..=-1).contains(&n) {\n        "negative"\n    } else if n == 0 {'), ranges);
    const paths = await rewriteAt(method, 'rust', text, 'match kind');
    assert.ok(paths.includes('    let text = if matches!(kind, Kind::Plus | Kind::Minus) {\n        "additive"\n    } else if matches!(kind, Kind::Times) {'), paths);
    const guard = await rewriteAt(method, 'rust', text, 'match owned.as_str()');
    assert.ok(guard.includes('    } else if owned.is_empty() {\n        3\n    } else {\n        0\n    }'), guard);
    const flag = await rewriteAt(method, 'rust', text, 'match flag');
    assert.ok(flag.includes('    if flag { "even" } else { "odd" }\n'), flag);
    const binding = await rewriteAt(method, 'rust', text, 'match depth');
    assert.ok(binding.includes('    } else {\n        let n = depth;\n        format!("{} values", n)\n    }'), binding);
  });

  it('Rust: declines a catch-all binding of a value whose type is unknown (the let could move it)', async () => {
    const text = 'fn f(words: &[&str]) -> usize {\n    let mut n = 0;\n    for w in words {\n        match *w {\n            "a" => n += 1,\n            other => n += other.len(),\n        }\n    }\n    n\n}\n';
    assert.deepStrictEqual((await sitesIn(method, 'rust', text)).sites, []);
  });

  it('Python: sequences and guarded captures are declined; None and True compare with is; a guard joins with and', async () => {
    const { text } = readFixture(FILES.python);
    const { sites } = await sitesIn(method, 'python', text);
    assert.ok(!isSite(text, sites, 'match point'), 'sequence and capture patterns');
    assert.ok(!isSite(text, sites, 'match value', 'def size'), '`case n if n < 0` binds n for its guard');
    const capture = await rewriteAt(method, 'python', text, 'match value');
    assert.ok(capture.includes('    if value == 0:\n        return "zero"\n    else:\n        other = value\n        return f"other {other}"\n'), capture);
    const flags = await rewriteAt(method, 'python', text, 'match flag');
    assert.ok(flags.includes('    if flag is True:\n        return "yes"\n    elif flag is None:\n        return "missing"\n    elif flag == -1:'), flags);
    const guard = await rewriteAt(method, 'python', text, 'match score // 10');
    assert.ok(guard.includes('    elif score // 10 == 7 and score % 10 >= 5:\n        return "C+"\n'), guard);
    const temp = await rewriteAt(method, 'python', text, 'match classify(c)');
    assert.ok(temp.includes('        choice = classify(c)\n        if choice == Kind.PLUS:\n'), temp);
  });

  it('JavaScript: declines a var declared in one case and used in another; a one-line switch stays on one line', async () => {
    const { text } = readFixture(FILES.javascript);
    const { sites } = await sitesIn(method, 'javascript', text);
    assert.ok(!isSite(text, sites, 'switch (mode)'), 'the case bodies share a scope');
    assert.ok(!isSite(text, sites, 'switch (days)'), 'fallthrough');
    const out = await rewriteAt(method, 'javascript', text, 'switch (typeof value)');
    assert.ok(out.includes("  if (typeof value === 'number') { return 'n'; } else if (typeof value === 'string') { return 's'; } else { return '?'; }\n"), out);
  });

  it('TypeScript: declines a switch without default whose exhaustiveness matters (a union switch is, an if-chain is not)', async () => {
    const { text } = readFixture(FILES.typescript);
    const { sites } = await sitesIn(method, 'typescript', text);
    assert.ok(!isSite(text, sites, 'switch (shape.kind)', 'function exhaustive'), 'the function would lack a return');
    assert.ok(!isSite(text, sites, 'switch (Math.floor(score / 10))'), 'every case returns: the end would become reachable');
    assert.ok(isSite(text, sites, 'switch (score)'), 'a number subject without default is fine');
    const unset = [
      "function f(k: 'a' | 'b', tag: 'x' | 'y'): number {",
      '  let v: number;',
      "  switch (k) { case 'a': v = 1; break; case 'b': v = 2; break; }",
      '  let w = 0;',
      "  switch (tag) { case 'x': w = 1; break; case 'y': w = 2; break; }",
      '  return v + w;',
      '}',
      '',
    ].join('\n');
    assert.deepStrictEqual((await sitesIn(method, 'typescript', unset)).sites.map((s) => s.start), [unset.indexOf('switch (tag)')], 'v is definitely assigned only by the switch');
  });

  it('declines a switch that is the unbraced body of an if (a dangling else would change owner)', async () => {
    const text = 'int f(int c, int x) {\n    if (c)\n        switch (x) { case 1: return 1; }\n    else\n        return 2;\n    return 0;\n}\n';
    assert.deepStrictEqual((await sitesIn(method, 'c', text)).sites, []);
  });

  it('a case that does nothing says so in its branch, rather than leaving it empty', async () => {
    const ts = lines(
      'function expand(hex: string): string | null {',
      '  switch (hex.length) {',
      '    case 3:',
      "      hex = hex.split('').map((d) => d + d).join('');",
      '      break;',
      '    case 6:',
      '      break;',
      '    default:',
      '      return null;',
      '  }',
      '  return hex;',
      '}',
      "console.log(expand('abc'), expand('abcdef'), expand('ab'));",
    );
    const out = await rewriteAt(method, 'typescript', ts, 'switch (hex.length)');
    assert.ok(out.includes('  } else if (hex.length === 6) {\n    // nothing to do\n  } else {\n    return null;\n  }'), out);
    await assertEquivalent('typescript', ts, out);
  });
});
