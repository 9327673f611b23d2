import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { LanguageId } from '../../src/core/languages/languageIds';
import type { UnitState } from '../../src/core/unit';
import { Verifier } from '../../src/core/verify/verifier';
import { cli } from '../support/cli';
import { parse, REPO } from '../support/harness';

/**
 * Project builds never write into the project or collide with its folders (issue 28). A Go module
 * whose main package sits in a folder named like the binary (`calc/main.go` in module .../calc)
 * could not be verified at all: `go build ./...` wrote the binary `calc` where the folder calc/ is.
 * And per build system, the scratch copy a check runs in holds the project's files and nothing the
 * build made (binaries, classes, target folders, CMake build trees, bytecode): outputs go beside it.
 */

const PROJECTS = path.join(REPO, 'test', 'fixtures', 'projects');

/** Every file and folder under `root` (relative, '/'-separated), links not followed. */
function tree(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, rel: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      out.push(e.isDirectory() ? `${child}/` : child);
      if (e.isDirectory()) walk(path.join(dir, e.name), child);
    }
  };
  walk(root, '');
  return out.sort();
}

describe('faults: project builds write nothing into the project', function () {
  this.timeout(300_000);
  let dir: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-faults-outputs-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  describe('a Go module whose main package is in calc/, the binary\'s name', () => {
    beforeEach(() => {
      fs.mkdirSync(path.join(dir, 'calc'));
      fs.writeFileSync(path.join(dir, 'go.mod'), 'module example.com/calc\n\ngo 1.19\n');
      fs.writeFileSync(
        path.join(dir, 'calc', 'main.go'),
        'package main\n\nimport "fmt"\n\nfunc add(a, b int) int {\n\ttotal := a + b\n\tif total > 100 {\n\t\treturn 100\n\t}\n\treturn total\n}\n\nfunc main() {\n\tfmt.Println(add(2, 3))\n}\n',
      );
      fs.writeFileSync(path.join(dir, 'calc', 'main_test.go'), 'package main\n\nimport "testing"\n\nfunc TestAdd(t *testing.T) {\n\tif add(2, 3) != 5 {\n\t\tt.Fatal("add")\n\t}\n}\n');
    });

    for (const level of ['compile', 'test']) {
      it(`perturb calc/main.go --verify ${level} succeeds and leaves the module as it was`, () => {
        const before = tree(dir);
        const result = cli(['perturb', 'calc/main.go', '--function', 'add', '--verify', level, '--max-iter', '3', '--seed', '2', '--json'], { cwd: dir });
        assert.strictEqual(result.code, 0, result.stderr);
        const doc = JSON.parse(result.stdout);
        assert.ok(
          doc.steps.some((s: { accepted: boolean }) => s.accepted),
          doc.steps.map((s: { reason: string | null }) => s.reason).join('\n'),
        );
        assert.match(doc.verification.compile, /go build -o \.\.\/outputs\/go\/ \.\/\.\.\./);
        if (level === 'test') assert.match(doc.verification.test, /go test \.\/\.\.\./);
        assert.deepStrictEqual(tree(dir), before);
      });
    }
  });

  it('a Go package in a folder named like build output (build/) is copied and built, not left out', () => {
    fs.mkdirSync(path.join(dir, 'build'));
    fs.writeFileSync(path.join(dir, 'go.mod'), 'module example.com/tool\n\ngo 1.19\n');
    fs.writeFileSync(path.join(dir, 'build', 'version.go'), 'package build\n\nfunc Version() string { return "1.0" }\n');
    fs.writeFileSync(
      path.join(dir, 'main.go'),
      'package main\n\nimport (\n\t"fmt"\n\n\t"example.com/tool/build"\n)\n\nfunc add(a, b int) int {\n\ttotal := a + b\n\treturn total\n}\n\nfunc main() {\n\tfmt.Println(add(2, 3), build.Version())\n}\n',
    );
    const result = cli(['perturb', 'main.go', '--function', 'add', '--verify', 'compile', '--max-iter', '2', '--seed', '2', '--json'], { cwd: dir });
    assert.strictEqual(result.code, 0, result.stderr);
  });

  /** Checks the original at test level in the project and lists the scratch copy before it goes. */
  async function copyAfterChecks(lang: LanguageId, root: string, rel: string): Promise<string[]> {
    const file = path.join(root, rel);
    const text = fs.readFileSync(file, 'utf8');
    const verifier = new Verifier(lang, { level: 'test', toolchains: {}, timeoutMs: 120_000, filePath: file }, text);
    const state: UnitState = { text, unit: { start: 0, end: text.length }, unitKind: 'file', entryPoint: null };
    const tree1 = await parse(lang, text);
    try {
      await verifier.prepare(state, tree1);
      const again = await verifier.verify(state, tree1, []);
      assert.strictEqual(again.reason, null, again.output);
      return tree(verifier['checks']!.root);
    } finally {
      tree1.delete();
      verifier.dispose();
    }
  }

  function copyFixture(lang: string): string {
    const root = path.join(dir, lang);
    fs.cpSync(path.join(PROJECTS, lang), root, { recursive: true });
    return root;
  }

  /**
   * What tools write into a tree they run in whoever runs them, not CodeMorph's builds: cargo the
   * lock file it resolves (a source of the build), pytest-benchmark (when installed) its store.
   */
  const NOT_OUTPUTS = new Set(['Cargo.lock', '.benchmarks/']);

  const CASES: { name: string; lang: LanguageId; fixture: string; file: string; setup?: (root: string) => void }[] = [
    { name: 'go (go build, go vet, go test)', lang: 'go', fixture: 'go', file: 'calc/calc.go' },
    { name: 'cargo (target folder)', lang: 'rust', fixture: 'rust', file: 'src/ops.rs' },
    { name: 'javac over a src/ tree (classes)', lang: 'java', fixture: 'java', file: 'src/calc/Ops.java' },
    { name: 'Python (compileall bytecode)', lang: 'python', fixture: 'python', file: 'ops.py' },
    {
      name: 'CMake (build tree, ctest)',
      lang: 'c',
      fixture: 'c',
      file: 'ops.c',
      setup: (root) => {
        fs.rmSync(path.join(root, 'Makefile'));
        fs.writeFileSync(
          path.join(root, 'CMakeLists.txt'),
          'cmake_minimum_required(VERSION 3.10)\nproject(calc C)\nenable_testing()\nadd_executable(app main.c ops.c)\nadd_executable(test_runner test.c ops.c)\nadd_test(NAME ops COMMAND test_runner)\n',
        );
      },
    },
  ];

  for (const c of CASES) {
    it(`${c.name}: the scratch copy holds the project's files and no build output`, async () => {
      const root = copyFixture(c.fixture);
      c.setup?.(root);
      const before = tree(root);
      const copy = await copyAfterChecks(c.lang, root, c.file);
      assert.deepStrictEqual(
        copy.filter((f) => !NOT_OUTPUTS.has(f)),
        before,
      );
      assert.deepStrictEqual(tree(root), before, "the user's tree changed");
    });
  }
});
