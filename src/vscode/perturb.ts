import { randomInt } from 'crypto';
import vscode = require('vscode');
import type { PerturbationDocument } from '../core/engine';
import type { UnitSelector } from '../core/unit';
import type { VerifyLevel } from '../core/verify/verifier';
import { EditorSettings, readSettings, verifyOptions } from './config';
import { growthText } from './decorations/hover';
import type { Ctx } from './ctx';
import { documentEncoding } from './documentEncoding';
import { engine } from './engineLoader';
import { keptSteps } from './history/record';
import { HistoryPlan, recordRun, RunCapture } from './history/recordRun';
import { editorLlmSetup } from './llmSetup';
import { guarded } from './log';
import { applyResult, notAppliedMessage } from './projectEdits';
import { continuedHistory, isTargetArgs, resolveTarget, storeHistory, Target, TargetArgs, unitSelector } from './target';
import { isRunOptions, parseIterations, parseSeed, RunOptions, runOptionsText, withRunOptions } from './runOptions';
import { verificationLevel } from './trust';
import { fileProgressText, functionAtLine, isStep, keptText, progressText, runCounts, similarityText } from './wording';

export type PerturbMode = 'function' | 'selection' | 'file';

interface Plan {
  selector: UnitSelector;
  history: HistoryPlan;
  /** The first original to measure against, when continuing a history. */
  baseline: string | undefined;
  /** What the messages call the unit. */
  label: string;
}

function planFor(ctx: Ctx, mode: PerturbMode, target: Target): Plan | undefined {
  const fileHistory = ctx.history.get(target.document.uri, 'file');
  switch (mode) {
    case 'function': {
      const fn = target.fn;
      if (!fn) {
        void ctx.notify('info', 'the cursor is not inside a function: place it in a function body, or use Perturb Selection or Perturb File.');
        return undefined;
      }
      const existing = continuedHistory(target);
      return { selector: unitSelector(target), history: { existing, kind: 'function', fn }, baseline: existing?.original, label: fn.name };
    }
    case 'selection': {
      const selection = target.editor?.selection;
      if (!selection || selection.isEmpty) {
        void ctx.notify('info', 'select the code to perturb first (or use Perturb Function).');
        return undefined;
      }
      const start = target.document.offsetAt(selection.start);
      const end = target.document.offsetAt(selection.end);
      // a selection inside one function belongs to that function's history; otherwise to the file's
      const fn = target.functions.filter((f) => f.start <= start && end <= f.end).sort((a, b) => a.end - a.start - (b.end - b.start))[0];
      const continued = continuedHistory(target);
      const inTargetFn = fn && target.fn && continued && target.fn.start <= fn.start && fn.end <= target.fn.end;
      const history: HistoryPlan = inTargetFn
        ? { existing: continued, kind: 'function', fn: target.fn }
        : fn
          ? { existing: undefined, kind: 'function', fn }
          : { existing: fileHistory, kind: 'file' };
      // a selection is scored on its own text: its steps say how far the selection moved
      return { selector: { range: { start, end } }, history, baseline: undefined, label: 'the selection' };
    }
    case 'file': {
      // a file back to its first original starts a new history
      const existing = fileHistory && fileHistory.original !== target.text ? fileHistory : undefined;
      return { selector: {}, history: { existing, kind: 'file' }, baseline: existing?.original, label: target.document.uri.path.split('/').pop() ?? 'the file' };
    }
  }
}

/**
 * Perturb Function / Selection / File: a search (PESO by default) in a cancellable notification,
 * every step logged; the result replaces the document's text as one undoable edit and its steps
 * join the unit's history. A unit perturbed before continues from where it is, measured against
 * its first original. Nothing changes when the run is cancelled, fails, or the document changed.
 */
export function perturbCommand(mode: PerturbMode) {
  return (ctx: Ctx) =>
    (args?: unknown): Promise<PerturbationDocument | undefined> =>
      guarded(ctx, async () => {
        const target = await resolveTarget(ctx, isTargetArgs(args) ? (args as TargetArgs) : undefined);
        if (!target) return undefined;
        const plan = planFor(ctx, mode, target);
        if (!plan) return undefined;
        return run(ctx, mode, target, plan);
      });
}

