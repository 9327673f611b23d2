import vscode = require('vscode');
import type { ControlPair } from '../core/benchmark/pairs';
import { readSettings, workspaceRelative } from './config';
import type { Ctx } from './ctx';
import { engine } from './engineLoader';
import { guarded } from './log';
import { isTargetArgs, resolveTarget, TargetArgs } from './target';

/** A control being edited: the `<function> (control)` document beside the original, and what it was made from. */
export interface PairSession {
  pair: ControlPair;
  sourceUri: vscode.Uri;
  sourcePath: string;
}

const sessions = new WeakMap<Ctx, Map<string, PairSession>>();

/** The open control documents of this activation, by URI. */
export function pairSessions(ctx: Ctx): Map<string, PairSession> {
  let map = sessions.get(ctx);
  if (!map) {
    map = new Map();
    sessions.set(ctx, map);
    const owned = map;
    ctx.push(
      vscode.workspace.onDidCloseTextDocument((doc) => {
        if (!owned.delete(doc.uri.toString())) return;
        ctx.controlDocuments.forget(doc.uri);
        publish(owned);
      }),
      vscode.window.onDidChangeActiveTextEditor(() => publish(owned)),
    );
  }
  return map;
}

/** `codemorph.controlActive` shows "Save pair" while a control document is the active editor. */
function publish(map: Map<string, PairSession>): void {
  const active = vscode.window.activeTextEditor?.document.uri.toString();
  void vscode.commands.executeCommand('setContext', 'codemorph.controlActive', active !== undefined && map.has(active));
}

/**
 * "Create control pair": the function at the cursor with its user-defined identifiers renamed by
 * sub-tokens (makeControl in core/benchmark/pairs.ts), opened beside it as `<function> (control)` in the same language, to
 * edit at will before "Save pair" checks and saves it. The document lives in memory
 * (controlDocuments.ts): an untitled one was named after its first line and asked to be saved
 * to disk on close, even after Save pair.
 */
export function createControlPair(ctx: Ctx) {
  return (args?: unknown): Promise<{ uri: string; control: string; renames: ControlPair['renames'] } | undefined> =>
    guarded(ctx, async () => {
      const target = await resolveTarget(ctx, isTargetArgs(args) ? (args as TargetArgs) : undefined);
      if (!target) return undefined;
      if (!target.fn) {
        void ctx.notify('info', 'the cursor is not inside a function: a control pair is made for one function.');
        return undefined;
      }
      const seed = readSettings(target.document).search.seed ?? 1;
      const pair = await engine().makeControl(ctx.loader, { lang: target.lang, text: target.text, selector: { offset: target.fn.start }, seed });
      let doc = await vscode.workspace.openTextDocument(ctx.controlDocuments.create(pair.function, pair.control));
      // the name has no extension to guess the language from
      if (doc.languageId !== target.document.languageId) doc = await vscode.languages.setTextDocumentLanguage(doc, target.document.languageId);
      await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preview: false });
      const map = pairSessions(ctx);
      const sourcePath = target.document.uri.scheme === 'file' ? workspaceRelative(target.document.uri.fsPath, target.document.uri) : target.document.uri.toString();
      map.set(doc.uri.toString(), { pair, sourceUri: target.document.uri, sourcePath });
      publish(map);
      const renames = pair.renames.map((r) => `${r.from} → ${r.to}`).join(', ');
      ctx.log(`control of ${pair.function} in ${sourcePath} (seed ${seed}): ${renames}`);
      void ctx.notify('info', `control of ${pair.function} made (${renames}). Edit it if you like, then Save Pair.`, 'Save Pair').then((choice) => {
        if (!choice) return;
        // a closed tab's document may stay loaded for a while (onDidCloseTextDocument comes later): ask the tabs
        if (map.has(doc.uri.toString()) && isInATab(doc.uri)) return vscode.commands.executeCommand('codemorph.savePair', { uri: doc.uri.toString() });
        // the toast outlives its control: VS Code cannot take back one toast, so its button says what became of it
        void ctx.notify('info', `the control of ${pair.function} is closed, so there is no pair to save: Create Control Pair makes a new one.`);
        return undefined;
      });
      return { uri: doc.uri.toString(), control: pair.control, renames: pair.renames };
    });
}

function isInATab(uri: vscode.Uri): boolean {
  const key = uri.toString();
  return vscode.window.tabGroups.all.some((group) => group.tabs.some((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === key));
}
