import vscode = require('vscode');
import type { Ctx } from '../ctx';
import { findTarget, Target } from '../target';
import { Throttle } from '../throttle';

export type FocusState = 'none' | 'noFunction' | 'function';

function stateOf(target: Target | undefined): FocusState {
  return !target ? 'none' : target.fn ? 'function' : 'noFunction';
}

/** What the views show depends on: the document version, the function, its history's length. */
function signature(target: Target | undefined): string {
  if (!target) return '';
  const h = target.history;
  return [target.stamp, target.fn?.start, target.fn?.end, h?.key, h?.steps.length, h?.currentName].join('|');
}

/**
 * Follows the code editor and its cursor for the views: the function at the cursor and its
 * history, recomputed a little after the cursor or the text settles, and only while a view that
 * shows them is visible. While one of CodeMorph's diffs or previews is active, the views stay on
 * the function they showed (ctx.editors); they follow the cursor again in a code editor. Sets the
 * context keys the views' welcome texts depend on.
 */
export class CursorFocus implements vscode.Disposable {
  private current: Target | undefined;
  private currentSignature = '\u0000';
  private stale = true;
  private readonly changed = new vscode.EventEmitter<Target | undefined>();
  readonly onDidChange = this.changed.event;
  private readonly throttle: Throttle<'focus'>;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    private readonly ctx: Ctx,
    private readonly wanted: () => boolean,
  ) {
    // listing candidates takes a moment: wait until the cursor or the typing pauses
    this.throttle = new Throttle(300, () => this.refresh().then(() => undefined), true);
    this.subscriptions.push(
      this.throttle,
      this.changed,
      vscode.window.onDidChangeActiveTextEditor(() => this.request(true)),
      vscode.window.onDidChangeTextEditorSelection((e) => e.textEditor === vscode.window.activeTextEditor && this.request()),
      // the document shown may be one hidden behind a CodeMorph diff (see followedEditor.ts)
      vscode.workspace.onDidChangeTextDocument((e) => (e.document === vscode.window.activeTextEditor?.document || e.document === this.current?.document) && this.request()),
      ctx.history.onDidChange(() => this.request(true)),
    );
  }

  get target(): Target | undefined {
    return this.current;
  }

  request(now = false): void {
    if (!this.wanted()) {
      this.stale = true;
      return;
    }
    this.throttle.request('focus', now);
  }

  /** Recomputes now (a view became visible, or a test asks). */
  async refresh(): Promise<Target | undefined> {
    let target: Target | undefined;
    try {
      target = await findTarget(this.ctx);
    } catch (e) {
      // a parse failure must not break the views; the next change tries again
      this.ctx.log(`could not follow the cursor: ${(e as Error).message}`);
    }
    this.stale = false;
    const sig = signature(target);
    this.current = target;
    if (sig !== this.currentSignature) {
      this.currentSignature = sig;
      void vscode.commands.executeCommand('setContext', 'codemorph.focus', stateOf(target));
      void vscode.commands.executeCommand('setContext', 'codemorph.focusHasHistory', Boolean(target?.history));
      this.changed.fire(target);
    }
    return target;
  }

  /** The target, recomputed first when it may be out of date. */
  async fresh(): Promise<Target | undefined> {
    if (this.stale) return this.refresh();
    await this.throttle.flush();
    return this.current;
  }

  dispose(): void {
    for (const s of this.subscriptions.splice(0)) s.dispose();
  }
}
