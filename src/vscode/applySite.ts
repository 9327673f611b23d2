import { randomInt } from 'crypto';
import vscode = require('vscode');
import type { SiteCandidate } from '../core/candidates';
import type { PerturbationDocument } from '../core/engine';
import type { VerifyLevel } from '../core/verify/verifier';
import { readSettings, verifyOptions } from './config';
import type { Ctx } from './ctx';
import { documentEncoding } from './documentEncoding';
import { engine } from './engineLoader';
import { recordRun, RunCapture } from './history/recordRun';
import { guarded } from './log';
import { applyResult, notAppliedMessage } from './projectEdits';
import { continuedHistory, findTarget, storeHistory, Target, unitSelector } from './target';
import { verificationLevel } from './trust';
import { DiffPlacement, showDiff } from './virtualDocuments';
import { previewTitle, similarityText } from './wording';

/** One site of one method in one function, as the tree and the quick pick list it. */
export interface SiteRef {
  uri: string;
  /** The document state the site was listed for (documentStamp). */
  stamp: string;
  /** Start of the function (what selects it). */
  fnStart: number;
  method: string;
  site: SiteCandidate;
}

/**
 * The site in the document as it is now: the listed one when nothing changed, else the same
 * method's site with the same label found again (edits elsewhere move offsets, not labels).
 */
async function currentSite(ctx: Ctx, ref: SiteRef): Promise<{ target: Target; index: number } | undefined> {
  const target = await findTarget(ctx, { uri: ref.uri, offset: ref.fnStart });
  if (!target?.fn) return undefined;
  if (target.stamp === ref.stamp) return { target, index: ref.site.index };
  const list = await engine().listCandidates(ctx.loader, target.lang, target.text, unitSelector(target));
  const sites = list.methods.find((m) => m.id === ref.method)?.sites ?? [];
  const same = sites.filter((s) => s.label === ref.site.label);
  if (same.length !== 1) return undefined;
  return { target, index: same[0].index };
}

function transformRequest(ctx: Ctx, target: Target, ref: SiteRef, index: number, level: VerifyLevel) {
  const settings = readSettings(target.document);
  const { lang } = target;
  const baseline = continuedHistory(target)?.original;
  return {
    lang,
    text: target.text,
    filePath: target.document.uri.scheme === 'file' ? target.document.uri.fsPath : undefined,
    encoding: documentEncoding(target.document),
    selector: unitSelector(target),
    search: { ...settings.search, seed: settings.search.seed ?? randomInt(1, 2 ** 31) },
    verify: verifyOptions(settings, lang, level),
    mu: settings.mu,
    baseline,
    methodId: ref.method,
    site: index,
  };
}

function title(ref: SiteRef): string {
  return `${ref.method} at line ${ref.site.line}`;
}

/** The site where the user picked it, or nothing (saying so) when the code has changed since. */
async function siteStillThere(ctx: Ctx, ref: SiteRef): ReturnType<typeof currentSite> {
  const found = await currentSite(ctx, ref);
  if (!found) void ctx.notify('info', `the code changed and ${title(ref)} is no longer there; pick the site again.`);
  return found;
}

/**
 * Shows what applying the site would do, as a diff of the file; nothing is verified beyond
 * parsing, nothing changes. The focus stays where it was (the Candidates view, the site pick).
 */
export function previewSite(ctx: Ctx) {
  return (ref: SiteRef, placement: DiffPlacement = {}): Promise<PerturbationDocument | undefined> =>
    guarded(ctx, async () => {
      const found = await siteStillThere(ctx, ref);
      if (!found) return undefined;
      const doc = await engine().transform(ctx.loader, transformRequest(ctx, found.target, ref, found.index, 'syntax'));
      const step = doc.steps[0];
      if (!step.accepted) {
        void ctx.notify('warning', `${title(ref)} would not give valid code: ${step.reason}.`);
        return doc;
      }
      const name = found.target.document.uri.path;
      const before = ctx.virtualDocuments.create('preview', name, found.target.text);
      const after = ctx.virtualDocuments.create('preview', name, doc.file);
      await showDiff(before, after, previewTitle(ref.method, ref.site.line, step.summary), step.site ? step.site.line - 1 : undefined, { preserveFocus: true, ...placement });
      return doc;
    });
}

/**
 * Applies one site as one undoable edit, verified first at the configured level (parsing only in
 * Restricted Mode): a step that fails verification is reported with its output and the document
 * is left as it was.
 */
export function applySite(ctx: Ctx) {
  return (ref: SiteRef): Promise<PerturbationDocument | undefined> =>
    guarded(ctx, async () => {
      const found = await siteStillThere(ctx, ref);
      if (!found) return undefined;
      const { target, index } = found;
      const { level } = verificationLevel(ctx, readSettings(target.document).verification);
      const capture = new RunCapture(ctx);
      ctx.log(`applying ${title(ref)} in ${target.document.uri.fsPath}, verification ${level}`);
      const doc = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `CodeMorph: verifying ${title(ref)}`, cancellable: true },
        (_progress, token) => {
          const abort = new AbortController();
          token.onCancellationRequested(() => abort.abort());
          return engine().transform(ctx.loader, {
            ...transformRequest(ctx, target, ref, index, level),
            signal: abort.signal,
            onStep: capture.onStep,
            onVerification: capture.onVerification,
          });
        },
      );
      const step = doc.steps[0];
      if (!step.accepted) {
        const output = capture.events[0]?.output;
        void ctx
          .notify('error', `${title(ref)} was not applied: ${step.reason}.`, ...(output ? ['Show Output'] : []))
          .then((choice) => choice && ctx.output.show(true));
        return doc;
      }
      const outcome = await applyResult(target.document, target.editor, target.text, doc, target.lang);
      if (!outcome.applied) {
        void ctx.notify('warning', notAppliedMessage(outcome, 'verifying'));
        return undefined;
      }
      const history = await recordRun(ctx, 'method', { existing: continuedHistory(target), kind: 'function', fn: target.fn }, target.text, doc, capture);
      await storeHistory(ctx, target, history);
      const ss = step.similarity ? `, ${similarityText(step.similarity.overall)}` : '';
      ctx.log(`applied ${title(ref)}: ${step.summary ?? ''}${ss}`);
      vscode.window.setStatusBarMessage(`$(check) CodeMorph: applied ${title(ref)}${ss}`, 5000);
      return doc;
    });
}