/**
 * "Perturb function with options…": asks for the verification level, the seed and the iterations
 * of this one run (the settings' values offered first), then perturbs the function at the cursor.
 * `{ options }` answers for the user (tests, links); Escape at any question runs nothing.
 */
export function perturbFunctionWithOptions(ctx: Ctx) {
  return (args?: unknown): Promise<PerturbationDocument | undefined> =>
    guarded(ctx, async () => {
      const given = typeof args === 'object' && args !== null ? (args as { options?: unknown }).options : undefined;
      if (given !== undefined && !isRunOptions(given)) {
        void ctx.notify('error', 'the options are { verification: syntax|compile|test, seed: a whole number or null, iterations: 1 to 200 }.');
        return undefined;
      }
      const target = await resolveTarget(ctx, isTargetArgs(args) ? (args as TargetArgs) : undefined);
      if (!target) return undefined;
      const plan = planFor(ctx, 'function', target);
      if (!plan) return undefined;
      const options = (given as RunOptions | undefined) ?? (await askRunOptions(readSettings(target.document)));
      if (!options) return undefined;
      return run(ctx, 'function', target, plan, options);
    });
}

async function askRunOptions(settings: EditorSettings): Promise<RunOptions | undefined> {
  const levels: { label: VerifyLevel; description: string }[] = [
    { label: 'syntax', description: 'parse each step: quick, no toolchain needed' },
    { label: 'compile', description: 'compile (or type-check) the file after each step' },
    { label: 'test', description: "run the language's test command after each step" },
  ];
  for (const l of levels) if (l.label === settings.verification) l.description += ' (the setting)';
  const level = await vscode.window.showQuickPick(
    [...levels].sort((a, b) => Number(b.label === settings.verification) - Number(a.label === settings.verification)),
    { title: 'Perturb function with options (1/3): verification', placeHolder: 'How each step is checked before it is kept' },
  );
  if (!level) return undefined;
  const seedText = await vscode.window.showInputBox({
    title: 'Perturb function with options (2/3): seed',
    prompt: 'The seed of the random choices: the same seed and options give the same result. Empty: a new seed.',
    value: settings.search.seed === null ? '' : String(settings.search.seed),
    validateInput: (t) => {
      const r = parseSeed(t);
      return 'error' in r ? r.error : undefined;
    },
  });
  if (seedText === undefined) return undefined;
  const iterationsText = await vscode.window.showInputBox({
    title: 'Perturb function with options (3/3): iterations',
    prompt: 'The iteration budget: each iteration tries one step.',
    value: String(settings.search.maxIter),
    validateInput: (t) => {
      const r = parseIterations(t);
      return 'error' in r ? r.error : undefined;
    },
  });
  if (iterationsText === undefined) return undefined;
  const seed = parseSeed(seedText);
  const iterations = parseIterations(iterationsText);
  if ('error' in seed || 'error' in iterations) return undefined;
  return { verification: level.label, seed: seed.seed, iterations: iterations.iterations };
}

