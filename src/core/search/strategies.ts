import type { Rng } from '../random';
import { Category, CATEGORIES } from '../transforms/catalogue';
import type { Method } from '../transforms/method';
import { emptyRecord, StepRunner, stepRecord } from './runner';
import type { UnitState } from '../unit';
import { Current, DEFAULT_BEAM_WIDTH, SearchOptions, StepRecord } from './types';

export interface SearchRun {
  runner: StepRunner;
  /** Methods the run may use: supported by the language and allowed by the options. */
  methods: readonly Method[];
  options: SearchOptions;
  rng: Rng;
  /** Every step, with the unit's state after it (the state before it when the step was rejected). */
  onStep?: (step: StepRecord, after: UnitState) => void;
}

export interface SearchOutcome {
  current: Current;
  steps: StepRecord[];
}

const OPENING = ['function-rename', 'variable-rename'];

/** Four decimals, or as many as it takes to show two different values apart. */
function fmt(value: number, other: number): string {
  for (let digits = 4; digits < 12; digits++) if (value.toFixed(digits) !== other.toFixed(digits)) return value.toFixed(digits);
  return value.toFixed(12);
}

/**
 * Why nothing of `category` (or nothing at all) can act on the unit. With `--methods`, the
 * methods it allows are named: "no arithmetic method applies" would speak of methods the user
 * ruled out, and not of the one asked for.
 */
function nothingApplies(run: SearchRun, category?: Category): string {
  if (!run.options.methods) return `no ${category ? `${category} ` : ''}method applies to this unit`;
  const ids = run.methods.filter((m) => !category || m.category === category).map((m) => m.id);
  return `${ids.join(', ')} ${ids.length === 1 ? 'has' : 'have'} no site in this unit`;
}

/** A category none of whose methods the run may use (`--methods` named none of them): it has no place in the history. */
function excluded(run: SearchRun, category: Category): boolean {
  return run.options.methods !== undefined && !run.methods.some((m) => m.category === category);
}

/**
 * PESO's start, shared by every strategy so they differ only in how they choose: function-rename,
 * then variable-rename (every name at once), each kept when it verifies. They are iteration 0
 * and do not count against the budget.
 */
async function opening(run: SearchRun, start: Current, steps: StepRecord[]): Promise<Current> {
  let current = start;
  for (const id of OPENING) {
    const method = run.methods.find((m) => m.id === id);
    if (!method) continue;
    const attempt = await run.runner.attempt(method, current, run.rng, true);
    if (!attempt) continue;
    const passed = attempt.verdict.reason === null;
    const step = stepRecord(0, attempt, passed, attempt.verdict.reason);
    if (passed) current = run.runner.accept(current, attempt);
    else run.runner.discard(attempt);
    steps.push(step);
    run.onStep?.(step, current.state);
  }
  return current;
}

/**
 * Boltzmann weights of the categories from their last gains (docs/engine.md, "PESO"). A gain is a drop
 * in overall similarity, a fraction of 1 that rarely passes 0.1 per step, so the paper's T = 2
 * applied to it would weigh every category within a few percent of the others and the draw
 * would be uniform: gains count in percentage points, where T = 2 means a category that last
 * gained 2 points is e times as likely to be drawn as one that gained nothing.
 */
export function categoryWeights(gains: readonly number[], temperature: number): number[] {
  return gains.map((gain) => Math.exp((100 * gain) / temperature));
}

/** PESO (docs/engine.md, "PESO": Algorithm 1 of the paper): Boltzmann selection over the categories' last gains. */
export async function peso(run: SearchRun, start: Current): Promise<SearchOutcome> {
  const steps: StepRecord[] = [];
  let current = await opening(run, start, steps);
  let mss = current.scores.overall;
  const gain = new Map<Category, number>(CATEGORIES.map((c) => [c, 0]));
  const choose = (category: Category) =>
    run.runner.choose(
      run.methods.filter((m) => m.category === category),
      current,
      run.rng,
    );

  const iterate = async (iteration: number, category: Category, method: Method) => {
    let step: StepRecord;
    let og = 0;
    const attempt = (await run.runner.attempt(method, current, run.rng))!;
    if (attempt.verdict.reason !== null) {
      step = stepRecord(iteration, attempt, false, attempt.verdict.reason);
      run.runner.discard(attempt);
    } else if (attempt.scores!.overall <= mss) {
      og = mss - attempt.scores!.overall;
      mss = attempt.scores!.overall;
      step = stepRecord(iteration, attempt, true, null);
      current = run.runner.accept(current, attempt);
    } else {
      step = stepRecord(iteration, attempt, false, `similarity ${fmt(attempt.scores!.overall, mss)} is above the best so far, ${fmt(mss, attempt.scores!.overall)}`);
      run.runner.discard(attempt);
    }
    gain.set(category, og);
    steps.push(step);
    run.onStep?.(step, current.state);
  };

  // A category with no method that can act here is recorded, gains nothing and spends no
  // iteration: the budget goes to steps that can change the unit (docs/engine.md, "PESO").
  const skip = (category: Category) => {
    if (excluded(run, category)) return;
    const step = emptyRecord(0, category, null, nothingApplies(run, category));
    steps.push(step);
    run.onStep?.(step, current.state);
  };

  let iteration = 0;
  for (const category of CATEGORIES) {
    if (iteration >= run.options.maxIter) break;
    const method = choose(category);
    if (!method) skip(category);
    else await iterate(++iteration, category, method);
  }
  while (iteration < run.options.maxIter && mss > run.options.threshold) {
    // Draw among the categories that can act now: one drawn with nothing to apply is set aside
    // and the draw repeated, which gives each of the others its Boltzmann share of the draw.
    let open = [...CATEGORIES];
    let chosen: { category: Category; method: Method } | null = null;
    while (open.length > 0 && !chosen) {
      const category = open[run.rng.weighted(categoryWeights(open.map((c) => gain.get(c)!), run.options.temperature))];
      const method = choose(category);
      if (method) chosen = { category, method };
      else open = open.filter((c) => c !== category);
    }
    if (!chosen) break; // nothing can act on this unit any more
    await iterate(++iteration, chosen.category, chosen.method);
  }
  return { current, steps };
}

