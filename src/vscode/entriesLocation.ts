import path = require('path');
import vscode = require('vscode');
import { baseFolder, folderOf, workspaceRelative } from './config';
import { engine } from './engineLoader';

/** The entries file, where it is written and how messages name it. */
export interface EntriesLocation {
  /** The real path (symlinks followed): what is read and written. */
  file: string;
  /** The path for messages: relative to the workspace folder. */
  shown: string;
}

/**
 * `codemorph.entriesFile` for a document (or the first folder), checked before anything reads or
 * writes it: it must lead inside the workspace folder (the file's own folder when there is none)
 * once `..` and symlinks are resolved, or a workspace's settings or links could make "Save as
 * benchmark entry" append to `../../.bashrc`. Throws the one line the user reads otherwise.
 */
export function entriesLocation(scope: vscode.Uri | undefined): EntriesLocation {
  const { CodemorphError, DEFAULT_ENTRIES_FILE, resolveInFolder } = engine();
  const value = vscode.workspace.getConfiguration('codemorph', scope).get<string>('entriesFile', DEFAULT_ENTRIES_FILE).trim() || DEFAULT_ENTRIES_FILE;
  const base = baseFolder(scope);
  const where = folderOf(scope) ? 'the workspace folder' : `the folder ${base}`;
  const resolved = resolveInFolder(base, value);
  if (resolved.inside) return { file: resolved.real, shown: workspaceRelative(resolved.file, scope) };
  const setting = `codemorph.entriesFile "${value}"`;
  const fix = `set codemorph.entriesFile to a path inside ${where}, such as ${DEFAULT_ENTRIES_FILE}`;
  if (resolved.unresolvable) throw new CodemorphError('input', `${setting} cannot be resolved (${resolved.unresolvable}): ${fix}.`);
  if (resolved.symlink) {
    const link = path.relative(base, resolved.symlink).split(path.sep).join('/');
    throw new CodemorphError(
      'input',
      `${setting} leads outside ${where} through the symlink ${link} (to ${resolved.real}), and entries are written only inside it: replace the symlink with a real folder or file, or ${fix}.`,
    );
  }
  const outside = resolved.file === resolved.real ? resolved.file : `${resolved.file}, really ${resolved.real}`;
  throw new CodemorphError('input', `${setting} is outside ${where} (${outside}), and entries are written only inside it: ${fix}.`);
}
