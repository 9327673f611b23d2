import { randomInt } from 'crypto';
import path = require('path');
import vscode = require('vscode');
import type { FormatId } from '../core/benchmark/formats';
import type { ImportedBenchmark, ImportedProblem, ProblemsResult } from '../core/dataset/imported';
import { extensionsOf } from '../core/languages/languageIds';
import { folderOf, readSettings, verifyOptions, workspaceRelative } from './config';
import type { Ctx } from './ctx';
import { engine } from './engineLoader';
import { editorLlmSetup } from './llmSetup';
import { guarded } from './log';
import { verificationLevel } from './trust';
import { benchmarkView, ProblemNode } from './views/benchmarkView';
import { entriesFile } from './views/entriesView';
import { count } from './wording';

/**
 * "Import benchmark…": a published benchmark file (HumanEval, HumanEval-X, MBPP, CRUXEval, or
 * CodeMorph's own records; .jsonl or .jsonl.gz) listed in the Benchmark view, its problems opened
 * as code and perturbed into the entries file by the dataset command's own code for one record.
 */

/** `{ file, format }` answers the dialogs (tests, links); the format is asked only when the records do not tell it. */
export function importBenchmark(ctx: Ctx) {
  return (args?: { file?: string; format?: FormatId }): Promise<{ format: FormatId; problems: number } | undefined> =>
    guarded(ctx, async () => {
      const { CodemorphError, FORMAT_IDS, openBenchmark, readBenchmark } = engine();
      let file = args?.file;
      if (!file) {
        const picked = await vscode.window.showOpenDialog({
          canSelectMany: false,
          defaultUri: folderOf(undefined)?.uri,
          filters: { 'Benchmark (JSON Lines)': ['jsonl', 'gz', 'json'] },
          title: 'Import a benchmark: HumanEval, HumanEval-X, MBPP, CRUXEval or CodeMorph JSON Lines',
        });
        if (!picked?.length) return undefined;
        file = picked[0].fsPath;
      }
      let format = args?.format;
      if (format !== undefined && !(FORMAT_IDS as readonly string[]).includes(format)) {
        throw new CodemorphError('input', `the format ${String(format)} is none of ${FORMAT_IDS.join(', ')}`);
      }
      const opened = openBenchmark(file);
      if (!format) {
        const detected = opened.detected;
        if ('format' in detected) format = detected.format;
        else {
          // the formats the records fit come first
          const order = [...detected.formats, ...FORMAT_IDS.filter((id) => !detected.formats.includes(id))];
          const chosen = await vscode.window.showQuickPick(
            order.map((id) => ({ label: id })),
            { title: `Import ${path.basename(file)}: which format?`, placeHolder: detected.reason, ignoreFocusOut: true },
          );
          if (!chosen) return undefined;
          format = chosen.label as FormatId;
        }
      }
      const chosenFormat = format;
      const imported = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `CodeMorph: reading ${path.basename(file)}` },
        () => readBenchmark(ctx.loader, opened.file, chosenFormat, undefined, opened.jobs),
      );
      const view = benchmarkView(ctx);
      view?.show(imported);
      const unreadable = imported.problems.filter((p) => p.problem).length;
      ctx.log(`imported ${imported.problems.length} ${chosenFormat} problems from ${file}${unreadable ? ` (${unreadable} cannot be perturbed)` : ''}`);
      void vscode.commands.executeCommand('codemorph.benchmark.focus');
      void ctx.notify(
        'info',
        `${imported.problems.length} ${chosenFormat} problem${imported.problems.length === 1 ? '' : 's'} from ${workspaceRelative(file)}${unreadable ? `, ${unreadable} of them unreadable (see the Benchmark view)` : ''}.`,
      );
      return { format: chosenFormat, problems: imported.problems.length };
    });
}

/** The problem a command argument names: a view item, or `{ taskId }` of the imported file. */
function resolveProblem(ctx: Ctx, arg: unknown): { imported: ImportedBenchmark; problem: ImportedProblem } | undefined {
  const imported = benchmarkView(ctx)?.imported;
  if (!imported) {
    void ctx.notify('info', 'import a benchmark first ("Import benchmark…").');
    return undefined;
  }
  const node = arg as ProblemNode | { taskId?: unknown } | undefined;
  const taskId = node && 'problem' in node ? node.problem.taskId : node && 'taskId' in node ? String(node.taskId) : undefined;
  const problem = imported.problems.find((p) => p.taskId === taskId);
  if (!problem) {
    void ctx.notify('info', taskId === undefined ? 'choose a problem in the Benchmark view first.' : `there is no problem ${taskId} in ${path.basename(imported.file)}.`);
    return undefined;
  }
  return { imported, problem };
}

