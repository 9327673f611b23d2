import vscode = require('vscode');
import type { BenchmarkEntry } from '../core/benchmark/entries';
import type { PairCheckResult } from '../core/benchmark/pairChecks';
import { pairSessions } from './createControlPair';
import type { Ctx } from './ctx';
import { engine } from './engineLoader';
import { entriesLocation } from './entriesLocation';
import { guarded } from './log';
import { failingPairChoices, SAVE_ANYWAY, SHOW_CHECKS } from './wording';

/** The checks as a Markdown table, for "Show Checks". */
export function checksMarkdown(title: string, result: PairCheckResult): string {
  const cell = (v: number | null) => (v === null ? '' : String(v));
  const rows = result.checks.map(
    (c) => `| ${c.pass === null ? '•' : c.pass ? '✓' : '✗'} | ${c.id} | ${cell(c.original)} | ${cell(c.control)} | ${c.value} | ${c.rule}${c.detail ? ` (${c.detail})` : ''} |`,
  );
  const verdict = result.passed ? 'Every check passes.' : `Fails: ${result.failing.join(', ')}.`;
  const words = result.checks.map((c) => `- ${engine().explainCheck(c)}`);
  return [`# ${title}`, '', verdict, '', ...words, '', '| | check | original | control | value | rule |', '|---|---|---|---|---|---|', ...rows, ''].join('\n');
}

/**
 * A saved control: its document is saved (to memory, controlDocuments.ts), so it is clean and
 * closes without asking; the "control made" toast, whose Save Pair is done, is hidden.
 */
async function settle(doc: vscode.TextDocument): Promise<void> {
  if (doc.isDirty) await doc.save();
  await vscode.commands.executeCommand('notifications.hideToasts');
}

async function showChecks(ctx: Ctx, title: string, result: PairCheckResult): Promise<void> {
  const uri = ctx.virtualDocuments.create('pair-checks', 'checks.md', checksMarkdown(title, result));
  await vscode.window.showTextDocument(uri, { preview: true });
}

export interface SavePairResult {
  entry: BenchmarkEntry | undefined;
  result: PairCheckResult;
  saved: boolean;
}

/**
 * "Save pair", from a control document: runs the study's checks on the control as it is now
 * (hand edits included), lists them, asks before saving a pair that breaks one (`{ confirm }`
 * answers for the user), and appends a "pair" entry with every check and the failing ones.
 */
export function savePair(ctx: Ctx) {
  return (args?: { uri?: string; confirm?: boolean }): Promise<SavePairResult | undefined> =>
    guarded(ctx, async () => {
      const uri = args?.uri ?? vscode.window.activeTextEditor?.document.uri.toString();
      const session = uri ? pairSessions(ctx).get(uri) : undefined;
      if (!uri || !session) {
        void ctx.notify('info', 'this is not a control document: place the cursor in a function and run Create Control Pair first.', 'Create Control Pair').then(
          (choice) => choice && vscode.commands.executeCommand('codemorph.createControlPair'),
        );
        return undefined;
      }
      const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri) ?? (await vscode.workspace.openTextDocument(vscode.Uri.parse(uri)));
      const control = doc.getText();
      const { pair } = session;
      // checked before the checks run and the user is asked anything
      const { file, shown } = entriesLocation(session.sourceUri);
      const { appendEntry, checkLines, checkPair, explainCheck, pairEntry, readEntries, toolVersion, withControl } = engine();
      const result = await checkPair(ctx.loader, pair.language, { text: pair.file, span: pair.sample }, withControl(pair, control));
      ctx.log(`checks of the control of ${pair.function}:`);
      for (const line of checkLines(result)) ctx.log(`  ${line}`);
      let confirmed = result.passed;
      if (!result.passed) {
        if (args?.confirm !== undefined) confirmed = args.confirm;
        else {
          const choice = await vscode.window.showWarningMessage(
            `The control of ${pair.function} fails ${result.failing.join(', ')}. Save the pair anyway, with the failing checks recorded?`,
            { modal: true, detail: result.checks.map(explainCheck).join('\n') },
            ...failingPairChoices(),
          );
          confirmed = choice?.title === SAVE_ANYWAY;
          if (choice?.title === SHOW_CHECKS) await showChecks(ctx, `Checks of the control of ${pair.function}`, result);
        }
        if (!confirmed) {
          void ctx.notify('info', `not saved: the control fails ${result.failing.join(', ')}. Edit it and Save Pair again.`, 'Show Output').then(
            (choice) => choice && ctx.output.show(true),
          );
          return { entry: undefined, result, saved: false };
        }
      }
      const entry = pairEntry(pair, control, result, { sourcePath: session.sourcePath, tool: toolVersion(), confirmed: !result.passed });
      if (readEntries(file).entries.some((e) => e.id === entry.id)) {
        await settle(doc);
        void ctx.notify('info', `this pair is already saved in ${shown} as ${entry.id}.`);
        return { entry, result, saved: false };
      }
      appendEntry(file, entry);
      await settle(doc);
      await vscode.commands.executeCommand('codemorph.refreshEntries');
      const summary = result.checks
        .filter((c) => c.pass !== null)
        .map((c) => `${c.id} ${c.pass ? '✓' : '✗'}`)
        .join(', ');
      const verdict = result.passed ? 'every check passes' : `saved with failing checks ${result.failing.join(', ')}`;
      void ctx.notify('info', `saved pair ${entry.id} to ${shown}: ${verdict} (${summary}; similarity ${result.similarity.overall.toFixed(2)}).`, 'Show Checks').then(
        (choice) => {
          if (choice) void showChecks(ctx, `Checks of the control of ${pair.function} (${entry.id})`, result);
        },
      );
      return { entry, result, saved: true };
    });
}
