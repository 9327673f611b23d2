import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { CodemorphApi } from '../../src/extension';
import type { Notice } from '../../src/vscode/ctx';

export function workspaceFile(relative: string): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the test workspace is open');
  return path.join(folder.uri.fsPath, relative);
}

export async function activeApi(): Promise<CodemorphApi> {
  const ext = vscode.extensions.all.find((e) => e.packageJSON.name === 'codemorph');
  assert.ok(ext, 'CodeMorph is loaded');
  return (await ext.activate()) as CodemorphApi;
}

/** Opens a workspace file with the cursor on the first occurrence of `marker`. */
export async function openAt(relative: string, marker: string): Promise<vscode.TextEditor> {
  const doc = await vscode.workspace.openTextDocument(workspaceFile(relative));
  const editor = await vscode.window.showTextDocument(doc);
  const at = doc.getText().indexOf(marker);
  assert.ok(at >= 0, `${marker} is in ${relative}`);
  const pos = doc.positionAt(at + 1);
  editor.selection = new vscode.Selection(pos, pos);
  return editor;
}

/** Undoes until the document is back to `text` or `limit` undos have run; returns how many it took. */
export async function undoUntil(doc: vscode.TextDocument, text: string, limit = 5): Promise<number> {
  for (let i = 1; i <= limit; i++) {
    await vscode.commands.executeCommand('undo');
    if (doc.getText() === text) return i;
  }
  return -1;
}

/** Forgets every stored history, so each test starts from a clean state. */
export async function clearHistories(api: CodemorphApi): Promise<void> {
  for (const uri of api.ctx.history.uris()) {
    for (const h of api.ctx.history.all(uri)) await api.ctx.history.remove(uri, h.key);
  }
}

/**
 * Sets `codemorph.*` user settings for a suite and returns a function that puts them back:
 * the suites here verify by parsing and run short searches, so they stay fast.
 */
export async function useSettings(values: Record<string, unknown>): Promise<() => Promise<void>> {
  const config = vscode.workspace.getConfiguration('codemorph');
  const previous = Object.keys(values).map((key) => [key, config.inspect(key)?.globalValue] as const);
  for (const [key, value] of Object.entries(values)) await config.update(key, value, vscode.ConfigurationTarget.Global);
  return async () => {
    for (const [key, value] of previous) await vscode.workspace.getConfiguration('codemorph').update(key, value, vscode.ConfigurationTarget.Global);
  };
}

/** Polls until `check` returns a value that is not undefined (or fails after `ms`). */
export async function waitFor<T>(what: string, check: () => T | undefined | Promise<T | undefined>, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Moves the cursor of an editor to the first occurrence of `marker`. */
export function cursorAt(editor: vscode.TextEditor, marker: string, delta = 1): void {
  const at = editor.document.getText().indexOf(marker);
  assert.ok(at >= 0, `${marker} is in the document`);
  const pos = editor.document.positionAt(at + delta);
  editor.selection = new vscode.Selection(pos, pos);
}

/**
 * Closes every editor and puts back what the tests changed: each changed file gets its text from
 * disk again and is saved, so the next test opens the example as it ships.
 */
export async function closeAll(): Promise<void> {
  for (const doc of vscode.workspace.textDocuments) {
    if (doc.uri.scheme !== 'file' || !doc.isDirty) continue;
    const disk = fs.readFileSync(doc.uri.fsPath, 'utf8');
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), disk);
    await vscode.workspace.applyEdit(edit);
    await doc.save();
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

/** Shows the Output panel with the focus in it: its editor is then the active text editor. */
export async function focusOutput(api: CodemorphApi): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    api.ctx.output.show(false);
    await new Promise((r) => setTimeout(r, 300));
    await vscode.commands.executeCommand('workbench.action.focusPanel');
    try {
      await waitFor('the Output panel to be the active editor', () => (vscode.window.activeTextEditor?.document.uri.scheme === 'output' ? true : undefined), 3000);
      return;
    } catch {
      // the panel took the focus before the channel showed: show it again
    }
  }
  assert.fail(`the Output panel did not become the active editor (active: ${vscode.window.activeTextEditor?.document.uri.toString() ?? 'none'})`);
}

/**
 * Runs `action` and returns what it returned with the notices shown meanwhile. The context keeps
 * only the last few notices, so counting them from a length would miss new ones once it is full.
 */
export async function noticesDuring<T>(api: CodemorphApi, action: () => Thenable<T> | Promise<T>): Promise<{ result: T; notices: Notice[] }> {
  const mark = api.ctx.notices[api.ctx.notices.length - 1];
  const result = await action();
  const at = mark ? api.ctx.notices.lastIndexOf(mark) : -1;
  return { result, notices: api.ctx.notices.slice(at + 1) };
}
