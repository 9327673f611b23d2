import vscode = require('vscode');
import type { BenchmarkEntry } from '../core/benchmark/entries';
import { workspaceRelative } from './config';
import type { Ctx } from './ctx';
import { engine } from './engineLoader';
import { entriesLocation } from './entriesLocation';
import { documentForEntry } from './history/record';
import { guarded } from './log';
import { currentMeasures } from './showSimilarity';
import { isTargetArgs, requireHistory, resolveTarget, TargetArgs } from './target';
import { markDone } from './walkthrough';
import { similarityText } from './wording';

/**
 * "Save as benchmark entry": the unit's first original, the unit as it is now, every step of its
 * history and the similarity now, appended to `codemorph.entriesFile` (BenchmarkEntry in core/benchmark/entries.ts). Ids are
 * content hashes, so saving the same result twice is noticed instead of duplicated.
 */
export function saveEntry(ctx: Ctx) {
  return (args?: unknown): Promise<BenchmarkEntry | undefined> =>
    guarded(ctx, async () => {
      const target = await resolveTarget(ctx, isTargetArgs(args) ? (args as TargetArgs) : undefined);
      const found = target && requireHistory(ctx, target);
      if (!target || !found) return undefined;
      // before any work: a refused entries file is the first thing the user must fix
      const { file, shown } = entriesLocation(target.document.uri);
      const { history, located } = found;
      const unit = target.text.slice(located.start, located.end);
      if (unit === history.original) {
        void ctx.notify('info', 'the code is back to its original: there is nothing to save.');
        return undefined;
      }
      const { similarity, growth } = await currentMeasures(ctx, target, history, located);
      const { appendEntry, entryFromDocument, readEntries, toolVersion } = engine();
      const doc = documentForEntry(history, { unit, file: target.text, similarity, growth });
      const uri = target.document.uri;
      const entry = entryFromDocument(doc, workspaceRelative(uri.fsPath, uri), toolVersion());
      const open = (choice: string | undefined) => {
        if (choice) void vscode.window.showTextDocument(vscode.Uri.file(file), { preview: true });
      };
      if (readEntries(file).entries.some((e) => e.id === entry.id)) {
        markDone(ctx, 'saved');
        void ctx.notify('info', `this result is already saved in ${shown} as ${entry.id}.`, 'Open Entries File').then(open);
        return entry;
      }
      appendEntry(file, entry);
      markDone(ctx, 'saved');
      void ctx.notify('info', `saved ${entry.id} (${similarityText(similarity.overall)}) to ${shown}.`, 'Open Entries File').then(open);
      return entry;
    });
}
