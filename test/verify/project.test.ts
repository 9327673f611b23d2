import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { entryFromDocument } from '../../src/core/benchmark/entries';
import { reverifyEntry } from '../../src/core/benchmark/reverify';
import { transform } from '../../src/core/engine';
import { isCodemorphError } from '../../src/core/errors';
import { LANGUAGE_IDS, LanguageId } from '../../src/core/languages/languageIds';
import { DEFAULT_SEARCH } from '../../src/core/search/types';
import type { UnitState } from '../../src/core/unit';
import { detectProject } from '../../src/core/verify/project';
import { Verifier, VerifyOptions } from '../../src/core/verify/verifier';
import { loader, parse, REPO } from '../support/harness';
import { renameInProject } from '../support/renameInProject';

const PROJECTS = path.join(REPO, 'test', 'fixtures', 'projects');

/** Per language: the file holding the function the other files call, its name, and what the project kind is. */
const FIXTURES: Record<LanguageId, { file: string; name: string; kind: string; body: [string, string] }> = {
  go: { file: 'calc/calc.go', name: 'Add', kind: 'go', body: ['total := a + b', 'total := a - b'] },
  rust: { file: 'src/ops.rs', name: 'add', kind: 'cargo', body: ['let total = a + b;', 'let total = a - b;'] },
  java: { file: 'src/calc/Ops.java', name: 'add', kind: 'javac', body: ['int total = a + b;', 'int total = a - b;'] },
  c: { file: 'ops.c', name: 'add', kind: 'make', body: ['int total = a + b;', 'int total = a - b;'] },
  cpp: { file: 'ops.cpp', name: 'add', kind: 'make', body: ['int total = a + b;', 'int total = a - b;'] },
  python: { file: 'ops.py', name: 'add', kind: 'python', body: ['total = a + b', 'total = a - b'] },
  javascript: { file: 'ops.js', name: 'add', kind: 'node', body: ['const total = a + b;', 'const total = a - b;'] },
  typescript: { file: 'src/ops.ts', name: 'add', kind: 'typescript', body: ['const total = a + b;', 'const total = a - b;'] },
};

function fixtureFile(lang: LanguageId, root = path.join(PROJECTS, lang)): string {
  return path.join(root, FIXTURES[lang].file);
}

function options(level: VerifyOptions['level'], extra: Partial<VerifyOptions> = {}): VerifyOptions {
  return { level, toolchains: {}, timeoutMs: 120_000, ...extra };
}

function fileState(text: string): UnitState {
  return { text, unit: { start: 0, end: text.length }, unitKind: 'file', entryPoint: null };
}

/** A verifier on the fixture file, prepared with the file's text as the original. */
async function preparedVerifier(lang: LanguageId, file: string, extra: Partial<VerifyOptions> = {}): Promise<Verifier> {
  const original = fs.readFileSync(file, 'utf8');
  const verifier = new Verifier(lang, options('test', { filePath: file, ...extra }), original);
  const tree = await parse(lang, original);
  try {
    await verifier.prepare(fileState(original), tree);
  } catch (e) {
    verifier.dispose();
    throw e;
  } finally {
    tree.delete();
  }
  return verifier;
}

/** Checks one candidate text of the perturbed file (no other file changed). */
async function verifyWith(verifier: Verifier, lang: LanguageId, candidate: string) {
  const tree = await parse(lang, candidate);
  try {
    return await verifier.verify(fileState(candidate), tree, []);
  } finally {
    tree.delete();
  }
}

/** Prepares a verifier on the fixture and checks one candidate text of the perturbed file. */
async function verifyText(lang: LanguageId, file: string, candidate: string, extra: Partial<VerifyOptions> = {}) {
  const verifier = await preparedVerifier(lang, file, extra);
  try {
    return await verifyWith(verifier, lang, candidate);
  } finally {
    verifier.dispose();
  }
}

function copyFixture(lang: LanguageId): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `codemorph-project-${lang}-`));
  fs.cpSync(path.join(PROJECTS, lang), dir, { recursive: true });
  return dir;
}

const wholeWord = (name: string) => new RegExp(`(?<![\\w$])${name}(?![\\w$])`, 'g');

