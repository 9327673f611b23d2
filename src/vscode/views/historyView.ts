import vscode = require('vscode');
import { unitTitle } from '../compare';
import type { StepRef } from '../compare';
import type { Ctx } from '../ctx';
import { keptSteps } from '../history/record';
import type { HistoryStep, UnitHistory } from '../history/types';
import type { CursorFocus } from './focus';

export type HistoryNode =
  | { kind: 'original'; uri: string; history: UnitHistory }
  | { kind: 'step'; ref: StepRef; number: number; entry: HistoryStep; history: UnitHistory };

const RUN_KINDS: Record<string, string> = {
  function: 'Perturb Function',
  selection: 'Perturb Selection',
  file: 'Perturb File',
  method: 'Apply a Method',
};

/**
 * "History": the steps of the function at the cursor (or of the file), in order, each with its
 * method, category, whether it was kept and the similarity after it. Selecting a kept step shows
 * its diff; a rejected one shows why, with the compiler output.
 */
export class HistoryView implements vscode.TreeDataProvider<HistoryNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<HistoryNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  view: vscode.TreeView<HistoryNode> | undefined;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly ctx: Ctx,
    private readonly focus: CursorFocus,
  ) {
    this.subscription = focus.onDidChange(() => this.changed.fire(undefined));
  }

  async getChildren(node?: HistoryNode): Promise<HistoryNode[]> {
    if (node) return [];
    const target = await this.focus.fresh();
    const history = target?.history;
    if (this.view) {
      const kept = history ? keptSteps(history) : [];
      const last = kept[kept.length - 1]?.step.similarity;
      this.view.description = history ? `${unitTitle(history)} · ${kept.length} of ${history.steps.length} kept${last ? ` · ss ${last.overall.toFixed(2)}` : ''}` : undefined;
    }
    if (!target || !history) return [];
    const uri = target.document.uri.toString();
    return [
      { kind: 'original', uri, history },
      ...history.steps.map((entry, index): HistoryNode => ({ kind: 'step', ref: { uri, key: history.key, index }, number: index + 1, entry, history })),
    ];
  }

  getTreeItem(node: HistoryNode): vscode.TreeItem {
    if (node.kind === 'original') {
      const lines = node.history.original.split('\n').length;
      const item = new vscode.TreeItem(node.history.kind === 'file' ? 'original file' : `original: ${node.history.originalName}`);
      item.id = `original:${node.history.key}`;
      item.description = `${lines} lines`;
      item.tooltip = 'The first original: every similarity is measured against it. Click to compare it with the code now.';
      item.iconPath = new vscode.ThemeIcon('history');
      item.contextValue = 'original';
      item.command = { command: 'codemorph.compareWithOriginal', title: 'Compare with Original', arguments: [{ uri: node.uri, key: node.history.key }] };
      return item;
    }
    const { step } = node.entry;
    const run = node.history.runs[node.entry.run];
    const kept = step.accepted && node.entry.after !== undefined;
    const item = new vscode.TreeItem(`${node.number}. ${step.method ?? 'no method'}`);
    item.id = `step:${node.history.key}:${node.number}:${step.method}`;
    const ss = step.similarity ? ` · ss ${step.similarity.overall.toFixed(2)}` : '';
    const scope = run?.kind === 'selection' ? ' (selection)' : '';
    item.description = `${step.category ?? '-'} · ${kept ? 'kept' : 'rejected'}${ss}${scope}`;
    const tip = new vscode.MarkdownString();
    tip.appendMarkdown(`**${step.method ?? 'no method'}** (${step.category ?? 'no category'}), ${kept ? 'kept' : 'rejected'}\n\n`);
    if (step.summary) tip.appendMarkdown(`${escape(step.summary)}\n\n`);
    if (step.reason) tip.appendMarkdown(`*Why not:* ${escape(step.reason)}\n\n`);
    if (step.similarity) {
      const s = step.similarity;
      tip.appendMarkdown(`Similarity after it${scope ? ' (of the selection)' : ''}: overall ${s.overall.toFixed(3)}, surface ${s.surface.toFixed(3)}, structural ${s.structural.toFixed(3)}\n\n`);
    }
    const checks = (['syntax', 'compile', 'test'] as const).filter((k) => step.verified[k] !== null).map((k) => `${k} ${step.verified[k] ? '✓' : '✗'}`);
    if (checks.length) tip.appendMarkdown(`Verified: ${checks.join(', ')}\n\n`);
    if (run) tip.appendMarkdown(`${RUN_KINDS[run.kind] ?? run.kind}, ${run.strategy}, ${run.engine} engine, seed ${run.seed}`);
    item.tooltip = tip;
    item.iconPath = kept
      ? new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed'))
      : new vscode.ThemeIcon(step.method ? 'error' : 'circle-slash', new vscode.ThemeColor(step.method ? 'testing.iconFailed' : 'disabledForeground'));
    item.contextValue = kept ? 'step.kept' : 'step.rejected';
    item.command = { command: 'codemorph.showStep', title: kept ? 'Show Diff' : 'Show Why', arguments: [node.ref] };
    return item;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

function escape(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&');
}
