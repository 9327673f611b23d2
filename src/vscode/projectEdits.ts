import path = require('path');
import vscode = require('vscode');
import type { PerturbationDocument } from '../core/engine';
import type { LanguageId } from '../core/languages/languageIds';
import { minimalEdit } from '../core/text/edits';
import { replaceText } from './documentEdits';
import { engine } from './engineLoader';

/** Why a result was not applied: the document moved on, or another file it changes has unsaved edits. */
export type ApplyOutcome = { applied: true } | { applied: false; changed: true } | { applied: false; changed: false; unsaved: string[] };

/**
 * Puts a result into the editor: the perturbed file and, when a rename updated references in
 * other files of the project, those files too, as one WorkspaceEdit (one undo step, nothing
 * saved). An other file with unsaved edits is never overwritten: the engine built and tested
 * the saved version, so the result would be checked against code the user no longer has.
 */
export async function applyResult(
  document: vscode.TextDocument,
  editor: vscode.TextEditor | undefined,
  before: string,
  doc: PerturbationDocument,
  lang: LanguageId,
): Promise<ApplyOutcome> {
  const others = Object.keys(doc.files);
  if (others.length === 0) return (await replaceText(document, editor, before, doc.file)) ? { applied: true } : { applied: false, changed: true };
  const project = document.uri.scheme === 'file' ? engine().detectProject(document.uri.fsPath, lang) : undefined;
  if (!project || document.getText() !== before) return { applied: false, changed: true };
  const edit = new vscode.WorkspaceEdit();
  const main = minimalEdit(before, doc.file);
  edit.replace(document.uri, new vscode.Range(document.positionAt(main.start), document.positionAt(main.end)), main.text);
  const unsaved: string[] = [];
  for (const rel of others) {
    const other = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(project.root, rel)));
    if (other.isDirty) {
      unsaved.push(vscode.workspace.asRelativePath(other.uri));
      continue;
    }
    const change = minimalEdit(other.getText(), doc.files[rel]);
    edit.replace(other.uri, new vscode.Range(other.positionAt(change.start), other.positionAt(change.end)), change.text);
  }
  if (unsaved.length) return { applied: false, changed: false, unsaved };
  return (await vscode.workspace.applyEdit(edit)) ? { applied: true } : { applied: false, changed: true };
}

/** The warning for a result that was not applied; `while` says what the command was doing ("perturbing"). */
export function notAppliedMessage(outcome: Exclude<ApplyOutcome, { applied: true }>, doing: string): string {
  if (outcome.changed) return `the document changed while ${doing}, so nothing was applied. Run it again.`;
  const files = outcome.unsaved.join(', ');
  const one = outcome.unsaved.length === 1;
  return (
    `nothing was applied: the result also changes ${files}, which ${one ? 'has' : 'have'} unsaved changes ` +
    `(the project was checked with the saved ${one ? 'file' : 'files'}). Save or revert ${one ? 'it' : 'them'}, then run again.`
  );
}
