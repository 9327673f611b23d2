import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { cli, reason } from '../support/cli';
import { REPO } from '../support/harness';

const GO = path.join(REPO, 'test', 'fixtures', 'projects', 'go');

function copyGo(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-cli-project-'));
  fs.cpSync(GO, dir, { recursive: true });
  return dir;
}

describe('CLI: project verification', function () {
  this.timeout(240_000);

  it('--out on the input file updates the other files of the project in place, and they still build and pass', () => {
    const dir = copyGo();
    try {
      const file = path.join(dir, 'calc', 'calc.go');
      const result = cli(['transform', file, '--method', 'function-rename', '--function', 'Add', '--verify', 'test', '--json', '--out', file]);
      assert.strictEqual(result.code, 0, result.stderr);
      const doc = JSON.parse(result.stdout);
      assert.deepStrictEqual(Object.keys(doc.files), ['calc/calc_test.go', 'main.go']);
      assert.strictEqual(fs.readFileSync(file, 'utf8'), doc.file);
      for (const rel of Object.keys(doc.files)) assert.strictEqual(fs.readFileSync(path.join(dir, rel), 'utf8'), doc.files[rel]);
      assert.match(fs.readFileSync(path.join(dir, 'main.go'), 'utf8'), new RegExp(`calc\\.${doc.entryPoint}\\(2, 3\\)`));
      assert.match(doc.verification.compile, /go build -o \.\.\/outputs\/go\/ \.\/\.\.\. && .*go vet \.\/\.\.\./);
      assert.match(doc.verification.test, /go test \.\/\.\.\./);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--no-project checks the file alone: an exported Go function then keeps its name', () => {
    const file = path.join(GO, 'calc', 'calc.go');
    const result = cli(['transform', file, '--method', 'function-rename', '--function', 'Add', '--no-project', '--verify', 'syntax']);
    assert.strictEqual(result.code, 1);
    assert.match(reason(result), /no site/);
  });

  it('--build-cmd replaces the project build and runs in the scratch copy', () => {
    const file = path.join(GO, 'calc', 'calc.go');
    const result = cli(['transform', file, '--method', 'function-rename', '--function', 'Add', '--verify', 'compile', '--build-cmd', 'test -f {dir}/go.mod && exit 3', '--json']);
    assert.strictEqual(result.code, 2, result.stderr);
    assert.match(reason(result), /does not build as it is/);
  });

  it('tests that fail before any perturbation: their output is shown, then the one-line reason', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-cli-project-'));
    try {
      fs.cpSync(path.join(REPO, 'test', 'fixtures', 'projects', 'python'), dir, { recursive: true });
      const test = path.join(dir, 'test_ops.py');
      fs.writeFileSync(test, fs.readFileSync(test, 'utf8').replace('ops.add(2, 3), 5', 'ops.add(2, 3), 6'));
      const result = cli(['transform', path.join(dir, 'ops.py'), '--method', 'function-rename', '--function', 'add', '--verify', 'test'], {
        env: { CODEMORPH_VERBOSE: '' },
      });
      assert.strictEqual(result.code, 2, result.stderr);
      assert.match(result.stderr, /5 != 6/, 'the failing test output is on stderr');
      assert.match(result.stderr, /test_sum/);
      assert.match(reason(result), /^codemorph: the project's tests fail before any perturbation/);
      assert.strictEqual(result.stdout, '');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--project and --no-project together are a usage error', () => {
    const result = cli(['transform', path.join(GO, 'calc', 'calc.go'), '--method', 'function-rename', '--project', GO, '--no-project']);
    assert.strictEqual(result.code, 2);
    assert.match(reason(result), /contradict/);
  });
});
