import type { EngineRequest, PerturbationDocument } from '../engine';
import { CodemorphError, stopsRun, usageError } from '../errors';
import type { GrammarLoader } from '../languages/grammarLoader';
import type { LanguageId } from '../languages/languageIds';
import { profileOf } from '../languages/profiles';
import { Rng } from '../random';
import { emptyRecord, stepRecord } from '../search/runner';
import type { Current, StepRecord } from '../search/types';
import { sumUsage } from '../llm/usage';
import { inSourceForm, openSession, sessionDocument } from '../session';
import type { Method } from '../transforms/method';
import { unitText, UnitState } from '../unit';
import { resolveTool } from '../verify/toolchains';
import { gbc, gbcMethod } from './gbc';
import { mcc } from './mcc';
import { exampleCalls, Hint, HINT_TASKS, HintOptions, HintTask, makeHint, mhcMethod } from './mhc';
import { testedExamples, testedHint, testedInputHint } from './testedHint';
import { mps } from './mps';
import { ren } from './ren';
import { rtf, rtfMethod } from './rtf';
import { InjectionControls, withInjection } from './spots';
import { roundedScores } from '../round';

export const PERTURBATIONS = ['ren', 'rtf', 'gbc', 'psc-all', 'mcc', 'mps', 'mhc'] as const;
export type PerturbationId = (typeof PERTURBATIONS)[number];

/**
 * CodeCrash's levels: structural perturbations keep everything the program does, printed output
 * included; contextual (MCC, MPS) and reasoning-level (MHC) ones keep the return value only
 * (MPS prints), so their results are marked as such.
 */
export type PerturbationKind = 'structural' | 'contextual' | 'reasoning';
export const KIND: Record<PerturbationId, PerturbationKind> = {
  ren: 'structural',
  rtf: 'structural',
  gbc: 'structural',
  'psc-all': 'structural',
  mcc: 'contextual',
  mps: 'contextual',
  mhc: 'reasoning',
};

/**
 * The perturb document with which CodeCrash perturbation made it. `unchanged`: every step found
 * nothing to change (no condition for RTF...), so the code is kept as it is, as CodeCrash keeps
 * it, with this note saying so, rather than failing the record.
 */
export type CodeCrashDocument = PerturbationDocument & { perturbation: PerturbationMark; unchanged?: string };

/** The note of a CodeCrash run that kept its code unchanged because there was nothing to change, if it is one. */
export function unchangedNote(doc: PerturbationDocument): string | undefined {
  return (doc as Partial<CodeCrashDocument>).unchanged;
}

/** How a result says which perturbation made it; `contextual`: only the return value is kept, not the output. */
export interface PerturbationMark {
  id: PerturbationId;
  kind: PerturbationKind;
  contextual: boolean;
}

export function perturbationMark(id: PerturbationId): PerturbationMark {
  return { id, kind: KIND[id], contextual: KIND[id] !== 'structural' };
}

/**
 * MPS's prints change the output by design: without a test command of the user's, its test run
 * compares the exit status only (the program runs with stdout discarded), so asserts still count.
 */
