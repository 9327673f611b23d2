import vscode = require('vscode');
import { LANGUAGE_IDS } from '../../core/languages/languageIds';
import type { Ctx } from '../ctx';
import { guarded } from '../log';
import type { HistoryDecorations } from './historyDecorations';

/** What the code lens's own command is given: the document and the history to show. */
interface LensArgs {
  uri: string;
  key: string;
}

/**
 * The inline history above every perturbed function, where it is seen whatever the length of the
 * signature: `⟲ 7 steps kept · similarity 0.58 to the original` (opens the hover, with every
 * kept step), then the hover's links. It shows what HistoryDecorations computed last, and moves
 * when that changes.
 */
export class HistoryLenses implements vscode.CodeLensProvider, vscode.Disposable {
  readonly onDidChangeCodeLenses: vscode.Event<void>;
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly subscription: vscode.Disposable;

  constructor(private readonly decorations: HistoryDecorations) {
    this.onDidChangeCodeLenses = this.changed.event;
    this.subscription = decorations.onDidUpdate(() => this.changed.fire());
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const uri = document.uri.toString();
    const lenses: vscode.CodeLens[] = [];
    for (const info of this.decorations.of(document.uri)) {
      if (info.lensLine >= document.lineCount) continue;
      const range = document.lineAt(info.lensLine).range;
      const args = { uri, key: info.key };
      lenses.push(
        new vscode.CodeLens(range, { title: info.text, command: 'codemorph.showHistoryHover', arguments: [args], tooltip: 'Every kept step with the similarity after it, and what to do next' }),
        new vscode.CodeLens(range, { title: 'Compare with original', command: 'codemorph.compareWithOriginal', arguments: [args] }),
        new vscode.CodeLens(range, { title: 'Undo last step', command: 'codemorph.undoLastStep', arguments: [args] }),
        new vscode.CodeLens(range, { title: 'Save as benchmark entry', command: 'codemorph.saveEntry', arguments: [args] }),
      );
    }
    return lenses;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

/** Registers the lenses for the languages CodeMorph supports. */
export function registerHistoryLenses(ctx: Ctx, decorations: HistoryDecorations): HistoryLenses {
  const lenses = ctx.own(new HistoryLenses(decorations));
  ctx.push(vscode.languages.registerCodeLensProvider([...LANGUAGE_IDS, 'javascriptreact'].map((language) => ({ language })), lenses));
  return lenses;
}

/**
 * The code lens's command: the same hover as on the signature, opened there. A code lens cannot
 * show a hover itself, so the cursor goes to the signature (the views follow it to the function)
 * and the editor's own Show Hover opens it, links on top.
 */
export function showHistoryHover(ctx: Ctx) {
  return (args?: LensArgs): Promise<boolean | undefined> =>
    guarded(ctx, async () => {
      const info = args && ctx.decorations?.of(vscode.Uri.parse(args.uri)).find((d) => d.key === args.key);
      if (!args || !info) {
        void ctx.notify('info', 'that function has no inline history any more.');
        return false;
      }
      const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(args.uri));
      const line = document.lineAt(Math.min(info.line, document.lineCount - 1));
      const at = new vscode.Position(line.lineNumber, line.firstNonWhitespaceCharacterIndex);
      // in the editor that shows it (a lens is clicked there), not a second one in the active group
      const column = vscode.window.visibleTextEditors.find((e) => e.document === document)?.viewColumn;
      const editor = await vscode.window.showTextDocument(document, { viewColumn: column, selection: new vscode.Range(at, at), preserveFocus: false });
      editor.revealRange(line.range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
      await vscode.commands.executeCommand('editor.action.showHover');
      return true;
    });
}
