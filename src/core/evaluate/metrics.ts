import { Rng } from '../random';

/**
 * pass@k by the unbiased estimator of Chen et al. (2021): with n samples of which c pass,
 * 1 - C(n - c, k) / C(n, k), computed as a product so that large n does not overflow.
 * Null when k exceeds n.
 */
export function passAtK(n: number, c: number, k: number): number | null {
  if (k > n || n === 0) return null;
  if (n - c < k) return 1;
  // the same number, without the rounding of 1 - (1 - c/n)
  if (k === 1) return c / n;
  let fail = 1;
  for (let i = n - c + 1; i <= n; i++) fail *= 1 - k / i;
  return 1 - fail;
}

/**
 * DyPass@k (DyCodeEval): pass@k's estimator with the n samples of one prompt replaced by the
 * model's answers to n rewritten variants of a problem, c of which pass; the mean over problems.
 * A model that memorised one wording solves it but not its variants: DyPass@k falls where pass@k
 * does not. Null when a problem has fewer than k variants.
 */
export function dyPassAtK(problems: readonly { n: number; c: number }[], k: number): number | null {
  const values = problems.map((p) => passAtK(p.n, p.c, k));
  if (!values.length || values.some((v) => v === null)) return null;
  return mean(values as number[]);
}

/** The k of DyPass@k reported, as the paper's table: those a problem's variant count reaches. */
export const DYPASS_KS = [1, 3, 5, 10] as const;

/** log of the binomial coefficient C(n, k). */
function logChoose(n: number, k: number): number {
  let s = 0;
  for (let i = 1; i <= k; i++) s += Math.log(n - k + i) - Math.log(i);
  return s;
}

/**
 * The exact McNemar test on paired outcomes: `b` items pass on the original side only, `c` on the
 * perturbed side only. Two-sided p-value of the binomial test of min(b, c) in b + c draws at 1/2;
 * 1 when no item changed.
 */
export function mcnemarExact(b: number, c: number): number {
  const n = b + c;
  if (n === 0) return 1;
  const m = Math.min(b, c);
  let tail = 0;
  for (let i = 0; i <= m; i++) tail += Math.exp(logChoose(n, i) - n * Math.LN2);
  return Math.min(1, 2 * tail);
}

export interface Interval {
  low: number;
  high: number;
}

/**
 * A paired bootstrap: items are drawn with replacement (the same draw for both sides, which keeps
 * each item's pairing), `stat` is computed on each of `rounds` resamples, and the 2.5th and
 * 97.5th percentiles bound the 95% interval. The generator is seeded: the same run gives the
 * same interval.
 */
export function pairedBootstrap<T>(items: readonly T[], stat: (sample: readonly T[]) => number | null, rounds: number, seed: number): Interval | null {
  if (items.length === 0) return null;
  const rng = new Rng(seed);
  const values: number[] = [];
  const sample: T[] = new Array<T>(items.length);
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < items.length; i++) sample[i] = items[rng.int(items.length)];
    const v = stat(sample);
    if (v !== null) values.push(v);
  }
  if (!values.length) return null;
  values.sort((a, b) => a - b);
  const at = (q: number) => values[Math.min(values.length - 1, Math.max(0, Math.floor(q * values.length)))];
  return { low: at(0.025), high: at(0.975) };
}

export function mean(values: readonly number[]): number | null {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
}
