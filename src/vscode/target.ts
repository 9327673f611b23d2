import vscode = require('vscode');
import { LanguageId, languageFromEditorId } from '../core/languages/languageIds';
import type { FunctionSpan } from '../core/languages/outline';
import type { UnitSelector } from '../core/unit';
import type { Ctx } from './ctx';
import { documentStamp } from './documentStamp';
import { engine } from './engineLoader';
import { historyAt, locate, Located } from './history/locate';
import type { UnitHistory } from './history/types';

/** What a command may be pointed at from outside the editor (hover links, tree items, tests). */
export interface TargetArgs {
  /** The document, as a URI string; the active editor's when absent. */
  uri?: string;
  /** A history of that document, by key. */
  key?: string;
  /** Offset standing for the cursor. */
  offset?: number;
}

/** The document a command acts on, the function at the cursor, and the history that follows it. */
export interface Target {
  document: vscode.TextDocument;
  editor: vscode.TextEditor | undefined;
  lang: LanguageId;
  text: string;
  /** The document state `text` was read in (documentStamp): the version may have moved on since. */
  stamp: string;
  offset: number;
  functions: FunctionSpan[];
  /** The function to act on: the one whose history holds the cursor, else the innermost at the cursor. */
  fn: FunctionSpan | undefined;
  /** The function's history, else the file's when the cursor is in no perturbed function. */
  history: UnitHistory | undefined;
  located: Located | undefined;
}

export const SUPPORTED_NAMES = 'Python, C, C++, Go, Rust, Java, JavaScript and TypeScript';

export function isTargetArgs(value: unknown): value is TargetArgs {
  return typeof value === 'object' && value !== null && ('uri' in value || 'key' in value || 'offset' in value);
}

async function documentFor(ctx: Ctx, args: TargetArgs | undefined): Promise<{ document: vscode.TextDocument; editor: vscode.TextEditor | undefined; offset: number } | undefined> {
  if (args?.uri) {
    const uri = vscode.Uri.parse(args.uri);
    const editor = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === args.uri);
    const document = editor?.document ?? vscode.workspace.textDocuments.find((d) => d.uri.toString() === args.uri) ?? (await vscode.workspace.openTextDocument(uri));
    return { document, editor, offset: editor ? document.offsetAt(editor.selection.active) : 0 };
  }
  // the code editor the user was in, even while a CodeMorph diff or the Output panel is active
  return ctx.editors.current();
}

/**
 * Resolves a target without telling the user anything: undefined when there is no document or
 * CodeMorph does not support its language (views use this as they follow the cursor).
 */
export async function findTarget(ctx: Ctx, args?: TargetArgs): Promise<Target | undefined> {
  const found = await documentFor(ctx, args);
  if (!found) return undefined;
  const { document, editor } = found;
  const lang = languageFromEditorId(document.languageId);
  if (!lang) return undefined;
  const text = document.getText();
  const stamp = documentStamp(document);
  const offset = args?.offset ?? found.offset;
  const functions = await ctx.outlines.of(document);
  let history: UnitHistory | undefined;
  let located: Located | undefined;
  if (args?.key) {
    history = ctx.history.get(document.uri, args.key);
    located = history && locate(history, text, functions);
  } else {
    const hit = historyAt(ctx.history.all(document.uri), text, functions, offset);
    history = hit?.history;
    located = hit?.located;
  }
  const fn = history?.kind === 'function' ? located?.fn : engine().functionSpanAt(functions, offset);
  if (!history) {
    history = ctx.history.get(document.uri, 'file');
    located = history && locate(history, text, functions);
  }
  return { document, editor, lang, text, stamp, offset, functions, fn, history, located };
}

/** The same, telling the user what is missing when there is nothing to act on. */
export async function resolveTarget(ctx: Ctx, args?: TargetArgs): Promise<Target | undefined> {
  const found = await documentFor(ctx, args);
  if (!found) {
    void ctx.notify('info', 'open a source file and place the cursor in a function first.');
    return undefined;
  }
  if (!languageFromEditorId(found.document.languageId)) {
    void ctx.notify('warning', `${found.document.languageId} files are not supported: CodeMorph works on ${SUPPORTED_NAMES}.`);
    return undefined;
  }
  return findTarget(ctx, args);
}

/** The target's history, or a message saying there is none yet. */
export function requireHistory(ctx: Ctx, target: Target): { history: UnitHistory; located: Located } | undefined {
  if (target.history && target.located) return { history: target.history, located: target.located };
  if (target.history) {
    void ctx.notify('warning', `cannot find ${target.history.currentName ?? 'the unit'} in ${target.document.uri.path.split('/').pop()} any more: was it renamed or removed?`);
    return undefined;
  }
  const what = target.fn ? `${target.fn.name} has` : 'this file has';
  void ctx.notify('info', `${what} no perturbation history yet: run Perturb Function (or Perturb File) first.`, 'Perturb Function').then(
    (choice) => choice && vscode.commands.executeCommand('codemorph.perturbFunction'),
  );
  return undefined;
}

/**
 * The function history a new step continues: none when the cursor's function has none, or when
 * it is back to its first original (then it starts a new history).
 */
export function continuedHistory(target: Target): UnitHistory | undefined {
  const history = target.history;
  if (history?.kind !== 'function' || !target.located) return undefined;
  return target.text.slice(target.located.start, target.located.end) === history.original ? undefined : history;
}

/**
 * How the engine selects the target's function: by its start (so a cursor in a helper nested in
 * it still means the function), widened to the unit its history has (with the helpers earlier
 * steps added), so sites, steps and similarity see the same unit every time.
 */
export function unitSelector(target: Target): UnitSelector {
  const continued = continuedHistory(target);
  const extent = continued && target.located ? { start: target.located.start, end: target.located.end } : undefined;
  return { offset: target.fn!.start, ...(extent ? { extent } : {}) };
}

/**
 * Stores a history after a run. A function back at its original starts a new history: the old
 * one, which would still find the same function by name, goes, so one function never shows two.
 */
export async function storeHistory(ctx: Ctx, target: Target, history: UnitHistory): Promise<void> {
  const old = target.history;
  if (old && old.key !== history.key && old.kind === history.kind && old.original === history.original) {
    await ctx.history.remove(target.document.uri, old.key);
  }
  await ctx.history.put(target.document.uri, history);
}
