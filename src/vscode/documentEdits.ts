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
    // positions before the edit: their offsets in the old text, their line and column
    const kept = editor.selections.map((s) => ({ anchor: s.anchor, active: s.active, at: [document.offsetAt(s.anchor), document.offsetAt(s.active)] }));
    if (!(await editor.edit((builder) => builder.replace(range, edit.text)))) return false;
    // The editor would put a cursor inside the replaced text at the end of the replacement (the
    // last changed line, perhaps far to the right): each cursor goes back to its line and column,
    // and the view to it, so the function the user was in stays in view with its inline history.
    const delta = edit.text.length - (edit.end - edit.start);
    const mapped = (offset: number, was: vscode.Position) => {
      if (offset <= edit.start) return document.positionAt(offset);
      if (offset >= edit.end) return document.positionAt(offset + delta);
      const at = document.offsetAt(document.validatePosition(was));
      return document.positionAt(Math.min(Math.max(at, edit.start), edit.start + edit.text.length));
    };
    editor.selections = kept.map((k) => new vscode.Selection(mapped(k.at[0], k.anchor), mapped(k.at[1], k.active)));
    editor.revealRange(editor.selection, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    return true;
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
