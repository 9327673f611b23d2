import * as assert from 'assert';
import { execSync } from 'child_process';
import * as os from 'os';
import { runProcess } from '../../src/core/verify/process';

describe('running tools', () => {
  it('kills the whole process tree at the timeout', async () => {
    const marker = `59.${process.pid}${Date.now() % 100000}`;
    // the shell starts a grandchild; a kill of the shell alone would leave it running
    const result = await runProcess('/bin/sh', ['-c', `sleep ${marker} & sleep ${marker}; wait`], { cwd: os.tmpdir(), timeoutMs: 500 });
    assert.strictEqual(result.timedOut, true);
    assert.ok(result.durationMs < 10_000);
    await new Promise((r) => setTimeout(r, 200));
    const left = execSync(`pgrep -f 'slee[p] ${marker}' || true`, { encoding: 'utf8' }).trim();
    assert.strictEqual(left, '', `left running: ${left}`);
  });

  it('kills the tree when cancelled', async () => {
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 200);
    const result = await runProcess('/bin/sh', ['-c', 'sleep 60'], { cwd: os.tmpdir(), timeoutMs: 60_000, signal: abort.signal });
    assert.strictEqual(result.cancelled, true);
    assert.ok(result.durationMs < 10_000);
  });

  it('reports a missing executable instead of throwing', async () => {
    const result = await runProcess('/no/such/compiler', [], { cwd: os.tmpdir(), timeoutMs: 1000 });
    assert.strictEqual(result.spawnError?.code, 'ENOENT');
  });

  it('captures exit code, output and input', async () => {
    const result = await runProcess('/bin/sh', ['-c', 'read x; echo "got $x"; echo oops >&2; exit 3'], { cwd: os.tmpdir(), timeoutMs: 5000, input: 'hello\n' });
    assert.strictEqual(result.code, 3);
    assert.strictEqual(result.stdout, 'got hello\n');
    assert.strictEqual(result.stderr, 'oops\n');
  });
});
