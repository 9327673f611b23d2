import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { perturb } from '../../src/core/engine';
import type { LanguageId } from '../../src/core/languages/languageIds';
import { DEFAULT_SEARCH } from '../../src/core/search/types';
import type { UnitState } from '../../src/core/unit';
import { CheckResult, compileCheck, compileCheckMany, scratchFileName } from '../../src/core/verify/singleFile';
import { Verdict, Verifier } from '../../src/core/verify/verifier';
import { CACHE_VARIABLE } from '../../src/core/verify/warm/cacheDir';
import { configureWarmCheckers, runningWarmCheckers, stopWarmCheckers, warmCounts } from '../../src/core/verify/warm/pool';
import { corpusOf, corpusText } from '../support/corpus';
import { loader, parse, REPO } from '../support/harness';

/**
 * Batches (issue 33 item 6, docs/warm-checkers.md): a beam round's candidates are compile-checked
 * in one warm checker call (Java: one javac task; Go, Python, TypeScript: one exchange with the
 * checker, each request answered as alone). The verdicts must be those of checking one by one: the
 * same accept/reject, the same messages, the same recorded commands; and a beam run must give the
 * same document either way. Real javac, go, python3 and tsc (typescript 5, the `typescript-5`
 * devDependency, in a workspace of its own: CodeMorph's own typescript 7 has no compiler API).
 */

type Batched = 'java' | 'go' | 'python' | 'typescript';

const TIMEOUT_MS = 120_000;

interface Variant {
  name: string;
  edit: (text: string) => string;
  /** `clean`: the batch answers it; `alone`: accepted, but checked alone (the batch cannot say); `rejected`: checked alone, and rejected. */
  kind: 'clean' | 'alone' | 'rejected';
}

