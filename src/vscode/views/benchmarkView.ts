import path = require('path');
import vscode = require('vscode');
import type { ImportedBenchmark, ImportedProblem } from '../../core/dataset/imported';
import type { Ctx } from '../ctx';

export type ProblemNode = { kind: 'problem'; problem: ImportedProblem };

const views = new WeakMap<Ctx, BenchmarkView>();

/** The view of a context (the import commands fill it). */
export function benchmarkView(ctx: Ctx): BenchmarkView | undefined {
  return views.get(ctx);
}

/**
 * "Benchmark": the problems of the benchmark file last imported, one item per record with its task
 * id, language and entry point; a record that cannot be perturbed shows why. Clicking a problem
 * opens its code; the inline action perturbs it into the entries file.
 */
export class BenchmarkView implements vscode.TreeDataProvider<ProblemNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ProblemNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  view: vscode.TreeView<ProblemNode> | undefined;
  imported: ImportedBenchmark | undefined;

  constructor(ctx: Ctx) {
    views.set(ctx, this);
  }

  show(imported: ImportedBenchmark | undefined): void {
    this.imported = imported;
    void vscode.commands.executeCommand('setContext', 'codemorph.benchmarkImported', imported !== undefined);
    this.changed.fire(undefined);
  }

  getChildren(node?: ProblemNode): ProblemNode[] {
    if (node || !this.imported) return [];
    const { problems, file, format } = this.imported;
    if (this.view) this.view.description = `${problems.length} ${format} problems in ${path.basename(file)}`;
    return problems.map((problem) => ({ kind: 'problem', problem }));
  }

  getTreeItem(node: ProblemNode): vscode.TreeItem {
    const { problem } = node;
    const item = new vscode.TreeItem(problem.taskId);
    item.id = `problem:${problem.job.line}:${problem.taskId}`;
    if (problem.problem) {
      item.description = problem.problem;
      item.tooltip = `line ${problem.job.line}: ${problem.problem}. This record cannot be perturbed.`;
      item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground'));
      item.contextValue = 'benchmarkProblem.unreadable';
      return item;
    }
    item.description = `${problem.lang}${problem.entryPoint ? ` · ${problem.entryPoint}` : ''}`;
    item.tooltip = `line ${problem.job.line} of ${this.imported ? path.basename(this.imported.file) : 'the benchmark'}: open its code, or perturb it into the entries file`;
    item.iconPath = new vscode.ThemeIcon('beaker');
    item.contextValue = 'benchmarkProblem';
    item.command = { command: 'codemorph.openProblem', title: 'Open Code', arguments: [node] };
    return item;
  }

  dispose(): void {
    this.changed.dispose();
  }
}
