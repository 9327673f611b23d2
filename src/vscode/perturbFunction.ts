import { randomInt } from 'crypto';
import * as vscode from 'vscode';
import { perturb, PerturbationDocument } from '../core/engine';
import { CodemorphError, isCodemorphError } from '../core/errors';
import { languageFromEditorId } from '../core/languages/languageIds';
import type { StepRecord } from '../core/search/types';
import { minimalEdit } from '../core/text/edits';
import { readSettings } from './config';
import type { Ctx } from './ctx';
import { editorLlmSetup } from './llmSetup';

/**
 * "Perturb function": PESO with the local engine on the function at the cursor, in a
 * cancellable notification; the result replaces the buffer's text as one undoable edit.
 * Nothing changes when the run is cancelled, fails, or the document changed meanwhile.
 */
export function perturbFunction(ctx: Ctx) {
  return async (): Promise<PerturbationDocument | undefined> => {
    const editor = vscode.window.activeTextEditor;
    if (!editor) {
      void vscode.window.showInformationMessage('CodeMorph: open a source file and place the cursor in a function to perturb it.');
      return undefined;
    }
    const document = editor.document;
    const lang = languageFromEditorId(document.languageId);
    if (!lang) {
      void vscode.window.showWarningMessage(
        `CodeMorph does not support ${document.languageId} files: it works on Python, C, C++, Go, Rust, Java, JavaScript and TypeScript.`,
      );
      return undefined;
    }
    const settings = readSettings(document.uri);
    let level = settings.verification;
    if (level !== 'syntax' && !vscode.workspace.isTrusted) {
      level = 'syntax';
      void vscode.window
        .showWarningMessage(
          'CodeMorph checked each step with the parser only: compiling runs workspace code, which is off in Restricted Mode. Trust the workspace to compile each step.',
          'Manage Workspace Trust',
        )
        .then((choice) => choice && vscode.commands.executeCommand('workbench.trust.manage'));
    }
    const seed = settings.search.seed ?? randomInt(1, 2 ** 31);
    let llm;
    try {
      llm = settings.engine === 'local' ? undefined : await editorLlmSetup(ctx.extension.secrets, document.uri);
    } catch (e) {
      report(ctx, e);
      return undefined;
    }
    const text = document.getText();
    const version = document.version;
    const offset = document.offsetAt(editor.selection.active);
    ctx.log(`perturbing ${document.uri.fsPath} at line ${editor.selection.active.line + 1}: peso, ${settings.engine} engine, seed ${seed}, verification ${level}`);

    try {
      const doc = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: 'CodeMorph', cancellable: true },
        (progress, token) => {
          const abort = new AbortController();
          token.onCancellationRequested(() => abort.abort());
          const onStep = (step: StepRecord) => {
            logStep(ctx, step);
            const ss = step.similarity ? ` · ss ${step.similarity.overall.toFixed(2)}` : '';
            progress.report({ message: `iteration ${step.iteration} of ${settings.search.maxIter}: ${step.method ?? step.category}${ss}` });
          };
          return perturb(ctx.loader, {
            lang,
            text,
            filePath: document.uri.scheme === 'file' ? document.uri.fsPath : undefined,
            selector: { offset },
            search: { ...settings.search, seed },
            verify: { level, toolchains: settings.toolchains, timeoutMs: settings.timeoutMs },
            mu: settings.mu,
            engine: settings.engine,
            llm,
            signal: abort.signal,
            onStep,
          });
        },
      );
      const kept = doc.steps.filter((s) => s.accepted).length;
      if (kept === 0) {
        const reason = [...doc.steps].reverse().find((s) => s.reason)?.reason;
        void vscode.window.showWarningMessage(`CodeMorph could not perturb ${doc.function}${reason ? `: ${reason}` : ''}.`);
        return doc;
      }
      if (document.version !== version) {
        void vscode.window.showWarningMessage('CodeMorph: the document changed while perturbing, so nothing was applied. Run it again.');
        return undefined;
      }
      const edit = minimalEdit(text, doc.file);
      const applied = await editor.edit((builder) =>
        builder.replace(new vscode.Range(document.positionAt(edit.start), document.positionAt(edit.end)), edit.text),
      );
      if (!applied) {
        void vscode.window.showErrorMessage('CodeMorph could not apply the result to the editor; the document is unchanged.');
        return undefined;
      }
      const renamed = doc.entryPoint !== doc.function ? ` → ${doc.entryPoint}` : '';
      const spent = doc.usage ? `; ${doc.usage.calls} LLM calls, ${doc.usage.promptTokens + doc.usage.completionTokens} tokens${doc.usage.cost === null ? '' : `, $${doc.usage.cost.toFixed(4)}`}` : '';
      ctx.log(`done: ${kept} of ${doc.steps.length} steps kept, similarity ${doc.similarity.overall.toFixed(4)}${spent}`);
      void vscode.window
        .showInformationMessage(`CodeMorph: ${doc.function}${renamed}, ${kept} steps kept, similarity ${doc.similarity.overall.toFixed(2)}.`, 'Show Log')
        .then((choice) => choice && ctx.output.show(true));
      return doc;
    } catch (e) {
      report(ctx, e);
      return undefined;
    }
  };
}

function logStep(ctx: Ctx, step: StepRecord): void {
  const result = step.accepted ? 'kept' : 'rejected';
  const ss = step.similarity ? ` ss=${step.similarity.overall.toFixed(4)}` : '';
  const votes = step.votes ? ` votes ${step.votes.map((v) => (v === null ? '?' : v ? 'yes' : 'no')).join('/')}` : '';
  ctx.log(`  ${step.iteration}. ${step.method ?? step.category} [${step.engine ?? '-'}]: ${result}${ss}${votes}${step.reason ? ` (${step.reason})` : ''}`);
}

function report(ctx: Ctx, e: unknown): void {
  if (isCodemorphError(e)) {
    if (e.kind === 'cancelled') {
      ctx.log('cancelled: the document is unchanged');
      return;
    }
    ctx.log(`error: ${e.message}`);
    if (e.detail) ctx.log(e.detail);
    const actions = e.detail ? ['Show Output'] : [];
    void vscode.window.showErrorMessage(`CodeMorph: ${e.message}`, ...actions).then((choice) => choice && ctx.output.show(true));
    return;
  }
  const message = e instanceof Error ? (e.stack ?? e.message) : String(e);
  ctx.log(`internal error: ${message}`);
  void vscode.window.showErrorMessage(`CodeMorph failed unexpectedly: ${e instanceof CodemorphError ? e.message : (e as Error).message}. See the CodeMorph output for details.`);
}
