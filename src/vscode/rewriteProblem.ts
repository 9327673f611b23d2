import { randomInt } from 'crypto';
import path = require('path');
import vscode = require('vscode');
import type { DocstringRewrite } from '../core/rewrite/functionDocstring';
import { readSettings } from './config';
import type { Ctx } from './ctx';
import { replaceAt } from './documentEdits';
import { engine } from './engineLoader';
import { editorLlmSetup } from './llmSetup';
import { guarded } from './log';
import { findTarget } from './target';
import { showDiff } from './virtualDocuments';

/** Attempts at a variant before it is given up, as `codemorph rewrite --attempts`. */
const ATTEMPTS = 3;

export const RESTRICTED_REWRITE_MESSAGE =
  "Restricted Mode: the function's examples are not run, so the rewrite is checked by the judge only. Trust this workspace to run them on each rewrite.";

export type RewriteChoice = 'Apply' | 'Discard';

/** What the command did: the variant shown, and whether it went into the document. */
export interface RewriteProblemResult {
  variant: DocstringRewrite;
  applied: boolean;
}

/** The offer on screen, for the test API: a notification's buttons cannot be clicked from a test. */
export interface RewriteOfferHandle {
  variant: DocstringRewrite;
  choose(choice: RewriteChoice): void;
}

let offer: RewriteOfferHandle | undefined;

export function rewriteOfferHandle(): RewriteOfferHandle | undefined {
  return offer;
}

/** The Apply / Discard question, answered by the notification or through the test handle, whichever comes first. */
function askApply(ctx: Ctx, variant: DocstringRewrite, message: string): Promise<RewriteChoice | undefined> {
  return new Promise((resolve) => {
    const handle: RewriteOfferHandle = { variant, choose: (choice) => resolve(choice) };
    offer = handle;
    void ctx.notify('info', message, 'Apply', 'Discard').then((choice) => resolve(choice as RewriteChoice | undefined));
  }).finally(() => {
    offer = undefined;
  }) as Promise<RewriteChoice | undefined>;
}

/**
 * "CodeMorph: Rewrite problem text…": DyCodeEval's agents on the docstring of the Python function
 * at the cursor (src/core/rewrite). The variant shows as a diff; nothing changes until Apply,
 * which replaces only the docstring, as one undoable edit.
 */
export function rewriteProblem(ctx: Ctx) {
  return (): Promise<RewriteProblemResult | undefined> =>
    guarded(ctx, async () => {
      const target = await findTarget(ctx);
      if (!target || target.document.languageId !== 'python') {
        void ctx.notify('info', 'open a Python file and place the cursor in a function with a docstring first.');
        return undefined;
      }
      if (!target.fn) {
        void ctx.notify('info', 'place the cursor in a Python function whose docstring states the problem.');
        return undefined;
      }
      const { document, fn, text } = target;
      const unfit = engine().docstringProblem(text, fn);
      if (unfit) {
        void ctx.notify('warning', `${unfit}.`);
        return undefined;
      }
      const settings = readSettings(document);
      const trusted = vscode.workspace.isTrusted;
      const llm = await editorLlmSetup(ctx, document.uri);
      const c = vscode.workspace.getConfiguration('codemorph.llm', document.uri);
      const writer = { ...llm.perturber, temperature: c.get<number>('temperature', 0.7) };
      const judge = { provider: llm.perturber.provider, temperature: 0, maxTokens: llm.perturber.maxTokens };
      const seed = settings.search.seed ?? randomInt(1, 2 ** 31);
      const folder = vscode.workspace.getWorkspaceFolder(document.uri) ?? vscode.workspace.workspaceFolders?.[0];
      const { BUILT_IN_SCENARIOS, DEFAULT_POOL_SIZE, DEFAULT_SCENARIO_FILE, readyPool, rewriteDocstring } = engine();
      if (!trusted) void ctx.notify('warning', RESTRICTED_REWRITE_MESSAGE, 'Manage Workspace Trust').then((choice) => choice && vscode.commands.executeCommand('workbench.trust.manage'));
      ctx.log(`rewriting the docstring of ${fn.name} in ${document.uri.fsPath}: seed ${seed}, ${trusted ? 'examples run' : 'Restricted Mode, judge only'}`);

      const variant = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `CodeMorph: rewriting ${fn.name}'s problem text`, cancellable: true },
        async (progress, token) => {
          const abort = new AbortController();
          token.onCancellationRequested(() => abort.abort());
          const report = (message: string) => {
            ctx.progressed(message);
            progress.report({ message });
          };
          let scenarios = BUILT_IN_SCENARIOS;
          if (folder) {
            const file = path.join(folder.uri.fsPath, DEFAULT_SCENARIO_FILE);
            report('the scenario pool');
            const pool = await readyPool(file, DEFAULT_POOL_SIZE, writer, seed);
            if (pool.added) ctx.log(`the scenario pool grew by ${pool.added} to ${pool.scenarios.length} in ${file}`);
            if (pool.shortBy) ctx.log(`the scenario pool stays at ${pool.scenarios.length} of ${DEFAULT_POOL_SIZE}: ${pool.shortBy}`);
            scenarios = pool.scenarios;
          }
          return rewriteDocstring({
            text,
            fn,
            scenarios,
            seed,
            attempts: ATTEMPTS,
            writer,
            judge,
            execution: trusted ? { toolchains: settings.toolchains, timeoutMs: settings.timeoutMs } : undefined,
            signal: abort.signal,
            onAttempt: (attempt, scenario) => report(`attempt ${attempt} of ${ATTEMPTS}: ${scenario.name}`),
          });
        },
      );
      variant.rejected.forEach((reason, i) => ctx.log(`  attempt ${i + 1} rejected: ${reason}`));
      ctx.log(`  attempt ${variant.attempts} kept: ${variant.scenario.name}, BLEU-4 against the original ${variant.bleu4}`);

      const after = text.slice(0, variant.start) + variant.replacement + text.slice(variant.end);
      const name = document.uri.path;
      const left = ctx.virtualDocuments.create('rewrite', name, text);
      const right = ctx.virtualDocuments.create('rewrite', name, after);
      const line = document.positionAt(variant.start).line;
      await showDiff(left, right, `${path.basename(name)}: ${fn.name}'s problem text rewritten (${variant.scenario.name})`, line, { preserveFocus: true, beside: true });
      const checked = variant.executed ? 'its examples hold and the judge finds it asks the same' : 'the judge finds it asks the same (examples not run in Restricted Mode)';
      const choice = await askApply(ctx, variant, `${fn.name}'s problem text rewritten for ${variant.scenario.name}: ${checked}. Apply it?`);
      if (choice !== 'Apply') {
        ctx.log(`  discarded`);
        return { variant, applied: false };
      }
      // an edit since the run: the docstring must still be where it was, as it was
      if (document.isClosed || document.getText().slice(variant.start, variant.end) !== variant.original) {
        void ctx.notify('warning', `${fn.name}'s docstring changed since the rewrite; run "Rewrite problem text…" again.`);
        return { variant, applied: false };
      }
      const editor = vscode.window.visibleTextEditors.find((e) => e.document === document);
      const applied = await replaceAt(document, editor, variant.start, variant.end - variant.start, variant.replacement);
      if (!applied) {
        void ctx.notify('warning', `the rewrite of ${fn.name}'s docstring could not be applied: the document refused the edit.`);
        return { variant, applied: false };
      }
      ctx.log('  applied');
      vscode.window.setStatusBarMessage(`$(check) CodeMorph: ${fn.name}'s problem text rewritten for ${variant.scenario.name}`, 5000);
      return { variant, applied: true };
    });
}
