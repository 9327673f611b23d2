import fs = require('fs');
import { inputError } from '../errors';
import { writeFileAtomic } from '../files';
import type { ModelChoice } from '../llm/chat';
import { Rng } from '../random';
import { jsonIn } from './llmJson';

/** An application domain a rewritten problem is set in (DyCodeEval's scenario proposer). */
export interface Scenario {
  name: string;
  description: string;
}

/** Where a workspace keeps its pool, so that runs reuse and extend it. */
export const DEFAULT_SCENARIO_FILE = '.codemorph/scenarios.json';
/** The paper grows its pool to 50. */
export const DEFAULT_POOL_SIZE = 50;

/** The pool a workspace starts from, written for this project: the paper seeds its own with banking, medical and education. */
export const BUILT_IN_SCENARIOS: readonly Scenario[] = [
  { name: 'retail banking', description: 'accounts, deposits, withdrawals and balances kept by a bank for its customers' },
  { name: 'hospital ward', description: 'patients, their vital signs and the nurses who record them' },
  { name: 'school grading', description: 'students, their marks in each subject and the reports teachers write' },
  { name: 'warehouse logistics', description: 'parcels, shelves and the trucks that move stock between depots' },
  { name: 'weather station', description: 'sensors that log temperature, rainfall and wind at fixed intervals' },
  { name: 'music streaming', description: 'listeners, playlists and the play counts of songs' },
];

/** At most this many scenarios asked for in one request, and shown as examples in it. */
const BATCH = 10;

function isScenario(value: unknown): value is Scenario {
  const v = value as Scenario;
  return !!v && typeof v === 'object' && typeof v.name === 'string' && v.name.trim() !== '' && typeof v.description === 'string';
}

/** The pool in `file`, or the built-in one when the file does not exist yet. */
export function loadScenarios(file: string): Scenario[] {
  if (!fs.existsSync(file)) return [...BUILT_IN_SCENARIOS];
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    throw inputError(`${file} is not JSON (${(e as Error).message.split('\n')[0]}): fix it, or remove it to start from the built-in scenarios`);
  }
  const list = (parsed as { scenarios?: unknown })?.scenarios;
  if (!Array.isArray(list) || !list.every(isScenario) || list.length === 0) {
    throw inputError(`${file} needs {"scenarios": [{"name": ..., "description": ...}, ...]}: fix it, or remove it to start from the built-in scenarios`);
  }
  return list.map((s) => ({ name: s.name.trim(), description: s.description.trim() }));
}

export function saveScenarios(file: string, scenarios: readonly Scenario[]): void {
  writeFileAtomic(file, `${JSON.stringify({ scenarios }, null, 2)}\n`);
}

function proposalPrompt(examples: readonly Scenario[], count: number): string {
  return [
    `Propose ${count} new application scenarios in which a short programming problem could be set.`,
    'Each needs a short name and a one-sentence description of the data it deals with.',
    'They must differ from these existing ones:',
    ...examples.map((s) => `- ${s.name}: ${s.description}`),
    '',
    'Answer with a JSON array only: [{"name": "...", "description": "..."}, ...]',
  ].join('\n');
}

export interface GrowResult {
  scenarios: Scenario[];
  added: number;
  requests: number;
  /** Why the pool stayed below its target, when it did. */
  shortBy?: string;
}

/**
 * The scenario proposer: asks the model for new scenarios, a few existing ones as examples
 * (drawn with the seed), and appends those whose name is new, until the pool reaches `target`.
 * A model that keeps answering nothing new stops it after a bounded number of requests.
 */
export async function growScenarios(pool: readonly Scenario[], target: number, model: ModelChoice, seed: number): Promise<GrowResult> {
  const scenarios = [...pool];
  const names = new Set(scenarios.map((s) => s.name.toLowerCase()));
  const rng = new Rng(seed);
  let requests = 0;
  let fruitless = 0;
  while (scenarios.length < target) {
    if (fruitless >= 3) return { scenarios, added: scenarios.length - pool.length, requests, shortBy: `the model proposed nothing new in ${fruitless} requests in a row` };
    const count = Math.min(BATCH, target - scenarios.length);
    const examples = rng.shuffle(scenarios).slice(0, BATCH);
    requests++;
    const answer = await model.provider.complete({ messages: [{ role: 'user', content: proposalPrompt(examples, count) }], temperature: model.temperature, maxTokens: model.maxTokens });
    const proposed = jsonIn(answer.text, 'array');
    let added = 0;
    for (const item of Array.isArray(proposed) ? proposed : []) {
      if (!isScenario(item) || names.has(item.name.trim().toLowerCase()) || scenarios.length >= target) continue;
      names.add(item.name.trim().toLowerCase());
      scenarios.push({ name: item.name.trim(), description: item.description.trim() });
      added++;
    }
    fruitless = added ? 0 : fruitless + 1;
  }
  return { scenarios, added: scenarios.length - pool.length, requests };
}

/**
 * The pool in `file`, grown to `target` first when it is smaller and written back when the model
 * added to it, as `codemorph rewrite` does, so the editor and the CLI share one pool per workspace.
 */
export async function readyPool(file: string, target: number, model: ModelChoice, seed: number): Promise<{ scenarios: Scenario[]; shortBy?: string; added: number }> {
  const pool = loadScenarios(file);
  if (pool.length >= target) return { scenarios: pool, added: 0 };
  const grown = await growScenarios(pool, target, model, seed);
  if (grown.added) saveScenarios(file, grown.scenarios);
  return { scenarios: grown.scenarios, shortBy: grown.shortBy, added: grown.added };
}
