import path = require('path');
import vscode = require('vscode');
import { workspaceRelative } from './config';
import type { Ctx } from './ctx';
import { engine } from './engineLoader';
import { guarded } from './log';
import { entriesFile } from './views/entriesView';

/**
 * "Export entries": the perturbed entries and pair controls as CodeMorph-style JSONL (`task_id`,
 * `code`, `entry_point`), to a path the user picks (`{ target }` gives it directly).
 */
export function exportEntries(ctx: Ctx) {
  return (args?: { target?: string }): Promise<{ target: string; count: number } | undefined> =>
    guarded(ctx, async () => {
      const { exportCodemorphJsonl, readEntries, writeFileAtomic } = engine();
      const { file, shown } = entriesFile();
      const { entries, problems } = readEntries(file);
      const text = exportCodemorphJsonl(entries);
      const count = text ? text.trimEnd().split('\n').length : 0;
      if (count === 0) {
        void ctx.notify('info', `${shown} has no perturbed entries or pairs to export.`);
        return undefined;
      }
      let target = args?.target;
      if (!target) {
        const picked = await vscode.window.showSaveDialog({
          defaultUri: vscode.Uri.file(path.join(path.dirname(file), 'codemorph-export.jsonl')),
          filters: { 'JSON Lines': ['jsonl'] },
          title: 'Export entries as CodeMorph JSONL',
        });
        if (!picked) return undefined;
        target = picked.fsPath;
      }
      writeFileAtomic(target, text);
      const skipped = problems.length ? ` (${problems.length} line(s) of the entries file are not entries and were skipped)` : '';
      void ctx.notify('info', `exported ${count} entr${count === 1 ? 'y' : 'ies'} to ${workspaceRelative(target)}${skipped}.`);
      return { target, count };
    });
}
