import vscode = require('vscode');
import { registerCommands } from './vscode/commands';
import { CONTROL_SCHEME } from './vscode/controlDocuments';
import { Ctx } from './vscode/ctx';
import { HistoryDecorations } from './vscode/decorations/historyDecorations';
import { registerHistoryLenses } from './vscode/decorations/historyLenses';
import { CodemorphApi, testApi } from './vscode/testApi';
import { watchTrust } from './vscode/trust';
import { BenchmarkView } from './vscode/views/benchmarkView';
import { CandidatesView } from './vscode/views/candidatesView';
import { EntriesView } from './vscode/views/entriesView';
import { CursorFocus } from './vscode/views/focus';
import { HistoryView } from './vscode/views/historyView';
import { SCHEME } from './vscode/virtualDocuments';
import { watchWalkthrough } from './vscode/walkthrough';

export type { CodemorphApi } from './vscode/testApi';

let ctx: Ctx | undefined;

/**
 * Registers commands, views, decorations and the `codemorph:` documents. Nothing here parses or
 * loads a grammar: the views compute when shown, the decorations only for documents that have a
 * history, and both a moment after activation.
 */
export function activate(context: vscode.ExtensionContext): CodemorphApi {
  ctx = new Ctx(context);
  context.subscriptions.push(ctx);
  registerCommands(ctx);
  watchTrust(ctx);
  watchWalkthrough(ctx);
  ctx.push(vscode.workspace.registerTextDocumentContentProvider(SCHEME, ctx.virtualDocuments));
  ctx.push(vscode.workspace.registerFileSystemProvider(CONTROL_SCHEME, ctx.controlDocuments, { isCaseSensitive: true }));

  let candidatesTree: vscode.TreeView<unknown> | undefined;
  let historyTree: vscode.TreeView<unknown> | undefined;
  const focus = ctx.own(new CursorFocus(ctx, () => Boolean(candidatesTree?.visible || historyTree?.visible)));
  const candidates = ctx.own(new CandidatesView(ctx, focus));
  const history = ctx.own(new HistoryView(ctx, focus));
  const candidatesView = vscode.window.createTreeView('codemorph.candidates', { treeDataProvider: candidates, showCollapseAll: true });
  const historyView = vscode.window.createTreeView('codemorph.history', { treeDataProvider: history });
  candidates.view = candidatesView;
  history.view = historyView;
  candidatesTree = candidatesView as vscode.TreeView<unknown>;
  historyTree = historyView as vscode.TreeView<unknown>;
  ctx.push(
    candidatesView,
    historyView,
    candidatesView.onDidChangeVisibility((e) => e.visible && focus.request(true)),
    historyView.onDidChangeVisibility((e) => e.visible && focus.request(true)),
  );
  const entries = ctx.own(new EntriesView(ctx));
  const entriesView = vscode.window.createTreeView('codemorph.entries', { treeDataProvider: entries });
  entries.view = entriesView;
  ctx.push(entriesView);
  const benchmark = ctx.own(new BenchmarkView(ctx));
  const benchmarkTree = vscode.window.createTreeView('codemorph.benchmark', { treeDataProvider: benchmark });
  benchmark.view = benchmarkTree;
  ctx.push(benchmarkTree);
  const decorations = ctx.own(new HistoryDecorations(ctx));
  ctx.decorations = decorations;
  registerHistoryLenses(ctx, decorations);
  return testApi({ ctx, focus, candidates, history, decorations, entries, benchmark });
}

export function deactivate(): void {
  ctx?.dispose();
  ctx = undefined;
}
