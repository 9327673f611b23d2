import path = require('path');
import vscode = require('vscode');
import type { GrammarLoader } from '../core/languages/grammarLoader';
import type { HistoryDecorations } from './decorations/historyDecorations';
import { ControlDocuments } from './controlDocuments';
import { engine, loadedEngine } from './engineLoader';
import { FollowedEditors } from './followedEditor';
import { HistoryStore } from './history/store';
import { Outlines } from './outlines';
import { VirtualDocuments } from './virtualDocuments';

export type NoticeLevel = 'info' | 'warning' | 'error';

/** A message the user was shown, kept (the last few) for the test API and logged. */
export interface Notice {
  level: NoticeLevel;
  message: string;
}

/**
 * A line with every credential redacted (core/redact.ts). Keys are registered in the engine, so
 * before the engine is loaded there is none to redact, and logging must not load it.
 */
function safe(text: string): string {
  return loadedEngine()?.redact(text) ?? text;
}

const KEPT_NOTICES = 20;
const KEPT_LOG_LINES = 500;

/**
 * The one object that owns the extension's state and every disposable it creates, so that
 * deactivation releases everything in one place. Expensive parts (grammars, the output
 * channel) are created on first use: activation itself loads nothing.
 */
export class Ctx implements vscode.Disposable {
  private loaderInstance: GrammarLoader | undefined;
  private outputInstance: vscode.OutputChannel | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  readonly history: HistoryStore;
  readonly outlines: Outlines;
  readonly virtualDocuments: VirtualDocuments;
  /** The control copies of Create Control Pair, editable and savable in memory. */
  readonly controlDocuments: ControlDocuments;
  /** The code editor commands and views act on (not CodeMorph's own diffs, nor the Output panel). */
  readonly editors: FollowedEditors;
  /** The inline histories, once activation created them (the code lens's command reads them). */
  decorations: HistoryDecorations | undefined;
  readonly notices: Notice[] = [];
  readonly recentLog: string[] = [];
  /** The last progress lines shown, for the test API (a progress notification cannot be read back). */
  readonly recentProgress: string[] = [];

  constructor(readonly extension: vscode.ExtensionContext) {
    this.history = this.own(new HistoryStore(extension.workspaceState));
    this.outlines = this.own(new Outlines(() => this.loader));
    this.virtualDocuments = this.own(new VirtualDocuments());
    this.controlDocuments = this.own(new ControlDocuments());
    this.editors = this.own(new FollowedEditors());
  }

  /** Whether a grammar loader exists yet: activation must not create one. */
  get loaderCreated(): boolean {
    return this.loaderInstance !== undefined;
  }

  get loader(): GrammarLoader {
    this.loaderInstance ??= new (engine().GrammarLoader)(path.join(this.extension.extensionPath, 'dist'));
    return this.loaderInstance;
  }

  get output(): vscode.OutputChannel {
    if (!this.outputInstance) {
      this.outputInstance = vscode.window.createOutputChannel('CodeMorph');
      this.push(this.outputInstance);
    }
    return this.outputInstance;
  }

  log(text: string): void {
    const line = safe(text);
    this.output.appendLine(line);
    // an output channel cannot be read back: the last lines are kept for the test API
    this.recentLog.push(line);
    if (this.recentLog.length > KEPT_LOG_LINES) this.recentLog.splice(0, this.recentLog.length - KEPT_LOG_LINES);
  }

  /**
   * Shows a message prefixed with "CodeMorph: ", logs it, and resolves with the action chosen.
   * Every user-facing message goes through here, so the log tells the whole story.
   */
  notify(level: NoticeLevel, unsafe: string, ...actions: string[]): Thenable<string | undefined> {
    const message = safe(unsafe);
    this.notices.push({ level, message });
    if (this.notices.length > KEPT_NOTICES) this.notices.shift();
    this.log(`[${level}] ${message}`);
    const text = `CodeMorph: ${message}`;
    if (level === 'error') return vscode.window.showErrorMessage(text, ...actions);
    if (level === 'warning') return vscode.window.showWarningMessage(text, ...actions);
    return vscode.window.showInformationMessage(text, ...actions);
  }

  /** Keeps a progress line shown in a notification, for the test API. */
  progressed(message: string): void {
    this.recentProgress.push(message);
    if (this.recentProgress.length > KEPT_LOG_LINES) this.recentProgress.splice(0, this.recentProgress.length - KEPT_LOG_LINES);
  }

  push(...disposables: vscode.Disposable[]): void {
    this.disposables.push(...disposables);
  }

  own<T extends vscode.Disposable>(disposable: T): T {
    this.disposables.push(disposable);
    return disposable;
  }

  dispose(): void {
    for (const d of this.disposables.splice(0).reverse()) d.dispose();
    // compilers and tests of runs still going, and their scratch folders (core/owned.ts)
    loadedEngine()?.stopEverything();
    this.loaderInstance?.dispose();
    this.loaderInstance = undefined;
  }
}
