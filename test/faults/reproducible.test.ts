import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { LANGUAGE_IDS, LanguageId } from '../../src/core/languages/languageIds';
import { UnitState } from '../../src/core/unit';
import { SCRATCH_PLACEHOLDER, Verifier } from '../../src/core/verify/verifier';
import { cli } from '../support/cli';
import { parse, REPO } from '../support/harness';

/**
 * Issue 28, deliverable 8: the same command gives the same `--json` bytes in every language at
 * every verification level, `elapsedMs` aside. Each language has one small function with a loop
 * and a branch (so methods find sites) and a main that prints its result (the test level runs
 * the program and compares its output, as the CLI does without --test-cmd).
 */
const PROGRAMS: Record<LanguageId, { file: string; fn: string; text: string }> = {
  python: {
    file: 'total.py',
    fn: 'total',
    text: 'def total(values, limit):\n    result = 0\n    for v in values:\n        if v > limit:\n            result += v * 2\n        else:\n            result += v\n    return result\n\n\nprint(total([1, 5, 9, 2], 4))\n',
  },
  c: {
    file: 'total.c',
    fn: 'total',
    text: '#include <stdio.h>\n\nint total(const int *values, int n, int limit) {\n    int result = 0;\n    for (int i = 0; i < n; i++) {\n        if (values[i] > limit) {\n            result += values[i] * 2;\n        } else {\n            result += values[i];\n        }\n    }\n    return result;\n}\n\nint main(void) {\n    int v[] = {1, 5, 9, 2};\n    printf("%d\\n", total(v, 4, 4));\n    return 0;\n}\n',
  },
  cpp: {
    file: 'total.cpp',
    fn: 'total',
    text: '#include <iostream>\n#include <vector>\n\nint total(const std::vector<int> &values, int limit) {\n    int result = 0;\n    for (size_t i = 0; i < values.size(); i++) {\n        if (values[i] > limit) {\n            result += values[i] * 2;\n        } else {\n            result += values[i];\n        }\n    }\n    return result;\n}\n\nint main() {\n    std::cout << total({1, 5, 9, 2}, 4) << "\\n";\n    return 0;\n}\n',
  },
  go: {
    file: 'total.go',
    fn: 'total',
    text: 'package main\n\nimport "fmt"\n\nfunc total(values []int, limit int) int {\n\tresult := 0\n\tfor i := 0; i < len(values); i++ {\n\t\tif values[i] > limit {\n\t\t\tresult += values[i] * 2\n\t\t} else {\n\t\t\tresult += values[i]\n\t\t}\n\t}\n\treturn result\n}\n\nfunc main() {\n\tfmt.Println(total([]int{1, 5, 9, 2}, 4))\n}\n',
  },
  rust: {
    file: 'total.rs',
    fn: 'total',
    text: 'fn total(values: &[i32], limit: i32) -> i32 {\n    let mut result = 0;\n    for i in 0..values.len() {\n        if values[i] > limit {\n            result += values[i] * 2;\n        } else {\n            result += values[i];\n        }\n    }\n    result\n}\n\nfn main() {\n    println!("{}", total(&[1, 5, 9, 2], 4));\n}\n',
  },
  java: {
    file: 'Total.java',
    fn: 'total',
    text: 'public class Total {\n    static int total(int[] values, int limit) {\n        int result = 0;\n        for (int i = 0; i < values.length; i++) {\n            if (values[i] > limit) {\n                result += values[i] * 2;\n            } else {\n                result += values[i];\n            }\n        }\n        return result;\n    }\n\n    public static void main(String[] args) {\n        System.out.println(total(new int[] {1, 5, 9, 2}, 4));\n    }\n}\n',
  },
  javascript: {
    file: 'total.js',
    fn: 'total',
    text: 'function total(values, limit) {\n  let result = 0;\n  for (let i = 0; i < values.length; i++) {\n    if (values[i] > limit) {\n      result += values[i] * 2;\n    } else {\n      result += values[i];\n    }\n  }\n  return result;\n}\n\nconsole.log(total([1, 5, 9, 2], 4));\n',
  },
  typescript: {
    file: 'total.ts',
    fn: 'total',
    text: 'function total(values: number[], limit: number): number {\n  let result = 0;\n  for (let i = 0; i < values.length; i++) {\n    if (values[i] > limit) {\n      result += values[i] * 2;\n    } else {\n      result += values[i];\n    }\n  }\n  return result;\n}\n\nconsole.log(total([1, 5, 9, 2], 4));\n',
  },
};

