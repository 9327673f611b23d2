// Runs the extension's tests inside a real VS Code: code-server serves the workbench, headless
// Chromium opens it with our extension under development (../shared/notes/test-host.md).
// Three passes, each with its own server, user settings and copy of examples/, run side by side:
//   trusted:    the workbench runs out/test/integration/index.js in the extension host and
//               reports the exit code back to the page;
//   restricted: workspace trust on and never granted, so the window is in Restricted Mode,
//               running out/test/integration/restricted/index.js;
//   ui:         Playwright drives the workbench itself (test/ui/contextMenu.ui.mjs) and saves
//               screenshots to test-artifacts/.
// Each pass's output is printed whole when it ends, then a summary.
// Usage: node scripts/test-host/run.mjs [trusted|restricted|ui ...]   (all three by default)
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const host = join(repo, '.test-host');
const MARK = '[codemorph-test] ';
const TIMEOUT_MS = Number(process.env.CODEMORPH_IT_TIMEOUT_MS ?? 20 * 60_000);
const PASSES = process.argv.slice(2).length ? process.argv.slice(2) : ['trusted', 'restricted', 'ui'];

execFileSync('bash', [join(repo, 'scripts/test-host/install.sh')], { stdio: 'inherit' });
if (!existsSync(join(repo, 'out/test/integration/index.js')) || !existsSync(join(repo, 'dist/extension.js'))) {
  console.error('the extension or its integration tests are not built: run npm run build && npm run compile-tests first');
  process.exit(2);
}

/** User settings every pass shares. code-server saves files after a delay by default: tests keep edits unsaved. */
const BASE_SETTINGS = { 'workbench.startupEditor': 'none', 'files.autoSave': 'off', 'workbench.tips.enabled': false, 'codemorph.seed': 1 };

/** What each pass needs: its user settings, workspace settings and what runs in the window. */
const PASS_SETUP = {
  trusted: {
    user: { 'security.workspace.trust.enabled': false },
    tests: 'out/test/integration',
  },
  restricted: {
    // trust on, no prompt, nothing trusted: the window opens in Restricted Mode. The workspace
    // sets restricted settings, which VS Code must ignore there (a compile command that would run
    // its code, an entries file outside it), and one it must not.
    user: { 'security.workspace.trust.enabled': true, 'security.workspace.trust.startupPrompt': 'never', 'security.workspace.trust.banner': 'never' },
    workspace: {
      'codemorph.compileCommand.python': 'touch /tmp/codemorph-should-not-run && false',
      'codemorph.entriesFile': '../outside.jsonl',
      'codemorph.timeoutSeconds': 45,
    },
    tests: 'out/test/integration/restricted',
  },
  ui: {
    // quick parser checks, but Go "compiles" slowly so the test can cancel a run midway
    user: { 'security.workspace.trust.enabled': false },
    workspace: { 'codemorph.verification': 'syntax', 'codemorph.iterations': 8, '[go]': { 'codemorph.verification': 'compile' }, 'codemorph.compileCommand.go': 'sleep 8' },
    ui: 'test/ui/contextMenu.ui.mjs',
  },
};

