import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { UnitState } from '../../src/core/unit';
import { detectProject } from '../../src/core/verify/project';
import { Verifier } from '../../src/core/verify/verifier';
import { loader, parse, REPO } from '../support/harness';
import { renameInProject } from '../support/renameInProject';

const FIXTURE = path.join(REPO, 'test', 'fixtures', 'projects', 'c');
const FLAGS = ['-Wall', '-Werror=implicit-function-declaration'];

/**
 * The C fixture described by a compile_commands.json as CMake writes one: absolute paths into the
 * user's tree, run from a build folder (which the scratch copy leaves out), objects and dependency
 * files written there.
 * With `include`, the header moves to include/ and is found through a joined `-I<abs>` flag.
 */
function makeProject(include = false): string {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-compdb-')));
  fs.cpSync(FIXTURE, root, { recursive: true });
  fs.rmSync(path.join(root, 'Makefile'));
  fs.mkdirSync(path.join(root, 'build'));
  fs.writeFileSync(path.join(root, 'build', 'keep.txt'), 'build output\n');
  if (include) {
    fs.mkdirSync(path.join(root, 'include'));
    fs.renameSync(path.join(root, 'ops.h'), path.join(root, 'include', 'ops.h'));
  }
  const build = path.join(root, 'build');
  const incl = include ? [`-I${path.join(root, 'include')}`] : [];
  const entry = (name: string, form: 'command' | 'arguments') => {
    const object = `CMakeFiles/app.dir/${name}.o`;
    // Ninja's form: a dependency file written beside the object, into a folder only the real build creates
    const deps = ['-MD', '-MT', object, '-MF', `${object}.d`];
    const args = ['cc', ...incl, ...FLAGS, ...deps, '-o', object, '-c', path.join(root, name)];
    const line = form === 'command' ? { command: args.join(' ') } : { arguments: args };
    return { directory: build, ...line, file: path.join(root, name) };
  };
  const entries = [entry('main.c', 'command'), entry('ops.c', 'arguments'), entry('test.c', 'command')];
  fs.writeFileSync(path.join(root, 'compile_commands.json'), JSON.stringify(entries, null, 2));
  return root;
}

/** Every file under root with its text: what "the user's tree is untouched" compares. */
function snapshot(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const abs = path.join(entry.parentPath, entry.name);
    out[path.relative(root, abs)] = fs.readFileSync(abs, 'utf8');
  }
  return out;
}

function fileState(text: string): UnitState {
  return { text, unit: { start: 0, end: text.length }, unitKind: 'file', entryPoint: null };
}

/** Prepares a compile-level verifier on `file` (its original must build) and checks one candidate text of it. */
async function verifyText(file: string, candidate: string) {
  const original = fs.readFileSync(file, 'utf8');
  const verifier = new Verifier('c', { level: 'compile', toolchains: {}, timeoutMs: 60_000, filePath: file }, original);
  try {
    const tree = await parse('c', original);
    await verifier.prepare(fileState(original), tree).finally(() => tree.delete());
    const candTree = await parse('c', candidate);
    try {
      return await verifier.verify(fileState(candidate), candTree, []);
    } finally {
      candTree.delete();
    }
  } finally {
    verifier.dispose();
  }
}

const wholeWord = (name: string) => new RegExp(`(?<![\\w$])${name}(?![\\w$])`, 'g');

describe('project verification with compile_commands.json', function () {
  this.timeout(120_000);
  let root = '';
  let before: Record<string, string> = {};

  afterEach(() => {
    // nothing is ever written into the user's tree: no perturbed text, no object file in build/
    if (root) assert.deepStrictEqual(snapshot(root), before, "the user's tree changed");
    if (root) fs.rmSync(root, { recursive: true, force: true });
    root = '';
  });

  const setUp = (include = false) => {
    root = makeProject(include);
    before = snapshot(root);
    return root;
  };

  it('is detected as a compile_commands project', () => {
    setUp();
    const found = detectProject(path.join(root, 'ops.c'), 'c');
    assert.deepStrictEqual(found, { kind: 'compdb', root, lang: 'c', marker: 'compile_commands.json' });
  });

  it('a rename that updates every reference passes, each entry checked with -fsyntax-only in the scratch copy', async () => {
    setUp();
    const file = path.join(root, 'ops.c');
    const doc = await renameInProject('c', file, 'add', 3, { level: 'compile', toolchains: {}, timeoutMs: 60_000 });
    const step = doc.steps[0];
    assert.strictEqual(step.accepted, true, `rejected: ${step.reason}`);
    assert.deepStrictEqual(step.verified, { syntax: true, compile: true, test: null });
    const renamed = doc.entryPoint!;
    assert.notStrictEqual(renamed, 'add');
    assert.deepStrictEqual(Object.keys(doc.files), ['main.c', 'ops.h', 'test.c']);
    for (const text of Object.values(doc.files)) assert.match(text, wholeWord(renamed));
    // the compiler ran on the scratch copy's files (shown relative to it), never on the user's
    const compile = doc.verification.compile ?? '';
    assert.match(compile, /-fsyntax-only/);
    assert.doesNotMatch(compile, new RegExp(root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  });

  it('a perturbation that breaks compilation of the perturbed file is rejected with the compiler output', async () => {
    setUp();
    const file = path.join(root, 'ops.c');
    const text = fs.readFileSync(file, 'utf8');
    // still C that parses, but its definition no longer matches the header's declaration
    const verdict = await verifyText(file, text.replace('int add(int a, int b)', 'int add(int a, long b)'));
    assert.strictEqual(verdict.compile, false);
    assert.match(verdict.reason ?? '', /the project does not build/);
    assert.match(verdict.output, /ops\.c:\d+:\d+: error: conflicting types for .add./);
    assert.match(verdict.commands.join('\n'), /-fsyntax-only/);
  });

  it('a perturbed header found through an absolute -I flag is the one the other files include', async () => {
    setUp(true);
    const file = path.join(root, 'include', 'ops.h');
    const text = fs.readFileSync(file, 'utf8');
    // the header alone renamed: main.c and test.c now call an undeclared function
    const verdict = await verifyText(file, text.replace(wholeWord('add'), 'renamedAlone'));
    assert.strictEqual(verdict.compile, false, 'the user\'s header was compiled instead of the perturbed one');
    assert.match(verdict.output, /main\.c:\d+:\d+: error: implicit declaration of function .add./);
  });
});
