import fs = require('fs');
import path = require('path');
import vscode = require('vscode');
import type { PerturbationDocument } from '../core/engine';
import { extensionsOf, LANGUAGE_IDS, LANGUAGE_NAMES, LanguageId, languageFromEditorId } from '../core/languages/languageIds';
import type { Ctx } from './ctx';
import { engine } from './engineLoader';
import { BUNDLED_EXAMPLES, mostCommonLanguage, setExampleCopies } from './examples';
import { keptSteps } from './history/record';
import type { UnitHistory } from './history/types';
import { guarded } from './log';
import { findTarget, SUPPORTED_NAMES } from './target';

// The walkthrough "Get started with CodeMorph": its buttons run the commands below, each doing
// its step from the walkthrough itself, and each step is marked done by a context key set only
// once the step has happened (package.json: completionEvents "onContext:...").

export type Milestone = 'perturbed' | 'inspected' | 'saved';

const CONTEXT_KEYS: Record<Milestone, string> = {
  perturbed: 'codemorph.walkthrough.perturbed',
  inspected: 'codemorph.walkthrough.inspected',
  saved: 'codemorph.walkthrough.saved',
};

const reached = new WeakMap<Ctx, Set<Milestone>>();

/** Marks a walkthrough step done: it happened (a function was perturbed, a step shown, an entry saved). */
export function markDone(ctx: Ctx, milestone: Milestone): void {
  let set = reached.get(ctx);
  if (!set) reached.set(ctx, (set = new Set()));
  if (set.has(milestone)) return;
  set.add(milestone);
  void vscode.commands.executeCommand('setContext', CONTEXT_KEYS[milestone], true);
}

/** The steps done in this session, for the test API. */
export function milestones(ctx: Ctx): Milestone[] {
  return [...(reached.get(ctx) ?? [])];
}

function perturbed(history: UnitHistory): boolean {
  return keptSteps(history).length > 0 && history.runs.some((r) => r.kind !== 'method');
}

/** Watches the histories: a search that kept a step is the first step of the walkthrough done. */
export function watchWalkthrough(ctx: Ctx): void {
  setExampleCopies(path.join(ctx.extension.globalStorageUri.fsPath, 'examples'));
  ctx.push(
    ctx.history.onDidChange((uri) => {
      if (ctx.history.all(uri).some(perturbed)) markDone(ctx, 'perturbed');
    }),
  );
}


/**
 * The language the user writes: the code editor's they are in, else the most common among the
 * workspace's files, else the one they pick.
 */
async function userLanguage(ctx: Ctx, asked: string | undefined): Promise<LanguageId | undefined> {
  if (asked && (LANGUAGE_IDS as readonly string[]).includes(asked)) return asked as LanguageId;
  const followed = ctx.editors.current();
  const fromEditor = followed && languageFromEditorId(followed.document.languageId);
  if (fromEditor) return fromEditor;
  const extensions = LANGUAGE_IDS.flatMap((lang) => extensionsOf(lang).map((e) => e.slice(1)));
  const files = vscode.workspace.workspaceFolders?.length
    ? await vscode.workspace.findFiles(`**/*.{${extensions.join(',')}}`, '**/{node_modules,.git,target,build,dist,out,vendor}/**', 500)
    : [];
  const fromWorkspace = mostCommonLanguage(files.map((f) => f.fsPath));
  if (fromWorkspace) return fromWorkspace;
  const picked = await vscode.window.showQuickPick(
    LANGUAGE_IDS.map((lang) => ({ label: LANGUAGE_NAMES[lang], description: BUNDLED_EXAMPLES[lang].file, lang })),
    { title: 'CodeMorph: open an example in which language?', placeHolder: `A small program with tests, in ${SUPPORTED_NAMES}` },
  );
  return picked?.lang;
}

/** Where an opened example is: its document and the offset of its function's name. */
export interface OpenedExample {
  uri: string;
  offset: number;
  language: LanguageId;
}

/**
 * "Open an Example": a copy of the bundled example in the user's language (the extension's own
 * files stay as shipped), opened with the cursor on the function the walkthrough perturbs, beside
 * the walkthrough when that is what is in front. A copy the user has unsaved changes in is shown
 * as it is; otherwise it starts again from the bundled one.
 */