/** "Open code": the problem's code (prompt and solution together) as a read-only document of its language. */
export function openProblem(ctx: Ctx) {
  return (arg?: unknown): Promise<vscode.Uri | undefined> =>
    guarded(ctx, async () => {
      const found = resolveProblem(ctx, arg);
      if (!found) return undefined;
      const { problem } = found;
      if (problem.problem || !problem.lang) {
        void ctx.notify('warning', `${problem.taskId} cannot be opened: ${problem.problem}.`);
        return undefined;
      }
      const name = `${problem.taskId.replace(/[^\w.-]+/g, '_')}${extensionsOf(problem.lang)[0] ?? ''}`;
      const uri = ctx.virtualDocuments.create('benchmark', name, problem.code);
      await vscode.window.showTextDocument(uri, { preview: true });
      return uri;
    });
}

export type PerturbProblemsResult = ProblemsResult;

/** "Perturb into entries" on one problem. */
export function perturbProblem(ctx: Ctx) {
  return (arg?: unknown): Promise<PerturbProblemsResult | undefined> =>
    guarded(ctx, async () => {
      const found = resolveProblem(ctx, arg);
      if (!found) return undefined;
      return perturbProblems(ctx, found.imported, [found.problem]);
    });
}

/** "Perturb all into entries": every problem of the imported file, in file order. */
export function perturbAllProblems(ctx: Ctx) {
  return (): Promise<PerturbProblemsResult | undefined> =>
    guarded(ctx, async () => {
      const imported = benchmarkView(ctx)?.imported;
      if (!imported) {
        void ctx.notify('info', 'import a benchmark first ("Import benchmark…").');
        return undefined;
      }
      return perturbProblems(ctx, imported, imported.problems);
    });
}

/**
 * Perturbs problems one after another in a cancellable notification (core perturbProblems: each
 * entry appended as soon as it is made, one already saved not written twice, a cancel keeping
 * those saved). Published records are verified by their own tests, as `dataset` does; in
 * Restricted Mode by parsing only.
 */
async function perturbProblems(ctx: Ctx, imported: ImportedBenchmark, problems: readonly ImportedProblem[]): Promise<PerturbProblemsResult> {
  const { defaultVerification, perturbProblems: perturbInto } = engine();
  const folder = folderOf(undefined);
  const settings = readSettings(folder?.uri);
  const { level } = verificationLevel(ctx, defaultVerification(imported.format, settings.verification));
  const seed = settings.search.seed ?? randomInt(1, 2 ** 31);
  const llm = settings.engine === 'local' ? undefined : await editorLlmSetup(ctx, folder?.uri);
  const { file, shown } = entriesFile();
  const source = workspaceRelative(imported.file);
  ctx.log(`perturbing ${problems.length} ${imported.format} problem(s) of ${source} into ${shown}: seed ${seed}, verification ${level}, ${settings.engine} engine`);
  const result = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `CodeMorph: perturbing ${source}`, cancellable: true },
    (progress, token) => {
      const abort = new AbortController();
      token.onCancellationRequested(() => abort.abort());
      return perturbInto(ctx.loader, imported, problems, {
        templateFor: (lang) => ({
          search: { ...settings.search, seed },
          verify: verifyOptions(settings, lang, level),
          mu: settings.mu,
          engine: settings.engine,
          llm,
          signal: abort.signal,
        }),
        entriesFile: file,
        making: { source, engine: llm ? { kind: settings.engine } : { kind: 'local' }, strategy: settings.search.strategy },
        stopped: () => abort.signal.aborted,
        onStart: (problem, i) => {
          const message = `${i + 1}/${problems.length}: ${problem.taskId}`;
          ctx.progressed(message);
          progress.report({ message, increment: 100 / problems.length });
        },
        onDone: (problem, outcome) => {
          if (outcome.kind === 'not perturbed') ctx.log(`  ${problem.taskId}: not perturbed: ${outcome.reason}`);
          else if (outcome.kind === 'already saved') ctx.log(`  ${problem.taskId}: ${outcome.entry.id} is already saved`);
          else ctx.log(`  ${problem.taskId}: saved ${outcome.entry.id}, similarity ${outcome.entry.similarity.overall.toFixed(4)}`);
        },
      });
    },
  );
  await vscode.commands.executeCommand('codemorph.refreshEntries');
  const already = result.alreadySaved.length ? `, ${result.alreadySaved.length} already saved` : '';
  const failed = result.failed.length ? `; ${result.failed.length} not perturbed (see Output)` : '';
  const cancelled = result.stopped ? ' Cancelled: the entries saved before stay.' : '';
  void ctx.notify(
    result.saved.length || result.alreadySaved.length ? 'info' : 'warning',
    `saved ${result.saved.length} of ${count(problems.length, 'problem')} of ${source} to ${shown}${already}${failed}.${cancelled}`,
    'Show Output',
  ).then((choice) => choice && ctx.output.show(true));
  return result;
}