describe('project verification', function () {
  this.timeout(240_000);

  for (const lang of LANGUAGE_IDS) {
    describe(lang, () => {
      const fx = FIXTURES[lang];

      it('detects the project around the file', () => {
        const found = detectProject(fixtureFile(lang), lang);
        assert.ok(found, 'no project detected');
        assert.strictEqual(found.kind, fx.kind);
        assert.strictEqual(found.root, path.join(PROJECTS, lang));
      });

      it('a rename that updates every cross-file reference passes the build and the tests', async () => {
        const file = fixtureFile(lang);
        const text = fs.readFileSync(file, 'utf8');
        const doc = await renameInProject(lang, file, fx.name, 3, { level: 'test', toolchains: {}, timeoutMs: 120_000 });
        const step = doc.steps[0];
        assert.strictEqual(step.accepted, true, `rejected: ${step.reason}`);
        assert.deepStrictEqual(step.verified, { syntax: true, compile: true, test: true });
        const renamed = doc.entryPoint!;
        assert.notStrictEqual(renamed, fx.name);
        const others = Object.keys(doc.files);
        assert.ok(others.length >= 1, 'no other file was updated');
        for (const rel of others) {
          const before = fs.readFileSync(path.join(PROJECTS, lang, rel), 'utf8');
          assert.ok(wholeWord(fx.name).test(before), `${rel} did not mention ${fx.name}`);
          assert.ok(wholeWord(renamed).test(doc.files[rel]), `${rel} does not call ${renamed}`);
        }
        // nothing in the user's tree changed
        assert.strictEqual(fs.readFileSync(file, 'utf8'), text);
      });

      it('a rename that misses a cross-file reference is rejected', async () => {
        const file = fixtureFile(lang);
        const text = fs.readFileSync(file, 'utf8');
        const verdict = await verifyText(lang, file, text.replace(wholeWord(fx.name), 'renamedAlone'));
        assert.notStrictEqual(verdict.reason, null, 'a half-done rename was accepted');
        assert.ok(verdict.compile === false || verdict.test === false);
        assert.ok(verdict.output.length > 0, 'no compiler or test output was kept');
      });

      it('a change that breaks the tests is rejected', async () => {
        const file = fixtureFile(lang);
        const text = fs.readFileSync(file, 'utf8');
        assert.ok(text.includes(fx.body[0]));
        const verdict = await verifyText(lang, file, text.replace(fx.body[0], fx.body[1]));
        assert.strictEqual(verdict.compile, true);
        assert.strictEqual(verdict.test, false);
        assert.match(verdict.reason ?? '', /tests fail/);
      });
    });
  }

  it('declines a rename of public API when another file names it in a way that cannot be updated', async () => {
    const dir = copyFixture('python');
    try {
      fs.appendFileSync(path.join(dir, 'app.py'), "\nADDER = getattr(__import__('ops'), 'add')\n");
      const file = fixtureFile('python', dir);
      await assert.rejects(
        renameInProject('python', file, 'add', 1, { level: 'syntax', toolchains: {}, timeoutMs: 60_000 }),
        (e: unknown) => isCodemorphError(e) && /has no site/.test(e.message),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('add-arguments declines a function another file of its Go package calls, and applies when only its own file does', async () => {
    const dir = copyFixture('go');
    try {
      const file = path.join(dir, 'calc', 'scale.go');
      const thrice = '// Thrice triples a number.\nfunc Thrice(x int) int {\n\treturn scale(x, 3)\n}\n';
      fs.writeFileSync(file, `package calc\n\nfunc scale(x, k int) int {\n\treturn x * k\n}\n\n${thrice}`);
      const request = () => ({
        lang: 'go' as const,
        text: fs.readFileSync(file, 'utf8'),
        filePath: file,
        selector: { functionName: 'scale' },
        search: { ...DEFAULT_SEARCH, seed: 2 },
        verify: { level: 'test' as const, toolchains: {}, timeoutMs: 120_000 },
        mu: 0.5,
        methodId: 'add-arguments',
      });
      // called only in its own file: the call passes the dummy, and the whole project builds and passes its tests
      const doc = await transform(loader, request());
      const step = doc.steps[0];
      assert.strictEqual(step.accepted, true, step.reason ?? '');
      assert.deepStrictEqual(step.verified, { syntax: true, compile: true, test: true });
      assert.match(doc.file, /func scale\(x, k int, \w+ \w+\) int/);
      assert.deepStrictEqual(doc.files, {});
      // another file of the package calls it too: that call would miss the argument, so there is no site
      const quad = 'package calc\n\n// Quad quadruples a number.\nfunc Quad(x int) int {\n\treturn scale(x, 4)\n}\n';
      fs.writeFileSync(path.join(dir, 'calc', 'quad.go'), quad);
      await assert.rejects(transform(loader, request()), (e: unknown) => isCodemorphError(e) && /has no site/.test(e.message));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('re-verifying a saved cross-file rename checks the whole project on both sides, whichever version the files hold', async () => {
    const dir = copyFixture('python');
    try {
      const file = fixtureFile('python', dir);
      const doc = await renameInProject('python', file, 'add', 3, { level: 'test', toolchains: {}, timeoutMs: 60_000 });
      assert.strictEqual(doc.steps[0].accepted, true, doc.steps[0].reason ?? '');
      assert.ok(Object.keys(doc.files).length > 0);
      const entry = entryFromDocument(doc, 'ops.py', '0.0.0');
      const reverify = (extra: { project?: false; level?: 'compile' | 'test' } = {}) =>
        reverifyEntry(loader, entry, dir, { level: 'test', toolchains: {}, timeoutMs: 60_000, ...extra });
      // the files still hold the original: the other files' calls follow the rename for the perturbed side
      const before = await reverify();
      assert.strictEqual(before.ok, true, `${before.reason}\n${before.output}`);
      assert.strictEqual(before.context, 'file');
      assert.match(before.verdict!.commands.join('\n'), /pytest|unittest/, 'the project tests ran');
      // the result was written out (as --out does): the original side gets the old name back everywhere
      fs.writeFileSync(file, doc.file);
      for (const [rel, text] of Object.entries(doc.files)) fs.writeFileSync(path.join(dir, rel), text);
      const after = await reverify();
      assert.strictEqual(after.ok, true, `${after.reason}\n${after.output}`);
      // project: false (codemorph.projectVerification off, --no-project) checks the file alone
      const alone = await reverify({ project: false });
      assert.doesNotMatch(alone.verdict?.commands.join('\n') ?? '', /pytest|unittest/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a project without tests is verified the differential way: same input, compared exit code and output', async () => {
    const dir = copyFixture('python');
    try {
      fs.rmSync(path.join(dir, 'test_ops.py'));
      const file = path.join(dir, 'app.py');
      const text = fs.readFileSync(file, 'utf8');
      const same = await verifyText('python', file, text.replace('return add(x, x)', 'doubled = add(x, x)\n    return doubled'));
      assert.strictEqual(same.reason, null, same.reason ?? '');
      assert.strictEqual(same.test, true);
      const changed = await verifyText('python', file, text.replace('return add(x, x)', 'return add(x, x) + 1'));
      assert.strictEqual(changed.test, false);
      assert.match(changed.reason ?? '', /behaviour changed/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('Python steps of the same size within one second each run their own code, not bytecode left by the step before', async () => {
    const file = fixtureFile('python');
    const original = fs.readFileSync(file, 'utf8');
    // each the same length as the original: Python trusts a .pyc whose source has the same size and mtime second
    const broken = original.replace('total = a + b', 'total = a - b');
    // parses (tree-sitter lets it through), but only the compiler knows `break` needs a loop
    const uncompilable = original.replace('total = a + b', 'break ; a + b');
    assert.strictEqual(broken.length, original.length);
    assert.strictEqual(uncompilable.length, original.length);
    const verifier = await preparedVerifier('python', file);
    const check = (text: string) => verifyWith(verifier, 'python', text);
    try {
      for (let round = 0; round < 3; round++) {
        const bad = await check(broken);
        assert.deepStrictEqual([bad.compile, bad.test], [true, false], `round ${round}: a breaking step passed its tests`);
        const good = await check(original);
        assert.deepStrictEqual([good.compile, good.test], [true, true], `round ${round}: ${good.reason}`);
        const wrong = await check(uncompilable);
        assert.strictEqual(wrong.compile, false, `round ${round}: a compile error compiled`);
      }
      // no bytecode where the tests import from: the scratch copy's tree holds none outside .codemorph
      const scratch = verifier['checks']!.root;
      const pycaches = fs
        .readdirSync(scratch, { recursive: true, withFileTypes: true })
        .filter((e) => e.name === '__pycache__' && !path.relative(scratch, e.path).startsWith('.codemorph'));
      assert.deepStrictEqual(pycaches.map((e) => path.relative(scratch, path.join(e.path, e.name))), []);
    } finally {
      verifier.dispose();
    }
  });

  it('a test command and test file given by the user run in the scratch project, the test file renamed with the code', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-testfile-'));
    try {
      const testFile = path.join(dir, 'check_ops.py');
      fs.writeFileSync(testFile, 'from ops import add\nassert add(2, 3) == 5\n');
      const file = fixtureFile('python');
      const doc = await renameInProject('python', file, 'add', 5, { level: 'test', toolchains: {}, timeoutMs: 60_000, testCmd: 'cd {dir} && PYTHONPATH=. python3 {test}', testFile });
      assert.strictEqual(doc.steps[0].accepted, true, doc.steps[0].reason ?? '');
      assert.match(doc.verification.test ?? '', /python3 .*check_ops\.py/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a CMake project is configured once, built and tested with ctest in the scratch copy', async () => {
    const dir = copyFixture('c');
    try {
      fs.rmSync(path.join(dir, 'Makefile'));
      fs.writeFileSync(
        path.join(dir, 'CMakeLists.txt'),
        'cmake_minimum_required(VERSION 3.10)\nproject(calc C)\nenable_testing()\nadd_executable(app main.c ops.c)\nadd_executable(test_runner test.c ops.c)\nadd_test(NAME ops COMMAND test_runner)\n',
      );
      const file = fixtureFile('c', dir);
      assert.strictEqual(detectProject(file, 'c')?.kind, 'cmake');
      const text = fs.readFileSync(file, 'utf8');
      const alone = await verifyText('c', file, text.replace(wholeWord('add'), 'renamedAlone'));
      assert.strictEqual(alone.compile, false);
      assert.match(alone.output, /undefined reference to `add'/);
      const broken = await verifyText('c', file, text.replace('a + b', 'a - b'));
      assert.deepStrictEqual([broken.compile, broken.test], [true, false]);
      assert.match(broken.commands.join('\n'), /ctest --test-dir \.\.\/outputs\/cmake-build/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a project whose tests fail before any perturbation stops the run, showing their output', async () => {
    const dir = copyFixture('python');
    try {
      const test = path.join(dir, 'test_ops.py');
      fs.writeFileSync(test, fs.readFileSync(test, 'utf8').replace('ops.add(2, 3), 5', 'ops.add(2, 3), 6'));
      const file = fixtureFile('python', dir);
      await assert.rejects(
        verifyText('python', file, fs.readFileSync(file, 'utf8')),
        (e: unknown) => isCodemorphError(e) && /the project's tests fail before any perturbation/.test(e.message) && /6/.test(e.detail ?? ''),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a hanging test is killed at its timeout and reported', async () => {
    const dir = copyFixture('javascript');
    const marker = path.join(dir, 'still-running');
    try {
      // the test forks a child that would touch a file after the timeout: killing the tree stops it too
      fs.writeFileSync(
        path.join(dir, 'test.js'),
        `const { spawn } = require('child_process');\n` +
          `spawn(process.execPath, ['-e', ${JSON.stringify(`setTimeout(() => require('fs').writeFileSync(${JSON.stringify(marker)}, 'x'), 4000)`)}], { stdio: 'inherit' });\n` +
          'setInterval(() => {}, 1000);\n',
      );
      const file = fixtureFile('javascript', dir);
      const started = Date.now();
      await assert.rejects(
        verifyText('javascript', file, fs.readFileSync(file, 'utf8'), { timeoutMs: 1500 }),
        (e: unknown) => isCodemorphError(e) && /the project's tests timed out after 1.5 s on the original .*--timeout/.test(e.message) && /timed out after 1.5 s and was killed/.test(e.detail ?? ''),
      );
      assert.ok(Date.now() - started < 4000, 'the timeout did not stop the test');
      await new Promise((r) => setTimeout(r, 4000));
      assert.strictEqual(fs.existsSync(marker), false, 'a process the test started outlived the timeout');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a hanging build is killed at its timeout and reported', async () => {
    const file = fixtureFile('go');
    const text = fs.readFileSync(file, 'utf8');
    await assert.rejects(
      verifyText('go', file, text, { level: 'compile', compileCmd: 'sleep 30', timeoutMs: 1000 }),
      (e: unknown) => isCodemorphError(e) && /the project's build timed out after 1 s on the original \(.*sleep 30.*--timeout/.test(e.message) && /timed out after 1 s and was killed/.test(e.detail ?? ''),
    );
  });

  it('a missing toolchain is named with the setting that points at it', async () => {
    const file = fixtureFile('go');
    await assert.rejects(
      verifyText('go', file, fs.readFileSync(file, 'utf8'), { level: 'compile', toolchains: { go: '/nonexistent/go' } }),
      (e: unknown) => isCodemorphError(e) && e.kind === 'toolchain' && /\/nonexistent\/go was not found/.test(e.message) && /codemorph\.toolchain\.go/.test(e.message),
    );
  });

  it('a lone file has no project and keeps the single-file checks', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-lone-'));
    try {
      const file = path.join(dir, 'lone.go');
      fs.writeFileSync(file, 'package main\n\nfunc main() {}\n');
      assert.strictEqual(detectProject(file, 'go'), undefined);
      const verifier = new Verifier('go', options('compile', { filePath: file }), '');
      assert.strictEqual(verifier.project, undefined);
      verifier.dispose();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
