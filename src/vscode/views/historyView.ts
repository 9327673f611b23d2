import vscode = require('vscode');
import { unitTitle } from '../compare';
import type { StepRef } from '../compare';
import type { Ctx } from '../ctx';
import { keptSteps } from '../history/record';
import type { HistoryStep, UnitHistory } from '../history/types';
import { count, isStep, similarityText, stepNumbers } from '../wording';
import type { CursorFocus } from './focus';

export type HistoryNode =
  | { kind: 'original'; uri: string; history: UnitHistory }
  /** `number` is the step's number; null for a category where nothing applied (no step). */
  | { kind: 'step'; ref: StepRef; number: number | null; entry: HistoryStep; history: UnitHistory };

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
    if (this.view) this.view.description = history ? historyDescription(history) : undefined;
    if (!target || !history) return [];
    const uri = target.document.uri.toString();
    const numbers = stepNumbers(history.steps.map((s) => s.step));
    return [
      { kind: 'original', uri, history },
      ...history.steps.map((entry, index): HistoryNode => ({ kind: 'step', ref: { uri, key: history.key, index }, number: numbers[index], entry, history })),
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
    const scope = run?.kind === 'selection' ? ' (selection)' : '';
    if (node.number === null) {
      // a category where no method could act: noted, but no step
      const item = new vscode.TreeItem(`${step.category ?? 'no method'}: nothing to apply`);
      item.id = `skipped:${node.history.key}:${node.ref.index}`;
      item.description = 'skipped, not a step';
      item.tooltip = `${step.reason ?? 'no method applies'}: the search went on with another category${step.iteration === 0 ? ' without spending an iteration' : ''}.`;
      item.iconPath = new vscode.ThemeIcon('circle-slash', new vscode.ThemeColor('disabledForeground'));
      item.contextValue = 'step.skipped';
      return item;
    }
    const item = new vscode.TreeItem(`${node.number}. ${step.method}`);
    item.id = `step:${node.history.key}:${node.number}:${step.method}`;
    const ss = step.similarity ? ` · similarity ${step.similarity.overall.toFixed(2)}` : '';
    item.description = `${step.category ?? '-'} · ${kept ? 'kept' : 'rejected'}${ss}${scope}`;
    const tip = new vscode.MarkdownString();
    const when = run?.kind === 'method' ? 'applied by hand' : step.iteration === 0 ? 'an opening rename (spends no iteration)' : `iteration ${step.iteration} of its run`;
    tip.appendMarkdown(`**Step ${node.number}: ${step.method}** (${step.category ?? 'no category'}), ${kept ? 'kept' : 'rejected'}; ${when}\n\n`);
    if (step.summary) tip.appendMarkdown(`${escape(step.summary)}\n\n`);
    if (step.reason) tip.appendMarkdown(`*Why not:* ${escape(step.reason)}\n\n`);
    if (step.similarity) {
      const s = step.similarity;
      tip.appendMarkdown(`After it, ${similarityText(s.overall)} (surface ${s.surface.toFixed(2)}, structural ${s.structural.toFixed(2)})\n\n`);
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

/** The view's description: the unit, how many of its steps were kept, the similarity now. */
export function historyDescription(history: UnitHistory): string {
  const kept = keptSteps(history);
  const last = kept[kept.length - 1]?.step.similarity;
  const steps = history.steps.filter((s) => isStep(s.step)).length;
  return `${unitTitle(history)} · ${kept.length} of ${count(steps, 'step')} kept${last ? ` · ${similarityText(last.overall)}` : ''}`;
}

function escape(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&');
}
