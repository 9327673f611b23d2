import path = require('path');
import vscode = require('vscode');
import type { FormatId } from '../core/benchmark/formats';
import { workspaceRelative } from './config';
import type { Ctx } from './ctx';
import { engine } from './engineLoader';
import { guarded } from './log';
import { entriesFile } from './views/entriesView';

/**
 * "Export entries as…": the entries in a published format (written as `dataset` writes it, every
 * field matching the perturbed code) or CodeMorph's own, to one file written atomically.
 * `{ format, target }` answers the dialogs.
 */
export function exportEntriesAs(ctx: Ctx) {
  return (args?: { format?: FormatId; target?: string }): Promise<{ target: string; count: number; skipped: { id: string; reason: string }[] } | undefined> =>
    guarded(ctx, async () => {
      const { CodemorphError, exportEntriesAs: exportAs, exportFormatHelp, FORMAT_IDS, readEntries, writeFileAtomic } = engine();
      const { file, shown } = entriesFile();
      const { entries } = readEntries(file);
      if (!entries.length) {
        void ctx.notify('info', `${shown} has no entries to export.`);
        return undefined;
      }
      let format = args?.format;
      if (format !== undefined && !(FORMAT_IDS as readonly string[]).includes(format)) {
        throw new CodemorphError('input', `the format ${String(format)} is none of ${FORMAT_IDS.join(', ')}`);
      }
      if (!format) {
        const picked = await vscode.window.showQuickPick(
          FORMAT_IDS.map((id) => ({ label: id, detail: exportFormatHelp(id) })),
          { title: 'Export entries as…', placeHolder: 'The format to write the entries in' },
        );
        if (!picked) return undefined;
        format = picked.label as FormatId;
      }
      const result = exportAs(entries, format);
      const why = result.skipped.length ? ` ${result.skipped.length} left out: ${result.skipped.slice(0, 3).map((s) => `${s.id} (${s.reason})`).join('; ')}${result.skipped.length > 3 ? '…' : ''}` : '';
      for (const s of result.skipped) ctx.log(`export as ${format}: ${s.id} left out: ${s.reason}`);
      if (result.count === 0) {
        void ctx.notify('warning', `no entry of ${shown} can be written as ${format}.${why}`);
        return { target: '', count: 0, skipped: result.skipped };
      }
      let target = args?.target;
      if (!target) {
        const picked = await vscode.window.showSaveDialog({
          defaultUri: vscode.Uri.file(path.join(path.dirname(file), `codemorph-${format}.jsonl`)),
          filters: { 'JSON Lines': ['jsonl'] },
          title: `Export entries as ${format}`,
        });
        if (!picked) return undefined;
        target = picked.fsPath;
      }
      writeFileAtomic(target, result.text);
      void ctx.notify('info', `exported ${result.count} entr${result.count === 1 ? 'y' : 'ies'} as ${format} to ${workspaceRelative(target)}.${why}`);
      return { target, count: result.count, skipped: result.skipped };
    });
}
