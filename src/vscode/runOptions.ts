import type { VerifyLevel } from '../core/verify/verifier';
import type { EditorSettings } from './config';

/** What "Perturb function with options…" asks for one run, over the settings (plain logic). */
export interface RunOptions {
  verification?: VerifyLevel;
  /** null: a new seed for this run. */
  seed?: number | null;
  iterations?: number;
}

const LEVELS: readonly VerifyLevel[] = ['syntax', 'compile', 'test'];
/** codemorph.iterations' bounds in package.json. */
export const MAX_ITERATIONS = 200;

export function isRunOptions(value: unknown): value is RunOptions {
  if (typeof value !== 'object' || value === null) return false;
  const o = value as Record<string, unknown>;
  return (
    (o.verification === undefined || LEVELS.includes(o.verification as VerifyLevel)) &&
    (o.seed === undefined || o.seed === null || (Number.isInteger(o.seed) && (o.seed as number) >= 0)) &&
    (o.iterations === undefined || (Number.isInteger(o.iterations) && (o.iterations as number) >= 1 && (o.iterations as number) <= MAX_ITERATIONS))
  );
}

/** The seed box's answer: a whole number, or empty for a new seed; otherwise what is wrong. */
export function parseSeed(text: string): { seed: number | null } | { error: string } {
  const t = text.trim();
  if (t === '') return { seed: null };
  if (!/^\d+$/.test(t) || !Number.isSafeInteger(Number(t))) return { error: 'the seed is a whole number such as 1 (or empty for a new seed each run)' };
  return { seed: Number(t) };
}

/** The iterations box's answer: a whole number within the setting's bounds; otherwise what is wrong. */
export function parseIterations(text: string): { iterations: number } | { error: string } {
  const t = text.trim();
  const n = Number(t);
  if (!/^\d+$/.test(t) || n < 1 || n > MAX_ITERATIONS) return { error: `the iterations are a whole number from 1 to ${MAX_ITERATIONS}` };
  return { iterations: n };
}

/** The settings of one run: the options chosen replace their settings, the rest stays. */
export function withRunOptions(settings: EditorSettings, options: RunOptions | undefined): EditorSettings {
  if (!options) return settings;
  return {
    ...settings,
    verification: options.verification ?? settings.verification,
    search: {
      ...settings.search,
      seed: options.seed === undefined ? settings.search.seed : options.seed,
      maxIter: options.iterations ?? settings.search.maxIter,
    },
  };
}

/** How the options read in the log and in the run's message. */
export function runOptionsText(options: RunOptions): string {
  const parts: string[] = [];
  if (options.verification) parts.push(`verification ${options.verification}`);
  if (options.seed !== undefined) parts.push(options.seed === null ? 'a new seed' : `seed ${options.seed}`);
  if (options.iterations !== undefined) parts.push(`${options.iterations} iterations`);
  return parts.join(', ');
}