/** The paper's ablation: a uniformly chosen applicable method each iteration, every verified step kept. */
export async function randomSearch(run: SearchRun, start: Current): Promise<SearchOutcome> {
  const steps: StepRecord[] = [];
  let current = await opening(run, start, steps);
  for (let iteration = 1; iteration <= run.options.maxIter; iteration++) {
    const method = run.runner.choose(run.methods, current, run.rng);
    let step: StepRecord;
    if (!method) {
      step = emptyRecord(iteration, null, null, nothingApplies(run));
    } else {
      const attempt = (await run.runner.attempt(method, current, run.rng))!;
      const passed = attempt.verdict.reason === null;
      step = stepRecord(iteration, attempt, passed, attempt.verdict.reason);
      if (passed) current = run.runner.accept(current, attempt);
      else run.runner.discard(attempt);
    }
    steps.push(step);
    run.onStep?.(step, current.state);
  }
  return { current, steps };
}

interface BeamEntry {
  current: Current;
  /** The steps from the opening to this candidate, each with the state it led to. */
  lineage: { step: StepRecord; after: UnitState }[];
}

/**
 * Beam search over compositions (Auto-SPT's Algorithm 1, shared/seeds/002): each round expands
 * every candidate of the beam with every applicable method, keeps the verified candidates, and
 * retains the `beamWidth` of lowest overall similarity. The parents stay in the pool, so the
 * beam's best never gets worse; the result is the best candidate of the last beam, and its
 * steps are the chain of rewrites that built it.
 */
export async function beam(run: SearchRun, start: Current): Promise<SearchOutcome> {
  const steps: StepRecord[] = [];
  const width = Math.max(1, run.options.beamWidth ?? DEFAULT_BEAM_WIDTH);
  let entries: BeamEntry[] = [{ current: await opening(run, start, steps), lineage: [] }];
  // the history holds only the winning chain: when there is none, it says why (as PESO's and random's do)
  let tried = false;
  let lastRejected: StepRecord | null = null;
  for (let round = 1; round <= run.options.maxIter && entries[0].current.scores.overall > run.options.threshold; round++) {
    const pool: BeamEntry[] = [...entries];
    // the round's rewrites are made in the order they always were, then checked together (runner.attempts)
    const jobs = entries.flatMap((entry) => run.runner.applicable(run.methods, entry.current).map((method) => ({ entry, method, current: entry.current })));
    if (jobs.length > 0) tried = true;
    const attempts = await run.runner.attempts(jobs, run.rng);
    for (const [i, { entry }] of jobs.entries()) {
      const attempt = attempts[i]!;
      if (attempt.verdict.reason !== null) {
        lastRejected = stepRecord(round, attempt, false, attempt.verdict.reason);
        run.runner.discard(attempt);
        continue;
      }
      const step = stepRecord(round, attempt, true, null);
      const promoted = run.runner.promote(entry.current, attempt);
      pool.push({ current: promoted, lineage: [...entry.lineage, { step, after: promoted.state }] });
    }
    const seen = new Set<string>();
    const ranked = pool
      .map((entry, order) => ({ entry, order }))
      .sort((a, b) => a.entry.current.scores.overall - b.entry.current.scores.overall || a.order - b.order)
      .map(({ entry }) => entry)
      .filter((entry) => !seen.has(entry.current.state.text) && seen.add(entry.current.state.text));
    const kept = ranked.slice(0, width);
    for (const entry of pool) if (!kept.includes(entry)) entry.current.tree.delete();
    entries = kept;
  }
  for (const entry of entries.slice(1)) entry.current.tree.delete();
  const best = entries[0];
  for (const { step, after } of best.lineage) {
    steps.push(step);
    run.onStep?.(step, after);
  }
  if (best.lineage.length === 0 && !steps.some((s) => s.accepted) && run.options.maxIter > 0) {
    const why = !tried ? emptyRecord(1, null, null, nothingApplies(run)) : lastRejected;
    if (why) {
      steps.push(why);
      run.onStep?.(why, best.current.state);
    }
  }
  return { current: best.current, steps };
}
