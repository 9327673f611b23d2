import vscode = require('vscode');
import type { FileEncoding } from '../core/text/encoding';
import { engine } from './engineLoader';

/**
 * The encoding VS Code reads and saves a document in, so that the engine writes every scratch
 * copy it verifies in the bytes the file has on disk (a Latin-1 file's é as 0xE9, not UTF-8).
 * `TextDocument.encoding` came to the API in VS Code 1.100, after the 1.90 this extension's
 * engines field and @types/vscode name: it is read when the running VS Code has it, else the
 * `files.encoding` setting for the document's resource stands in for it (what VS Code opens a
 * file in unless it guesses or the user reopens it with another encoding). Untitled and virtual
 * documents have no bytes of their own: undefined (UTF-8).
 */
export function documentEncodingId(document: vscode.TextDocument): string | undefined {
  if (document.uri.scheme !== 'file') return undefined;
  const own = (document as { encoding?: unknown }).encoding;
  if (typeof own === 'string' && own) return own;
  return vscode.workspace.getConfiguration('files', document.uri).get<string>('encoding') || undefined;
}

/** The encoding id of a file: its open document's, else the `files.encoding` setting that applies to it. */
export function fileEncodingId(uri: vscode.Uri): string | undefined {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  return open ? documentEncodingId(open) : vscode.workspace.getConfiguration('files', uri).get<string>('encoding') || undefined;
}

/** The document's encoding for an engine request; an encoding CodeMorph cannot write back stops the command with why. */
export function documentEncoding(document: vscode.TextDocument): FileEncoding | undefined {
  const id = documentEncodingId(document);
  if (id === undefined) return undefined;
  const found = engine().editorEncoding(id);
  if ('problem' in found) throw new (engine().CodemorphError)('input', found.problem);
  return found;
}
