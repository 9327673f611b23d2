// The UI test: drives the real workbench like a user, with Playwright, in the window the runner
// opened (scripts/test-host/run.mjs, "ui" pass): opens an example, right-clicks in a function,
// chooses "Perturb function", waits for the result, and saves screenshots of the editor with the
// inline history and of the CodeMorph view to test-artifacts/. Then it reloads the window and
// checks that the history decoration comes back (histories survive reloads).
import { strict as assert } from 'node:assert';
import { join } from 'node:path';

const FILE = 'inventory.py';
const FUNCTION_LINE = 'def restock_plan';

let log = (line) => console.log(`  ui: ${line}`);

/** Texts VS Code renders through CSS (`after` decorations are ::after content), from the editor's lines. */
async function decorationTexts(page) {
  return page.evaluate(() => {
    const out = [];
    for (const el of document.querySelectorAll('.monaco-editor .view-lines span')) {
      const content = getComputedStyle(el, '::after').content;
      if (content && content !== 'none' && content.includes('⟲')) out.push(content.replace(/^"|"$/g, ''));
    }
    return out;
  });
}

async function waitForDecoration(page, ms) {
  const until = Date.now() + ms;
  for (;;) {
    const texts = await decorationTexts(page);
    if (texts.length) return texts;
    if (Date.now() > until) throw new Error('no CodeMorph decoration appeared');
    await page.waitForTimeout(250);
  }
}

async function openFile(page, name, contains) {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: 30_000 });
  await input.fill(name);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first().waitFor({ timeout: 30_000 });
  await page.keyboard.press('Enter');
  await page.locator('.monaco-editor .view-lines', { hasText: contains }).first().waitFor({ timeout: 60_000 });
}

/** Scrolls the function's signature to the top of the editor with Go to Line, so it is on screen. */
async function goToLine(page, line) {
  await page.keyboard.press('Control+G');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(`:${line}`);
  await page.keyboard.press('Enter');
  await page.waitForTimeout(300);
}

export async function runUiTest({ page, url, artifacts, log: logTo }) {
  if (logTo) log = logTo;
  log('opening the workbench');
  await page.goto(url);
  await page.locator('.monaco-workbench').waitFor({ timeout: 120_000 });
  await page.locator('.explorer-folders-view, .part.sidebar').first().waitFor({ timeout: 120_000 });
  // the extension host needs a moment after the workbench paints
  await page.waitForTimeout(2000);

  await openFile(page, FILE, 'def ');
  await goToLine(page, 60);
  await goToLine(page, 39);
  const signature = page.locator('.monaco-editor .view-line', { hasText: FUNCTION_LINE }).first();
  await signature.waitFor({ timeout: 30_000 });
  const body = page.locator('.monaco-editor .view-line', { hasText: 'candidates = []' }).first();

  log('right-click in restock_plan, choose "Perturb function"');
  await body.click({ button: 'right', position: { x: 80, y: 5 } });
  const item = page.getByRole('menuitem', { name: 'Perturb function', exact: true });
  await item.waitFor({ timeout: 30_000 });
  await page.screenshot({ path: join(artifacts, 'context-menu.png') });
  await item.click();

  const done = page.locator('.notification-toast', { hasText: /steps kept/ });
  await done.first().waitFor({ timeout: 180_000 });
  const message = await done.first().innerText();
  log(`result: ${message.split('\n').find((l) => l.includes('steps kept'))}`);
  assert.match(message, /restock_plan → \w+: \d+ of \d+ steps kept, similarity to the original 0\.\d\d/);

  const texts = await waitForDecoration(page, 30_000);
  log(`decoration: ${texts[0]}`);
  assert.match(texts[0], /^⟲ \d+ steps · ss 0\.\d\d$/);
  // the hover lists the methods: move over the signature line
  const box = await page.evaluate(() => {
    for (const el of document.querySelectorAll('.monaco-editor .view-lines span')) {
      if (getComputedStyle(el, '::after').content.includes('⟲')) {
        const line = el.closest('.view-line').getBoundingClientRect();
        return { x: line.left, y: line.top, height: line.height };
      }
    }
    return null;
  });
  assert.ok(box, 'the decorated line is on screen');
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  const hover = page.locator('.monaco-hover', { hasText: 'CodeMorph' });
  await hover.first().waitFor({ timeout: 15_000 }).catch(() => log('(the hover did not show in time; the screenshot has none)'));
  await page.screenshot({ path: join(artifacts, 'editor-decorations.png') });
  log(`saved ${join(artifacts, 'editor-decorations.png')}`);
  await page.mouse.move(5, 5);
  await page.keyboard.press('Escape');

  log('opening the CodeMorph view');
  await page.locator('.activitybar .action-item [aria-label^="CodeMorph"]').first().click();
  const sidebar = page.locator('.part.sidebar');
  await sidebar.locator('.monaco-list-row', { hasText: 'decomposition' }).first().waitFor({ timeout: 60_000 });
  await sidebar.locator('.monaco-list-row', { hasText: 'original: restock_plan' }).first().waitFor({ timeout: 60_000 });
  const rows = await sidebar.locator('.monaco-list-row').allInnerTexts();
  assert.ok(rows.some((r) => /kept/.test(r)), 'the history lists kept steps');
  await sidebar.screenshot({ path: join(artifacts, 'tree-view.png') });
  await page.screenshot({ path: join(artifacts, 'workbench.png') });
  log(`saved ${join(artifacts, 'tree-view.png')}`);

  log('saving the file and reloading the window');
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+S');
  await page.waitForTimeout(1500);
  await page.reload();
  await page.locator('.monaco-workbench').waitFor({ timeout: 120_000 });
  await page.locator('.monaco-editor .view-lines', { hasText: 'def ' }).first().waitFor({ timeout: 120_000 });
  await page.waitForTimeout(2000);
  await page.locator('.monaco-editor .view-lines').first().click();
  await goToLine(page, 60);
  await goToLine(page, 39);
  const again = await waitForDecoration(page, 60_000);
  log(`after the reload: ${again[0]}`);
  assert.strictEqual(again[0], texts[0], 'the history came back after the reload');
  await page.screenshot({ path: join(artifacts, 'after-reload.png') });

  // Go verifies with a slow compile command in this pass ("[go]" settings): time to cancel
  log('perturbing postTransactions in Go, then cancelling from the notification');
  await openFile(page, 'ledger.go', 'func ');
  await page.locator('.monaco-editor .view-line', { hasText: 'balance := openingBalance' }).first().click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Perturb function', exact: true }).click();
  const progress = page.locator('.notification-toast', { hasText: 'perturbing postTransactions' }).first();
  await progress.waitFor({ timeout: 30_000 });
  await page.screenshot({ path: join(artifacts, 'progress.png') });
  await progress.locator('.monaco-button', { hasText: 'Cancel' }).click();
  await progress.waitFor({ state: 'detached', timeout: 30_000 });
  await page.waitForTimeout(3000);
  assert.strictEqual(await page.locator('.notification-toast', { hasText: 'postTransactions' }).count(), 0, 'no result after cancelling');
  const dirty = await page.locator('.tabs-container .tab.active.dirty').count();
  assert.strictEqual(dirty, 0, 'the document is untouched after cancelling');
  log('cancelled: the document is untouched');
  return 0;
}
