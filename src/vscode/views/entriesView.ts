import path = require('path');
import vscode = require('vscode');
import type { BenchmarkEntry, EntriesProblem } from '../../core/benchmark/entries';
import { folderOf, workspaceRelative } from '../config';
import type { Ctx } from '../ctx';
import { engine } from '../engineLoader';
import { EntriesLocation, entriesLocation } from '../entriesLocation';

export type EntryNode =
  | { kind: 'entry'; file: string; index: number; entry: BenchmarkEntry }
  | { kind: 'problem'; file: string; problem: EntriesProblem }
  | { kind: 'refused'; message: string }
  | { kind: 'statistics'; entries: BenchmarkEntry[] };

const KIND_ICONS: Record<string, string> = { perturbed: 'sparkle', pair: 'git-compare', completion: 'whole-word' };

const views = new WeakMap<Ctx, EntriesView>();

/** "Refresh": reads the entries file again (saving and deleting refresh too, and the file is watched). */
export function refreshEntries(ctx: Ctx) {
  return (): void => views.get(ctx)?.refresh();
}

/**
 * The entries file the view lists and the entry commands read and write: `codemorph.entriesFile`
 * of the (first) workspace folder. Throws when it leads outside the folder (entriesLocation).
 */
export function entriesFile(): EntriesLocation {
  return entriesLocation(folderOf(undefined)?.uri);
}

export function entryTitle(entry: BenchmarkEntry): string {
  const name = entry.source?.function ?? path.basename(entry.source?.path ?? entry.id);
  const renamed = entry.entryPoint?.new && entry.entryPoint.new !== entry.entryPoint.original ? ` → ${entry.entryPoint.new}` : '';
  return `${name}${renamed}`;
}

/**
 * "Entries": the saved entries of the entries file, in file order, each opening as a diff of
 * original and perturbed code; a line that is not an entry shows as a problem with its number
 * (parseEntries: never silently dropped). The file is read when the view asks and watched.
 */
