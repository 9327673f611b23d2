import { randomInt } from 'crypto';
import fs = require('fs');
import vscode = require('vscode');
import type { BatchResult, EditorView, SkippedFile, SourceFile } from '../core/dataset/perturbAll';
import type { LanguageId } from '../core/languages/languageIds';
import type { VerifyLevel } from '../core/verify/verifier';
import { baseFolder, readSettings, verifyOptions } from './config';
import type { Ctx } from './ctx';
import { documentEncoding, fileEncodingId } from './documentEncoding';
import { engine } from './engineLoader';
import { entriesLocation } from './entriesLocation';
import { editorLlmSetup } from './llmSetup';
import { guarded } from './log';
import { batchProgressText, batchSummaryText } from './perturbAllText';
import { isRunOptions, RunOptions, withRunOptions } from './runOptions';
import { verificationLevel } from './trust';
import { similarityText } from './wording';

/** What "Perturb all functions…" returns (tests read it). */
export interface PerturbAllResult extends BatchResult {
  skipped: SkippedFile[];
  entriesFile: string;
}

/**
 * Arguments from code: files or folders (URI strings), or the workspace; `options` replace the
 * settings' verification, seed and iterations for this batch (as Perturb function with options…);
 * `cancel` stops the batch as the notification's button does.
 */
interface PerturbAllArgs {
  uris?: string[];
  workspace?: boolean;
  options?: RunOptions;
  cancel?: vscode.CancellationToken;
}

function isPerturbAllArgs(value: unknown): value is PerturbAllArgs {
  return typeof value === 'object' && value !== null && !(value instanceof vscode.Uri) && ('uris' in value || 'workspace' in value);
}

/** The files and folders to perturb: the explorer's selection, the arguments, or the user's choice between the file and the workspace. */
async function rootsFor(ctx: Ctx, first: unknown, selected: unknown): Promise<vscode.Uri[] | undefined> {
  if (first instanceof vscode.Uri) return Array.isArray(selected) && selected.length > 0 ? (selected as vscode.Uri[]) : [first];
  const folders = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri);
  if (isPerturbAllArgs(first)) return first.workspace ? folders : (first.uris ?? []).map((u) => vscode.Uri.parse(u));
  const current = await ctx.editors.current();
  const file = current?.document.uri.scheme === 'file' ? current.document.uri : undefined;
  const picks: (vscode.QuickPickItem & { roots: vscode.Uri[] })[] = [];
  if (file) picks.push({ label: 'This file', description: vscode.workspace.asRelativePath(file), roots: [file] });
  if (folders.length) picks.push({ label: 'The workspace', description: 'every function of every supported file', roots: folders });
  if (picks.length === 0) {
    void ctx.notify('info', 'open a folder or a source file first (or choose a folder in the Explorer: Perturb all functions…).');
    return undefined;
  }
  const pick = picks.length === 1 ? picks[0] : await vscode.window.showQuickPick(picks, { title: 'Perturb all functions of…', placeHolder: 'Each function becomes an entry; the files are not changed' });
  return pick?.roots;
}

/**
 * A file as the editor shows it: an open document with unsaved changes is what the user sees, so
 * that is what is perturbed, in its encoding; any other file is read in the encoding VS Code reads
 * it in (its `files.encoding`), so a Latin-1 file is not skipped as unreadable.
 */
function editorView(file: string): EditorView {
  const doc = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === file);
  if (doc?.isDirty) return { text: { text: doc.getText(), encoding: documentEncoding(doc) ?? { name: 'utf-8', bom: false } } };
  const id = fileEncodingId(vscode.Uri.file(file));
  const found = id === undefined ? undefined : engine().editorEncoding(id);
  return found && !('problem' in found) ? { encoding: found } : {};
}

/**
 * "Perturb all functions…": every function of a file, a folder (the Explorer's context menu) or
 * the workspace, one after the other, each into an entry of the entries file as it finishes. The
 * files and buffers stay as they are. The settings of each file's language apply (profile,
 * verification, iterations, seed); in Restricted Mode steps are checked by parsing only. Cancel
 * stops after the function that runs: entries written so far stay, each written whole.
 */
