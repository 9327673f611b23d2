import type { PerturbationDocument, VerificationReport } from '../../core/engine';
import type { FunctionSpan } from '../../core/languages/outline';
import type { StepRecord } from '../../core/search/types';
import type { Scores } from '../../core/similarity/scorer';
import { lineOf } from '../../core/text/lines';
import type { UnitState } from '../../core/unit';
import type { Ctx } from '../ctx';
import { engine } from '../engineLoader';
import { logStep, logVerification } from '../log';
import { roundedScores } from '../../core/round';
import { appendRun, newHistory, selectionStep, StepEvent, stepsFromEvents } from './record';
import type { RunInfo, UnitHistory } from './types';

/** Collects an engine run's steps (with the state after each) and logs them as they come. */
export class RunCapture {
  readonly events: { step: StepRecord; after: UnitState; output?: string }[] = [];
  private pendingOutput: string | undefined;

  constructor(private readonly ctx: Ctx) {}

  readonly onVerification = (report: VerificationReport): void => {
    logVerification(this.ctx, report);
    // the verdict of an attempt comes just before its step (PESO and random decide one at a time)
    this.pendingOutput = report.verdict.reason !== null ? report.verdict.output : undefined;
  };

  readonly onStep = (step: StepRecord, after: UnitState): void => {
    logStep(this.ctx, step);
    const output = !step.accepted ? this.pendingOutput : undefined;
    this.pendingOutput = undefined;
    this.events.push({ step, after, ...(output ? { output } : {}) });
  };
}

export type RunKind = RunInfo['kind'];

/** Where a run's steps go: the history to continue, or what a new one starts from. */
export interface HistoryPlan {
  existing: UnitHistory | undefined;
  kind: 'function' | 'file';
  /** The function a function history follows, as it was before the run. */
  fn?: FunctionSpan;
}

function runInfo(kind: RunKind, doc: PerturbationDocument): RunInfo {
  const model = doc.llm?.perturber;
  return {
    kind,
    strategy: doc.strategy,
    engine: doc.engine,
    ...(model ? { model: { provider: model.kind, model: model.model, baseUrl: model.baseUrl, temperature: model.temperature } } : {}),
    seed: doc.seed,
    verification: doc.verification,
    at: new Date().toISOString(),
  };
}

/**
 * The history after a run that changed the document from `startText` to `doc.file`: the run's
 * steps appended to the history it continues, or to a new one. Each kept step keeps the unit it
 * led to, for step diffs and "Undo last step". A selection inside a function is part of that
 * function's history, whose unit is found again by name in every step's text; its steps are
 * measured as the function's (selectionStep), with `mu` the similarity weight of the settings.
 */
export async function recordRun(
  ctx: Ctx,
  kind: RunKind,
  plan: HistoryPlan,
  startText: string,
  doc: PerturbationDocument,
  capture: RunCapture,
  mu?: number,
): Promise<UnitHistory> {
  const lang = doc.language;
  let history = plan.existing;
  if (!history) {
    const fn = plan.fn;
    history =
      plan.kind === 'function' && fn
        ? newHistory('function', lang, {
            name: fn.name,
            container: fn.qualifiedName === fn.name ? null : fn.qualifiedName.slice(0, -fn.name.length - 1),
            text: startText.slice(fn.start, fn.end),
            line: fn.line,
          })
        : newHistory('file', lang, { name: null, container: null, text: startText, line: 1 });
  }
  const base = history;
  type Unit = { unit: string; name: string | null; line: number; span?: { start: number; end: number } };
  const unitOf = async (state: UnitState): Promise<Unit> => {
    if (base.kind === 'file') return { unit: state.text, name: null, line: 1, span: { start: 0, end: state.text.length } };
    if (state.unitKind === 'function') return { unit: engine().unitText(state), name: state.entryPoint, line: lineOf(state.text, state.unit.start), span: state.unit };
    // a selection run: the function keeps its name; find it in the new text
    const functions = await ctx.outlines.ofText(lang, state.text);
    const named = functions.filter((f) => f.name === base.currentName);
    const fn = named.reduce<FunctionSpan | undefined>((best, f) => (!best || Math.abs(f.line - base.line) < Math.abs(best.line - base.line) ? f : best), undefined);
    return fn ? { unit: state.text.slice(fn.start, fn.end), name: fn.name, line: fn.line, span: { start: fn.start, end: fn.end } } : { unit: base.current, name: base.currentName, line: base.line };
  };
  const unitScores = async (text: string, unit: Unit): Promise<Scores | null> => {
    if (!unit.span) return null;
    return roundedScores(await engine().similarityToBaseline(ctx.loader, lang, text, unit.span, base.original, { mu: mu ?? 0.5 }));
  };
  const events: StepEvent[] = [];
  let final: Unit = { unit: base.current, name: base.currentName, line: base.line };
  for (const event of capture.events) {
    const unit = event.step.accepted ? await unitOf(event.after) : final;
    if (event.step.accepted) final = unit;
    const step = kind === 'selection' ? selectionStep(event.step, event.step.accepted ? await unitScores(event.after.text, unit) : null) : event.step;
    events.push({ step, after: { file: event.after.text, unit: unit.unit, name: unit.name }, ...(event.output ? { output: event.output } : {}) });
  }
  return appendRun(history, runInfo(kind, doc), (run) => stepsFromEvents(startText, run, events), { unit: final.unit, name: final.name, line: final.line });
}
