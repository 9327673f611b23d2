import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runCode } from '../../src/core/verify/runCode';
import { loader } from '../support/harness';

/** "Run variant"'s engine: a file built and run once, for real, with what it printed. */
describe('runCode (build and run a file once)', () => {
  const verify = { toolchains: {}, timeoutMs: 60_000, project: false as const };

  it('runs a Python program and passes when it exits 0, with its output', async () => {
    const outcome = await runCode(loader, { lang: 'python', text: 'print("hello from the variant")\n', entryPoint: null, verify });
    assert.strictEqual(outcome.passed, true, outcome.summary);
    assert.strictEqual(outcome.ran, 'program');
    assert.strictEqual(outcome.summary, 'the program exited with 0');
    assert.match(outcome.output, /hello from the variant/);
    assert.ok(outcome.commands.length > 0);
    assert.ok(outcome.commands.every((c) => !c.includes(os.tmpdir() + path.sep + 'codemorph-verify-')), 'the scratch folder is not named');
  });

  it('fails with the exit code and what the program printed', async () => {
    const outcome = await runCode(loader, { lang: 'python', text: 'import sys\nprint("MISMATCH", file=sys.stderr)\nsys.exit(3)\n', entryPoint: null, verify });
    assert.strictEqual(outcome.passed, false);
    assert.strictEqual(outcome.summary, 'the program exited with 3');
    assert.match(outcome.output, /MISMATCH/);
  });

  it('stops at a build that fails (Go), saying why', async () => {
    const outcome = await runCode(loader, { lang: 'go', text: 'package main\n\nfunc main() {\n\tundefinedCall()\n}\n', entryPoint: null, verify });
    assert.strictEqual(outcome.passed, false);
    assert.strictEqual(outcome.ran, 'build');
    assert.match(outcome.summary, /^does not build: .*undefinedCall/);
  });

  it('runs a test command when one is given, on the scratch copy', async () => {
    const outcome = await runCode(loader, {
      lang: 'python',
      text: 'def f():\n    return 2\n',
      entryPoint: 'f',
      verify: { ...verify, testCmd: 'python3 {file} && grep -q "def {entry}" {file} && echo tested {entry}' },
    });
    assert.strictEqual(outcome.passed, true, `${outcome.summary}\n${outcome.output}`);
    assert.strictEqual(outcome.ran, 'tests');
    assert.strictEqual(outcome.summary, 'the tests pass');
    assert.match(outcome.output, /tested f/);
  });

  it('kills a program that runs past the time limit', async () => {
    const outcome = await runCode(loader, { lang: 'python', text: 'import time\ntime.sleep(30)\n', entryPoint: null, verify: { ...verify, timeoutMs: 1500 } });
    assert.strictEqual(outcome.passed, false);
    assert.match(outcome.summary, /the program .*was killed/);
  });

  it('says that nothing runs in a file that only defines functions', async () => {
    const outcome = await runCode(loader, { lang: 'python', text: 'def f():\n    return 1\n', entryPoint: 'f', verify });
    assert.strictEqual(outcome.passed, false);
    assert.strictEqual(outcome.ran, 'nothing');
    assert.match(outcome.summary, /^nothing runs: .*codemorph\.testCommand\.python/);
  });
});