async function run(ctx: Ctx, mode: PerturbMode, target: Target, plan: Plan, options?: RunOptions): Promise<PerturbationDocument | undefined> {
  const { document, lang, text } = target;
  const settings = withRunOptions(readSettings(document), options);
  const { level, restricted } = verificationLevel(ctx, settings.verification);
  const seed = settings.search.seed ?? randomInt(1, 2 ** 31);
  const llm = settings.engine === 'local' ? undefined : await editorLlmSetup(ctx, document.uri);
  const version = document.version;
  const encoding = documentEncoding(document);
  const chosen = options ? ` (options of this run: ${runOptionsText(options)})` : '';
  const continuing = plan.history.existing ? `, continuing ${plan.history.existing.steps.length} earlier steps against the first original` : '';
  ctx.log(
    `perturbing ${plan.label} in ${document.uri.fsPath}: ${settings.search.strategy}, ${settings.engine} engine, seed ${seed}, verification ${level}${continuing}${chosen}`,
  );
  const capture = new RunCapture(ctx);
  /** The similarity of the code as it stands in the run (the last kept step's). */
  let current: number | undefined;
  // History numbers the steps across runs: the progress counts on from the steps it already has
  let nextStep = (plan.history.existing?.steps.filter((s) => isStep(s.step)).length ?? 0) + 1;
  // a selection is scored on its own text while it runs: its figure is not the function's, so
  // the progress leaves it out and the result gives the unit's (recordRun re-measures the steps)
  const showsFigure = mode !== 'selection';
  // Perturb File says which function a step is in: its site's line is in the text before the step
  let before = text;
  let reports = Promise.resolve();
  const doc = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `CodeMorph: perturbing ${plan.label}`, cancellable: true },
    (progress, token) => {
      const abort = new AbortController();
      token.onCancellationRequested(() => abort.abort());
      return engine().perturb(ctx.loader, {
        lang,
        text,
        filePath: document.uri.scheme === 'file' ? document.uri.fsPath : undefined,
        encoding,
        selector: plan.selector,
        search: { ...settings.search, seed },
        verify: verifyOptions(settings, lang, level),
        mu: settings.mu,
        engine: settings.engine,
        llm,
        baseline: plan.baseline,
        // junk steps of the history this run joins count against the profile's bound
        earlierMethods: plan.history.existing?.steps.filter((s) => s.step.accepted && s.after).map((s) => s.step.method ?? ''),
        signal: abort.signal,
        onVerification: capture.onVerification,
        onStep: (step, after) => {
          capture.onStep(step, after);
          if (showsFigure && step.accepted && step.similarity) current = step.similarity.overall;
          const line = progressText(step, isStep(step) ? nextStep++ : null, settings.search.maxIter, current);
          const stepBefore = before;
          before = after.text;
          const report = (message: string) => {
            ctx.progressed(message);
            progress.report({ message });
          };
          if (mode !== 'file') return report(line);
          const site = step.site?.line;
          // in order, each after its outline: a later step never shows before an earlier one
          reports = reports
            .then(async () => {
              const fn = site === undefined ? undefined : functionAtLine(await ctx.outlines.ofText(lang, stepBefore), stepBefore, site);
              report(fileProgressText(line, fn, step.iteration, settings.search.maxIter));
            })
            .catch(() => undefined);
        },
      });
    },
  );
  await reports;
  const counts = runCounts(doc.steps);
  if (counts.kept === 0) {
    const reason = [...doc.steps].reverse().find((s) => s.reason)?.reason;
    void ctx.notify('warning', `could not perturb ${plan.label}${reason ? `: ${reason}` : ''}.`, 'Show Output').then((c) => c && ctx.output.show(true));
    return doc;
  }
  const outcome = document.version === version ? await applyResult(document, target.editor, text, doc, lang) : ({ applied: false, changed: true } as const);
  if (!outcome.applied) {
    void ctx.notify('warning', notAppliedMessage(outcome, 'perturbing'));
    return undefined;
  }
  const history = await recordRun(ctx, mode, plan.history, text, doc, capture, settings.mu);
  await storeHistory(ctx, target, history);
  // the unit's figure, as History and the inline text show it (for a selection, the function's)
  const similarity = keptSteps(history).pop()?.step.similarity?.overall ?? doc.similarity.overall;
  const renamed = doc.entryPoint && doc.function && doc.entryPoint !== doc.function ? ` → ${doc.entryPoint}` : '';
  const spent = doc.usage ? `; ${doc.usage.calls} LLM calls, ${doc.usage.promptTokens + doc.usage.completionTokens} tokens${doc.usage.cost === null ? '' : `, $${doc.usage.cost.toFixed(4)}`}` : '';
  ctx.log(`done: ${keptText(counts)}, similarity ${similarity.toFixed(4)} to the original, growth ${doc.growth.tokens.toFixed(2)}x tokens${spent}`);
  const checked = restricted ? ' Checked by parsing only (Restricted Mode).' : '';
  const name = mode === 'function' ? `${doc.function}${renamed}` : mode === 'selection' && history.kind === 'function' ? `the selection in ${history.currentName}` : plan.label;
  void ctx
    .notify('info', `${name}: ${keptText(counts)}, ${similarityText(similarity)}, ${growthText(doc.growth)}.${checked}`, 'Show History', 'Compare with Original')
    .then((choice) => {
      if (choice === 'Show History') void vscode.commands.executeCommand('codemorph.history.focus');
      if (choice === 'Compare with Original') void vscode.commands.executeCommand('codemorph.compareWithOriginal', { uri: document.uri.toString(), key: history.key });
    });
  return doc;
}