export function openExample(ctx: Ctx) {
  return (args?: { language?: string }): Promise<OpenedExample | undefined> =>
    guarded(ctx, async () => {
      const language = await userLanguage(ctx, args?.language);
      if (!language) return undefined;
      const example = BUNDLED_EXAMPLES[language];
      const copy = path.join(ctx.extension.globalStorageUri.fsPath, 'examples', example.file);
      const uri = vscode.Uri.file(copy);
      const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
      if (!open?.isDirty) {
        fs.mkdirSync(path.dirname(copy), { recursive: true });
        engine().writeFileAtomic(copy, fs.readFileSync(path.join(ctx.extension.extensionPath, 'examples', example.file)));
      }
      const document = await vscode.workspace.openTextDocument(uri);
      const fn = (await ctx.outlines.of(document)).find((f) => f.name === example.fn);
      const line = fn ? document.lineAt(fn.nameLine - 1) : document.lineAt(0);
      const at = new vscode.Position(line.lineNumber, Math.max(0, line.text.indexOf(example.fn)));
      // in front of the walkthrough (a webview, no text editor) it opens beside it, so both stay in view
      const column = vscode.window.activeTextEditor?.viewColumn ?? vscode.ViewColumn.Beside;
      await vscode.window.showTextDocument(document, { viewColumn: column, selection: new vscode.Range(at, at), preview: false });
      ctx.log(`opened the example ${example.file} at ${example.fn} (${copy})`);
      return { uri: uri.toString(), offset: document.offsetAt(at), language };
    });
}

/** The editor of a document, brought to the front (where it was, else beside what is in front). */
async function front(document: vscode.TextDocument): Promise<void> {
  const shown = vscode.window.visibleTextEditors.find((e) => e.document === document);
  const tabbed = vscode.window.tabGroups.all.find((g) => g.tabs.some((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === document.uri.toString()));
  await vscode.window.showTextDocument(document, { viewColumn: shown?.viewColumn ?? tabbed?.viewColumn ?? vscode.ViewColumn.Beside, preserveFocus: false, preview: false });
}

/**
 * "Perturb Function" in the walkthrough: the function at the cursor of the code editor the user
 * was in; without one, the example in their language, opened first.
 */
export function walkthroughPerturb(ctx: Ctx) {
  return (): Promise<PerturbationDocument | undefined> =>
    guarded(ctx, async () => {
      const target = await findTarget(ctx);
      let where: { uri: string; offset: number } | undefined;
      if (target?.fn) {
        await front(target.document);
        where = { uri: target.document.uri.toString(), offset: target.offset };
      } else {
        where = await openExample(ctx)();
      }
      if (!where) return undefined;
      return vscode.commands.executeCommand<PerturbationDocument | undefined>('codemorph.perturbFunction', where);
    });
}

/** The perturbed unit the walkthrough's later steps work on: the one at the cursor, else one perturbed now. */
async function perturbedUnit(ctx: Ctx): Promise<{ document: vscode.TextDocument; history: UnitHistory } | undefined> {
  let target = await findTarget(ctx);
  if (!target?.history || !perturbed(target.history)) {
    const doc = await walkthroughPerturb(ctx)();
    if (!doc || !doc.steps.some((s) => s.accepted)) return undefined;
    target = await findTarget(ctx);
  }
  if (!target?.history || keptSteps(target.history).length === 0) return undefined;
  return { document: target.document, history: target.history };
}

/** "Show a Step": the History view, and the diff of the first kept step of the unit (perturbed first if need be). */
export function walkthroughInspect(ctx: Ctx) {
  return (): Promise<unknown> =>
    guarded(ctx, async () => {
      const unit = await perturbedUnit(ctx);
      if (!unit) return undefined;
      // the diff opens in the code's group, not over the walkthrough
      await front(unit.document);
      await vscode.commands.executeCommand('codemorph.history.focus');
      const index = unit.history.steps.findIndex((s) => s.step.accepted && s.after);
      return vscode.commands.executeCommand('codemorph.showStep', { uri: unit.document.uri.toString(), key: unit.history.key, index });
    });
}

/** "Save as Benchmark Entry": the unit at the cursor (perturbed first if need be), saved. */
export function walkthroughSave(ctx: Ctx) {
  return (): Promise<unknown> =>
    guarded(ctx, async () => {
      const unit = await perturbedUnit(ctx);
      if (!unit) return undefined;
      return vscode.commands.executeCommand('codemorph.saveEntry', { uri: unit.document.uri.toString(), key: unit.history.key });
    });
}
