import vscode = require('vscode');
import type { CandidateList, MethodCandidate } from '../core/candidates';
import type { PerturbationDocument } from '../core/engine';
import { applySite, previewSite, SiteRef } from './applySite';
import type { Ctx } from './ctx';
import { documentStamp } from './documentStamp';
import { engine } from './engineLoader';
import { guarded } from './log';
import { resolveTarget, Target, unitSelector } from './target';

export interface MethodPick extends vscode.QuickPickItem {
  method?: MethodCandidate;
}

export function sitesText(count: number): string {
  return count === 1 ? '1 site' : `${count} sites`;
}

/**
 * The items of the method pick: the methods that can act here first, by category, with their
 * site counts; then the others, each with the reason it cannot (a quick pick cannot grey an item
 * out, so they sit apart under their own heading and explain themselves when picked).
 */
export function methodPicks(list: CandidateList): MethodPick[] {
  const picks: MethodPick[] = [];
  for (const category of engine().CATEGORIES) {
    const usable = list.methods.filter((m) => m.category === category && m.unavailable === null);
    if (usable.length === 0) continue;
    picks.push({ label: category, kind: vscode.QuickPickItemKind.Separator });
    for (const method of usable) {
      picks.push({ label: method.id, description: sitesText(method.sites.length), detail: method.description, method });
    }
  }
  const unusable = list.methods.filter((m) => m.unavailable !== null);
  if (unusable.length) {
    picks.push({ label: 'not available here', kind: vscode.QuickPickItemKind.Separator });
    for (const method of unusable) {
      picks.push({ label: `$(circle-slash) ${method.id}`, description: method.unavailable!, detail: `${method.category}: ${method.description}`, method });
    }
  }
  return picks;
}

interface SitePick extends vscode.QuickPickItem {
  ref: SiteRef;
}

const PREVIEW: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('diff'), tooltip: 'Preview the rewrite (the list stays open)' };

/** The decoration that marks the site the pick's active item names: one type, created once. */
const highlightTypes = new WeakMap<Ctx, vscode.TextEditorDecorationType>();

function highlightType(ctx: Ctx): vscode.TextEditorDecorationType {
  let type = highlightTypes.get(ctx);
  if (!type) {
    type = ctx.own(
      vscode.window.createTextEditorDecorationType({
        backgroundColor: new vscode.ThemeColor('editor.rangeHighlightBackground'),
        borderColor: new vscode.ThemeColor('focusBorder'),
        borderStyle: 'solid',
        borderWidth: '0 0 0 2px',
        isWholeLine: true,
        overviewRulerColor: new vscode.ThemeColor('focusBorder'),
        overviewRulerLane: vscode.OverviewRulerLane.Full,
      }),
    );
    highlightTypes.set(ctx, type);
  }
  return type;
}

/** The site pick while it is open, for the test API: the pick, the highlighted range, and its preview action. */
export interface SitePickHandle {
  pick: vscode.QuickPick<SitePick>;
  highlighted(): vscode.Range | undefined;
  preview(item: SitePick): Promise<unknown>;
}

let openSitePick: SitePickHandle | undefined;

export function sitePickHandle(): SitePickHandle | undefined {
  return openSitePick;
}

/**
 * The site pick: line and excerpt of each site, with a button that previews the rewrite as a diff
 * beside the code. The pick stays open across previews (choose another site, preview it, accept
 * one), and the site its active item names is revealed and highlighted in the code.
 */
