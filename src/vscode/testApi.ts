import type * as vscode from 'vscode';
import { candidatesAt, methodPicks, MethodPick, SitePickHandle, sitePickHandle } from './applyMethod';
import type { Ctx } from './ctx';
import { RewriteOfferHandle, rewriteOfferHandle } from './rewriteProblem';
import type { DecorationInfo, HistoryDecorations } from './decorations/historyDecorations';
import type { UnitHistory } from './history/types';
import { findTarget } from './target';
import type { BenchmarkView } from './views/benchmarkView';
import type { CandidatesView } from './views/candidatesView';
import type { EntriesView } from './views/entriesView';
import type { CursorFocus } from './views/focus';
import type { HistoryView } from './views/historyView';
import { Milestone, milestones } from './walkthrough';

/** A tree item as the user sees it, with its children. */
export interface ItemSnapshot {
  label: string;
  description: string | undefined;
  tooltip: string | undefined;
  contextValue: string | undefined;
  command: vscode.Command | undefined;
  children: ItemSnapshot[];
}

/**
 * What activation returns: a small handle integration tests use to look inside (the views' items,
 * histories, decorations) without scraping the workbench.
 */
export interface CodemorphApi {
  ctx: Ctx;
  /** The Candidates view's items for the function at the cursor, fully expanded. */
  candidates(): Promise<ItemSnapshot[]>;
  /** The History view's items for the function at the cursor. */
  historyItems(): Promise<ItemSnapshot[]>;
  /** The stored histories of a document. */
  history(uri: vscode.Uri): UnitHistory[];
  /** What the decorations show in an editor, after pending updates. */
  decorations(editor: vscode.TextEditor): Promise<DecorationInfo[]>;
  /** The items "Apply a method..." offers for the function at the cursor. */
  methodPicks(): Promise<MethodPick[]>;
  /** The Entries view's items, read from the entries file now. */
  entries(): Promise<ItemSnapshot[]>;
  /** The Benchmark view's items: the problems of the imported benchmark. */
  benchmark(): Promise<ItemSnapshot[]>;
  /** How often the Entries view refreshed (the file changed, a setting moved it, a command saved or deleted). */
  entriesRefreshes(): number;
  /** The site pick of "Apply a method..." while it is open. */
  sitePick(): SitePickHandle | undefined;
  /** The Apply / Discard offer of "Rewrite problem text…" while it waits. */
  rewriteOffer(): RewriteOfferHandle | undefined;
  /** The walkthrough's steps done in this session (their context keys are set). */
  walkthroughDone(): Milestone[];
  /** The History view's description (the unit, its steps kept, the similarity). */
  historyDescription(): string | undefined;
}

function text(value: string | vscode.TreeItemLabel | vscode.MarkdownString | boolean | undefined): string | undefined {
  if (value === undefined || typeof value === 'boolean') return undefined;
  if (typeof value === 'string') return value;
  return 'label' in value ? value.label : value.value;
}

async function snapshot<T>(provider: vscode.TreeDataProvider<T>, element?: T): Promise<ItemSnapshot[]> {
  const children = (await provider.getChildren(element)) ?? [];
  const out: ItemSnapshot[] = [];
  for (const child of children) {
    const item = await provider.getTreeItem(child);
    out.push({
      label: text(item.label) ?? '',
      description: text(item.description),
      tooltip: text(item.tooltip),
      contextValue: item.contextValue,
      command: item.command,
      children: item.collapsibleState ? await snapshot(provider, child) : [],
    });
  }
  return out;
}

export function testApi(parts: {
  ctx: Ctx;
  focus: CursorFocus;
  candidates: CandidatesView;
  history: HistoryView;
  decorations: HistoryDecorations;
  entries: EntriesView;
  benchmark: BenchmarkView;
}): CodemorphApi {
  const { ctx } = parts;
  return {
    ctx,
    candidates: async () => {
      await parts.focus.refresh();
      return snapshot(parts.candidates);
    },
    historyItems: async () => {
      await parts.focus.refresh();
      return snapshot(parts.history);
    },
    history: (uri) => ctx.history.all(uri),
    decorations: async (editor) => {
      await parts.decorations.flush();
      return parts.decorations.decorations(editor);
    },
    methodPicks: async () => {
      const target = await findTarget(ctx);
      const list = target && (await candidatesAt(ctx, target));
      return list ? methodPicks(list) : [];
    },
    entries: () => snapshot(parts.entries),
    benchmark: () => snapshot(parts.benchmark),
    entriesRefreshes: () => parts.entries.refreshes,
    sitePick: () => sitePickHandle(),
    rewriteOffer: () => rewriteOfferHandle(),
    walkthroughDone: () => milestones(ctx),
    historyDescription: () => {
      const description = parts.history.view?.description;
      return typeof description === 'string' ? description : undefined;
    },
  };
}
