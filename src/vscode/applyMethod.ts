import vscode = require('vscode');
import type { CandidateList, MethodCandidate } from '../core/candidates';
import type { PerturbationDocument } from '../core/engine';
import { applySite, previewSite, SiteRef } from './applySite';
import type { Ctx } from './ctx';
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

const PREVIEW: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('diff'), tooltip: 'Preview the rewrite' };

/** The site pick: line and excerpt of each site, with a button that previews the rewrite as a diff. */
function pickSite(ctx: Ctx, method: MethodCandidate, refs: SiteRef[]): Promise<SiteRef | undefined> {
  return new Promise((resolve) => {
    const pick = vscode.window.createQuickPick<SitePick>();
    pick.title = `CodeMorph: ${method.id}: where?`;
    pick.placeholder = 'Pick a site; it is verified before it is applied ($(diff) previews it)';
    pick.matchOnDescription = true;
    pick.matchOnDetail = true;
    pick.items = refs.map((ref) => ({ label: `line ${ref.site.line}`, description: ref.site.excerpt, detail: ref.site.label, buttons: [PREVIEW], ref }));
    let chosen: SiteRef | undefined;
    pick.onDidTriggerItemButton((e) => void previewSite(ctx)(e.item.ref));
    pick.onDidAccept(() => {
      chosen = pick.selectedItems[0]?.ref;
      pick.hide();
    });
    pick.onDidHide(() => {
      pick.dispose();
      resolve(chosen);
    });
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
      const refs = method.sites.map((site): SiteRef => ({ uri: target.document.uri.toString(), version: target.document.version, fnStart: target.fn!.start, method: method!.id, site }));
      let ref: SiteRef | undefined;
      if (args?.site !== undefined) {
        ref = refs[args.site];
        if (!ref) {
          void ctx.notify('error', `${method.id} has ${sitesText(refs.length)} here; there is no site ${args.site}.`);
          return undefined;
        }
      } else {
        ref = await pickSite(ctx, method, refs);
      }
      return ref ? applySite(ctx)(ref) : undefined;
    });
}
