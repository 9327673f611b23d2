import type { BenchmarkRecord } from '../benchmark/formats';
import { isCodemorphError, stopsRun } from '../errors';
import type { GrammarLoader } from '../languages/grammarLoader';
import type { ModelChoice } from '../llm/chat';
import { Rng } from '../random';
import { bleu4 } from './bleu';
import { statedExamples } from './commentStatement';
import { generateContext, InputContext, inputTypes } from './context';
import { ExampleOutcome, runExamples } from './examples';
import { humanEvalXProblem } from './humanevalXProblem';
import { RewriteFormat, SeedProblem, seedProblem } from './problems';
import { rewriteStatement } from './rewriter';
import type { Scenario } from './scenarios';
import { readTestValues } from './testValues';
import { ExecutionSettings, executeRewrite, judgeRewrite } from './validator';

export interface RewriteSettings {
  format: RewriteFormat;
  /** Variants asked of each problem (DyPass's n). */
  variants: number;
  /** Attempts at each variant: a rejected one is generated again, with the next scenario, up to this many times. */
  attempts: number;
  seed: number;
  scenarios: readonly Scenario[];
  /** The model that proposes contexts and rewrites. */
  writer: ModelChoice;
  /** The validator's model. */
  judge: ModelChoice;
  execution: ExecutionSettings;
  /** Parses HumanEval-X's records in languages other than Python. */
  loader: GrammarLoader;
}

/** What a written variant says about its making, beside the record's own fields. */
export interface RewriteNote {
  of: string | number;
  variant: number;
  scenario: string;
  scenario_description: string;
  inputs: InputContext[];
  attempts: number;
  bleu4: number;
}

export interface ProblemOutcome {
  taskId: string | number;
  /** The written variants, in order. */
  records: BenchmarkRecord[];
  /** Why the problem was not rewritten at all. */
  skipped?: string;
  /** Variants no attempt of which passed, with the last attempt's reason. */
  failed: { variant: number; reason: string }[];
  /** Rejected attempts, each with its reason (the variant may have passed on a later one). */
  rejected: { variant: number; attempt: number; reason: string }[];
}

/** A 32-bit seed from the run's seed and a problem's id (FNV-1a): the problem's draws do not depend on which others the file holds. */
export function problemSeed(seed: number, taskId: string | number): number {
  let h = 0x811c9dc5;
  for (const ch of `${seed}\u0000${String(taskId)}`) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * The scenario of a variant's attempt: the pool shuffled with the problem's seed, then taken in
 * turn, variant after variant, so that a problem's variants differ in scenario while the pool
 * lasts, and an attempt made again draws the next unused one.
 */
export function scenarioFor(pool: readonly Scenario[], seed: number, taskId: string | number, variants: number, variant: number, attempt: number): Scenario {
  const order = new Rng(problemSeed(seed, taskId)).shuffle(pool.map((_, i) => i));
  return pool[order[(variant - 1 + (attempt - 1) * variants) % pool.length]];
}

/** DyCodeEval's four agents on one seed problem: scenario, context, rewrite, validation; each variant retried up to the bound. */
export async function rewriteProblem(rec: BenchmarkRecord, settings: RewriteSettings): Promise<ProblemOutcome> {
  const problem = settings.format === 'humaneval-x' ? await humanEvalXProblem(rec, settings.loader) : seedProblem(settings.format, rec);
  const taskId = (rec.task_id as string | number | undefined) ?? '?';
  const outcome: ProblemOutcome = { taskId, records: [], failed: [], rejected: [] };
  if (typeof problem === 'string') return { ...outcome, skipped: problem };
  const { toolchains, timeoutMs } = settings.execution;
  let inputs = problem.inputs;
  if (!inputs) {
    const values = await readTestValues(problem.solution, problem.tests, problem.entry, toolchains, timeoutMs);
    if (typeof values === 'string') return { ...outcome, skipped: values };
    inputs = inputTypes(values);
  }
  const originalExamples: ExampleOutcome =
    problem.examples === 'run' ? await runExamples(problem.solution, problem.statement, toolchains, timeoutMs) : { ok: true, count: statedExamples(problem.statement).length };
  for (let variant = 1; variant <= settings.variants; variant++) {
    let reason = '';
    for (let attempt = 1; attempt <= settings.attempts; attempt++) {
      const scenario = scenarioFor(settings.scenarios, settings.seed, problem.taskId, settings.variants, variant, attempt);
      const made = await attemptOrReason(() => attemptVariant(problem, inputs, scenario, originalExamples, settings));
      if (typeof made === 'string') {
        reason = made;
        outcome.rejected.push({ variant, attempt, reason });
        continue;
      }
      const note: RewriteNote = {
        of: problem.taskId,
        variant,
        scenario: scenario.name,
        scenario_description: scenario.description,
        inputs: made.context,
        attempts: attempt,
        bleu4: Number(bleu4(made.statement, problem.statement).toFixed(4)),
      };
      // the codemorph object is what evaluate pairs a variant with its original by (--original), as it does dataset's records
      const codemorph = { task_id: problem.taskId, format: problem.format, entry_point: problem.entry, original_entry_point: problem.entry, variant, steps: [], similarity: null };
      outcome.records.push({ ...made.record, task_id: `${problem.taskId}/v${variant}`, rewrite: note, codemorph });
      reason = '';
      break;
    }
    if (reason) outcome.failed.push({ variant, reason });
  }
  return outcome;
}

/**
 * A request that failed about itself (an answer cut off, a 400) costs the attempt, not the run;
 * a refused key, a dead endpoint, a missing Python or a cancel stop everything.
 */
export async function attemptOrReason(attempt: () => Promise<Attempt>): Promise<Attempt> {
  try {
    return await attempt();
  } catch (e) {
    if (stopsRun(e) || !isCodemorphError(e) || e.kind !== 'failed') throw e;
    return `the request failed: ${e.message}`;
  }
}

export type Attempt = { record: BenchmarkRecord; statement: string; context: InputContext[] } | string;

/**
 * One attempt at a variant: context, rewrite, validation. Without `execution` (an editor in
 * Restricted Mode, where the workspace's code must not run) only the judge validates it.
 */
export async function attemptVariant(
  problem: SeedProblem,
  inputs: { name: string; type: string }[],
  scenario: Scenario,
  originalExamples: ExampleOutcome,
  settings: Pick<RewriteSettings, 'writer' | 'judge'> & { execution?: ExecutionSettings },
): Promise<Attempt> {
  const context = await generateContext(settings.writer, problem.statement, inputs, scenario);
  if (typeof context === 'string') return context;
  const statement = await rewriteStatement(settings.writer, problem, scenario, context);
  if (typeof statement !== 'string') return statement.error;
  if (statement === problem.statement) return 'the rewrite is the original statement unchanged';
  const record = problem.withStatement(statement);
  if (typeof record === 'string') return record;
  // execution first: it costs no request, and a rewrite it rejects needs no judgement
  if (settings.execution) {
    const failed = await executeRewrite(problem, record, statement, originalExamples, settings.execution);
    if (failed) return failed;
  }
  const judged = await judgeRewrite(settings.judge, problem.statement, statement);
  if (judged) return judged;
  return { record, statement, context };
}
