import path = require('path');
import vscode = require('vscode');
import type { BenchmarkEntry } from '../core/benchmark/entries';
import type { ReverifyResult } from '../core/benchmark/reverify';
import { extensionsOf } from '../core/languages/languageIds';
import { folderOf, readSettings, verifyOptions, workspaceRelative } from './config';
import type { Ctx } from './ctx';
import { fileEncodingId } from './documentEncoding';
import { engine } from './engineLoader';
import { guarded } from './log';
import { RESTRICTED_MESSAGE } from './trust';
import { entriesFile, EntryNode, entryTitle } from './views/entriesView';
import { showDiff } from './virtualDocuments';

/** What the entry commands accept: a view item, or `{ id }` (an entry of the current entries file). */
export type EntryArg = EntryNode | { id: string };

/**
 * The entry an argument names and the entries file it is in: always the file the setting names
 * now, checked (a view item's own path is not trusted further than that).
 */
function resolveEntry(ctx: Ctx, arg: unknown): { entry: BenchmarkEntry; file: string; shown: string } | undefined {
  const isNode = arg && typeof arg === 'object' && 'kind' in arg && (arg as EntryNode).kind === 'entry';
  const id = !isNode && arg && typeof arg === 'object' && 'id' in arg ? String((arg as { id: unknown }).id) : undefined;
  if (!isNode && !id) {
    void ctx.notify('info', 'choose an entry in the Entries view first.');
    return undefined;
  }
  const { file, shown } = entriesFile();
  if (isNode) return { entry: (arg as Extract<EntryNode, { kind: 'entry' }>).entry, file, shown };
  const entry = engine().readEntries(file).entries.find((e) => e.id === id);
  if (!entry) {
    void ctx.notify('warning', `there is no entry ${id} in ${shown} any more.`);
    return undefined;
  }
  return { entry, file, shown };
}

/** A file name for the entry's virtual documents, so the editor highlights the right language. */
function nameFor(entry: BenchmarkEntry): string {
  return entry.source?.path ? path.basename(entry.source.path) : `entry${extensionsOf(entry.language)[0] ?? ''}`;
}

/** "Open as diff": the saved original and perturbed code (or control) side by side, from memory. */
export function openEntry(ctx: Ctx) {
  return (arg?: unknown): Promise<{ original: string; perturbed: string } | undefined> =>
    guarded(ctx, async () => {
      const found = resolveEntry(ctx, arg);
      if (!found) return undefined;
      const { entry } = found;
      const name = nameFor(entry);
      const left = ctx.virtualDocuments.create('entry-original', name, entry.original);
      const right = ctx.virtualDocuments.create(`entry-${entry.kind}`, name, entry.perturbed);
      const other = entry.kind === 'pair' ? 'control' : 'perturbed';
      const mask = entry.completion ? ` (masks lines ${entry.completion.perturbed.firstLine}-${entry.completion.perturbed.lastLine})` : '';
      await showDiff(left, right, `${entryTitle(entry)}: original ↔ ${other} (${entry.id})${mask}`, undefined, { preserveFocus: true });
      return { original: entry.original, perturbed: entry.perturbed };
    });
}

/** The encoding VS Code has the entry's source file in (open, or as `files.encoding` would open it), by the engine's name for it. */
function sourceEncoding(entry: BenchmarkEntry, root: string): string | undefined {
  if (!entry.source?.path) return undefined;
  const id = fileEncodingId(vscode.Uri.file(path.resolve(root, entry.source.path)));
  if (id === undefined) return undefined;
  const found = engine().editorEncoding(id);
  // one CodeMorph cannot write: the file is read as the engine reads files nobody named an encoding for
  return 'problem' in found ? undefined : found.name;
}

/** "Re-verify": the saved perturbed code checked again at the verification level of the settings. */
export function reverifyEntryCommand(ctx: Ctx) {
  return (arg?: unknown): Promise<ReverifyResult | undefined> =>
    guarded(ctx, async () => {
      const found = resolveEntry(ctx, arg);
      if (!found) return undefined;
      if (!vscode.workspace.isTrusted) {
        void ctx.notify('warning', `Re-verify needs a trusted workspace. ${RESTRICTED_MESSAGE}`, 'Manage Workspace Trust').then(
          (choice) => choice && vscode.commands.executeCommand('workbench.trust.manage'),
        );
        return undefined;
      }
      const { entry } = found;
      const folder = folderOf(undefined);
      const settings = readSettings(folder?.uri);
      const root = folder?.uri.fsPath ?? path.dirname(found.file);
      const encoding = sourceEncoding(entry, root);
      const result = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `CodeMorph: re-verifying ${entryTitle(entry)}`, cancellable: true },
        (_progress, token) => {
          const abort = new AbortController();
          token.onCancellationRequested(() => abort.abort());
          return engine().reverifyEntry(ctx.loader, entry, root, { ...verifyOptions(settings, entry.language, settings.verification), encoding, signal: abort.signal });
        },
      );
      const where = result.context === 'file' ? `in ${workspaceRelative(result.file!, folder?.uri)}` : 'on its own (its source file no longer holds it)';
      ctx.log(`re-verify ${entry.id} ${where}, level ${settings.verification}`);
      for (const command of result.verdict?.commands ?? []) ctx.log(`     $ ${command}`);
      if (result.output.trim()) for (const line of result.output.trimEnd().split('\n')) ctx.log(`     | ${line}`);
      if (result.ok) {
        const v = result.verdict!;
        const passed = (['syntax', 'compile', 'test'] as const).filter((k) => v[k] !== null).map((k) => `${k} ✓`);
        void ctx.notify('info', `${entryTitle(entry)} still passes ${settings.verification} verification ${where}: ${passed.join(', ')}.`);
      } else {
        void ctx.notify('warning', `${entryTitle(entry)} fails ${settings.verification} verification ${where}: ${result.reason}`, 'Show Output').then(
          (choice) => choice && ctx.output.show(true),
        );
      }
      return result;
    });
}

/** "Delete": removes the entry's line from the file after asking (`{ confirm: false }` skips the question). */
export function deleteEntryCommand(ctx: Ctx) {
  return (arg?: unknown, options?: { confirm?: boolean }): Promise<boolean | undefined> =>
    guarded(ctx, async () => {
      const found = resolveEntry(ctx, arg);
      if (!found) return undefined;
      const { entry, file, shown } = found;
      if (options?.confirm !== false) {
        const choice = await vscode.window.showWarningMessage(
          `Delete the ${entry.kind} entry ${entryTitle(entry)} (${entry.id}) from ${shown}?`,
          { modal: true, detail: 'The line is removed from the entries file; every other line stays as it is.' },
          'Delete',
        );
        if (choice !== 'Delete') return false;
      }
      const removed = engine().deleteEntry(file, entry.id);
      await vscode.commands.executeCommand('codemorph.refreshEntries');
      if (removed) ctx.log(`deleted entry ${entry.id} from ${file}`);
      else void ctx.notify('info', `${entry.id} was no longer in ${shown}.`);
      return removed;
    });
}
