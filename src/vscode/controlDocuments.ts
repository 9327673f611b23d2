import vscode = require('vscode');

export const CONTROL_SCHEME = 'codemorph-control';

/**
 * Control copies live in memory under `codemorph-control:`, one folder per control so two
 * controls of one function do not collide, each file named `<function> (control)`. Unlike an
 * untitled document, such a file can be saved (to memory): after Save pair it is clean, and
 * closing it asks nothing. Nothing reaches the disk; a closed control is forgotten.
 */
export class ControlDocuments implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly files = new Map<string, { data: Uint8Array; ctime: number; mtime: number }>();
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;
  private counter = 0;

  /** A new control file holding `text`, named after its function. */
  create(functionName: string, text: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: CONTROL_SCHEME, path: `/${++this.counter}/${functionName} (control)` });
    const now = Date.now();
    this.files.set(uri.path, { data: Buffer.from(text, 'utf8'), ctime: now, mtime: now });
    return uri;
  }

  forget(uri: vscode.Uri): void {
    this.files.delete(uri.path);
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  stat(uri: vscode.Uri): vscode.FileStat {
    const file = this.files.get(uri.path);
    if (file) return { type: vscode.FileType.File, ctime: file.ctime, mtime: file.mtime, size: file.data.byteLength };
    if (uri.path === '/' || [...this.files.keys()].some((p) => p.startsWith(`${uri.path}/`))) return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    throw vscode.FileSystemError.FileNotFound(uri);
  }

  readDirectory(uri: vscode.Uri): [string, vscode.FileType][] {
    const prefix = uri.path.endsWith('/') ? uri.path : `${uri.path}/`;
    const names = new Map<string, vscode.FileType>();
    for (const p of this.files.keys()) {
      if (!p.startsWith(prefix)) continue;
      const [first, ...rest] = p.slice(prefix.length).split('/');
      names.set(first, rest.length ? vscode.FileType.Directory : vscode.FileType.File);
    }
    return [...names];
  }

  readFile(uri: vscode.Uri): Uint8Array {
    const file = this.files.get(uri.path);
    if (!file) throw vscode.FileSystemError.FileNotFound(uri);
    return file.data;
  }

  writeFile(uri: vscode.Uri, content: Uint8Array): void {
    const file = this.files.get(uri.path);
    // only the controls this activation made: Save As into this scheme has nowhere to go
    if (!file) throw vscode.FileSystemError.NoPermissions('a control copy exists only while it is open: save it with Save Pair, or Save As to a file');
    file.data = content;
    file.mtime = Date.now();
    this.changed.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  createDirectory(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  delete(uri: vscode.Uri): void {
    this.files.delete(uri.path);
  }

  rename(oldUri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(oldUri);
  }

  dispose(): void {
    this.changed.dispose();
    this.files.clear();
  }
}
