import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { perturb } from '../../src/core/engine';
import { DEFAULT_SEARCH } from '../../src/core/search/types';
import { LineEndings, matchLines } from '../../src/core/text/lineEndings';
import { cli, cliAsync } from '../support/cli';
import { answer, FakeOpenAI, isVote, promptedCode } from '../support/fakeOpenAI';
import { loader } from '../support/harness';

/** Issue 28: a CRLF file stays CRLF everywhere, inserted lines included; a mixed file keeps each line's ending. */

const PROGRAMS: Record<string, { ext: string; fn: string; verify: string; source: string }> = {
  python: {
    ext: 'py',
    fn: 'total',
    verify: 'compile',
    source: 'def total(xs):\n    t = 0\n    for x in xs:\n        if x > 2:\n            t += x\n    return t\n\n\nprint(total([1, 2, 3, 4]))\n',
  },
  c: {
    ext: 'c',
    fn: 'total',
    verify: 'test',
    source:
      '#include <stdio.h>\n\nint total(const int *xs, int n) {\n    int t = 0;\n    for (int i = 0; i < n; i++) {\n        if (xs[i] > 2) {\n            t += xs[i];\n        }\n    }\n    return t;\n}\n\nint main(void) {\n    int xs[] = {1, 2, 3, 4};\n    printf("%d\\n", total(xs, 4));\n    return 0;\n}\n',
  },
  go: {
    ext: 'go',
    fn: 'total',
    verify: 'syntax',
    source: 'package main\n\nimport "fmt"\n\nfunc total(xs []int) int {\n\tt := 0\n\tfor _, x := range xs {\n\t\tif x > 2 {\n\t\t\tt += x\n\t\t}\n\t}\n\treturn t\n}\n\nfunc main() {\n\tfmt.Println(total([]int{1, 2, 3, 4}))\n}\n',
  },
  java: {
    ext: 'java',
    fn: 'total',
    verify: 'syntax',
    source:
      'public class Total {\n    static int total(int[] xs) {\n        int t = 0;\n        for (int x : xs) {\n            if (x > 2) {\n                t += x;\n            }\n        }\n        return t;\n    }\n\n    public static void main(String[] args) {\n        System.out.println(total(new int[] {1, 2, 3, 4}));\n    }\n}\n',
  },
  javascript: {
    ext: 'js',
    fn: 'total',
    verify: 'syntax',
    source: 'function total(xs) {\n  let t = 0;\n  for (const x of xs) {\n    if (x > 2) {\n      t += x;\n    }\n  }\n  return t;\n}\n\nconsole.log(total([1, 2, 3, 4]));\n',
  },
  rust: {
    ext: 'rs',
    fn: 'total',
    verify: 'syntax',
    source: 'fn total(xs: &[i32]) -> i32 {\n    let mut t = 0;\n    for x in xs {\n        if *x > 2 {\n            t += x;\n        }\n    }\n    t\n}\n\nfn main() {\n    println!("{}", total(&[1, 2, 3, 4]));\n}\n',
  },
};

const crlf = (text: string) => text.replace(/\n/g, '\r\n');

/** Line feeds without a carriage return before them. */
function bareLf(text: string): number {
  return (text.match(/(^|[^\r])\n/g) ?? []).length;
}

