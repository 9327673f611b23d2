import fs = require('fs');
import type { Tree } from 'web-tree-sitter';
import type { EngineRequest, ModelInfo, PerturbationDocument } from './engine';
import { inputError, usageError } from './errors';
import type { GrammarLoader } from './languages/grammarLoader';
import type { ModelChoice } from './llm/chat';
import type { UsageRecord } from './llm/usage';
import { roundedScores } from './round';
import { StepLimits, StepRunner } from './search/runner';
import type { Current, StepRecord } from './search/types';
import { parseBaseline } from './similarity/baseline';
import { createScorer } from './similarity/scorer';
import { growthOf, lineCount, NO_SIZE, Size } from './similarity/size';
import { SourceForm } from './sourceForm';
import { isJunkMethod } from './transforms/catalogue';
import { selectUnit, UnitState, unitText } from './unit';
import { Verdict, Verifier } from './verify/verifier';
import { Workspace } from './workspace/workspace';

/**
 * What every run of the engine starts and ends with, whoever runs it (a search, one method by hand,
 * a CodeCrash perturbation): the request in the engine's text form, the session (the parse, the
 * unit, its verifier, scorer and step runner) and the perturb document made from where it ended.
 */

/**
 * Files beyond this are refused. A function in a file this size costs about what it costs alone
 * plus one parse of the file (bench:in-file measures 5 MB files), and the memory grows with the
 * file's trees and text: the limit keeps a run within about 500 MB.
 */
export const MAX_FILE_CHARS = 6_000_000;
export const MAX_UNIT_CHARS = 400_000;

/**
 * The request as the engine works on it: LF text (the selector's offsets and the baseline
 * moved with it) and the form to write the file back in, which the verifier writes every scratch
 * copy with. `onStep` gets its states back with the file's line endings. Idempotent.
 */
export function inSourceForm<R extends EngineRequest>(req: R): R {
  if (req.verify.form) return req;
  const form = new SourceForm(req.text, req.encoding);
  const { selector, onStep } = req;
  // Object.assign, not a spread with fields after it: the same object, several times faster in Node 20 (dataset/process.ts)
  return Object.assign({}, req, {
    text: form.text,
    selector: {
      ...selector,
      ...(selector.offset !== undefined ? { offset: form.endings.toLf(selector.offset) } : {}),
      ...(selector.range ? { range: form.span(selector.range) } : {}),
      ...(selector.extent ? { extent: form.span(selector.extent) } : {}),
    },
    ...(req.baseline !== undefined ? { baseline: req.baseline.replace(/\r\n/g, '\n') } : {}),
    verify: { ...req.verify, form },
    ...(onStep ? { onStep: (step: StepRecord, after: UnitState) => onStep(step, form.state(after)) } : {}),
  });
}

/** The document's `original`, `perturbed` and `file`, with the file's line endings. */
function documentTexts(req: EngineRequest, original: UnitState, final: UnitState): { original: string; perturbed: string; file: string } {
  const form = req.verify.form;
  if (!form) return { original: unitText(original), perturbed: unitText(final), file: final.text };
  return { original: form.unitText(original), perturbed: form.unitText(final), file: form.restore(final.text) };
}

export interface Session {
  start: Current;
  original: UnitState;
  runner: StepRunner;
  verifier: Verifier;
  /** The size growth is measured against (the first original's, when one was given). */
  originalSize: Size;
  dispose(): void;
}

export interface SessionOptions {
  limits?: StepLimits;
  /**
   * Whether new names also avoid the unit's first words (default), not only the test file's.
   * CodeCrash never did (its names are numbered families, f1 and Var_1), and its records must
   * stay as they were made.
   */
  reserveUnitWords?: boolean;
}

/**
 * Parses, selects the unit, checks the original and sets up scoring: what every run starts with.
 * The caller owns `start.tree` once this returns (it deletes it, or the tree it was replaced by).
 */
