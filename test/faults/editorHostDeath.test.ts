import * as assert from 'assert';
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { REPO } from '../support/harness';

/**
 * Issue 28, deliverable 3, for the editor: the extension's child processes die with the editor's
 * extension host, however the host goes (a crash, a kill -9 of the window). The desktop VS Code
 * host is Electron running as Node; no desktop VS Code can be downloaded or run here (no network,
 * no display), so a real Node process stands for the host: it loads the engine's compiled modules
 * as the extension does, starts a test tree through runProcess (a shell, its busy child, and a
 * child that leaves the session with setsid, as a daemon would) and makes a scratch folder. The
 * host is then killed with SIGKILL, so no exit hook of its own runs: only the watchdog
 * (src/core/watchdog.ts) can stop what it started. The second case makes the host look like
 * Electron (`process.versions.electron`), which takes the branch that starts the watchdog with
 * ELECTRON_RUN_AS_NODE; the binary is still Node, which ignores that variable.
 */

const HOST = `
const electron = process.argv[1] === 'electron';
if (electron) Object.defineProperty(process.versions, 'electron', { value: '30.0.0', enumerable: true });
const { runProcess } = require(${JSON.stringify(path.join(REPO, 'out', 'src', 'core', 'verify', 'process.js'))});
const { makeScratchFolder } = require(${JSON.stringify(path.join(REPO, 'out', 'src', 'core', 'owned.js'))});
const mark = process.argv[2];
const dir = makeScratchFolder('codemorph-host-');
console.log(dir);
runProcess('sh', ['-c', "setsid python3 -c 'import time; time.sleep(600)' " + mark + "-escaped & python3 -c 'while True: pass' " + mark + "-loop"], { cwd: dir, timeoutMs: 600000 });
setInterval(() => {}, 1000);
`;

/** Processes whose command line holds `text` as one whole argument, as pids. */
function processesWith(text: string): number[] {
  const found: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      if (fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').includes(text)) found.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

async function until(what: string, check: () => boolean, boundMs = 30_000): Promise<void> {
  const end = Date.now() + boundMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('faults: the editor host dies, its children die with it', function () {
  this.timeout(120_000);
  let tmp: string;
  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-host-death-'));
  });
  afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

  for (const kind of ['node', 'electron']) {
    it(`kill -9 of a host (${kind === 'node' ? 'code-server: Node' : 'desktop: Electron as Node, stood in for by Node'}) mid-test: the test tree, its escaped child and the scratch folder go`, async () => {
      const mark = `cmhost${process.pid}x${Date.now() % 1_000_000}${kind}`;
      const host = spawn(process.execPath, ['-e', HOST, kind, mark], { env: { ...process.env, TMPDIR: tmp }, stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      host.stdout!.setEncoding('utf8').on('data', (d: string) => (out += d));
      const gone = new Promise((resolve) => host.on('close', resolve));
      try {
        await until('the test tree to run', () => processesWith(`${mark}-loop`).length > 0 && processesWith(`${mark}-escaped`).length > 0);
        const dir = out.trim();
        assert.ok(dir.startsWith(tmp) && fs.existsSync(dir), `the scratch folder: ${dir}`);
        host.kill('SIGKILL');
        await gone;
        await until('the host\'s children to go', () => processesWith(`${mark}-loop`).length === 0 && processesWith(`${mark}-escaped`).length === 0 && !fs.existsSync(dir));
      } finally {
        // whatever a failing case left is killed here, by pid
        for (const pid of [...processesWith(`${mark}-loop`), ...processesWith(`${mark}-escaped`)]) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // gone meanwhile
          }
        }
        if (host.exitCode === null && host.signalCode === null) host.kill('SIGKILL');
      }
    });
  }
});
