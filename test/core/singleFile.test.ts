import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { buildAndRun, javaMainClass } from '../../src/core/verify/singleFile';

describe('single-file programs', () => {
  it('Java: runs the class that holds main, not the first class of the file', async () => {
    const source = [
      'class Helper {',
      '  // static void main( in a comment does not count',
      '  static String name() { return "{ static void main( }"; }',
      '  static class Inner { }',
      '}',
      '',
      'public class Runner {',
      '  static class Nested { }',
      '  public static void main(String[] args) {',
      '    System.out.println("ran " + Helper.name().length());',
      '  }',
      '}',
      '',
    ].join('\n');
    assert.strictEqual(javaMainClass(source, 'Unit.java'), 'Runner');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-java-main-'));
    try {
      const outcome = await buildAndRun('java', source, 'Runner.java', { dir, overrides: {}, timeoutMs: 60_000 });
      assert.ok(outcome.built.ok, outcome.built.output);
      assert.strictEqual(outcome.run?.code, 0);
      assert.strictEqual(outcome.run?.stdout.trim(), 'ran 21');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('Java: prefers the public class when several have a main, and falls back to the file name', () => {
    const two = 'class A { public static void main(String[] a) {} }\npublic class B { public static void main(String[] a) {} }\n';
    assert.strictEqual(javaMainClass(two, 'X.java'), 'B');
    assert.strictEqual(javaMainClass('class A { void run() {} }\n', 'Solution.java'), 'Solution');
    assert.strictEqual(javaMainClass('interface Tool { static void main(String[] a) {} }\n', 'X.java'), 'Tool');
  });
});
