import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { UnitState } from '../../src/core/unit';
import { runProcess } from '../../src/core/verify/process';
import { Verifier } from '../../src/core/verify/verifier';
import { cli } from '../support/cli';
import { parse, REPO } from '../support/harness';

/**
 * Compilers, builds and tests run the workspace's code, so none of them may see the LLM key or a
 * variable the user marks secret (issue 28). Hostile projects whose build and tests dump their
 * whole environment to a file (a Makefile, conftest.py, an npm test script, the project's own
 * node_modules/.bin/tsc, a plain --test-cmd) are verified by the real CLI with the key variables
 * and marked variables set; the dumps must hold none of them, and must hold an ordinary variable
 * (so an empty dump cannot pass).
 */

const PROJECTS = path.join(REPO, 'test', 'fixtures', 'projects');

const SECRETS: Record<string, string> = {
  CODEMORPH_API_KEY: 'sk-codemorph-key-3f9a1c',
  OPENAI_API_KEY: 'sk-openai-key-77b2e0',
  MY_DEPLOY_TOKEN: 'deploy-token-5d11aa',
  AWS_SECRET_ACCESS_KEY: 'aws-secret-9c0e42',
};
const ORDINARY = { name: 'CM_ORDINARY', value: 'ordinary-value-41d7' };

describe('faults: no secret reaches a build or a test', function () {
  this.timeout(240_000);
  let dir: string;
  let dumps: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-faults-env-'));
    dumps = path.join(dir, 'dumps');
    fs.mkdirSync(dumps);
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** The CLI's environment: the secrets, the user's list of names (one a prefix), where to dump, an ordinary variable. */
  function env(): NodeJS.ProcessEnv {
    return { ...SECRETS, CODEMORPH_SECRET_ENV: 'MY_DEPLOY_TOKEN, AWS_*', CM_DUMP_DIR: dumps, [ORDINARY.name]: ORDINARY.value };
  }

  /** Every dump made, each checked: the ordinary variable is there, no secret name or value is. */
  function checkDumps(expected: string[]): void {
    assert.deepStrictEqual(fs.readdirSync(dumps).sort(), [...expected].sort(), 'the project did not dump where expected');
    for (const name of expected) {
      const text = fs.readFileSync(path.join(dumps, name), 'utf8');
      assert.ok(text.includes(`${ORDINARY.name}=${ORDINARY.value}`), `${name} is not a dump of the environment:\n${text}`);
      for (const [secret, value] of Object.entries(SECRETS)) {
        assert.ok(!text.includes(value), `${name} holds the value of ${secret}`);
        assert.ok(!new RegExp(`^${secret}=`, 'm').test(text), `${name} holds ${secret}`);
      }
    }
  }

  function copyProject(lang: string): string {
    const root = path.join(dir, lang);
    fs.cpSync(path.join(PROJECTS, lang), root, { recursive: true });
    return root;
  }

  function perturb(file: string, ...extra: string[]): void {
    const result = cli(['perturb', file, '--function', 'add', '--max-iter', '2', '--seed', '3', '--quiet', ...extra], { cwd: dir, env: env() });
    assert.strictEqual(result.code, 0, result.stderr);
  }

  it('a Makefile build and `make test`', () => {
    const root = copyProject('c');
    const makefile = path.join(root, 'Makefile');
    const text = fs.readFileSync(makefile, 'utf8');
    fs.writeFileSync(
      makefile,
      // (functions: a replacement string would read make's `$$` as one `$`)
      text
        .replace('app: main.o ops.o\n', () => 'app: main.o ops.o\n\tenv > "$$CM_DUMP_DIR/make-build.env"\n')
        .replace('test: test_runner\n', () => 'test: test_runner\n\tenv > "$$CM_DUMP_DIR/make-test.env"\n'),
    );
    perturb(path.join(root, 'ops.c'), '--verify', 'test');
    checkDumps(['make-build.env', 'make-test.env']);
  });

  it('a conftest.py run by pytest', () => {
    const root = copyProject('python');
    fs.writeFileSync(
      path.join(root, 'conftest.py'),
      "import os\n\nwith open(os.path.join(os.environ['CM_DUMP_DIR'], 'conftest.env'), 'w') as f:\n    f.write(''.join(f'{k}={v}\\n' for k, v in os.environ.items()))\n",
    );
    perturb(path.join(root, 'ops.py'), '--verify', 'test');
    checkDumps(['conftest.env']);
  });

  it('an npm test script', () => {
    const root = copyProject('javascript');
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    pkg.scripts.test = 'env > "$CM_DUMP_DIR/npm-test.env" && node test.js';
    fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify(pkg, null, 2));
    perturb(path.join(root, 'ops.js'), '--verify', 'test');
    checkDumps(['npm-test.env']);
  });

  it("the project's own node_modules/.bin/tsc", () => {
    const root = copyProject('typescript');
    const tsc = path.join(root, 'node_modules', '.bin', 'tsc');
    fs.mkdirSync(path.dirname(tsc), { recursive: true });
    fs.writeFileSync(tsc, '#!/bin/sh\nenv > "$CM_DUMP_DIR/tsc.env"\nexit 0\n', { mode: 0o755 });
    perturb(path.join(root, 'src', 'ops.ts'), '--verify', 'compile');
    checkDumps(['tsc.env']);
  });

  it('a plain --test-cmd on a lone file', () => {
    const file = path.join(dir, 'lone', 'ops.py');
    fs.mkdirSync(path.dirname(file));
    fs.writeFileSync(file, 'def add(a, b):\n    total = a + b\n    return total\n');
    perturb(file, '--verify', 'test', '--test-cmd', 'env > "$CM_DUMP_DIR/test-cmd.env"; python3 {file}');
    checkDumps(['test-cmd.env']);
  });

  it('runProcess leaves the key variables and the marked ones out of an environment it is given', async () => {
    const given = { ...process.env, ...env() };
    const result = await runProcess('/bin/sh', ['-c', 'env'], { cwd: dir, timeoutMs: 30_000, env: given });
    assert.ok(result.stdout.includes(`${ORDINARY.name}=${ORDINARY.value}`), result.stdout);
    for (const value of Object.values(SECRETS)) assert.ok(!result.stdout.includes(value), `${value} reached the child`);
  });

  it("the editor's codemorph.secretEnv names, passed in the engine request, are kept from the tests too", async () => {
    const saved = process.env.CM_EDITOR_SECRET;
    process.env.CM_EDITOR_SECRET = 'editor-secret-2b7c';
    try {
      const dump = path.join(dumps, 'editor.env');
      const text = 'def add(a, b):\n    return a + b\n';
      const verifier = new Verifier('python', { level: 'test', toolchains: {}, timeoutMs: 60_000, testCmd: `env > '${dump}'`, secretEnv: ['CM_EDITOR_SECRET'] }, text);
      const state: UnitState = { text, unit: { start: 0, end: text.length }, unitKind: 'file', entryPoint: null };
      const tree = await parse('python', text);
      try {
        await verifier.prepare(state, tree);
      } finally {
        tree.delete();
        verifier.dispose();
      }
      const dumped = fs.readFileSync(dump, 'utf8');
      assert.match(dumped, /^PATH=/m);
      assert.ok(!dumped.includes('editor-secret-2b7c'), 'the marked variable reached the test');
    } finally {
      if (saved === undefined) delete process.env.CM_EDITOR_SECRET;
      else process.env.CM_EDITOR_SECRET = saved;
    }
  });
});
