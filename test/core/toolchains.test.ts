import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { stopEverything } from '../../src/core/owned';
import { resolveTool, warmTool } from '../../src/core/verify/toolchains';

describe('toolchains', () => {
  it('looks behind a version manager shim for the real Python', () => {
    const real = execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-shim-'));
    const shims = path.join(dir, 'shims');
    fs.mkdirSync(shims);
    // a shim like pyenv's: a script that hands over to the interpreter
    fs.writeFileSync(path.join(shims, 'python3'), `#!/bin/sh\nexec ${JSON.stringify(real)} "$@"\n`, { mode: 0o755 });
    const saved = process.env.PATH;
    process.env.PATH = `${shims}${path.delimiter}${saved}`;
    try {
      assert.strictEqual(resolveTool('python', 'compiler', {}).command, real);
      assert.strictEqual(resolveTool('python', 'compiler', { python: '/opt/py/bin/python3' }).command, '/opt/py/bin/python3');
    } finally {
      process.env.PATH = saved;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('asks a shim for its Python in a process of the run: one that hangs goes with the run', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-shim-'));
    const shims = path.join(dir, 'shims');
    fs.mkdirSync(shims);
    // a shim that never answers, found by its own sleep's duration
    const duration = `600.${process.pid}7`;
    fs.writeFileSync(path.join(shims, 'python3'), `#!/bin/sh\nsleep ${duration}\n`, { mode: 0o755 });
    const running = () =>
      fs.readdirSync('/proc').some((pid) => {
        try {
          return /^\d+$/.test(pid) && fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(duration);
        } catch {
          return false;
        }
      });
    const saved = process.env.PATH;
    process.env.PATH = `${shims}${path.delimiter}${saved}`;
    try {
      const asked = warmTool('python', {});
      for (let i = 0; i < 100 && !running(); i++) await new Promise((r) => setTimeout(r, 50));
      assert.ok(running(), 'the shim runs');
      stopEverything();
      await asked;
      for (let i = 0; i < 40 && running(); i++) await new Promise((r) => setTimeout(r, 50));
      assert.ok(!running(), 'the shim outlived the run');
    } finally {
      process.env.PATH = saved;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