describe('faults: line endings', function () {
  this.timeout(240_000);
  let dir: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-eol-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  for (const [lang, program] of Object.entries(PROGRAMS)) {
    it(`${lang}: a CRLF file comes out all CRLF, inserted lines included, in --out, the JSON document and the entry`, () => {
      const file = path.join(dir, lang === 'java' ? 'Total.java' : `total.${program.ext}`);
      fs.writeFileSync(file, crlf(program.source));
      const out = path.join(dir, `out.${program.ext}`);
      const entries = path.join(dir, 'entries.jsonl');
      const result = cli([
        'perturb', file, '--function', program.fn, '--verify', program.verify, '--methods', 'insert-junk-loop,add-condition',
        // the paper's profile: no growth budget or junk bound, so the steps insert lines to test
        '--profile', 'paper', '--seed', '1', '--json', '--quiet', '--out', out, '--save', '--entries', entries,
      ]);
      assert.strictEqual(result.code, 0, result.stderr);
      const doc = JSON.parse(result.stdout);
      const added = doc.file.split('\n').length - program.source.split('\n').length;
      assert.ok(added >= 2, `lines were inserted (${added})`);
      for (const key of ['file', 'original', 'perturbed']) assert.strictEqual(bareLf(doc[key]), 0, `${key}: ${JSON.stringify(doc[key])}`);
      const written = fs.readFileSync(out, 'utf8');
      assert.strictEqual(written, doc.file);
      assert.strictEqual(bareLf(written), 0);
      assert.ok(written.endsWith(crlf(program.source.slice(program.source.lastIndexOf('\n', program.source.length - 2) + 1))), 'the last line is as it was');
      const entry = JSON.parse(fs.readFileSync(entries, 'utf8'));
      for (const key of ['original', 'perturbed']) assert.strictEqual(bareLf(entry[key]), 0, `entry ${key}`);
      assert.strictEqual(entry.perturbed, doc.perturbed);
    });
  }

  it('the same CRLF input, options and seed give the same JSON document byte for byte', () => {
    const file = path.join(dir, 'total.py');
    fs.writeFileSync(file, crlf(PROGRAMS.python.source));
    const run = () => cli(['perturb', file, '--function', 'total', '--verify', 'syntax', '--seed', '5', '--json', '--quiet']).stdout.replace(/"elapsedMs": \d+/, '"elapsedMs": 0');
    const first = run();
    const doc = JSON.parse(first);
    assert.ok(doc.steps.some((step: { accepted: boolean }) => step.accepted));
    assert.strictEqual(bareLf(doc.file), 0, 'the document holds the file with CRLF only');
    assert.strictEqual(run(), first);
  });

  it('the CRLF C program verified and written is the program on disk: it compiles and prints the same', () => {
    const file = path.join(dir, 'total.c');
    fs.writeFileSync(file, crlf(PROGRAMS.c.source));
    const out = path.join(dir, 'out.c');
    const result = cli(['perturb', file, '--function', 'total', '--verify', 'test', '--seed', '4', '--max-iter', '8', '--quiet', '--out', out]);
    assert.strictEqual(result.code, 0, result.stderr);
    execFileSync('gcc', ['-o', path.join(dir, 'after'), out]);
    assert.strictEqual(execFileSync(path.join(dir, 'after'), { encoding: 'utf8' }), '7\n');
    assert.strictEqual(bareLf(fs.readFileSync(out, 'utf8')), 0);
  });

  it("a mixed file keeps each line's ending: lines inserted in a function take the function's ending, a rename keeps every line's own", () => {
    const name = (e: string) => (e === '\n' ? 'LF' : 'CRLF');
    for (const [fnEnding, restEnding] of [['\r\n', '\n'], ['\n', '\r\n']]) {
      // a function pasted from elsewhere
      const lines = PROGRAMS.javascript.source.split('\n');
      const fnEnd = lines.indexOf('}');
      const source = lines.map((l, i) => (i === lines.length - 1 ? l : `${l}${i <= fnEnd ? fnEnding : restEnding}`)).join('');
      const file = path.join(dir, 'mixed.js');
      fs.writeFileSync(file, source);
      const out = path.join(dir, 'out.js');
      const result = cli(['perturb', file, '--function', 'total', '--verify', 'syntax', '--methods', 'insert-junk-loop,add-condition', '--seed', '1', '--json', '--quiet', '--out', out]);
      assert.strictEqual(result.code, 0, result.stderr);
      const doc = JSON.parse(result.stdout);
      const written = fs.readFileSync(out, 'utf8');
      assert.strictEqual(written, doc.file);
      const close = `\n}${fnEnding}`;
      const unit = written.slice(0, written.indexOf(close) + close.length);
      assert.ok(unit.split('\n').length > fnEnd + 3, 'lines were inserted in the function');
      const ends = unit.split('\n').slice(0, -1).map((l) => (l.endsWith('\r') ? '\r\n' : '\n'));
      assert.deepStrictEqual([...new Set(ends)], [fnEnding], `a ${name(fnEnding)} function in a ${name(restEnding)} file stays ${name(fnEnding)}: ${JSON.stringify(unit)}`);
      assert.strictEqual(written.slice(unit.length), source.slice(source.indexOf(close) + close.length), 'the rest is as it was');
      assert.strictEqual(doc.perturbed, unit.slice(0, -fnEnding.length));
    }
    // lines alternating between the two: a rename changes lines without adding any
    // (with a name the rename vocabulary has a synonym for: `t` has none)
    const alternating = PROGRAMS.javascript.source
      .replace(/\bt\b/g, 'remaining')
      .split('\n')
      .map((l, i, all) => (i === all.length - 1 ? l : `${l}${i % 2 ? '\n' : '\r\n'}`))
      .join('');
    const file = path.join(dir, 'alternate.js');
    fs.writeFileSync(file, alternating);
    const out = path.join(dir, 'out.js');
    const result = cli(['perturb', file, '--function', 'total', '--verify', 'syntax', '--methods', 'variable-rename', '--seed', '1', '--quiet', '--out', out]);
    assert.strictEqual(result.code, 0, result.stderr);
    const endings = (text: string) => text.split('\n').slice(0, -1).map((l) => l.endsWith('\r'));
    const written = fs.readFileSync(out, 'utf8');
    assert.notStrictEqual(written, alternating);
    assert.deepStrictEqual(endings(written), endings(alternating));
  });

  it('the engine API (the editor passes CRLF document text): the cursor offset, the result and each step\'s state keep CRLF', async () => {
    const text = crlf(PROGRAMS.python.source);
    const states: string[] = [];
    const doc = await perturb(loader, {
      lang: 'python',
      text,
      selector: { offset: text.indexOf('t += x') },
      search: { ...DEFAULT_SEARCH, seed: 1, methods: new Set(['insert-junk-loop', 'add-condition']) },
      verify: { level: 'syntax', toolchains: {}, timeoutMs: 60_000 },
      mu: 0.5,
      onStep: (_step, after) => {
        states.push(after.text);
        assert.strictEqual(after.text.slice(after.unit.start, after.unit.start + 10), 'def total(');
      },
    });
    assert.strictEqual(doc.function, 'total');
    assert.strictEqual(bareLf(doc.file), 0);
    assert.ok(states.length > 0);
    for (const state of states) assert.strictEqual(bareLf(state), 0);
    assert.ok(doc.file.endsWith('\r\n\r\n\r\nprint(total([1, 2, 3, 4]))\r\n'));
  });

  it('an LLM answer written with CRLF (a real loopback OpenAI server) comes out CRLF in a CRLF file, not CR CR LF', async () => {
    const server = new FakeOpenAI();
    const baseUrl = await server.start();
    try {
      server.respond((req) => {
        if (isVote(req)) return { content: 'True' };
        // the model rewrites the for loop and answers with Windows line endings
        const code = promptedCode(req).replace('for x in xs:\n        if x > 2:\n            t += x', 'i = 0\n    while i < len(xs):\n        if xs[i] > 2:\n            t += xs[i]\n        i += 1');
        return { content: answer(code.replace(/\n/g, '\r\n'), 'total') };
      });
      const file = path.join(dir, 'total.py');
      fs.writeFileSync(file, crlf(PROGRAMS.python.source));
      const out = path.join(dir, 'out.py');
      const result = await cliAsync(
        ['transform', file, '--function', 'total', '--method', 'for-while', '--engine', 'llm', '--base-url', baseUrl, '--model', 'local-model', '--verify', 'compile', '--out', out, '--json'],
        { env: { CODEMORPH_API_KEY: 'sk-test-eol', OPENAI_API_KEY: '' } },
      );
      assert.strictEqual(result.code, 0, result.stderr);
      const written = fs.readFileSync(out, 'latin1');
      assert.ok(written.includes('while i < len(xs):'), written);
      assert.ok(!written.includes('\r\r'), JSON.stringify(written));
      assert.strictEqual(bareLf(written), 0, JSON.stringify(written));
      assert.strictEqual(written, crlf(written.replace(/\r\n/g, '\n')));
      const doc = JSON.parse(result.stdout) as { file: string };
      assert.strictEqual(doc.file, written);
    } finally {
      await server.stop();
    }
  });

  it('LineEndings: restore is the identity on the original, and a lone CR stays content', () => {
    for (const text of ['a\r\nb\nc\r\n', 'a\r\r\nb\r\n', 'x\ry\r\n', 'no newline', 'a\nb\n', '\r\n\r\n']) {
      const endings = new LineEndings(text);
      assert.strictEqual(endings.restore(endings.lf), text, JSON.stringify(text));
      assert.ok(!endings.lf.includes('\r\n') || text.includes('\r\r\n'));
    }
    const mixed = new LineEndings('a\r\nb\nc\r\n');
    assert.deepStrictEqual(mixed.restoreSpan(mixed.lf, { start: 2, end: 4 }), { start: 3, end: 5 });
    assert.strictEqual(mixed.toLf(3), 2);
    assert.deepStrictEqual(matchLines(['a', 'b', 'c', 'd'], ['a', 'x', 'c', 'y', 'd']), [0, -1, 2, -1, 3]);
  });
});
