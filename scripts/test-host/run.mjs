// Runs the extension's integration tests inside a real VS Code: code-server serves the
// workbench, headless Chromium opens it with our extension under development, and the
// workbench runs out/test/integration/index.js in the extension host, reporting the exit
// code back to the page (../shared/notes/test-host.md). Usage: node scripts/test-host/run.mjs
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const host = join(repo, '.test-host');
const MARK = '[codemorph-test] ';
const TIMEOUT_MS = Number(process.env.CODEMORPH_IT_TIMEOUT_MS ?? 20 * 60_000);

execFileSync('bash', [join(repo, 'scripts/test-host/install.sh')], { stdio: 'inherit' });
if (!existsSync(join(repo, 'out/test/integration/index.js'))) {
  console.error('integration tests are not compiled: run npm run build && npm run compile-tests first');
  process.exit(2);
}

function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
    srv.on('error', rej);
  });
}

const scratch = mkdtempSync(join(tmpdir(), 'codemorph-it-'));
const userData = join(scratch, 'user-data');
const extensions = join(scratch, 'extensions');
const workspace = join(scratch, 'workspace');
mkdirSync(join(userData, 'User'), { recursive: true });
mkdirSync(extensions);
// tests edit files freely: they get a copy of the examples, never the repository's own
cpSync(join(repo, 'examples'), workspace, { recursive: true });
writeFileSync(
  join(userData, 'User', 'settings.json'),
  JSON.stringify({ 'security.workspace.trust.enabled': false, 'workbench.startupEditor': 'none', 'codemorph.seed': 1 }),
);

const port = await freePort();
const server = spawn(
  join(host, 'node_modules/.bin/code-server'),
  ['--auth', 'none', '--bind-addr', `127.0.0.1:${port}`, '--disable-telemetry', '--disable-update-check', '--user-data-dir', userData, '--extensions-dir', extensions, workspace],
  { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
);
let serverLog = '';
await new Promise((res, rej) => {
  const timer = setTimeout(() => rej(new Error(`code-server did not start:\n${serverLog}`)), 60_000);
  const onData = (d) => {
    serverLog += d;
    if (serverLog.includes('HTTP server listening')) {
      clearTimeout(timer);
      res();
    }
  };
  server.stdout.on('data', onData);
  server.stderr.on('data', onData);
  server.on('exit', (code) => rej(new Error(`code-server exited with ${code}:\n${serverLog}`)));
});

const require = createRequire(join(host, 'package.json'));
const { chromium } = require('playwright-core');
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
let exitCode = 1;
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  let finish;
  const finished = new Promise((res) => (finish = res));
  await page.exposeFunction('codeAutomationExit', (code) => finish(code));
  page.on('console', (message) => {
    for (const line of message.text().split('\n')) {
      const at = line.indexOf(MARK);
      if (at >= 0) console.log(line.slice(at + MARK.length));
      else if (process.env.CODEMORPH_IT_DEBUG) console.log('[page]', line);
    }
  });
  const remote = (path) => `vscode-remote://127.0.0.1:${port}${path}`;
  const payload = JSON.stringify([
    ['extensionDevelopmentPath', remote(repo)],
    ['extensionTestsPath', remote(join(repo, 'out/test/integration'))],
  ]);
  await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(payload)}`);
  exitCode = await Promise.race([finished, new Promise((res) => setTimeout(() => res('timeout'), TIMEOUT_MS))]);
  if (exitCode === 'timeout') {
    console.error(`integration tests did not finish within ${TIMEOUT_MS / 1000} s`);
    exitCode = 1;
  }
} finally {
  await browser.close();
  try {
    process.kill(-server.pid, 'SIGKILL');
  } catch {
    // already gone
  }
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(exitCode);