export class EntriesView implements vscode.TreeDataProvider<EntryNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<EntryNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  view: vscode.TreeView<EntryNode> | undefined;
  private watcher: vscode.FileSystemWatcher | undefined;
  private watched: string | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(ctx: Ctx) {
    views.set(ctx, this);
    this.subscriptions.push(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('codemorph.entriesFile')) this.refresh();
      }),
    );
  }

  /** How many times the view was told to read the file again (the test API watches the watcher with it). */
  refreshes = 0;

  refresh(): void {
    this.refreshes++;
    this.changed.fire(undefined);
  }

  /** Watches the file the view shows; a new setting moves the watcher. */
  private watch(file: string): void {
    if (this.watched === file) return;
    this.watcher?.dispose();
    this.watched = file;
    this.watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(path.dirname(file)), path.basename(file)));
    const fire = () => this.refresh();
    this.watcher.onDidChange(fire);
    this.watcher.onDidCreate(fire);
    this.watcher.onDidDelete(fire);
  }

  getChildren(node?: EntryNode): EntryNode[] {
    if (node) return [];
    let file: string;
    let shown: string;
    try {
      ({ file, shown } = entriesFile());
    } catch (e) {
      if (!engine().isCodemorphError(e)) throw e;
      // nothing is read from a file the setting may not name; the item says why and opens the setting
      if (this.view) {
        this.view.description = 'entries file refused';
        this.view.message = undefined;
      }
      return [{ kind: 'refused', message: e.message }];
    }
    this.watch(file);
    let nodes: EntryNode[];
    try {
      const { entries, problems } = engine().readEntries(file);
      nodes = [
        ...entries.map((entry, index): EntryNode => ({ kind: 'entry', file, index, entry })),
        ...problems.map((problem): EntryNode => ({ kind: 'problem', file, problem })),
        // after the entries, so the first item stays the first entry
        ...(entries.length ? [{ kind: 'statistics', entries } as EntryNode] : []),
      ];
    } catch (e) {
      nodes = [{ kind: 'problem', file, problem: { line: 0, message: `cannot read the file: ${(e as Error).message}` } }];
    }
    if (this.view) {
      const count = nodes.filter((n) => n.kind === 'entry').length;
      this.view.description = `${count} in ${shown}`;
      this.view.message = nodes.length ? undefined : `No entries yet. Save one with "Save as benchmark entry" or "Save pair"; they go to ${shown}.`;
    }
    return nodes;
  }

  getTreeItem(node: EntryNode): vscode.TreeItem {
    if (node.kind === 'refused') {
      const item = new vscode.TreeItem('entries file refused');
      item.description = node.message;
      item.tooltip = node.message;
      item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('problemsErrorIcon.foreground'));
      item.contextValue = 'entriesRefused';
      item.command = { command: 'workbench.action.openSettings', title: 'Open Setting', arguments: ['codemorph.entriesFile'] };
      return item;
    }
    if (node.kind === 'statistics') {
      const { entryStatistics, statisticsLine } = engine();
      const stats = entryStatistics(node.entries);
      const line = statisticsLine(stats);
      const item = new vscode.TreeItem(line.label);
      item.description = line.description;
      const tip = new vscode.MarkdownString();
      tip.appendMarkdown(`**${line.label}**: ${stats.kinds.map(([k, n]) => `${n} ${k}`).join(', ')}\n\n`);
      tip.appendMarkdown(`By language: ${stats.languages.map(([l, n]) => `${l} ${n}`).join(', ')}\n\n`);
      if (stats.meanSimilarity !== null) tip.appendMarkdown(`Mean similarity to the original: ${stats.meanSimilarity.toFixed(2)} (1 is unchanged)\n\n`);
      if (stats.meanGrowth !== null) tip.appendMarkdown(`Mean growth: ${stats.meanGrowth.toFixed(2)}× the original's tokens, over the ${stats.withGrowth} entries that record it`);
      item.tooltip = tip;
      item.iconPath = new vscode.ThemeIcon('graph');
      item.contextValue = 'entriesStatistics';
      return item;
    }
    if (node.kind === 'problem') {
      const { line, message } = node.problem;
      const item = new vscode.TreeItem(line ? `line ${line}: not an entry` : 'unreadable entries file');
      item.description = message;
      item.tooltip = `${workspaceRelative(node.file)}${line ? `:${line}` : ''}: ${message}. The line is skipped, not removed; fix or delete it in the file.`;
      item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground'));
      item.contextValue = 'entryProblem';
      const selection = new vscode.Range(Math.max(line - 1, 0), 0, Math.max(line - 1, 0), 0);
      item.command = { command: 'vscode.open', title: 'Open Line', arguments: [vscode.Uri.file(node.file), { selection }] };
      return item;
    }
    const { entry } = node;
    const item = new vscode.TreeItem(entryTitle(entry));
    item.id = `entry:${node.index}:${entry.id}`;
    const ss = typeof entry.similarity?.overall === 'number' ? ` · similarity ${entry.similarity.overall.toFixed(2)}` : '';
    const extra =
      entry.kind === 'pair' && entry.pair
        ? entry.pair.passed
          ? ' · checks pass'
          : ` · fails ${entry.pair.failing.join(', ')}`
        : entry.kind === 'completion' && entry.completion
          ? ` · ${entry.completion.lines} line${entry.completion.lines === 1 ? '' : 's'}`
          : '';
    item.description = `${entry.kind} · ${entry.language}${ss}${extra}`;
    const tip = new vscode.MarkdownString();
    tip.appendMarkdown(`**${entry.kind}** \`${entry.id}\`\n\n`);
    if (entry.source?.path) tip.appendMarkdown(`From \`${entry.source.path}\`${entry.source.function ? `, \`${entry.source.function}\`` : ''}\n\n`);
    if (entry.kind === 'perturbed') tip.appendMarkdown(`${(entry.steps ?? []).filter((s) => s.accepted).length} kept steps, ${entry.strategy}, ${entry.engine?.kind ?? 'local'} engine, seed ${entry.seed}\n\n`);
    if (entry.pair) tip.appendMarkdown(`${entry.pair.checks.filter((c) => c.pass !== null).map((c) => `${c.id} ${c.pass ? '✓' : '✗'}`).join(', ')}${entry.pair.confirmed ? ' (saved with failing checks, confirmed)' : ''}\n\n`);
    if (entry.createdAt) tip.appendMarkdown(`Saved ${entry.createdAt}`);
    item.tooltip = tip;
    item.iconPath = new vscode.ThemeIcon(KIND_ICONS[entry.kind] ?? 'circle-outline');
    item.contextValue = `entry.${entry.kind}`;
    item.command = { command: 'codemorph.openEntry', title: 'Open as Diff', arguments: [node] };
    return item;
  }

  dispose(): void {
    this.watcher?.dispose();
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
  }
}
