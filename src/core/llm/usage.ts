import type { TokenUsage } from './chat';

/** USD per million tokens, by model name (`codemorph.llm.prices`, CLI `--price MODEL=IN/OUT`). */
export type PriceTable = Record<string, { input: number; output: number }>;

export interface UsageRecord {
  calls: number;
  promptTokens: number;
  completionTokens: number;
  /** USD; null when a model used has no price set. */
  cost: number | null;
}

export function emptyUsage(): UsageRecord {
  return { calls: 0, promptTokens: 0, completionTokens: 0, cost: 0 };
}

export function addUsage(into: UsageRecord, model: string, usage: TokenUsage, prices: PriceTable): void {
  into.calls++;
  into.promptTokens += usage.promptTokens;
  into.completionTokens += usage.completionTokens;
  const price = prices[model];
  if (!price) into.cost = null;
  else if (into.cost !== null) into.cost += (usage.promptTokens * price.input + usage.completionTokens * price.output) / 1e6;
}

export function sumUsage(records: readonly (UsageRecord | null | undefined)[]): UsageRecord {
  const total = emptyUsage();
  for (const r of records) {
    if (!r) continue;
    total.calls += r.calls;
    total.promptTokens += r.promptTokens;
    total.completionTokens += r.completionTokens;
    total.cost = total.cost === null || r.cost === null ? null : total.cost + r.cost;
  }
  return total;
}
