import vscode = require('vscode');
import { minimalEdit } from '../core/text/edits';

/**
 * Turns the document's text `before` into `after` with one edit (the smallest replacement), so
 * a single undo reverts it. Through the editor when one shows the document (the cursor stays
 * where the user put it), else as a workspace edit.
 */
export async function replaceText(document: vscode.TextDocument, editor: vscode.TextEditor | undefined, before: string, after: string): Promise<boolean> {
  if (document.getText() !== before) return false;
  const edit = minimalEdit(before, after);
  const range = new vscode.Range(document.positionAt(edit.start), document.positionAt(edit.end));
  if (editor && !editor.document.isClosed && editor.document === document) {
    return editor.edit((builder) => builder.replace(range, edit.text));
  }
  const workspaceEdit = new vscode.WorkspaceEdit();
  workspaceEdit.replace(document.uri, range, edit.text);
  return vscode.workspace.applyEdit(workspaceEdit);
}

/** Replaces `removed` at `start` with `inserted`: one undoable edit. */
export async function replaceAt(document: vscode.TextDocument, editor: vscode.TextEditor | undefined, start: number, removedLength: number, inserted: string): Promise<boolean> {
  const range = new vscode.Range(document.positionAt(start), document.positionAt(start + removedLength));
  if (editor && editor.document === document) return editor.edit((builder) => builder.replace(range, inserted));
  const workspaceEdit = new vscode.WorkspaceEdit();
  workspaceEdit.replace(document.uri, range, inserted);
  return vscode.workspace.applyEdit(workspaceEdit);
}
