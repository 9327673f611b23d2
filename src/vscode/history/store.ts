import vscode = require('vscode');
import type { UnitHistory } from './types';

const PREFIX = 'codemorph.history:';

/**
 * Histories in the workspace state, one entry per document so that a change rewrites only that
 * document's histories. They survive reloads; the store says when one changes.
 */
export class HistoryStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly memento: vscode.Memento) {}

  private entries(uri: vscode.Uri): Record<string, UnitHistory> {
    return this.memento.get<Record<string, UnitHistory>>(PREFIX + uri.toString(), {});
  }

  all(uri: vscode.Uri): UnitHistory[] {
    return Object.values(this.entries(uri)).filter((h) => h && h.version === 1);
  }

  has(uri: vscode.Uri): boolean {
    return this.all(uri).length > 0;
  }

  get(uri: vscode.Uri, key: string): UnitHistory | undefined {
    return this.entries(uri)[key];
  }

  async put(uri: vscode.Uri, history: UnitHistory): Promise<void> {
    await this.memento.update(PREFIX + uri.toString(), { ...this.entries(uri), [history.key]: history });
    this.changed.fire(uri);
  }

  async remove(uri: vscode.Uri, key: string): Promise<void> {
    const entries = { ...this.entries(uri) };
    delete entries[key];
    await this.memento.update(PREFIX + uri.toString(), Object.keys(entries).length ? entries : undefined);
    this.changed.fire(uri);
  }

  /** Documents that have histories. */
  uris(): vscode.Uri[] {
    return this.memento
      .keys()
      .filter((k) => k.startsWith(PREFIX))
      .map((k) => vscode.Uri.parse(k.slice(PREFIX.length)));
  }

  dispose(): void {
    this.changed.dispose();
  }
}
