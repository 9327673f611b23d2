import type { Ctx } from './ctx';
import { replaceAt } from './documentEdits';
import { findEdit, keptSteps, withoutLastStep } from './history/record';
import type { HistoryStep } from './history/types';
import { guarded } from './log';
import { isTargetArgs, requireHistory, resolveTarget, TargetArgs } from './target';

/**
 * "Undo last step": reverts the last kept step of the function at the cursor (or of the file)
 * as one edit, even after other edits elsewhere, and takes it out of the history. When the
 * code that step wrote has itself been edited since, it says so and changes nothing.
 */
export function undoLastStep(ctx: Ctx) {
  return (args?: unknown): Promise<HistoryStep | undefined> =>
    guarded(ctx, async () => {
      const target = await resolveTarget(ctx, isTargetArgs(args) ? (args as TargetArgs) : undefined);
      const found = target && requireHistory(ctx, target);
      if (!target || !found) return undefined;
      const result = withoutLastStep(found.history);
      if (!result) {
        void ctx.notify('info', 'no kept step to undo.');
        return undefined;
      }
      const edit = result.removed.after!.edit;
      const at = findEdit(target.text, edit);
      const method = result.removed.step.method ?? 'the last step';
      if (at === undefined) {
        void ctx.notify('warning', `the code ${method} wrote has been edited since, so it cannot be undone alone. Use Undo (Ctrl+Z), or Compare with Original.`);
        return undefined;
      }
      if (!(await replaceAt(target.document, target.editor, at, edit.inserted.length, edit.removed))) {
        void ctx.notify('error', 'the editor refused the edit; the document is unchanged.');
        return undefined;
      }
      if (keptSteps(result.history).length === 0) await ctx.history.remove(target.document.uri, result.history.key);
      else await ctx.history.put(target.document.uri, result.history);
      // a notification: the edit can be far from the cursor, and the Output channel is rarely open
      void ctx.notify('info', `undid ${method}${result.removed.step.summary ? ` (${result.removed.step.summary})` : ''}.`);
      return result.removed;
    });
}
