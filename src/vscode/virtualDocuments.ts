import path = require('path');
import vscode = require('vscode');

export const SCHEME = 'codemorph';
const KEPT = 64;

/**
 * Read-only documents under the `codemorph:` scheme: originals, step states and previews that
 * exist only in memory, so diffs can show them without touching the disk. A path ends with the
 * source file's name, so the editor picks the right language for highlighting.
 */
export class VirtualDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private counter = 0;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '';
  }

  /** A new document holding `text`, named like `like` (a file path or name) under a folder saying what it is. */
  create(kind: string, like: string, text: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: SCHEME, path: `/${kind}/${++this.counter}/${path.basename(like)}` });
    this.contents.set(uri.toString(), text);
    // the oldest go first; a diff still open on one of them shows it empty after a while, which is harmless
    while (this.contents.size > KEPT) this.contents.delete(this.contents.keys().next().value!);
    this.changed.fire(uri);
    return uri;
  }

  text(uri: vscode.Uri): string | undefined {
    return this.contents.get(uri.toString());
  }

  dispose(): void {
    this.changed.dispose();
    this.contents.clear();
  }
}

/** How a diff opens: where, and whether the keyboard stays where it was. */
export interface DiffPlacement {
  /** Keep the focus where it is (a tree, a quick pick): the diff shows, the user goes on clicking. */
  preserveFocus?: boolean;
  /** Beside the active editor, so the code stays in view (the site picker's previews). */
  beside?: boolean;
}

/** Opens VS Code's diff editor between two documents. */
export function showDiff(left: vscode.Uri, right: vscode.Uri, title: string, line?: number, placement: DiffPlacement = {}): Thenable<unknown> {
  const options: vscode.TextDocumentShowOptions = { preview: true, preserveFocus: placement.preserveFocus ?? false };
  if (placement.beside) options.viewColumn = vscode.ViewColumn.Beside;
  if (line !== undefined) options.selection = new vscode.Range(line, 0, line, 0);
  return vscode.commands.executeCommand('vscode.diff', left, right, title, options);
}
