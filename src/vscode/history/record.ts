import type { PerturbationDocument } from '../../core/engine';
import type { LanguageId } from '../../core/languages/languageIds';
import type { EngineKind } from '../../core/llm/llmEngine';
import type { Growth } from '../../core/similarity/size';
import type { StepRecord } from '../../core/search/types';
import type { Scores } from '../../core/similarity/scorer';
import { minimalEdit } from '../../core/text/edits';
export { findEdit } from '../../core/text/edits';
import type { FileEdit, HistoryKind, HistoryStep, RunInfo, UnitHistory } from './types';

// Pure operations on a unit's history: what the commands do to it, testable without an editor.

/** Text kept on each side of a step's edit to find it again once other edits moved it. */
const CONTEXT_CHARS = 40;
/** Compiler output kept with a rejected step: enough to see why, small enough for workspace state. */
export const OUTPUT_CHARS = 4000;

export function newHistory(
  kind: HistoryKind,
  language: LanguageId,
  unit: { name: string | null; container: string | null; text: string; line: number },
): UnitHistory {
  const qualified = unit.container ? `${unit.container}.${unit.name}` : unit.name;
  return {
    version: 1,
    key: kind === 'file' ? 'file' : `function:${qualified}@${unit.line}`,
    kind,
    language,
    originalName: unit.name,
    currentName: unit.name,
    container: unit.container,
    original: unit.text,
    current: unit.text,
    line: unit.line,
    runs: [],
    steps: [],
  };
}

/** The smallest replacement that turns `before` into `after`, with context to find it later. */
export function fileEdit(before: string, after: string): FileEdit {
  const edit = minimalEdit(before, after);
  return {
    start: edit.start,
    removed: before.slice(edit.start, edit.end),
    inserted: edit.text,
    before: before.slice(Math.max(0, edit.start - CONTEXT_CHARS), edit.start),
    after: before.slice(edit.end, edit.end + CONTEXT_CHARS),
  };
}

/** One engine step as the editor saw it: the step, the state after it, the verification output. */
export interface StepEvent {
  step: StepRecord;
  /** The whole file, the history's unit in it, and the function's name, after the step. */
  after: { file: string; unit: string; name: string | null };
  output?: string;
}

function shorten(output: string): string {
  return output.length > OUTPUT_CHARS ? `${output.slice(0, OUTPUT_CHARS)}\n… (${output.length - OUTPUT_CHARS} more characters)` : output;
}

/** History steps of one run, each kept step with the file edit that led from the previous state to it. */
export function stepsFromEvents(startFile: string, run: number, events: readonly StepEvent[]): HistoryStep[] {
  let previous = startFile;
  return events.map((event): HistoryStep => {
    if (!event.step.accepted) return { step: event.step, run, ...(event.output ? { output: shorten(event.output) } : {}) };
    const step: HistoryStep = { step: event.step, run, after: { unit: event.after.unit, name: event.after.name, edit: fileEdit(previous, event.after.file) } };
    previous = event.after.file;
    return step;
  });
}

/** The history with a run's steps added; the unit is now `final`. */
export function appendRun(history: UnitHistory, run: RunInfo, steps: (runIndex: number) => HistoryStep[], final: { unit: string; name: string | null; line: number }): UnitHistory {
  const runIndex = history.runs.length;
  return {
    ...history,
    runs: [...history.runs, run],
    steps: [...history.steps, ...steps(runIndex)],
    current: final.unit,
    currentName: final.name,
    line: final.line,
  };
}

/**
 * A selection run's step as the history records it. The search scores the selection on its own
 * text (that is what it lowers), but the history, the views and the inline text show one figure
 * per state: the unit's similarity to its first original. So a kept step gets the unit's figure
 * (`unitScores`), and a rejected one none, with its reason saying whose figure it compared.
 */
export function selectionStep(step: StepRecord, unitScores: Scores | null): StepRecord {
  if (step.accepted) return { ...step, similarity: unitScores };
  const reason = step.reason && step.similarity && step.reason.startsWith('similarity ') ? `${step.reason} (similarity of the selection alone)` : step.reason;
  return { ...step, similarity: null, reason };
}

export function keptSteps(history: UnitHistory): HistoryStep[] {
  return history.steps.filter((s) => s.step.accepted && s.after);
}

/** The unit text before step `index` of `history.steps` (the previous kept step's, or the original). */
export function unitBefore(history: UnitHistory, index: number): string {
  for (let i = index - 1; i >= 0; i--) {
    const after = history.steps[i].after;
    if (history.steps[i].step.accepted && after) return after.unit;
  }
  return history.original;
}

/**
 * The history without its last kept step (and the rejected steps tried after it): what "Undo
 * last step" leaves. Undefined when there is no kept step.
 */
export function withoutLastStep(history: UnitHistory): { history: UnitHistory; removed: HistoryStep } | undefined {
  let last = -1;
  history.steps.forEach((s, i) => {
    if (s.step.accepted && s.after) last = i;
  });
  if (last < 0) return undefined;
  const steps = history.steps.slice(0, last);
  const previous = [...steps].reverse().find((s) => s.step.accepted && s.after);
  // a run left without steps (a method applied by hand, undone) goes too: it did nothing that
  // stays, and a saved entry would name its strategy and its verification. Only trailing runs
  // go, so the steps' run indices stay right.
  let runs = history.runs.length;
  while (runs > 0 && !steps.some((s) => s.run === runs - 1)) runs--;
  return {
    history: {
      ...history,
      steps,
      runs: history.runs.slice(0, runs),
      current: previous?.after?.unit ?? history.original,
      currentName: previous?.after?.name ?? history.originalName,
    },
    removed: history.steps[last],
  };
}

/**
 * The history as one perturbation document, for "Save as benchmark entry": the first original,
 * the unit as it is now, every step of every run, and what the last run verified with.
 */
export function documentForEntry(history: UnitHistory, now: { unit: string; file: string; similarity: Scores; growth: Growth }): PerturbationDocument {
  // the runs whose steps are still in the history: what ran to make the code as it is
  const used = history.runs.filter((_, i) => history.steps.some((s) => s.run === i));
  const last = used[used.length - 1];
  const strategies = [...new Set(used.map((r) => r.strategy))];
  return {
    language: history.language,
    function: history.originalName,
    entryPoint: history.currentName,
    strategy: strategies.join('+') || 'none',
    engine: (last?.engine ?? 'local') as EngineKind,
    ...(last?.model ? { llm: { perturber: { kind: last.model.provider, model: last.model.model, baseUrl: last.model.baseUrl, temperature: last.model.temperature }, voters: [] } } : {}),
    seed: used[0]?.seed ?? 0,
    original: history.original,
    perturbed: now.unit,
    file: now.file,
    files: {},
    similarity: now.similarity,
    growth: now.growth,
    steps: history.steps.map((s) => s.step),
    verification: last?.verification ?? { level: 'syntax', compile: null, test: null },
    elapsedMs: 0,
  };
}
