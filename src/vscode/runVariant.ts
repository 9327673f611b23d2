import vscode = require('vscode');
import type { RunOnceOutcome } from '../core/verify/verifier';
import { readSettings, verifyOptions } from './config';
import type { Ctx } from './ctx';
import { engine } from './engineLoader';
import { keptSteps } from './history/record';
import { guarded } from './log';
import { isTargetArgs, requireHistory, resolveTarget, TargetArgs } from './target';

export const RUN_RESTRICTED_MESSAGE =
  'Restricted Mode: Run variant runs code from this workspace (its program, tests and build files), so it runs only in a trusted workspace. Trust this workspace to run it.';

export interface RunVariantResult {
  original: RunOnceOutcome;
  variant: RunOnceOutcome;
}

function logOutcome(ctx: Ctx, label: string, outcome: RunOnceOutcome): void {
  ctx.log(`  ${label}: ${outcome.passed ? 'PASS' : 'FAIL'}: ${outcome.summary}`);
  for (const command of outcome.commands) ctx.log(`     $ ${command}`);
  for (const line of outcome.output.trimEnd().split('\n')) if (line) ctx.log(`     | ${line}`);
}

function verdictText(variant: RunOnceOutcome, original: RunOnceOutcome): string {
  const v = `the variant ${variant.passed ? 'passes' : 'fails'} (${variant.summary})`;
  if (variant.passed === original.passed) return `${v}, as the original does`;
  return `${v}, while the original ${original.passed ? 'passes' : 'fails'} (${original.summary})`;
}

/**
 * "Run variant": builds the file as it is now (the function's current variant) and runs its tests
 * or the program, then does the same with the file as it was before the function's first step,
 * and shows both outcomes with all they printed in the CodeMorph output. Both run in scratch
 * copies through the verification layer (toolchains, codemorph.timeoutSeconds, the whole process
 * tree killed on time-out or cancel), and only in a trusted workspace: this runs its code.
 */
export function runVariant(ctx: Ctx) {
  return (args?: unknown): Promise<RunVariantResult | undefined> =>
    guarded(ctx, async () => {
      if (!vscode.workspace.isTrusted) {
        void ctx.notify('warning', RUN_RESTRICTED_MESSAGE, 'Manage Workspace Trust').then((choice) => choice && vscode.commands.executeCommand('workbench.trust.manage'));
        return undefined;
      }
      const target = await resolveTarget(ctx, isTargetArgs(args) ? (args as TargetArgs) : undefined);
      const found = target && requireHistory(ctx, target);
      if (!target || !found) return undefined;
      const { document, lang, text } = target;
      const { history, located } = found;
      const settings = readSettings(document);
      const edits = keptSteps(history).map((s) => s.after!.edit);
      const original = engine().originalFile(text, edits, { start: located.start, end: located.end, original: history.original, originalName: history.originalName, currentName: history.currentName });
      const name = history.currentName ?? document.uri.path.split('/').pop() ?? 'the file';
      const filePath = document.uri.scheme === 'file' ? document.uri.fsPath : undefined;
      const verify = verifyOptions(settings, lang, 'test');
      ctx.log(`run variant: ${name} in ${document.uri.fsPath} (the original${original.exact ? '' : ': its function put back into the file as it is now, since the code was edited after the steps'})`);
      const result = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `CodeMorph: running ${name}`, cancellable: true },
        async (progress, token) => {
          const abort = new AbortController();
          token.onCancellationRequested(() => abort.abort());
          const run = (fileText: string, entryPoint: string | null) => engine().runCode(ctx.loader, { lang, text: fileText, filePath, entryPoint, verify, signal: abort.signal });
          progress.report({ message: 'the original…' });
          const before = await run(original.text, history.originalName);
          progress.report({ message: 'the variant…' });
          const after = await run(text, history.currentName);
          return { original: before, variant: after };
        },
      );
      logOutcome(ctx, 'original', result.original);
      logOutcome(ctx, 'variant', result.variant);
      ctx.output.show(true);
      const level = result.variant.passed || !result.original.passed ? 'info' : 'warning';
      void ctx.notify(level, `${name}: ${verdictText(result.variant, result.original)}.`);
      return result;
    });
}