/** A line inserted after the first top-level class's opening line (Java), or at the end (the others). */
function inserted(lang: LanguageId, line: string): (text: string) => string {
  if (lang !== 'java') return (text) => `${text.trimEnd()}\n\n${line}\n`;
  return (text) => {
    const lines = text.split('\n');
    const at = lines.findIndex((l) => /^(public\s+)?(final\s+)?class\s+\w+.*\{\s*$/.test(l));
    assert.ok(at >= 0, 'no top-level class line');
    lines.splice(at + 1, 0, line);
    return lines.join('\n');
  };
}

const VARIANTS: Record<Batched, Variant[]> = {
  java: [
    { name: 'the original', edit: (t) => t, kind: 'clean' },
    { name: 'a valid addition', edit: inserted('java', '    static String accent = "café";'), kind: 'clean' },
    { name: 'a type error', edit: inserted('java', '    static int brokenType() { return "text"; }'), kind: 'rejected' },
    { name: 'a missing symbol', edit: inserted('java', '    static int brokenCall() { return undefinedHelper(3); }'), kind: 'rejected' },
    { name: 'a syntax error', edit: inserted('java', '    static int broken( { }'), kind: 'rejected' },
    // the parse accepts `_` as a name; javac's parser does not (a keyword since Java 9)
    { name: "a syntax error only javac's parser sees", edit: inserted('java', '    static int _ = 1;'), kind: 'rejected' },
    { name: 'a missing return', edit: inserted('java', '    static int noReturn(int x) { if (x > 0) { return 1; } }'), kind: 'rejected' },
    { name: 'another valid addition', edit: inserted('java', '    static int twice(int x) { return 2 * x; }'), kind: 'clean' },
    // javac -nowarn still prints "Note: ... uses unchecked or unsafe operations.": not a clean compile
    { name: 'raw types (accepted with a note)', edit: inserted('java', '    static java.util.List raw() { java.util.List l = new java.util.ArrayList(); l.add(1); return l; }'), kind: 'alone' },
    // the batch gives each file a package: a file that speaks of one is checked alone
    { name: 'the word package in a comment', edit: inserted('java', '    // a package of helpers'), kind: 'alone' },
  ],
  go: [
    { name: 'the original', edit: (t) => t, kind: 'clean' },
    { name: 'a valid addition', edit: inserted('go', 'func accent() string { return "café" }'), kind: 'clean' },
    { name: 'a type error', edit: inserted('go', 'func brokenType() int { return "text" }'), kind: 'rejected' },
    { name: 'a missing symbol', edit: inserted('go', 'func brokenCall() int { return undefinedHelper(3) }'), kind: 'rejected' },
    { name: 'a syntax error', edit: inserted('go', 'func broken( { }'), kind: 'rejected' },
    { name: 'an unused variable', edit: inserted('go', 'func unusedVar() { x := 1 }'), kind: 'rejected' },
    // the parse accepts it; Go's parser does not
    { name: "a syntax error only Go's parser sees", edit: inserted('go', 'func spawn() { go func() {} }'), kind: 'rejected' },
    { name: 'another valid addition', edit: inserted('go', 'func twice(x int) int { return 2 * x }'), kind: 'clean' },
    { name: 'a main package without main', edit: (t) => t.replace(/^func main\(\)/m, 'func notMain()'), kind: 'rejected' },
  ],
  python: [
    { name: 'the original', edit: (t) => t, kind: 'clean' },
    { name: 'a valid addition', edit: inserted('python', 'ACCENT = "café"'), kind: 'clean' },
    { name: 'a syntax error', edit: inserted('python', 'def broken(:\n    pass'), kind: 'rejected' },
    { name: 'an indentation error', edit: inserted('python', 'def unindented():\nreturn 1'), kind: 'rejected' },
    // the parse accepts these; the compiler does not
    { name: 'return outside a function', edit: inserted('python', 'return 1'), kind: 'rejected' },
    { name: 'break outside a loop', edit: inserted('python', 'break'), kind: 'rejected' },
    { name: 'a duplicate argument', edit: inserted('python', 'def twice(x, x):\n    return 2 * x'), kind: 'rejected' },
    { name: 'another valid addition', edit: inserted('python', 'def twice(x):\n    return 2 * x'), kind: 'clean' },
    // exit 0 with a SyntaxWarning on stderr: not a clean compile, so checked alone (and accepted)
    { name: 'an assertion always true (a warning)', edit: inserted('python', 'assert (1, "message")'), kind: 'alone' },
  ],
  typescript: [
    { name: 'the original', edit: (t) => t, kind: 'clean' },
    { name: 'a valid addition', edit: inserted('typescript', 'const accent: string = "café";'), kind: 'clean' },
    { name: 'a type error', edit: inserted('typescript', 'const brokenType: number = "text";'), kind: 'rejected' },
    { name: 'a missing symbol', edit: inserted('typescript', 'const brokenCall = undefinedHelper(3);'), kind: 'rejected' },
    { name: 'a syntax error', edit: inserted('typescript', 'function broken( { }'), kind: 'rejected' },
    { name: 'a call with the wrong arity', edit: inserted('typescript', 'function two(a: number, b: number): number { return a + b; }\nconst wrongArity = two(1);'), kind: 'rejected' },
    // the parse accepts it; tsc does not ('const' declarations must be initialized)
    { name: "a syntax error only tsc's grammar sees", edit: inserted('typescript', 'const uninitialized: number;'), kind: 'rejected' },
    { name: 'another valid addition', edit: inserted('typescript', 'function twice(x: number): number { return 2 * x; }'), kind: 'clean' },
  ],
};

/** Where the file is said to be: beside the workspace holding its tsc (TypeScript), else anywhere. */
function placed(lang: Batched, file: string): string {
  return path.join(lang === 'typescript' ? tsWorkspace : os.tmpdir(), file);
}

/** A workspace whose node_modules holds typescript 5 (a JavaScript compiler: the warm checker loads it), its .bin/tsc, and Node's types. */
let tsWorkspace = '';
function makeTsWorkspace(root: string): string {
  const ws = path.join(root, 'ws-ts5');
  fs.mkdirSync(path.join(ws, 'node_modules', '.bin'), { recursive: true });
  fs.mkdirSync(path.join(ws, 'node_modules', '@types'), { recursive: true });
  fs.symlinkSync(path.dirname(require.resolve('typescript-5/package.json')), path.join(ws, 'node_modules', 'typescript'));
  fs.symlinkSync('../typescript/bin/tsc', path.join(ws, 'node_modules', '.bin', 'tsc'));
  fs.symlinkSync(path.join(REPO, 'node_modules', '@types', 'node'), path.join(ws, 'node_modules', '@types', 'node'));
  return ws;
}

/** A verdict without its timing, which is all that may differ. */
function comparable(verdict: Verdict): Omit<Verdict, 'processMs'> {
  const { processMs: _ms, ...rest } = verdict;
  return rest;
}

function wholeFile(text: string): UnitState {
  return { text, unit: { start: 0, end: text.length }, unitKind: 'file', entryPoint: null };
}

describe('warm checkers: batches', function () {
  this.timeout(600_000);
  let cache: string;
  let savedCache: string | undefined;
  let savedWarm: string | undefined;
  before(() => {
    savedCache = process.env[CACHE_VARIABLE];
    savedWarm = process.env.CODEMORPH_WARM_CHECKERS;
    delete process.env.CODEMORPH_WARM_CHECKERS;
    cache = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-warm-batch-cache-'));
    process.env[CACHE_VARIABLE] = cache;
    tsWorkspace = makeTsWorkspace(cache);
  });
  after(() => {
    stopWarmCheckers();
    if (savedCache === undefined) delete process.env[CACHE_VARIABLE];
    else process.env[CACHE_VARIABLE] = savedCache;
    if (savedWarm !== undefined) process.env.CODEMORPH_WARM_CHECKERS = savedWarm;
    fs.rmSync(cache, { recursive: true, force: true });
  });

  it('a batch that fails leaves each candidate to its own check, without a note', async () => {
    const entry = corpusOf('java')[3];
    const original = corpusText('java', entry);
    const options = { level: 'compile' as const, toolchains: {}, timeoutMs: TIMEOUT_MS, filePath: path.join(os.tmpdir(), entry.file), project: false as const };
    const batched = new Verifier('java', options, original);
    const alone = new Verifier('java', { ...options, batch: false }, original);
    const variants = VARIANTS.java.filter((v) => v.kind !== 'alone');
    const trees = await Promise.all(variants.map((v) => parse('java', v.edit(original))));
    try {
      const originalTree = await parse('java', original);
      await batched.prepare(wholeFile(original), originalTree);
      await alone.prepare(wholeFile(original), originalTree);
      originalTree.delete();
      const candidates = variants.map((v, i) => ({ state: wholeFile(v.edit(original)), tree: trees[i] }));
      const before = warmCounts('java');
      // a deadline no batch keeps: the checker is killed, and nothing is answered
      configureWarmCheckers({ deadlineMs: 1 });
      try {
        await batched.precheck(candidates);
      } finally {
        configureWarmCheckers({ deadlineMs: 30_000 });
      }
      assert.deepStrictEqual(runningWarmCheckers(), []);
      assert.deepStrictEqual(warmCounts('java'), before);
      for (const [i, variant] of variants.entries()) {
        const many = await batched.verify(candidates[i].state, trees[i], []);
        const one = await alone.verify(candidates[i].state, trees[i], []);
        assert.deepStrictEqual(comparable(many), comparable(one), variant.name);
        assert.strictEqual(many.notes, undefined, variant.name);
      }
      assert.strictEqual(warmCounts('java').batched, before.batched);
    } finally {
      for (const tree of trees) tree.delete();
      batched.dispose();
      alone.dispose();
    }
  });

  for (const lang of ['java', 'go', 'python', 'typescript'] as const) {
    it(`${lang}: a batch of good and broken candidates gives each the verdict it gets alone`, async () => {
      const entry = corpusOf(lang)[1];
      const original = corpusText(lang, entry);
      const filePath = placed(lang, entry.file);
      const options = { level: 'compile' as const, toolchains: {}, timeoutMs: TIMEOUT_MS, filePath, project: false as const };
      const batched = new Verifier(lang, options, original);
      const alone = new Verifier(lang, { ...options, batch: false }, original);
      const trees = await Promise.all(VARIANTS[lang].map((v) => parse(lang, v.edit(original))));
      try {
        const originalTree = await parse(lang, original);
        await batched.prepare(wholeFile(original), originalTree);
        await alone.prepare(wholeFile(original), originalTree);
        originalTree.delete();
        const candidates = VARIANTS[lang].map((v, i) => ({ state: wholeFile(v.edit(original)), tree: trees[i] }));
        const before = warmCounts(lang).batched;
        await batched.precheck(candidates);
        const answered = warmCounts(lang).batched - before;
        const rejected: string[] = [];
        for (const [i, variant] of VARIANTS[lang].entries()) {
          const one = await alone.verify(candidates[i].state, trees[i], []);
          if (one.reason !== null) rejected.push(variant.name);
          const many = await batched.verify(candidates[i].state, trees[i], []);
          assert.deepStrictEqual(comparable(many), comparable(one), `${entry.file} with ${variant.name}`);
          if (variant.kind === 'clean') assert.strictEqual(one.compile, true, `${variant.name} compiles alone`);
        }
        // the broken ones are rejected (each with its own messages, compared above)
        assert.deepStrictEqual(
          rejected,
          VARIANTS[lang].filter((v) => v.kind === 'rejected').map((v) => v.name),
        );
        assert.strictEqual(answered, VARIANTS[lang].filter((v) => v.kind === 'clean').length, 'the clean candidates were answered by the batch');
      } finally {
        for (const tree of trees) tree.delete();
        batched.dispose();
        alone.dispose();
      }
    });

    it(`${lang}: compile checks in one call, the parse's syntax errors among them, are those of one by one`, async () => {
      const entry = corpusOf(lang)[2];
      const original = corpusText(lang, entry);
      const texts = VARIANTS[lang].map((v) => v.edit(original));
      const fileName = scratchFileName(lang, original);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-warm-batch-'));
      const without = ({ processMs: _ms, ...rest }: CheckResult) => rest;
      try {
        const options = { overrides: {}, timeoutMs: TIMEOUT_MS, warm: {}, nearFile: placed(lang, entry.file) };
        const many = await compileCheckMany(lang, texts, fileName, path.join(dir, 'alone'), { ...options, dir: path.join(dir, 'batch') });
        for (const [i, variant] of VARIANTS[lang].entries()) {
          const one = await compileCheck(lang, texts[i], fileName, { ...options, dir: path.join(dir, 'alone') });
          assert.strictEqual(many[i] !== undefined, variant.kind === 'clean', `${variant.name}: answered by the batch`);
          if (many[i]) assert.deepStrictEqual(without(many[i]!), without(one), variant.name);
          assert.strictEqual(one.ok, variant.kind !== 'rejected', `${variant.name}: ${one.output}`);
        }
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    it(`${lang}: a beam run gives the same document with and without batches`, async () => {
      const entry = corpusOf(lang)[0];
      const text = corpusText(lang, entry);
      const runBeam = async (batch: boolean) => {
        const doc = await perturb(loader, {
          lang,
          text,
          // TypeScript's tsc is found beside the file; the others' tools on the PATH
          ...(lang === 'typescript' ? { filePath: placed(lang, entry.file) } : {}),
          selector: { functionName: entry.function },
          search: { ...DEFAULT_SEARCH, strategy: 'beam', maxIter: 2, seed: 3 },
          verify: { level: 'compile', toolchains: {}, timeoutMs: TIMEOUT_MS, batch, project: false },
          mu: 0.5,
        });
        return JSON.stringify({ ...doc, elapsedMs: 0 }, null, 2);
      };
      const before = warmCounts(lang).batched;
      const withBatches = await runBeam(true);
      const answered = warmCounts(lang).batched - before;
      const oneByOne = await runBeam(false);
      assert.ok(answered > 10, `the batches answered ${answered} compile checks`);
      assert.strictEqual(warmCounts(lang).batched - before, answered, 'no batch without batches');
      assert.strictEqual(withBatches, oneByOne);
    });
  }
});