export async function openSession(loader: GrammarLoader, req: EngineRequest, options: SessionOptions = {}): Promise<Session> {
  if (req.text.length > MAX_FILE_CHARS) {
    throw inputError(
      `the file is too large (${(req.text.length / 1e6).toFixed(1)} million characters; the limit is ${MAX_FILE_CHARS / 1e6} million): move the function into a smaller file to perturb it`,
    );
  }
  if (req.text.trim() === '') throw inputError(`${req.filePath ?? 'the file'} is empty: there is nothing to perturb`);
  const tree: Tree = await loader.parse(req.lang, req.text);
  let verifier: Verifier | undefined;
  try {
    let original = selectUnit(req.lang, tree, req.text, req.selector);
    if (original.unit.end - original.unit.start > MAX_UNIT_CHARS) {
      throw inputError(`the unit is too large (${original.unit.end - original.unit.start} characters; the limit is ${MAX_UNIT_CHARS}): choose one function with --function`);
    }
    verifier = new Verifier(req.lang, { ...req.verify, filePath: req.filePath, signal: req.signal }, req.text);
    // in a project, renames follow references into its other files (returned in `files`)
    if (verifier.project && req.filePath) original = { ...original, project: { workspace: Workspace.forFile(verifier.project.root, req.filePath, req.lang), files: {} } };
    await verifier.prepare(original, tree);
    const baseline = req.baseline === undefined ? undefined : await parseBaseline(loader, req.lang, req.text, original.unit, req.baseline);
    const scorer = createScorer(req.lang, original, tree, { mu: req.mu, minMatch: req.minMatch, baseline });
    // new names avoid the test file's (it is renamed too) and the unit's first ones: a rename back
    // to one would undo an earlier step (synonyms go both ways: `lead_time` <-> `delivery_time`)
    const firstUnit = req.baseline ?? req.text.slice(original.unit.start, original.unit.end);
    const reserved = [...(req.verify.testFile ? testWords(req.verify.testFile) : []), ...(options.reserveUnitWords === false ? [] : identifiersOf(firstUnit))];
    const engine = req.engine ?? 'local';
    if (engine !== 'local' && !req.llm) throw usageError(`the ${engine} engine needs a model: give a base URL, a model and an API key`);
    const onVerdict = req.onVerification && ((method: string, line: number, verdict: Verdict) => req.onVerification!({ method, line, verdict }));
    const runner = new StepRunner(loader, req.lang, verifier, scorer, reserved, req.signal, { engine, llm: req.llm }, original, onVerdict, options.limits);
    const size = { tokens: scorer.tokenCount(original, tree), lines: lineCount(unitText(original)) };
    const junk = (req.earlierMethods ?? []).filter(isJunkMethod).length;
    const start: Current = { state: original, tree, scores: scorer.score(original, tree), renames: [], size, outside: NO_SIZE, junk };
    const v = verifier;
    return {
      start,
      original,
      runner,
      verifier: v,
      originalSize: scorer.original,
      dispose: () => v.dispose(),
    };
  } catch (e) {
    tree.delete();
    verifier?.dispose();
    throw e;
  }
}

/** Words of the test file: new names must not collide with them either, since the test is renamed too. */
function testWords(file: string): string[] {
  return identifiersOf(fs.readFileSync(file, 'utf8'));
}

function identifiersOf(text: string): string[] {
  return text.match(/[A-Za-z_$][A-Za-z0-9_$]*/g) ?? [];
}

function modelInfo(choice: ModelChoice): ModelInfo {
  return { kind: choice.provider.kind, model: choice.provider.model, baseUrl: choice.provider.baseUrl, temperature: choice.temperature };
}

/** Where a run ended: the state it kept and every step it took. */
export interface Outcome {
  current: Current;
  steps: StepRecord[];
}

/**
 * The perturb document of a session's run. `head` follows `entryPoint`: the strategy, and
 * whatever the run adds to say what made it (CodeCrash's perturbation mark). `usage`: what the
 * run's LLM calls cost, when it made any worth reporting.
 */
export function sessionDocument<H extends { strategy: string }>(
  req: EngineRequest,
  session: Session,
  outcome: Outcome,
  started: number,
  head: H,
  usage?: UsageRecord,
): PerturbationDocument & H {
  const final = outcome.current.state;
  const engine = req.engine ?? 'local';
  const llm = engine !== 'local' && req.llm ? { perturber: modelInfo(req.llm.perturber), voters: req.llm.voters.map(modelInfo) } : undefined;
  return {
    language: req.lang,
    function: session.original.unitKind === 'function' ? session.original.entryPoint : null,
    entryPoint: final.entryPoint,
    ...head,
    engine,
    ...(llm ? { llm } : {}),
    seed: req.search.seed,
    ...documentTexts(req, session.original, final),
    files: sortedFiles(final.project?.files ?? {}),
    similarity: roundedScores(outcome.current.scores),
    growth: growthOf(outcome.current.size, session.originalSize),
    steps: roundedSteps(outcome.steps),
    verification: { ...session.verifier.record },
    ...(usage ? { usage } : {}),
    elapsedMs: Date.now() - started,
  };
}

function roundedSteps(steps: StepRecord[]): StepRecord[] {
  return steps.map((s) => ({ ...s, similarity: s.similarity && roundedScores(s.similarity) }));
}

/** Other changed files in path order: the same run prints the same document. */
function sortedFiles(files: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of Object.keys(files).sort()) out[rel] = files[rel];
  return out;
}
