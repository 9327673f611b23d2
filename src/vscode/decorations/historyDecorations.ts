import vscode = require('vscode');
import { languageFromEditorId } from '../../core/languages/languageIds';
import type { Growth } from '../../core/similarity/size';
import type { Scores } from '../../core/similarity/scorer';
import { readSettings } from '../config';
import type { Ctx } from '../ctx';
import { engine } from '../engineLoader';
import { locate } from '../history/locate';
import { roundedScores } from '../../core/round';
import { Throttle } from '../throttle';
import { decorationText, HOVER_COMMANDS, hoverMarkdown } from './hover';
import { fittingLine } from './placement';

/** What one decoration shows, as the test API reports it. */
export interface DecorationInfo {
  key: string;
  /** 0-based line of the signature (the function's name): it carries the hover. */
  line: number;
  /** 0-based line the code lens sits above: the definition's first line. */
  lensLine: number;
  /** 0-based line the text follows when code lenses are off: null when none shows it. */
  trailingLine: number | null;
  text: string;
  hover: string;
}

const SCORES_KEPT = 64;

/**
 * The inline history of every perturbed function. Above it, a code lens (HistoryLenses) with the
 * text, which opens the hover, and the hover's links; the signature line carries the hover. With
 * code lenses off, the text goes after the signature line where it fits (placement.ts). One
 * decoration type, created once, with the text per range in renderOptions (Error Lens's pattern).
 * Updates are throttled per document; each finds the functions again with tree-sitter by their
 * current names, so the text follows them as the user edits, and drops when one is back to its
 * original.
 */
export class HistoryDecorations implements vscode.Disposable {
  private readonly type = vscode.window.createTextEditorDecorationType({
    after: {
      color: new vscode.ThemeColor('codemorph.historyForeground'),
      margin: '0 0 0 2.5em',
      fontStyle: 'italic',
    },
    rangeBehavior: vscode.DecorationRangeBehavior.ClosedClosed,
  });
  private readonly updated = new vscode.EventEmitter<string>();
  /** A document's decorations changed (its URI): the code lenses follow. */
  readonly onDidUpdate = this.updated.event;
  private readonly applied = new Map<string, DecorationInfo[]>();
  private readonly scores = new Map<string, Promise<{ similarity: Scores; growth: Growth }>>();
  private readonly throttle: Throttle<string>;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(private readonly ctx: Ctx) {
    this.throttle = new Throttle(300, (uri) => this.update(uri));
    this.subscriptions.push(
      this.type,
      this.throttle,
      vscode.window.onDidChangeVisibleTextEditors((editors) => {
        for (const e of editors) this.request(e.document, true);
      }),
      vscode.workspace.onDidChangeTextDocument((e) => e.contentChanges.length && this.request(e.document)),
      ctx.history.onDidChange((uri) => this.throttle.request(uri.toString(), true)),
      this.updated,
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('editor.codeLens')) {
          for (const editor of vscode.window.visibleTextEditors) this.request(editor.document, true);
        }
        if (e.affectsConfiguration('codemorph.mu')) {
          this.scores.clear();
          for (const editor of vscode.window.visibleTextEditors) this.request(editor.document, true);
        }
      }),
    );
    // editors open at activation (a reload) get their histories back, without blocking activation
    for (const editor of vscode.window.visibleTextEditors) this.request(editor.document);
  }

  private request(document: vscode.TextDocument, now = false): void {
    // no history, no work: a document is only parsed when one of its functions was perturbed
    if (!languageFromEditorId(document.languageId) || (!this.ctx.history.has(document.uri) && !this.applied.has(document.uri.toString()))) return;
    this.throttle.request(document.uri.toString(), now);
  }

  /** What the decorations of an editor show now. */
  decorations(editor: vscode.TextEditor): DecorationInfo[] {
    return this.of(editor.document.uri);
  }

  /** What the decorations of a document show now. */
  of(uri: vscode.Uri): DecorationInfo[] {
    return this.applied.get(uri.toString()) ?? [];
  }

  /** Waits for pending updates. */
  flush(): Promise<void> {
    return this.throttle.flush();
  }

  private async update(uriText: string): Promise<void> {
    const editors = vscode.window.visibleTextEditors.filter((e) => e.document.uri.toString() === uriText);
    if (editors.length === 0) {
      this.applied.delete(uriText);
      return;
    }
    const document = editors[0].document;
    const lang = languageFromEditorId(document.languageId)!;
    const histories = this.ctx.history.all(document.uri);
    const infos: DecorationInfo[] = [];
    if (histories.length) {
      const version = document.version;
      const text = document.getText();
      const functions = await this.ctx.outlines.of(document);
      const mu = readSettings(document).mu;
      const lenses = vscode.workspace.getConfiguration('editor', document).get<boolean>('codeLens', true);
      const lines = text.split('\n');
      for (const history of histories) {
        const located = locate(history, text, functions);
        if (!located || text.slice(located.start, located.end) === history.original) continue;
        const key = `${uriText}|${version}|${history.key}|${located.start}`;
        let scores = this.scores.get(key);
        if (!scores) {
          scores = engine()
            .compareToBaseline(this.ctx.loader, lang, text, located, history.original, { mu })
            .then((measured) => ({ similarity: roundedScores(measured.similarity), growth: measured.growth }));
          this.scores.set(key, scores);
          while (this.scores.size > SCORES_KEPT) this.scores.delete(this.scores.keys().next().value!);
        }
        const now = await scores;
        const line = located.nameLine - 1;
        const label = decorationText(history, now.similarity);
        infos.push({
          key: history.key,
          line,
          lensLine: (located.fn?.line ?? located.nameLine) - 1,
          trailingLine: lenses ? null : (fittingLine(lines, line, label.length) ?? line),
          text: label,
          hover: hoverMarkdown(history, now.similarity, uriText, now.growth),
        });
      }
      // typed into meanwhile: the next update (already requested by the change) paints
      if (document.version !== version) return;
    }
    const before = JSON.stringify(this.applied.get(uriText) ?? []);
    this.applied.set(uriText, infos);
    if (infos.length === 0) this.applied.delete(uriText);
    const options: vscode.DecorationOptions[] = [];
    for (const info of infos) {
      const hover = new vscode.MarkdownString(info.hover, true);
      hover.isTrusted = { enabledCommands: HOVER_COMMANDS };
      // the whole signature line carries the hover (the code lens above opens it too)
      const signature = document.lineAt(Math.min(info.line, document.lineCount - 1)).range;
      const trailing = info.trailingLine === null ? undefined : document.lineAt(Math.min(info.trailingLine, document.lineCount - 1)).range;
      if (trailing && trailing.start.line === signature.start.line) {
        options.push({ range: signature, hoverMessage: hover, renderOptions: { after: { contentText: info.text } } });
        continue;
      }
      options.push({ range: signature, hoverMessage: hover });
      if (trailing) options.push({ range: trailing, hoverMessage: hover, renderOptions: { after: { contentText: info.text } } });
    }
    for (const editor of editors) editor.setDecorations(this.type, options);
    if (JSON.stringify(infos) !== before) this.updated.fire(uriText);
  }

  dispose(): void {
    for (const s of this.subscriptions.splice(0)) s.dispose();
    this.applied.clear();
  }
}
