import * as assert from 'assert';
import * as path from 'path';
import * as vscode from 'vscode';
import type { CodemorphApi } from '../../src/extension';

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