export function perturbAll(ctx: Ctx) {
  return (first?: unknown, selected?: unknown): Promise<PerturbAllResult | undefined> =>
    guarded(ctx, async () => {
      const options = isPerturbAllArgs(first) ? first.options : undefined;
      if (options !== undefined && !isRunOptions(options)) {
        void ctx.notify('error', 'the options are { verification: syntax|compile|test, seed: a whole number or null, iterations: 1 to 200 }.');
        return undefined;
      }
      const roots = await rootsFor(ctx, first, selected);
      if (!roots || roots.length === 0) return undefined;
      const scope = roots[0];
      // before any work: a refused entries file is the first thing to fix
      const { file: entriesFile, shown } = entriesLocation(scope);
      const { sourceFilesUnder, planBatch, perturbAll: runBatch, skippedText, toolVersion } = engine();
      const base = baseFolder(scope);
      const missing = roots.find((r) => !fs.existsSync(r.fsPath));
      if (missing) {
        void ctx.notify('error', `${missing.fsPath} does not exist (any more): choose a file or folder that does.`);
        return undefined;
      }
      const listed = sourceFilesUnder(base, roots.map((r) => r.fsPath));
      const plan = await planBatch(ctx.loader, listed.files, editorView);
      const skipped = [...listed.skipped, ...plan.skipped];
      const skippedLine = skippedText(skipped);
      if (plan.jobs.length === 0) {
        void ctx.notify('info', `no function to perturb there${skippedLine ? ` (${skippedLine})` : ''}.`);
        return { saved: [], alreadySaved: [], failed: [], done: 0, total: 0, stopped: false, skipped, entriesFile };
      }
      for (const s of skipped) ctx.log(`  skipped ${s.rel}: ${s.reason}`);

      const runSeed = withRunOptions(readSettings(scope), options).search.seed ?? randomInt(1, 2 ** 31);
      const engineKind = readSettings(scope).engine;
      const llm = engineKind === 'local' ? undefined : await editorLlmSetup(ctx, scope);
      const levels = new Map<LanguageId, { level: VerifyLevel; restricted: boolean }>();
      let restricted = false;
      const requestFor = (file: SourceFile) => {
        const settings = withRunOptions(readSettings({ uri: vscode.Uri.file(file.path), languageId: file.lang }), options);
        let level = levels.get(file.lang);
        if (!level) {
          level = verificationLevel(ctx, settings.verification);
          levels.set(file.lang, level);
        }
        restricted ||= level.restricted;
        return {
          search: { ...settings.search, seed: settings.search.seed ?? runSeed },
          verify: verifyOptions(settings, file.lang, level.level),
          mu: settings.mu,
          engine: settings.engine,
          llm,
        };
      };
      ctx.log(`perturbing all ${plan.jobs.length} functions of ${roots.map((r) => vscode.workspace.asRelativePath(r)).join(', ')} into ${shown}: seed ${runSeed}, ${engineKind} engine`);

      const given = isPerturbAllArgs(first) ? first.cancel : undefined;
      const result = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: 'CodeMorph: perturbing all functions', cancellable: true },
        async (progress, token) => {
          let current = '';
          const stopping = () => {
            const message = `stopping after ${current} (cancelled)…`;
            ctx.progressed(message);
            progress.report({ message });
          };
          token.onCancellationRequested(stopping);
          given?.onCancellationRequested(stopping);
          return runBatch(ctx.loader, plan, {
            requestFor,
            entriesFile,
            tool: toolVersion(),
            stopped: () => token.isCancellationRequested || given?.isCancellationRequested === true,
            onStart: (job, index) => {
              current = job.qualifiedName;
              const message = batchProgressText(job, index, plan.jobs.length);
              ctx.progressed(message);
              progress.report({ message, increment: index === 0 ? 0 : 100 / plan.jobs.length });
            },
            onDone: (job, outcome) => {
              const where = `${job.qualifiedName} (${job.file.rel}:${job.line})`;
              if (outcome.kind === 'not perturbed') ctx.log(`  ${where}: not perturbed: ${outcome.reason}`);
              else {
                const kept = outcome.doc.steps.filter((s) => s.accepted).length;
                ctx.log(`  ${where}: ${outcome.kind} ${outcome.entry.id}, ${kept} steps kept, ${similarityText(outcome.doc.similarity.overall)}, verification ${outcome.doc.verification.level}`);
              }
            },
          });
        },
      );
      void vscode.commands.executeCommand('codemorph.refreshEntries');
      const message = batchSummaryText(result, shown, skippedLine, restricted);
      const level = result.saved.length + result.alreadySaved.length === 0 ? 'warning' : 'info';
      void ctx.notify(level, message, 'Open Entries File', 'Show Output').then((choice) => {
        if (choice === 'Open Entries File') void vscode.window.showTextDocument(vscode.Uri.file(entriesFile), { preview: true });
        if (choice === 'Show Output') ctx.output.show(true);
      });
      return { ...result, skipped, entriesFile };
    });
}