const LEVELS = ['syntax', 'compile', 'test'] as const;

/** The document without its one field that is a measurement: the run's wall time. */
function withoutElapsed(json: string): string {
  const out = json.replace(/\n {2}"elapsedMs": \d+/, '');
  assert.notStrictEqual(out, json, 'the document has an elapsedMs field');
  return out;
}

describe('faults: the same command gives the same --json bytes', function () {
  this.timeout(600_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-reproducible-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  for (const lang of LANGUAGE_IDS) {
    const program = PROGRAMS[lang];
    for (const level of LEVELS) {
      it(`${lang} at --verify ${level}: two runs, identical bytes but elapsedMs; no scratch path recorded`, () => {
        const folder = path.join(dir, `${lang}-${level}`);
        fs.mkdirSync(folder);
        const file = path.join(folder, program.file);
        fs.writeFileSync(file, program.text);
        const run = (n: number) => {
          const entries = path.join(folder, `entries-${n}.jsonl`);
          const result = cli(['perturb', file, '--function', program.fn, '--verify', level, '--seed', '3', '--max-iter', '1', '--json', '--quiet', '--save', '--entries', entries], { cwd: folder });
          assert.strictEqual(result.code, 0, result.stderr);
          return { json: result.stdout, entry: fs.readFileSync(entries, 'utf8') };
        };
        const first = run(1);
        const second = run(2);
        assert.strictEqual(withoutElapsed(second.json), withoutElapsed(first.json));
        // an entry also records when it was saved; nothing else in it may differ
        const entry = (text: string) => text.replace(/"createdAt":"[^"]*"/, '');
        assert.strictEqual(entry(second.entry), entry(first.entry));
        const doc = JSON.parse(first.json) as { verification: { compile: string | null; test: string | null } };
        // the checkout itself may sit in the temporary folder (a fresh clone in /tmp): its paths are no scratch
        const recorded = first.json.split(REPO).join('<repo>');
        assert.ok(!recorded.includes('codemorph-verify-') && !recorded.includes(os.tmpdir()), first.json);
        if (level !== 'syntax') assert.ok(doc.verification.compile, 'the compile command is recorded');
        if (level === 'test') assert.match(doc.verification.test ?? '', /compare exit code and output with the original$/);
        // the compilers that write an output file are shown writing it into the placeholder
        if (level !== 'syntax' && ['go', 'rust', 'java'].includes(lang)) assert.ok(doc.verification.compile!.includes(`${SCRATCH_PLACEHOLDER}/`), doc.verification.compile!);
      });
    }
  }

  it('a rejected step\'s reason and output show the scratch folder as the placeholder', async () => {
    const text = 'def f(x):\n    return x + 1\n';
    // the test prints the absolute path of the file it checks, and fails on any other text than the original's
    const testCmd = `grep -q 'x + 1' {file} || { echo "$(pwd)/$(basename {file}) is not the original" >&2; exit 1; }`;
    const verifier = new Verifier('python', { level: 'test', toolchains: {}, timeoutMs: 60_000, testCmd, filePath: path.join(dir, 'f.py') }, text);
    const state = (t: string): UnitState => ({ text: t, unit: { start: 0, end: t.length }, unitKind: 'file', entryPoint: null });
    try {
      const tree = await parse('python', text);
      await verifier.prepare(state(text), tree);
      tree.delete();
      const changed = text.replace('x + 1', '1 + x');
      const changedTree = await parse('python', changed);
      const verdict = await verifier.verify(state(changed), changedTree, []);
      changedTree.delete();
      assert.strictEqual(verdict.reason, `tests fail: ${SCRATCH_PLACEHOLDER}/test/f.py is not the original`);
      assert.ok(verdict.commands.every((c) => !c.includes('codemorph-verify-')), verdict.commands.join('\n'));
      assert.ok(!verdict.output.includes('codemorph-verify-'), verdict.output);
    } finally {
      verifier.dispose();
    }
  });
});
