import vscode = require('vscode');
import type { Ctx } from './ctx';
import { unitBefore } from './history/record';
import type { UnitHistory } from './history/types';
import { guarded } from './log';
import { isTargetArgs, requireHistory, resolveTarget, TargetArgs } from './target';
import { showDiff } from './virtualDocuments';
import { markDone } from './walkthrough';
import { stepNumbers } from './wording';

export function unitTitle(history: UnitHistory): string {
  if (history.kind === 'file') return 'file';
  return history.currentName !== history.originalName ? `${history.originalName} → ${history.currentName}` : `${history.currentName}`;
}

/**
 * "Compare with original": the first original on the left (the file as it is now with the unit
 * put back to that original), the live document on the right, so the diff follows further edits.
 */
export function compareWithOriginal(ctx: Ctx) {
  return (args?: unknown): Promise<{ original: string } | undefined> =>
    guarded(ctx, async () => {
      const target = await resolveTarget(ctx, isTargetArgs(args) ? (args as TargetArgs) : undefined);
      const found = target && requireHistory(ctx, target);
      if (!target || !found) return undefined;
      const { history, located } = found;
      const original = target.text.slice(0, located.start) + history.original + target.text.slice(located.end);
      const left = ctx.virtualDocuments.create('original', target.document.uri.path, original);
      await showDiff(left, target.document.uri, `${unitTitle(history)}: original ↔ now`, located.nameLine - 1);
      markDone(ctx, 'inspected');
      return { original };
    });
}

/** Where a history step is, for the history view's items and commands. */
export interface StepRef {
  uri: string;
  key: string;
  /** Index in the history's steps. */
  index: number;
}

function stepOf(ctx: Ctx, ref: StepRef): { history: UnitHistory; index: number } | undefined {
  const history = ctx.history.get(vscode.Uri.parse(ref.uri), ref.key);
  if (!history || !history.steps[ref.index]) {
    void ctx.notify('info', 'that step is no longer in the history.');
    return undefined;
  }
  return { history, index: ref.index };
}

/** A kept step: the unit before and after it, side by side. A rejected step: why, with its output. */
export function showStep(ctx: Ctx) {
  return (ref: StepRef): Promise<{ before: string; after: string } | undefined> =>
    guarded(ctx, async () => {
      const found = stepOf(ctx, ref);
      if (!found) return undefined;
      const { history, index } = found;
      const entry = history.steps[index];
      const number = stepNumbers(history.steps.map((s) => s.step))[index];
      const label = number === null ? `${entry.step.category ?? 'a category'} (nothing to apply)` : `step ${number}: ${entry.step.method}`;
      if (!entry.step.accepted || !entry.after) {
        ctx.log(`${unitTitle(history)}, ${label}: rejected (${entry.step.reason ?? 'no reason recorded'})`);
        if (entry.output) for (const line of entry.output.trimEnd().split('\n')) ctx.log(`     | ${line}`);
        ctx.output.show(true);
        return undefined;
      }
      const name = vscode.Uri.parse(ref.uri).path;
      const before = unitBefore(history, index);
      const left = ctx.virtualDocuments.create('step', name, before);
      const right = ctx.virtualDocuments.create('step', name, entry.after.unit);
      // the focus stays in the History view: the next step is one click (or one arrow key) away
      await showDiff(left, right, `${unitTitle(history)}, ${label}${entry.step.summary ? `: ${entry.step.summary}` : ''}`, undefined, { preserveFocus: true });
      markDone(ctx, 'inspected');
      return { before, after: entry.after.unit };
    });
}
