// The desktop tier: runs the same integration tests (out/test/integration) in a desktop VS Code
// through @vscode/test-electron, where one can be downloaded. `npm test` runs the code-server tier
// (run.mjs), which works offline; this script is `npm run test:electron`.
//
// Exit status: the tests' own status when VS Code was downloaded and ran them; 0 with a line
// starting "SKIPPED:" only when no desktop VS Code could be fetched (no network, DNS, proxy or
// HTTP failure talking to update.code.visualstudio.com); 1 on any other failure. On Linux without
// a display it needs one (xvfb-run -a npm run test:electron).
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { downloadAndUnzipVSCode, runTests } from '@vscode/test-electron';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const VERSION = process.env.CODEMORPH_VSCODE_VERSION ?? 'stable';

if (!existsSync(join(repo, 'out/test/integration/index.js')) || !existsSync(join(repo, 'dist/extension.js'))) {
  console.error('the extension or its integration tests are not built: run npm run build && npm run compile-tests first');
  process.exit(2);
}

/** Errors that mean "VS Code cannot be downloaded from here", as opposed to a broken setup. */
function isDownloadUnavailable(error) {
  const text = `${error?.code ?? ''} ${error?.message ?? error}`;
  return /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|getaddrinfo|socket hang up|Failed to get JSON|Failed to download|status code [45]\d\d|timed out|proxy/i.test(text);
}

let vscodeExecutablePath;
try {
  vscodeExecutablePath = await downloadAndUnzipVSCode({ version: VERSION, timeout: 30_000 });
} catch (error) {
  if (isDownloadUnavailable(error)) {
    console.log(`SKIPPED: no desktop VS Code could be downloaded (${String(error?.message ?? error).split('\n')[0]}).`);
    console.log('The same tests ran (or run) in code-server instead: npm run test:integration.');
    process.exit(0);
  }
  console.error(`could not prepare a desktop VS Code: ${error?.stack ?? error}`);
  process.exit(1);
}

const scratch = mkdtempSync(join(tmpdir(), 'codemorph-electron-'));
const workspace = join(scratch, 'workspace');
cpSync(join(repo, 'examples'), workspace, { recursive: true });
// the same user settings as the code-server tier: edits stay unsaved, seeds fixed, no dialogs
mkdirSync(join(scratch, 'user-data', 'User'), { recursive: true });
writeFileSync(
  join(scratch, 'user-data', 'User', 'settings.json'),
  JSON.stringify({ 'security.workspace.trust.enabled': false, 'workbench.startupEditor': 'none', 'files.autoSave': 'off', 'codemorph.seed': 1 }),
);
try {
  await runTests({
    vscodeExecutablePath,
    extensionDevelopmentPath: repo,
    extensionTestsPath: join(repo, 'out/test/integration'),
    launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust', '--user-data-dir', join(scratch, 'user-data'), '--skip-welcome'],
    extensionTestsEnv: { CODEMORPH_IT_ONLY: process.env.CODEMORPH_IT_ONLY ?? '' },
  });
  process.exitCode = 0;
} catch (error) {
  console.error(`integration tests failed in desktop VS Code: ${error?.message ?? error}`);
  process.exitCode = 1;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
