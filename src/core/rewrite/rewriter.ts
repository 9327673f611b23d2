import type { ModelChoice } from '../llm/chat';
import type { InputContext } from './context';
import { jsonIn } from './llmJson';
import type { SeedProblem } from './problems';
import type { Scenario } from './scenarios';

export function rewritePrompt(problem: SeedProblem, scenario: Scenario, context: readonly InputContext[]): string {
  return [
    'Rewrite the statement of a programming problem so that it is set in another scenario.',
    'Keep exactly what is asked: the same inputs, the same result, the same edge cases and constraints;',
    'add no requirement and drop none. Keep every example exactly as written (`>>>` lines with the result',
    'under them, `assert` lines): they are run to check the rewrite. Keep referring to the function as',
    `${problem.entry} and to its inputs by their names.`,
    '',
    `Function: ${problem.signature}`,
    `Scenario: ${scenario.name} (${scenario.description})`,
    ...(context.length ? ['Inputs in the scenario:', ...context.map((c) => `- ${c.name} (${c.type}): ${c.meaning}`)] : []),
    '',
    '<statement>',
    problem.statement,
    '</statement>',
    '',
    'Answer with a JSON object only: {"statement": "<the rewritten statement>"}',
  ].join('\n');
}

/** The prompt rewriter: the statement set in the scenario, or why the answer holds none. */
export async function rewriteStatement(model: ModelChoice, problem: SeedProblem, scenario: Scenario, context: readonly InputContext[]): Promise<string | { error: string }> {
  const answer = await model.provider.complete({ messages: [{ role: 'user', content: rewritePrompt(problem, scenario, context) }], temperature: model.temperature, maxTokens: model.maxTokens });
  const parsed = jsonIn(answer.text, 'object') as { statement?: unknown } | undefined;
  if (!parsed || typeof parsed.statement !== 'string' || !parsed.statement.trim()) return { error: 'the rewrite answer has no "statement"' };
  return parsed.statement.trim();
}
