import vscode = require('vscode');
import type { CandidateList, MethodCandidate } from '../../core/candidates';
import type { Category } from '../../core/transforms/catalogue';
import { candidatesAt, sitesText } from '../applyMethod';
import type { SiteRef } from '../applySite';
import type { Ctx } from '../ctx';
import { engine } from '../engineLoader';
import type { Target } from '../target';
import type { CursorFocus } from './focus';

export type CandidateNode =
  | { kind: 'category'; category: Category; methods: MethodCandidate[]; ref: Omit<SiteRef, 'site' | 'method'> }
  | { kind: 'method'; method: MethodCandidate; ref: Omit<SiteRef, 'site' | 'method'> }
  | { kind: 'site'; ref: SiteRef };

const CATEGORY_ICONS: Record<Category, string> = {
  basic: 'symbol-misc',
  condition: 'git-merge',
  loop: 'sync',
  logic: 'symbol-boolean',
  decomposition: 'symbol-function',
  arithmetic: 'symbol-operator',
};

const CATEGORY_TEXT: Record<Category, string> = {
  basic: 'statements, names, arguments and junk code',
  condition: 'if/else and switch shapes',
  loop: 'loop forms and ranges',
  logic: 'boolean expressions',
  decomposition: 'conditions and arithmetic moved into helpers',
  arithmetic: 'equivalent arithmetic and temporaries',
};

/**
 * "Candidates": every method for the function at the cursor, by category; applicable ones with
 * their sites, the others with the reason they cannot act. Selecting a site previews its rewrite;
 * the inline ✓ verifies and applies it.
 */
export class CandidatesView implements vscode.TreeDataProvider<CandidateNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<CandidateNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private cache: { target: Target; list: CandidateList } | undefined;
  private cacheKey = '';
  view: vscode.TreeView<CandidateNode> | undefined;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly ctx: Ctx,
    private readonly focus: CursorFocus,
  ) {
    this.subscription = focus.onDidChange(() => this.changed.fire(undefined));
  }

  /** The candidate list for the function at the cursor (cached per document version and function). */
  async data(): Promise<{ target: Target; list: CandidateList } | undefined> {
    const target = await this.focus.fresh();
    if (!target?.fn) {
      this.describe(undefined);
      return undefined;
    }
    const key = `${target.stamp}|${target.fn.start}`;
    if (key !== this.cacheKey || !this.cache) {
      const list = await candidatesAt(this.ctx, target);
      if (!list) return undefined;
      this.cache = { target, list };
      this.cacheKey = key;
    }
    this.describe(this.cache);
    return this.cache;
  }

  private describe(data: { target: Target; list: CandidateList } | undefined): void {
    if (!this.view) return;
    if (!data) {
      this.view.description = undefined;
      return;
    }
    const usable = data.list.methods.filter((m) => m.unavailable === null).length;
    this.view.description = `${data.target.fn!.name} · ${usable} of ${data.list.methods.length} methods apply`;
  }

  async getChildren(node?: CandidateNode): Promise<CandidateNode[]> {
    if (!node) {
      let data;
      try {
        data = await this.data();
      } catch (e) {
        this.ctx.log(`could not list the candidates: ${(e as Error).message}`);
        return [];
      }
      if (!data) return [];
      const ref = { uri: data.target.document.uri.toString(), stamp: data.target.stamp, fnStart: data.target.fn!.start };
      return engine().CATEGORIES.map((category) => ({ kind: 'category', category, methods: data.list.methods.filter((m) => m.category === category), ref }));
    }
    if (node.kind === 'category') {
      // the ones that can act first, then the others with their reasons
      const sorted = [...node.methods].sort((a, b) => Number(a.unavailable !== null) - Number(b.unavailable !== null));
      return sorted.map((method) => ({ kind: 'method', method, ref: node.ref }));
    }
    if (node.kind === 'method') {
      return node.method.sites.map((site) => ({ kind: 'site', ref: { ...node.ref, method: node.method.id, site } }));
    }
    return [];
  }

  getTreeItem(node: CandidateNode): vscode.TreeItem {
    switch (node.kind) {
      case 'category': {
        const usable = node.methods.filter((m) => m.unavailable === null).length;
        const item = new vscode.TreeItem(node.category, usable ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
        item.id = `category:${node.category}`;
        item.description = usable ? `${usable} of ${node.methods.length} apply` : 'none applies here';
        item.tooltip = `${node.category}: ${CATEGORY_TEXT[node.category]}`;
        item.iconPath = new vscode.ThemeIcon(CATEGORY_ICONS[node.category]);
        item.contextValue = 'category';
        return item;
      }
      case 'method': {
        const m = node.method;
        const usable = m.unavailable === null;
        const item = new vscode.TreeItem(m.id, usable ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
        item.id = `method:${m.id}`;
        item.description = usable ? sitesText(m.sites.length) : m.unavailable!;
        const tooltip = new vscode.MarkdownString(`**${m.id}** (${m.category})\n\n${m.description}`);
        tooltip.appendMarkdown(usable ? `\n\n${sitesText(m.sites.length)} here: expand to preview or apply one.` : `\n\n*Not available here:* ${m.unavailable}`);
        item.tooltip = tooltip;
        item.iconPath = usable ? new vscode.ThemeIcon('symbol-method') : new vscode.ThemeIcon('circle-slash', new vscode.ThemeColor('disabledForeground'));
        item.contextValue = usable ? 'method' : 'method.unavailable';
        return item;
      }
      case 'site': {
        const { site } = node.ref;
        const item = new vscode.TreeItem(`line ${site.line}`, vscode.TreeItemCollapsibleState.None);
        item.id = `site:${node.ref.method}:${site.index}`;
        item.description = site.excerpt;
        item.tooltip = new vscode.MarkdownString(`**${node.ref.method}**: ${site.label}\n\nClick to preview the rewrite; ✓ verifies it, then applies it as one undoable edit.`);
        item.iconPath = new vscode.ThemeIcon('location');
        item.contextValue = 'site';
        item.command = { command: 'codemorph.previewSite', title: 'Preview', arguments: [node.ref] };
        return item;
      }
    }
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
