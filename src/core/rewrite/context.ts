import type { ModelChoice } from '../llm/chat';
import { inferType, renderUnion } from './inputTypes';
import { jsonIn } from './llmJson';
import type { Scenario } from './scenarios';
import type { TestValues } from './testValues';

/** One input of the problem: its inferred type and the meaning the scenario gives it. */
export interface InputContext {
  name: string;
  type: string;
  meaning: string;
}

/** Each parameter's type, from the literal values the tests pass it. */
export function inputTypes(values: TestValues): { name: string; type: string }[] {
  return values.params.map((name) => ({ name, type: renderUnion(inferType(values.values[name] ?? [])) }));
}

export function contextPrompt(statement: string, inputs: readonly { name: string; type: string }[], scenario: Scenario): string {
  return [
    `Scenario: ${scenario.name} (${scenario.description}).`,
    '',
    'A programming problem takes these inputs:',
    ...inputs.map((i) => `- ${i.name}: ${i.type}`),
    '',
    'Problem:',
    statement,
    '',
    'Give each input a meaning in the scenario that fits its type (for example, a list[int] in a music',
    'streaming scenario could be "the play counts of the songs in a playlist"). Keep the names and types.',
    'Answer with a JSON object only, one key per input: {"<input name>": "<its meaning>", ...}',
  ].join('\n');
}

/** The context generator: a scenario-specific meaning for each input, or why the answer gives none. */
export async function generateContext(model: ModelChoice, statement: string, inputs: readonly { name: string; type: string }[], scenario: Scenario): Promise<InputContext[] | string> {
  if (inputs.length === 0) return [];
  const answer = await model.provider.complete({ messages: [{ role: 'user', content: contextPrompt(statement, inputs, scenario) }], temperature: model.temperature, maxTokens: model.maxTokens });
  const parsed = jsonIn(answer.text, 'object') as Record<string, unknown> | undefined;
  if (!parsed) return 'the context answer is not a JSON object';
  const missing = inputs.filter((i) => typeof parsed[i.name] !== 'string' || !(parsed[i.name] as string).trim());
  if (missing.length) return `the context answer gives no meaning for ${missing.map((i) => i.name).join(', ')}`;
  return inputs.map((i) => ({ ...i, meaning: (parsed[i.name] as string).trim() }));
}
