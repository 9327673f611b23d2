import * as assert from 'assert';
import { ifContinueToIfElse } from '../../src/core/transforms/if-continue-to-if-else';
import { readFixture } from '../support/harness';
import { fixtureFiles, keepsBehaviourAtSpreadSites, rewriteAt, siteStarts } from '../support/methodTests';

const FILES = fixtureFiles('if-continue-to-if-else', 'logs');

const method = ifContinueToIfElse;

describe('if-continue-to-if-else', () => {
  keepsBehaviourAtSpreadSites(method, FILES, { minSites: 5, supportsAll: true });

  it('Python: an if that only continues is negated around the rest; one that does more keeps its work and gets `else:`', async () => {
    const { text } = readFixture(FILES.python);
    const alone = await rewriteAt(method, 'python', text, 'if not line or line.startswith("#"):');
    assert.ok(alone.includes('        if line and not line.startswith("#"):\n            entry = parse(line)\n'), alone);
    const withWork = await rewriteAt(method, 'python', text, 'if entry is None:');
    const expected = [
      '        if entry is None:',
      '            print("skipped:", line)',
      '        else:',
      '            # count every level, debug included',
      '            counts[entry["level"]] = counts.get(entry["level"], 0) + 1',
    ];
    assert.ok(withWork.includes(expected.join('\n')), withWork);
    assert.ok(withWork.includes('                slow.append((entry["time"], took))\n    return counts, slow'), withWork);
    const oneLiner = await rewriteAt(method, 'python', text, 'if entry["level"] == "DEBUG": continue');
    assert.ok(oneLiner.includes('        if entry["level"] != "DEBUG":\n            words = entry["text"].split()\n'), oneLiner);
    const inString = await rewriteAt(method, 'python', text, 'if not per_path:');
    assert.ok(inString.includes('        if per_path:\n            top = max(per_path, key=per_path.get)\n            message = f"""top so far:\n{top}"""'), inString);
    for (const out of [alone, withWork, oneLiner, inString]) assert.doesNotMatch(out, /:\n\s+pass\n/, 'no empty branch');
  });

  it('braced languages: the test negated and the rest one level deeper inside it; a comment after the if stays on its line; work before the continue stays with `else {`', async () => {
    const { text } = readFixture(FILES.c);
    const bare = await rewriteAt(method, 'c', text, 'if (ms == NULL)');
    assert.ok(bare.includes('        if (ms != NULL) { /* no timing */\n            const char *start = ms;\n'), bare);
    assert.ok(bare.includes('            if (took > 100) (*slow)++;\n        }\n    }\n}'), bare);
    const inner = await rewriteAt(method, 'c', text, 'if (*p != \'/\') continue;');
    assert.ok(inner.includes("            if (*p == '/') {\n                hits++;\n            }\n        }\n    }"), inner);
    const line = 'int f(int n) {\n    int s = 0;\n    for (int i = 0; i < n; i++) { if (i % 2) continue; s += i; }\n    return s;\n}\n';
    const oneLine = await rewriteAt(method, 'c', line, 'if (i % 2)');
    assert.ok(oneLine.includes('for (int i = 0; i < n; i++) { if (!(i % 2)) { s += i; } }'), oneLine);
    const go = readFixture(FILES.go).text;
    const withWork = await rewriteAt(method, 'go', go, 'if i%3 == 0 {');
    assert.ok(withWork.includes('\t\tif i%3 == 0 {\n\t\t\ttotal += 100\n\t\t} else {\n\t\t\ttotal += i\n\t\t}\n\t}'), withWork);
  });

  it('Rust: the body\'s tail expression becomes the else block\'s tail, and a stray `;` after the if goes', async () => {
    const { text } = readFixture(FILES.rust);
    const tail = await rewriteAt(method, 'rust', text, 'if n % 3 == 0 {');
    assert.ok(tail.includes('        if n % 3 == 0 {\n            total += 100;\n        } else {\n            total += n\n        }\n    }'), tail);
    const semi = await rewriteAt(method, 'rust', text, 'if !last.ends_with("ms") {');
    assert.ok(semi.includes('        if last.ends_with("ms") {\n            let took: u32'), semi);
    assert.ok(!semi.includes('continue;\n        };'), semi);
  });

  it('declines a labeled continue, an if with an else, an if whose last statement is not the continue, and a last if', async () => {
    const js = [
      'function f(rows) {',
      '  let n = 0;',
      '  outer: for (const row of rows) {',
      '    for (const x of row) {',
      '      if (x < 0) continue outer;',
      '      if (x === 0) continue; else n--;',
      '      if (x > 9) { if (x > 99) continue; }',
      '      if (x > 5) continue;',
      '      n += x;',
      '    }',
      '    if (row.length === 0) continue;',
      '  }',
      '  return n;',
      '}',
      '',
    ].join('\n');
    assert.deepStrictEqual(await siteStarts(method, 'javascript', js), [js.indexOf('if (x > 5)')]);
  });

  it('declines conditions that declare names the moved statements would see (C++, Go) or temporaries they would keep (Rust)', async () => {
    const cpp = 'int f(int n) {\n    int s = 0, v = 1;\n    for (int i = 0; i < n; i++) {\n        if (int v = i % 3; v == 0) continue;\n        s += v;\n    }\n    return s;\n}\n';
    assert.deepStrictEqual(await siteStarts(method, 'cpp', cpp), []);
    const go = 'package main\n\nfunc f(xs []int, v int) int {\n\ts := 0\n\tfor _, x := range xs {\n\t\tif v := x % 3; v == 0 {\n\t\t\tcontinue\n\t\t}\n\t\ts += v\n\t}\n\treturn s\n}\n';
    assert.deepStrictEqual(await siteStarts(method, 'go', go), []);
    const goFine = go.replace('s += v', 's += x');
    assert.deepStrictEqual(await siteStarts(method, 'go', goFine), [goFine.indexOf('if v :=')]);
    const rust = 'use std::cell::RefCell;\nfn f(c: &RefCell<Vec<i32>>) {\n    for i in 0..3 {\n        if let Some(_) = c.borrow().get(i) {\n            continue;\n        }\n        c.borrow_mut().push(i);\n    }\n}\n';
    assert.deepStrictEqual(await siteStarts(method, 'rust', rust), []);
  });

  it('declines moving declarations that code before the if sees: hoisted JavaScript functions, Rust items', async () => {
    const js = 'function f(xs) {\n  let s = 0;\n  for (const x of xs) {\n    s += twice(x);\n    if (x < 0) continue;\n    function twice(y) { return 2 * y; }\n  }\n  return s;\n}\n';
    assert.deepStrictEqual(await siteStarts(method, 'javascript', js), []);
    const rust = 'fn f(xs: &[i32]) -> i32 {\n    let mut s = 0;\n    for x in xs {\n        s += twice(*x);\n        if *x < 0 { continue; }\n        fn twice(y: i32) -> i32 { 2 * y }\n    }\n    s\n}\n';
    assert.deepStrictEqual(await siteStarts(method, 'rust', rust), []);
  });

  it('C: declines loops in functions with a goto (it could jump into the new block)', async () => {
    const c = 'int f(int n) {\n    int s = 0;\n    for (int i = 0; i < n; i++) {\n        if (i == 2) continue;\n        s += i;\n        if (s > 10) goto done;\n    }\ndone:\n    return s;\n}\n';
    assert.deepStrictEqual(await siteStarts(method, 'c', c), []);
  });
});
