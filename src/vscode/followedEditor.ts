import vscode = require('vscode');
import { activeKind, followedEditor } from './views/followRule';
import { SCHEME } from './virtualDocuments';

/** The editor commands and views act on when they are given no document. */
export interface Followed {
  document: vscode.TextDocument;
  /** The editor, when it is visible now (a hidden editor cannot be edited through). */
  editor: vscode.TextEditor | undefined;
  /** Where its cursor is (or was, when it is hidden). */
  offset: number;
}

function shownInTab(uri: string): boolean {
  return vscode.window.tabGroups.all.some((group) =>
    group.tabs.some((tab) => {
      const input = tab.input;
      if (input instanceof vscode.TabInputText) return input.uri.toString() === uri;
      if (input instanceof vscode.TabInputTextDiff) return input.modified.toString() === uri;
      return false;
    }),
  );
}

/**
 * Remembers the last code editor the user was in and its cursor, so that opening one of
 * CodeMorph's diffs or previews, the Output panel or the walkthrough does not move what the
 * views show and what the commands act on (views/followRule.ts has the rule).
 */
export class FollowedEditors implements vscode.Disposable {
  private last: { uri: string; position: vscode.Position } | undefined;
  private readonly subscriptions: vscode.Disposable[];

  constructor() {
    this.note(vscode.window.activeTextEditor);
    this.subscriptions = [
      vscode.window.onDidChangeActiveTextEditor((editor) => this.note(editor)),
      vscode.window.onDidChangeTextEditorSelection((e) => e.textEditor === vscode.window.activeTextEditor && this.note(e.textEditor)),
      vscode.workspace.onDidCloseTextDocument((document) => {
        if (document.uri.toString() === this.last?.uri) this.last = undefined;
      }),
    ];
  }

  private note(editor: vscode.TextEditor | undefined): void {
    if (editor && activeKind(editor.document.uri.scheme, SCHEME) === 'code') {
      this.last = { uri: editor.document.uri.toString(), position: editor.selection.active };
    }
  }

  /** The editor to act on now, or undefined when there is none. */
  current(): Followed | undefined {
    const active = vscode.window.activeTextEditor;
    const kind = activeKind(active?.document.uri.scheme, SCHEME);
    const last = this.last;
    const document = last && vscode.workspace.textDocuments.find((d) => d.uri.toString() === last.uri && !d.isClosed);
    const which = followedEditor(kind, last && { open: Boolean(document), tabbed: shownInTab(last.uri) });
    if (which === 'active' && active) return { document: active.document, editor: active, offset: active.document.offsetAt(active.selection.active) };
    if (which !== 'remembered' || !document || !last) return undefined;
    const editor = vscode.window.visibleTextEditors.find((e) => e.document === document);
    const position = editor ? editor.selection.active : document.validatePosition(last.position);
    return { document, editor, offset: document.offsetAt(position) };
  }

  dispose(): void {
    for (const s of this.subscriptions.splice(0)) s.dispose();
  }
}
