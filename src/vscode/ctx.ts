import * as path from 'path';
import * as vscode from 'vscode';
import { GrammarLoader } from '../core/languages/grammarLoader';

/**
 * The one object that owns the extension's state and every disposable it creates, so that
 * deactivation releases everything in one place. Expensive parts (grammars, the output
 * channel) are created on first use: activation itself loads nothing.
 */
export class Ctx implements vscode.Disposable {
  private loaderInstance: GrammarLoader | undefined;
  private outputInstance: vscode.OutputChannel | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(readonly extension: vscode.ExtensionContext) {}

  get loader(): GrammarLoader {
    this.loaderInstance ??= new GrammarLoader(path.join(this.extension.extensionPath, 'dist'));
    return this.loaderInstance;
  }

  get output(): vscode.OutputChannel {
    if (!this.outputInstance) {
      this.outputInstance = vscode.window.createOutputChannel('CodeMorph');
      this.push(this.outputInstance);
    }
    return this.outputInstance;
  }

  log(line: string): void {
    this.output.appendLine(line);
  }

  push(...disposables: vscode.Disposable[]): void {
    this.disposables.push(...disposables);
  }

  dispose(): void {
    for (const d of this.disposables.splice(0).reverse()) d.dispose();
    this.loaderInstance?.dispose();
    this.loaderInstance = undefined;
  }
}
