import path = require('path');
import { BenchmarkRecord } from '../benchmark/formats';
import { runRecord } from '../benchmark/harness';
import type { ModelChoice } from '../llm/chat';
import { parseVote } from '../llm/answer';
import { makeScratchFolder, removeScratchFolder } from '../owned';
import type { ToolchainOverrides } from '../verify/toolchains';
import { examplesKept } from './commentStatement';
import { ExampleOutcome, runExamples } from './examples';
import type { SeedProblem } from './problems';

export interface ExecutionSettings {
  toolchains: ToolchainOverrides;
  timeoutMs: number;
}

export function judgePrompt(original: string, rewritten: string): string {
  return [
    'Two statements of a programming problem follow. The second was rewritten into another scenario.',
    'Does the rewritten statement ask for exactly the same computation as the original: the same inputs,',
    'the same result for every input, the same edge cases, nothing added and nothing left out?',
    '',
    '<original>',
    original,
    '</original>',
    '',
    '<rewritten>',
    rewritten,
    '</rewritten>',
    '',
    'Answer Yes or No, then one sentence saying why.',
  ].join('\n');
}

/** The validator's first check: the model's judgement that the rewrite asks the same thing (null: accepted). */
export async function judgeRewrite(model: ModelChoice, original: string, rewritten: string): Promise<string | null> {
  const answer = await model.provider.complete({ messages: [{ role: 'user', content: judgePrompt(original, rewritten) }], temperature: model.temperature, maxTokens: model.maxTokens });
  const vote = parseVote(answer.text);
  if (vote === true) return null;
  const why = answer.text.trim().split('\n')[0].slice(0, 200);
  return vote === false ? `the judge found it asks something else (${why})` : `the judge gave no verdict (${why || 'an empty answer'})`;
}

/**
 * The validator's second check, by execution: the canonical solution under the rewritten
 * statement passes the record's own harness (HumanEval's prompt + solution + test, MBPP's code
 * and asserts, HumanEval-X's program in its language), and the examples the statement states hold
 * on it, no fewer than the original states (in another language than Python: the original's
 * examples kept as written, commentStatement.ts). `originalExamples` is the original's own outcome: when its examples do not run,
 * the rewrite's are not held to them.
 */
export async function executeRewrite(problem: SeedProblem, record: BenchmarkRecord, statement: string, originalExamples: ExampleOutcome, run: ExecutionSettings): Promise<string | null> {
  const dir = makeScratchFolder('codemorph-rewrite-');
  try {
    const result = await runRecord(problem.format, record, { dir: path.join(dir, 'run'), toolchains: run.toolchains, timeoutMs: run.timeoutMs, memoryMb: 1024 });
    if (!result.ok) return `the canonical solution fails the rewritten problem's tests: ${result.output.trim().split('\n').pop() ?? ''}`;
  } finally {
    removeScratchFolder(dir);
  }
  if (problem.examples === 'kept') return examplesKept(problem.statement, statement);
  if (!originalExamples.ok) return null;
  const examples = await runExamples(problem.solutionOf(record), statement, run.toolchains, run.timeoutMs);
  if (!examples.ok) return `an example of the rewritten statement does not hold on the canonical solution: ${examples.why}`;
  if (examples.count < originalExamples.count) return `the rewritten statement states ${examples.count} of the original's ${originalExamples.count} examples`;
  return null;
}
