import type { Size } from '../similarity/size';
import type { UnitKind } from '../syntax/context';

/**
 * The search's growth budget (`--max-growth`, docs/growth-budget.md): how much longer than its
 * original a step may make a unit. The unit's size itself is measured beside similarity
 * (similarity/size.ts), in the tokens structural similarity compares.
 */

const UNIT_WORDS: Record<UnitKind, string> = { function: 'the function', selection: 'the selection', file: 'the file' };

/** Two decimals, or as many as it takes to show the value above the budget. */
function times(value: number, budget: number): string {
  for (let digits = 2; digits < 6; digits++) if (Number(value.toFixed(digits)) > budget) return value.toFixed(digits);
  return value.toFixed(6);
}

/**
 * Tokens a unit of any size may grow by under a budget (docs/growth-budget.md). A ratio alone
 * leaves a function of one line no room: 1.3 times `def f(x): return x + 1` (10 tokens) is 3
 * tokens, a rename and nothing else, so every method that adds code is refused and the unit
 * cannot be perturbed at all. 8 tokens fit the cheap rewrites a person might write (a guard on an
 * argument, a named temporary, an optional parameter: bench/results/tiny.md) and no junk loop or
 * junk function; it only matters for units under 8 / (budget - 1) tokens (27 at 1.3x).
 */
export const TINY_UNIT_SLACK = 8;

/** The most tokens a unit of `original` tokens may reach under `maxGrowth`. */
export function tokenBudget(original: number, maxGrowth: number): number {
  return Math.max(maxGrowth * original, original + TINY_UNIT_SLACK);
}

/**
 * Why a step may not be taken under a growth budget (`--max-growth`), or null when it may: it
 * would take the unit past `maxGrowth` times its original's tokens (or past TINY_UNIT_SLACK more
 * tokens, for a unit so short that this is more). A step that does not lengthen a unit already
 * past the budget (one continued from a run without it) stays allowed: it makes nothing worse,
 * and renames or rewrites of equal length still have somewhere to go.
 */
export function overBudget(kind: UnitKind, original: Size, now: Size, candidate: Size, maxGrowth: number | null | undefined): string | null {
  if (maxGrowth === null || maxGrowth === undefined || !(maxGrowth > 0)) return null;
  const limit = tokenBudget(original.tokens, maxGrowth);
  if (candidate.tokens <= limit || candidate.tokens <= now.tokens) return null;
  const ratio = candidate.tokens / Math.max(1, original.tokens);
  const slack = original.tokens + TINY_UNIT_SLACK > maxGrowth * original.tokens;
  const budget = slack ? `budget ${maxGrowth}x, or ${TINY_UNIT_SLACK} more tokens for a unit this short` : `budget ${maxGrowth}x`;
  return `would grow ${UNIT_WORDS[kind]} to ${times(ratio, slack ? limit / Math.max(1, original.tokens) : maxGrowth)}x its original tokens (${budget})`;
}
