import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Rng } from '../../src/core/random';
import { cli, CliResult } from '../support/cli';

/**
 * Issue 28, large inputs, through the built CLI as a user runs it: a function inside a file of
 * about 5 MB is perturbed and nothing else in the file changes; a file over the size limit and
 * two long texts that differ throughout are refused at once with one line saying why. What these
 * cost (time and memory) is measured by `npm run bench:in-file`, not here.
 */

/** Exit 2 with one `codemorph:` line on stderr matching `pattern`, nothing on stdout. */
function assertRefused(result: CliResult, pattern: RegExp): void {
  assert.strictEqual(result.code, 2, `exit status ${result.code}; stderr: ${result.stderr}`);
  const lines = result.stderr.split('\n').filter((l) => l.trim());
  assert.strictEqual(lines.length, 1, `expected one line on stderr, got:\n${result.stderr.slice(0, 2000)}`);
  assert.match(lines[0], /^codemorph: /);
  assert.match(lines[0], pattern);
  assert.strictEqual(result.stdout, '', 'nothing on stdout when the input is bad');
}

/** A language's file: many small functions (K: their number), the function to perturb among them. */
interface Layout {
  ext: string;
  head: string;
  filler: string;
  target: string;
  targetName: string;
}

const LAYOUTS: Record<'python' | 'c', Layout> = {
  python: {
    ext: 'py',
    head: 'import sys\n\n\n',
    filler:
      'def tally_K(values_K, limit_K):\n    total = 0\n    for item in values_K:\n        if item > limit_K:\n' +
      '            total += item * 2\n        else:\n            total -= 1\n    return total\n\n\n',
    target:
      'def even_sum_below(numbers, bound):\n    result = 0\n    index = 0\n    while index < len(numbers):\n' +
      '        value = numbers[index]\n        if value % 2 == 0 and value < bound:\n            result = result + value\n' +
      '        index += 1\n    return result\n\n\n',
    targetName: 'even_sum_below',
  },
  c: {
    ext: 'c',
    head: '#include <stdio.h>\n\n',
    filler:
      'static int tally_K(const int *values, int n, int limit)\n{\n    int total = 0;\n    for (int i = 0; i < n; i++) {\n' +
      '        if (values[i] > limit) {\n            total += values[i] * 2;\n        } else {\n            total -= 1;\n        }\n' +
      '    }\n    return total;\n}\n\n',
    target:
      'static int even_sum_below(const int *numbers, int n, int bound)\n{\n    int result = 0;\n    int index = 0;\n' +
      '    while (index < n) {\n        int value = numbers[index];\n        if (value % 2 == 0 && value < bound) {\n' +
      '            result = result + value;\n        }\n        index++;\n    }\n    return result;\n}\n\n',
    targetName: 'even_sum_below',
  },
};

/** About `chars` characters: the head, fillers, the target in the middle, more fillers. */
function largeFile(layout: Layout, chars: number): { text: string; start: number; end: number } {
  const fillers: string[] = [];
  let length = layout.head.length + layout.target.length;
  while (length < chars) {
    fillers.push(layout.filler.replace(/K/g, String(fillers.length)));
    length += fillers[fillers.length - 1].length;
  }
  const half = Math.floor(fillers.length / 2);
  const before = layout.head + fillers.slice(0, half).join('');
  const text = before + layout.target + fillers.slice(half).join('');
  return { text, start: before.length, end: before.length + layout.target.length };
}

describe('faults: large inputs through the CLI', function () {
  this.timeout(600_000);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-large-'));
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  for (const lang of ['python', 'c'] as const) {
    it(`${lang}: a function in the middle of a 5.2 MB file is perturbed, and the file differs only inside it`, () => {
      const layout = LAYOUTS[lang];
      // above the 5 MB that the limit once was, below the 6 million characters it is
      const { text, start, end } = largeFile(layout, 5_200_000);
      assert.ok(text.length > 5_100_000 && text.length < 5_300_000, `${text.length} characters`);
      const file = path.join(tmp, `large.${layout.ext}`);
      const out = path.join(tmp, `large-out.${layout.ext}`);
      fs.writeFileSync(file, text);
      const result = cli(['perturb', file, '--function', layout.targetName, '--verify', 'syntax', '--seed', '1', '--out', out, '--quiet']);
      assert.strictEqual(result.code, 0, `exit status ${result.code}; stderr: ${result.stderr.slice(0, 2000)}`);
      const written = fs.readFileSync(out, 'utf8');
      const prefix = text.slice(0, start);
      const suffix = text.slice(end);
      assert.ok(written.startsWith(prefix), `the file before the function is as it was (first difference at ${firstDifference(written, text)} of ${start})`);
      assert.ok(written.endsWith(suffix), `the file after the function is as it was (written ${written.length}, original ${text.length})`);
      assert.ok(written.length >= prefix.length + suffix.length);
      const fn = written.slice(start, written.length - suffix.length);
      assert.notStrictEqual(fn, layout.target, 'the function was perturbed');
      assert.ok(fn.trim().length > 0, 'the function is still there');
      // the input file is left as it was
      assert.strictEqual(fs.readFileSync(file, 'utf8'), text);
    });
  }

  it('a file over the size limit is refused with one line naming the limit', () => {
    const big = path.join(tmp, 'big.py');
    fs.writeFileSync(big, `# ${'x'.repeat(6_500_000)}\ndef f(x):\n    return x + 1\n`);
    assertRefused(cli(['perturb', big, '--function', 'f', '--verify', 'syntax']), /the file is too large \(6\.5 million characters; the limit is 6 million\)/);
  });

  it('similarity refuses, at once and saying why, two long texts that differ throughout, whose exact surface similarity would take minutes', () => {
    const rng = new Rng(4);
    const letters = (n: number) => Array.from({ length: n }, () => 'abcdefghijklmnopqrstuvwxyz'[rng.int(26)]).join('');
    const a = path.join(tmp, 'a.py');
    const b = path.join(tmp, 'b.py');
    // comments, so the files parse at once; 1.25 million characters each, unrelated
    fs.writeFileSync(a, `x = 1\n# ${letters(1_250_000)}\n`);
    fs.writeFileSync(b, `x = 2\n# ${letters(1_250_000)}\n`);
    assertRefused(cli(['similarity', a, b]), /a\.py and .*b\.py differ throughout, and an exact surface similarity .* takes longer than allowed .*--function/);
  });
});

function firstDifference(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}