function verifyOptionsFor(id: PerturbationId, lang: LanguageId, verify: EngineRequest['verify']): EngineRequest['verify'] {
  if (id !== 'mps' || verify.level !== 'test' || verify.testCmd || !profileOf(lang).codecrash.runsFromSource) return verify;
  const runtime = resolveTool(lang, 'runtime', verify.toolchains);
  return { ...verify, testCmd: `'${runtime.command.replace(/'/g, `'\\''`)}' {file} > /dev/null` };
}

const LOCAL: Record<Exclude<PerturbationId, 'psc-all' | 'mhc'>, Method> = { ren, rtf, gbc, mcc, mps };

export function isPerturbation(id: string): id is PerturbationId {
  return (PERTURBATIONS as readonly string[]).includes(id);
}

/** The single perturbations a CodeCrash id applies, in order: PSC-ALL is REN, then RTF, then GBC. */
export function stepsOf(id: PerturbationId): Exclude<PerturbationId, 'psc-all'>[] {
  return id === 'psc-all' ? ['ren', 'rtf', 'gbc'] : [id];
}

/** Why a perturbation cannot run on a language, or null. */
export function unsupported(id: PerturbationId, lang: LanguageId): string | null {
  for (const step of stepsOf(id)) {
    if (step !== 'mhc') {
      const support = LOCAL[step].support(lang);
      if (!support.applicable) return `${step}: ${support.reason}`;
    }
  }
  return null;
}

/** The hint for the first example call that runs (a test may also call with inputs that raise on purpose). */
async function firstHint(file: string, unitCode: string, calls: readonly string[], options: HintOptions): Promise<Hint> {
  let failure: unknown;
  for (const call of calls.slice(0, 5)) {
    try {
      return await makeHint(file, unitCode, call, options);
    } catch (e) {
      // a refused key or a dead endpoint fails every call alike: no point trying the next one
      if (!(e instanceof CodemorphError) || e.kind !== 'failed' || stopsRun(e)) throw e;
      failure = failure ?? e;
    }
  }
  throw failure;
}

/**
 * MHC's hint, or why there is none. Python asks the program what an example call returns; the
 * other languages take the value their record's test compares the call with, and for the input
 * form run the test with the call's arguments changed (testedHint.ts).
 */
async function hintFor(req: PerturbationRequest, entry: string | undefined, outside: string, state: UnitState): Promise<Hint | string> {
  const name = entry ?? 'f';
  if (!profileOf(req.lang).codecrash.hintFromCall) {
    const examples = entry ? testedExamples(outside, entry) : [];
    if (examples.length === 0) return `mhc needs a test that compares a call of ${name} with literal arguments to a literal, like if (${name}(3) != 7) abort(); or assert_eq!(${name}(3), 7)`;
    const run = { toolchains: req.verify.toolchains, timeoutMs: req.verify.timeoutMs, signal: req.signal };
    return req.mhcTask === 'input' ? testedInputHint(req.lang, state.text, examples, state.unit, run) : testedHint(req.lang, req.text, examples, run);
  }
  const calls = entry ? exampleCalls(outside, entry) : [];
  if (calls.length === 0) return `mhc needs an example call of ${name} with literal arguments, like assert ${name}('abc') == ...: give a test that makes one (dataset: the record's "test"; perturb: --test-file)`;
  const form = req.verify.form;
  return firstHint(state.text, unitText(state), calls, {
    toolchains: req.verify.toolchains,
    timeoutMs: req.verify.timeoutMs,
    bytes: form && ((text) => form.bytes(text)),
    llm: req.llm,
    signal: req.signal,
    task: req.mhcTask,
  });
}

export interface PerturbationRequest extends EngineRequest {
  perturbation: PerturbationId;
  /** Text to find an example call of the entry point in, for MHC (a test); the file itself otherwise. */
  exampleSource?: string;
  /** GBC's dead shapes per function (--gbc-count); a seeded two to four when unset. */
  gbcCount?: number;
  /** How many of the unit's conditions RTF rewrites, a seeded choice (--rtf-count); all when unset. */
  rtfCount?: number;
  /** MCC's and MPS's --p and --once; every spot gets its line when unset. */
  injection?: InjectionControls;
  /** MHC's --task: a wrong output for the example call (the default) or a wrong input for its result. */
  mhcTask?: HintTask;
}

/** The stream the injection controls draw spots from: its own, so --p 1 keeps every message the default draws. */
const INJECTION_SALT = 0x2c1b3c6d;

/**
 * Applies one CodeCrash perturbation (docs/cli.md, `--perturbation`) instead of a search: each of its
 * steps is made locally, verified like any step and reported; a step that finds nothing to do
 * or fails verification is reported rejected and the next one still runs. MHC asks the LLM for
 * its wrong value when one is set up (`llm`), whatever the engine.
 */
export async function applyPerturbation(loader: GrammarLoader, req: PerturbationRequest): Promise<CodeCrashDocument> {
  req = inSourceForm(req);
  const started = Date.now();
  const why = unsupported(req.perturbation, req.lang);
  if (why) throw new CodemorphError('failed', `${req.perturbation} is not available for ${req.lang}: ${why}`);
  // the engine's session and document: its size limits, and in a project the other files a rename changed;
  // the steps are local rewrites whatever the engine: only MHC's hint may come from the model
  // Object.assign: the spread with fields after it is several times slower in Node 20 (dataset/process.ts)
  const local: EngineRequest = Object.assign({}, req, { engine: 'local' as const, verify: verifyOptionsFor(req.perturbation, req.lang, req.verify) });
  const session = await openSession(loader, local, { reserveUnitWords: false });
  const { runner, original } = session;
  let current: Current = session.start;
  try {
    const rng = new Rng(req.search.seed);
    const steps: StepRecord[] = [];
    const idle: string[] = [];
    let drewNone: string | undefined;
    for (const id of stepsOf(req.perturbation)) {
      const iteration = steps.length + 1;
      let method: Method;
      let usage = null;
      if (id === 'mhc') {
        const entry = current.state.entryPoint ?? runner.context(current.state, current.tree).unitFunctions[0]?.name;
        const outside = req.exampleSource ?? req.text.slice(0, original.unit.start) + req.text.slice(original.unit.end);
        const made = await hintFor(req, entry, outside, current.state);
        if (typeof made === 'string') {
          steps.push(emptyRecord(iteration, 'basic', id, made));
          continue;
        }
        usage = made.usage;
        method = mhcMethod(made);
      } else if ((id === 'mcc' || id === 'mps') && req.injection) method = withInjection(LOCAL[id], req.injection, req.search.seed ^ INJECTION_SALT);
      else method = id === 'gbc' && req.gbcCount !== undefined ? gbcMethod(req.gbcCount) : id === 'rtf' && req.rtfCount !== undefined ? rtfMethod(req.rtfCount) : LOCAL[id];
      const attempt = await runner.attempt(method, current, rng, true);
      if (!attempt) {
        // the draw of --p can leave out every spot: say so, not that there was none
        const every = req.injection && (id === 'mcc' || id === 'mps') ? LOCAL[id].findSites(runner.context(current.state, current.tree))[0] : undefined;
        if (every) drewNone = `${id} drew none of its ${every.label} (--p ${req.injection!.p})`;
        steps.push(emptyRecord(iteration, method.category, id, drewNone ?? `${id} has nothing to change in this unit`));
        idle.push(id);
        continue;
      }
      const passed = attempt.verdict.reason === null;
      const step = stepRecord(iteration, attempt, passed, attempt.verdict.reason);
      if (usage) step.usage = sumUsage([usage, step.usage]);
      steps.push({ ...step, similarity: step.similarity && roundedScores(step.similarity) });
      if (passed) current = runner.accept(current, attempt);
      else runner.discard(attempt);
      req.onStep?.(steps[steps.length - 1], current.state);
    }
    const usages = steps.map((s) => s.usage).filter((u) => u !== null);
    const head = {
      strategy: `codecrash:${req.perturbation}`,
      perturbation: perturbationMark(req.perturbation),
      ...(idle.length === steps.length ? { unchanged: `${drewNone ?? `${idle.join(', ')} had nothing to change in this unit`}: the code is kept unchanged` } : {}),
    };
    return sessionDocument(local, session, { current, steps }, started, head, usages.length ? sumUsage(usages) : undefined);
  } finally {
    current.tree.delete();
    session.dispose();
  }
}

/** --gbc-count N: only with a perturbation that runs GBC. */
export function gbcCountOption(perturbation: PerturbationId | undefined, count: number | undefined): number | undefined {
  if (count === undefined) return undefined;
  if (!perturbation || !stepsOf(perturbation).includes('gbc')) throw usageError('--gbc-count applies to --perturbation gbc or psc-all: add one, or drop --gbc-count');
  return count;
}

/** --rtf-count N: only with a perturbation that runs RTF. */
export function rtfCountOption(perturbation: PerturbationId | undefined, count: number | undefined): number | undefined {
  if (count === undefined) return undefined;
  if (!perturbation || !stepsOf(perturbation).includes('rtf')) throw usageError('--rtf-count applies to --perturbation rtf or psc-all: add one, or drop --rtf-count');
  return count;
}

/** --p P and --once: only with MCC or MPS, P a probability above 0 (at most 1). */
export function injectionOption(perturbation: PerturbationId | undefined, p: number | undefined, once: boolean): InjectionControls | undefined {
  if (p === undefined && !once) return undefined;
  const given = [...(p !== undefined ? ['--p'] : []), ...(once ? ['--once'] : [])].join(' and ');
  if (perturbation !== 'mcc' && perturbation !== 'mps') throw usageError(`${given} ${once && p !== undefined ? 'apply' : 'applies'} to --perturbation mcc or mps: add one, or drop ${given}`);
  if (p !== undefined && !(p > 0 && p <= 1)) throw usageError(`--p is the probability that each spot gets a line: a number above 0 and at most 1, not ${p}`);
  return { ...(p !== undefined ? { p } : {}), ...(once ? { once } : {}) };
}

/** --task output|input: only with MHC. */
export function mhcTaskOption(perturbation: PerturbationId | undefined, task: string | undefined): HintTask | undefined {
  if (task === undefined) return undefined;
  if (perturbation !== 'mhc') throw usageError('--task applies to --perturbation mhc: add it, or drop --task');
  if (!(HINT_TASKS as readonly string[]).includes(task)) throw usageError(`--task takes ${HINT_TASKS.join(' or ')} (the prediction MHC's hint misleads), not ${task}`);
  return task as HintTask;
}

export function perturbationOption(value: string | undefined): PerturbationId | undefined {
  if (value === undefined) return undefined;
  if (!isPerturbation(value)) throw usageError(`--perturbation takes ${PERTURBATIONS.join(', ')}, not ${value}`);
  return value;
}