for (const pass of PASSES) {
  if (!PASS_SETUP[pass]) {
    console.error(`unknown pass ${pass}: use trusted, restricted or ui`);
    process.exit(2);
  }
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
const servers = [];

/** A code-server of its own for a pass: its user data, extensions folder and port. */
async function startServer(pass, userSettings) {
  const dir = join(scratch, pass);
  mkdirSync(join(dir, 'user-data', 'User'), { recursive: true });
  mkdirSync(join(dir, 'extensions'));
  writeFileSync(join(dir, 'user-data', 'User', 'settings.json'), JSON.stringify({ ...BASE_SETTINGS, ...userSettings }, null, 2));
  const port = await freePort();
  const server = spawn(
    join(host, 'node_modules/.bin/code-server'),
    ['--auth', 'none', '--bind-addr', `127.0.0.1:${port}`, '--disable-telemetry', '--disable-update-check', '--user-data-dir', join(dir, 'user-data'), '--extensions-dir', join(dir, 'extensions')],
    { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  servers.push(server);
  let serverLog = '';
  await new Promise((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`code-server did not start:\n${serverLog}`)), 90_000);
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
  return port;
}

/** A fresh copy of the examples per pass: tests edit files freely, never the repository's own. */
function workspaceFor(pass, settings) {
  const workspace = join(scratch, pass, 'workspace');
  cpSync(join(repo, 'examples'), workspace, { recursive: true });
  // small multi-file projects for the project verification test (the examples stay lone files)
  if (pass === 'trusted') cpSync(join(repo, 'test/fixtures/projects'), join(workspace, 'projects'), { recursive: true });
  if (settings) {
    mkdirSync(join(workspace, '.vscode'));
    writeFileSync(join(workspace, '.vscode', 'settings.json'), JSON.stringify(settings, null, 2));
  }
  return workspace;
}

const require = createRequire(join(host, 'package.json'));
const { chromium } = require('playwright-core');
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

/** Keeps the test output of a window (lines marked by the mocha runner) for its pass. */
function collectConsole(page, out) {
  page.on('console', (message) => {
    for (const line of message.text().split('\n')) {
      const at = line.indexOf(MARK);
      if (at >= 0) out.push(line.slice(at + MARK.length));
      else if (process.env.CODEMORPH_IT_DEBUG) out.push(`[page] ${line}`);
    }
  });
}

async function runPass(pass) {
  const setup = PASS_SETUP[pass];
  const out = [];
  const started = Date.now();
  const port = await startServer(pass, setup.user);
  const workspace = workspaceFor(pass, setup.workspace);
  const remote = (path) => `vscode-remote://127.0.0.1:${port}${path}`;
  const urlFor = (payload) => `http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  let code;
  try {
    const page = await context.newPage();
    collectConsole(page, out);
    if (setup.tests) {
      let finish;
      const finished = new Promise((res) => (finish = res));
      await page.exposeFunction('codeAutomationExit', (exit) => finish(exit));
      // a loaded machine (other passes run beside) can take longer than Playwright's 30 s to load the page
      await page.goto(urlFor([['extensionDevelopmentPath', remote(repo)], ['extensionTestsPath', remote(join(repo, setup.tests))]]), { timeout: 180_000 });
      code = await Promise.race([finished, new Promise((res) => setTimeout(() => res('timeout'), TIMEOUT_MS))]);
      if (code === 'timeout') {
        out.push(`the tests did not finish within ${TIMEOUT_MS / 1000} s`);
        code = 1;
      }
    } else {
      const { runUiTest } = await import(pathToFileURL(join(repo, setup.ui)).href);
      const artifacts = join(repo, 'test-artifacts');
      mkdirSync(artifacts, { recursive: true });
      code = await runUiTest({ page, url: urlFor([['extensionDevelopmentPath', remote(repo)]]), workspace, artifacts, log: (line) => out.push(`  ui: ${line}`) });
    }
  } catch (e) {
    out.push(`${pass} failed: ${e.stack ?? e}`);
    code = 1;
  } finally {
    await context.close();
  }
  console.log(`\n=== ${pass} pass ===\n${out.join('\n')}`);
  return `${pass}: ${code === 0 ? 'passed' : `FAILED (${code})`} in ${Math.round((Date.now() - started) / 1000)} s`;
}

let results = [];
try {
  if (PASSES.includes('restricted')) rmSync('/tmp/codemorph-should-not-run', { force: true });
  results = await Promise.all(PASSES.map(runPass));
} finally {
  await browser.close();
  for (const server of servers) {
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  rmSync(scratch, { recursive: true, force: true });
}
console.log(`\n=== summary ===\n${results.join('\n')}`);
process.exit(results.every((r) => r.includes(': passed')) ? 0 : 1);
