import fs = require('fs');
import path = require('path');
import vscode = require('vscode');
import type { EvaluationReport } from '../core/evaluate/report';
import type { Task } from '../core/evaluate/prompts';
import { folderOf, readSettings, workspaceRelative } from './config';
import type { Ctx } from './ctx';
import { engine } from './engineLoader';
import { editorLlmSetup } from './llmSetup';
import { guarded } from './log';
import { RESTRICTED_MESSAGE } from './trust';
import { entriesFile } from './views/entriesView';

const TASK_HELP: Record<Task, string> = {
  generation: 'the model writes the function from its prompt or signature; the entry\'s tests run it',
  completion: 'completion tasks: the model writes the masked lines',
  'output-prediction': 'the model predicts what a call returns; the call is executed to check it',
  'input-prediction': 'the model gives arguments for a known result; the call is executed to check it',
};

export interface EvaluateEntriesResult {
  report: EvaluationReport;
  /** The report's files: JSON and Markdown, next to the entries file. */
  json: string;
  markdown: string;
  /** The webview's HTML (each item links to its diff). */
  html: string;
}

/**
 * "Evaluate model on entries": the configured model (an OpenAI-compatible endpoint with the key
 * from secret storage, or a VS Code language model, `codemorph.llm.provider`) answers the original
 * and the perturbed side of every entry; the answers are executed (so only in a trusted workspace)
 * and the report opens in a webview whose items link to their diffs. `{ task }` skips the question.
 */
export function evaluateEntries(ctx: Ctx) {
  return (args?: { task?: Task }): Promise<EvaluateEntriesResult | undefined> =>
    guarded(ctx, async () => {
      const { CodemorphError, DEFAULT_MEMORY_MB, evaluateItems, EvaluationStopped, Pace, readEntries, reportMarkdown, ResponseCache, TASKS, writeFileAtomic } = engine();
      if (!vscode.workspace.isTrusted) {
        void ctx.notify('warning', `Evaluate model on entries runs the model's answers, so it needs a trusted workspace. ${RESTRICTED_MESSAGE}`, 'Manage Workspace Trust').then(
          (choice) => choice && vscode.commands.executeCommand('workbench.trust.manage'),
        );
        return undefined;
      }
      const { file, shown } = entriesFile();
      if (!readEntries(file).entries.length) {
        void ctx.notify('info', `${shown} has no entry to evaluate: perturb a function or import a benchmark first.`);
        return undefined;
      }
      let task = args?.task;
      if (task !== undefined && !TASKS.includes(task)) throw new CodemorphError('input', `the task ${String(task)} is none of ${TASKS.join(', ')}`);
      if (!task) {
        const picked = await vscode.window.showQuickPick(
          TASKS.map((t) => ({ label: t, detail: TASK_HELP[t] })),
          { title: 'Evaluate model on entries', placeHolder: 'What the model is asked on each side' },
        );
        if (!picked) return undefined;
        task = picked.label as Task;
      }
      const folder = folderOf(undefined);
      const settings = readSettings(folder?.uri);
      const llm = vscode.workspace.getConfiguration('codemorph.llm', folder?.uri);
      const setup = await editorLlmSetup(ctx, folder?.uri);
      const model = setup.perturber.provider.model;
      const evalSettings = { task, model, n: 1, temperature: 0, maxTokens: null, cot: false };
      const outDir = path.join(path.dirname(file), 'evaluation');
      const base = `${model.replace(/[^\w.-]+/g, '_')}-${task}`;
      // kept beside the report while the run lasts: a run that stops is continued from it next time
      const resultsFile = path.join(outDir, `${base}.results.jsonl`);
      fs.mkdirSync(outDir, { recursive: true });
      const resume = fs.existsSync(resultsFile) && fs.statSync(resultsFile).size > 0;
      ctx.log(`evaluating ${setup.perturber.provider.kind} model ${model} on the entries of ${shown} (${task})${resume ? `, continuing from the answers in ${workspaceRelative(resultsFile)}` : ''}`);
      let evaluation;
      try {
        evaluation = await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: `CodeMorph: evaluating ${model}`, cancellable: true },
          (progress, token) => {
            const abort = new AbortController();
            token.onCancellationRequested(() => abort.abort());
            let last = 0;
            return evaluateItems({
              loader: ctx.loader,
              input: file,
              shown,
              ks: [1],
              seed: 0,
              prices: setup.prices,
              settings: evalSettings,
              provider: setup.perturber.provider,
              // answers kept by model, prompt and sampling: evaluating again costs no request
              cache: new ResponseCache(path.join(outDir, 'cache')),
              pace: new Pace(undefined),
              concurrency: Math.max(1, llm.get<number>('concurrency', 4)),
              execution: { timeoutMs: settings.timeoutMs, memoryMb: DEFAULT_MEMORY_MB, toolchains: settings.toolchains },
              resultsFile,
              resume,
              signal: abort.signal,
              onUnreadLines: (skipped) => {
                for (const s of skipped) ctx.log(`${shown}:${s.line}: ${s.id ? `${s.id}: ` : ''}${s.reason} (skipped)`);
              },
              onProgress: (p) => {
                const message = `${p.done}/${p.total} answers judged, ${p.requests} requests, ${p.cached} cached`;
                ctx.progressed(message);
                progress.report({ message, increment: p.total ? ((p.done - last) * 100) / p.total : 0 });
                last = p.done;
              },
            });
          },
        );
      } catch (e) {
        if (!(e instanceof EvaluationStopped)) throw e;
        const kept = e.kept ? `${e.kept === 1 ? 'the answer judged so far is kept' : `the ${e.kept} answers judged so far are kept`}, and running Evaluate model on entries again continues from them` : '';
        if (e.kind === 'cancelled') {
          void ctx.notify('info', `evaluation cancelled: no report was written${kept ? `; ${kept}` : ''}.`);
          return undefined;
        }
        throw new CodemorphError(e.kind, kept ? `${e.message} (${kept})` : e.message, e.detail);
      }
      const { report, outcome, skipped } = evaluation;
      for (const s of skipped) ctx.log(`  ${s.item}: skipped: ${s.reason}`);
      for (const u of outcome.unread) ctx.log(`  ${workspaceRelative(resultsFile)}:${u.line}: ${u.reason}: not read, the answer it held was asked again`);
      if (!outcome.results.length) {
        fs.rmSync(resultsFile, { force: true });
        void ctx.notify('warning', `no entry could be evaluated as ${task}: ${skipped[0]?.reason ?? 'none has both sides'}.`, 'Show Output').then((c) => c && ctx.output.show(true));
        return undefined;
      }
      const json = path.join(outDir, `${base}.json`);
      const markdown = path.join(outDir, `${base}.md`);
      writeFileAtomic(json, `${JSON.stringify(report, null, 2)}\n`);
      writeFileAtomic(markdown, reportMarkdown(report));
      // the report holds the run: evaluating again judges every answer again (the cache spares the requests)
      fs.rmSync(resultsFile, { force: true });
      const html = reportHtml(report, workspaceRelative(markdown));
      const panel = vscode.window.createWebviewPanel('codemorph.evaluation', `Evaluation: ${model}`, vscode.ViewColumn.Active, {
        enableCommandUris: ['codemorph.openEntry'],
        enableScripts: false,
      });
      panel.webview.html = html;
      ctx.log(`evaluated ${report.items} items: pass@1 ${pct(report.original.pass_at_1)} original, ${pct(report.perturbed.pass_at_1)} perturbed, p = ${report.p_value.toPrecision(3)}; ${outcome.requests} requests, ${outcome.cached} cached`);
      void ctx.notify(
        'info',
        `${model}: pass@1 ${pct(report.original.pass_at_1)} on the originals, ${pct(report.perturbed.pass_at_1)} on the perturbed (drop ${pct(report.drop.absolute)}, p = ${report.p_value.toPrecision(3)}); report in ${workspaceRelative(markdown)}.`,
      );
      return { report, json, markdown, html };
    });
}