function pickSite(ctx: Ctx, target: Target, method: MethodCandidate, refs: SiteRef[]): Promise<SiteRef | undefined> {
  return new Promise((resolve) => {
    const pick = vscode.window.createQuickPick<SitePick>();
    pick.title = `CodeMorph: ${method.id} in ${target.fn?.name ?? 'the function'}: where?`;
    // a placeholder shows no icons: name the button in words
    pick.placeholder = 'Enter verifies the site, then applies it; the diff button beside a site previews it';
    pick.matchOnDescription = true;
    pick.matchOnDetail = true;
    // a preview opens an editor; the pick must survive it
    pick.ignoreFocusOut = true;
    pick.items = refs.map((ref) => ({ label: `line ${ref.site.line}`, description: ref.site.excerpt, detail: ref.site.label, buttons: [PREVIEW], ref }));
    const type = highlightType(ctx);
    let highlighted: { editor: vscode.TextEditor; range: vscode.Range } | undefined;
    const highlight = (ref: SiteRef | undefined) => {
      highlighted?.editor.setDecorations(type, []);
      highlighted = undefined;
      const document = target.document;
      const editor = vscode.window.visibleTextEditors.find((e) => e.document === document);
      if (!ref || !editor || documentStamp(document) !== ref.stamp) return;
      const range = new vscode.Range(document.positionAt(ref.site.start), document.positionAt(ref.site.end));
      editor.setDecorations(type, [range]);
      editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
      highlighted = { editor, range };
    };
    const preview = (item: SitePick) => {
      pick.activeItems = [item];
      return previewSite(ctx)(item.ref, { beside: true });
    };
    let chosen: SiteRef | undefined;
    pick.onDidChangeActive((items) => highlight(items[0]?.ref));
    pick.onDidTriggerItemButton((e) => void preview(e.item));
    pick.onDidAccept(() => {
      chosen = pick.selectedItems[0]?.ref ?? pick.activeItems[0]?.ref;
      pick.hide();
    });
    pick.onDidHide(() => {
      highlight(undefined);
      openSitePick = undefined;
      pick.dispose();
      resolve(chosen);
    });
    openSitePick = { pick, highlighted: () => highlighted?.range, preview };
    pick.show();
  });
}

export async function candidatesAt(ctx: Ctx, target: Target): Promise<CandidateList | undefined> {
  if (!target.fn) return undefined;
  return engine().listCandidates(ctx.loader, target.lang, target.text, unitSelector(target));
}

/**
 * "Apply a method...": pick a method (with its site count here), then a site (line and
 * excerpt); the site is verified, then applied as one undoable edit. `{ method, site }` skips
 * the picks (site is the index in the method's site list).
 */
export function applyMethod(ctx: Ctx) {
  return (args?: { method?: string; site?: number }): Promise<PerturbationDocument | undefined> =>
    guarded(ctx, async () => {
      const target = await resolveTarget(ctx);
      if (!target) return undefined;
      const list = await candidatesAt(ctx, target);
      if (!target.fn || !list) {
        void ctx.notify('info', 'the cursor is not inside a function: place it in the function whose methods you want to see.');
        return undefined;
      }
      let method: MethodCandidate | undefined;
      if (args?.method) {
        method = list.methods.find((m) => m.id === args.method);
        if (!method) {
          void ctx.notify('error', `unknown method ${args.method}.`);
          return undefined;
        }
      } else {
        const picked = await vscode.window.showQuickPick(methodPicks(list), {
          title: `CodeMorph: apply a method to ${target.fn.name}`,
          placeHolder: 'Methods that apply here, with their number of sites',
          matchOnDescription: true,
        });
        method = picked?.method;
        if (!method) return undefined;
      }
      if (method.unavailable !== null) {
        void ctx.notify('info', `${method.id} is not available here: ${method.unavailable}.`);
        return undefined;
      }
      const refs = method.sites.map((site): SiteRef => ({ uri: target.document.uri.toString(), stamp: target.stamp, fnStart: target.fn!.start, method: method!.id, site }));
      let ref: SiteRef | undefined;
      if (args?.site !== undefined) {
        ref = refs[args.site];
        if (!ref) {
          void ctx.notify('error', `${method.id} has ${sitesText(refs.length)} here; there is no site ${args.site}.`);
          return undefined;
        }
      } else {
        ref = await pickSite(ctx, target, method, refs);
      }
      return ref ? applySite(ctx)(ref) : undefined;
    });
}