function pct(v: number | null | undefined): string {
  return v === null || v === undefined ? 'n/a' : `${(v * 100).toFixed(1)}%`;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The report as a page: the summary, then one row per item whose id opens its diff (codemorph.openEntry). */
export function reportHtml(r: EvaluationReport, markdownFile: string): string {
  const link = (id: string) => `command:codemorph.openEntry?${encodeURIComponent(JSON.stringify([{ id }]))}`;
  const mark = (side: { n: number; passed: number; reason: string | null }) =>
    `${side.passed}/${side.n}${side.reason ? ` <span class="why">${escape(side.reason)}</span>` : ''}`;
  const rows = r.per_item
    .map(
      (i) =>
        `<tr><td><a href="${link(i.id)}" title="Open the original and perturbed code as a diff">${escape(i.id)}</a></td><td>${escape(i.language)}</td>` +
        `<td>${i.similarity === null ? '' : i.similarity.toFixed(2)}</td><td>${mark(i.original)}</td><td>${mark(i.perturbed)}</td><td>${escape(i.methods.join(', '))}</td></tr>`,
    )
    .join('\n');
  const skipped = r.skipped.length ? `<h2>Skipped</h2><ul>${r.skipped.map((s) => `<li><a href="${link(s.item)}">${escape(s.item)}</a>: ${escape(s.reason)}</li>`).join('')}</ul>` : '';
  return `<!DOCTYPE html>
<html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline';">
<style>body{font-family:var(--vscode-font-family);color:var(--vscode-foreground)}table{border-collapse:collapse}td,th{padding:2px 10px;text-align:left;border-bottom:1px solid var(--vscode-panel-border)}.why{opacity:.7}</style>
</head><body>
<h1>${escape(r.model)} on ${r.items} items: ${escape(r.task)}</h1>
<table><tr><th></th><th>original</th><th>perturbed</th><th>drop</th></tr>
<tr><td>pass@1</td><td>${pct(r.original.pass_at_1)}</td><td>${pct(r.perturbed.pass_at_1)}</td><td>${pct(r.drop.absolute)}${r.drop.relative === null ? '' : ` (${pct(r.drop.relative)} relative)`}</td></tr></table>
<p>Exact McNemar test on each item's first answer: ${r.pairs.original_only} pass only the original, ${r.pairs.perturbed_only} only the perturbed, p = ${r.p_value.toPrecision(3)}: ${r.significant ? 'a significant drop' : 'no significant difference'}.</p>
<p>The full report: ${escape(markdownFile)} (and its JSON beside it).</p>
<h2>Items</h2>
<table><tr><th>entry (opens its diff)</th><th>language</th><th>similarity</th><th>original</th><th>perturbed</th><th>methods</th></tr>
${rows}
</table>
${skipped}
</body></html>
`;
}
