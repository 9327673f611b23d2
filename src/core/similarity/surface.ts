import { distance } from 'fastest-levenshtein';
import { bandCost, bandedDistance, diagonalBand, Pattern } from './bitColumns';

/**
 * Surface similarity s1 = 1 - levenshtein(a, b) / max(|a|, |b|) on the raw unit texts, so layout and
 * comments count. Lengths and edits are in UTF-16 code units (JS string indices), as everywhere else.
 */
export function surfaceSimilarity(a: string, b: string, limits: AlignmentLimits = {}): number {
  return surfaceFromDistance(levenshtein(a, b, limits), a.length, b.length);
}

/**
 * Bounds on the column-by-column part of an exact distance, which costs the product of the texts'
 * lengths when they differ throughout (two unrelated 1 MB files: about 3 * 10^10 word-steps, some
 * ten seconds). Measured in word-steps: 32 rows of one column.
 */
export interface AlignmentLimits {
  /** The most word-steps a pass may take: one that would take more throws AlignmentTooLong. */
  maxWordSteps?: number;
  /** Told before a pass of more than `noticeFrom` word-steps (default 4 * 10^9, about a second). */
  onLongPass?: (wordSteps: number, lengthA: number, lengthB: number) => void;
  noticeFrom?: number;
}

/** An exact distance that would cost more than AlignmentLimits allow. */
export class AlignmentTooLong extends Error {
  constructor(
    readonly lengthA: number,
    readonly lengthB: number,
    readonly wordSteps: number,
    readonly maxWordSteps: number,
  ) {
    super(`aligning ${lengthA} and ${lengthB} characters exactly takes ${wordSteps} word-steps, over the limit of ${maxWordSteps}`);
    this.name = 'AlignmentTooLong';
  }
}

/** Checks a pass of `cost` word-steps over texts of n and m characters against the limits. */
function allow(limits: AlignmentLimits, cost: number, n: number, m: number): void {
  if (limits.maxWordSteps !== undefined && cost > limits.maxWordSteps) throw new AlignmentTooLong(n, m, cost, limits.maxWordSteps);
  if (cost > (limits.noticeFrom ?? 4e9)) limits.onLongPass?.(cost, n, m);
}

/**
 * s1 from a distance already known (a search's incremental index, incremental.ts): the same
 * arithmetic as surfaceSimilarity, so both give the same number to the last bit.
 */
export function surfaceFromDistance(distance: number, lengthA: number, lengthB: number): number {
  const longest = Math.max(lengthA, lengthB);
  if (longest === 0) return 1;
  return 1 - distance / longest;
}

/**
 * The exact Levenshtein distance (unit costs, UTF-16 code units), the number fastest-levenshtein's
 * `distance` returns, computed in time that follows the distance rather than the lengths.
 *
 * A perturbed unit shares most of its text with the original, so the plain O(|a| * |b| / 32)
 * bit-parallel algorithm spends nearly all its time on equal text (1.6 s for two 2,000-line units).
 * Here the common prefix and suffix are cut first (an optimal alignment can always match them),
 * then Ukkonen's diagonal-transition algorithm finds, for e = 0, 1, 2..., the furthest cell each
 * diagonal reaches with e edits, sliding along equal characters for free: O(n + d^2) for typical
 * text with d edits. When d turns out large (texts that differ throughout), it hands the trimmed
 * strings to the bit-parallel algorithm on a diagonal band (cutOff). Either way the result is
 * exact; what stays quadratic is a distance proportional to the length, which no exact algorithm
 * avoids (edit distance has no strongly subquadratic algorithm unless SETH fails).
 */
export function levenshtein(a: string, b: string, limits: AlignmentLimits = {}): number {
  const { start, endA, endB } = trim(a, b);
  const n = endA - start;
  const m = endB - start;
  if (n === 0) return m;
  if (m === 0) return n;
  // Past this many edits hand over: the diagonal work (e^2 steps, plus slides of at most n on each of
  // the 2e + 1 diagonals) stays a small fraction of the bit-parallel algorithm's n * m / 32 word steps,
  // so texts that differ throughout (a unit after variable-rename differs in about a third of its
  // characters) cost at most a few percent more than with the bit-parallel algorithm alone.
  const cap = Math.max(16, Math.ceil(Math.sqrt(n * m) / 64));
  const d = diagonalTransition(a, start, n, b, start, m, cap);
  return d >= 0 ? d : cutOff(a.slice(start, endA), b.slice(start, endB), Math.abs(n - m) + 2 * cap, limits);
}

/**
 * D(a, b) by Ukkonen's cut-off on the bit-parallel algorithm: computed only on the diagonal band of
 * the cells an alignment costing at most `limit` could use (diagonalBand), the distance is exact
 * once it comes out at most `limit`; above, it is still the cost of a real alignment, a bound that
 * makes a second band exact. A unit after variable-rename differs in many of its characters but its
 * alignment keeps near the diagonal: the two bands cost about a third of the whole table.
 * Where a band would cover most of the table, whole columns cost less: fastest-levenshtein's for
 * a small table, the WebAssembly step's (myersKernel.ts) for a large one, which takes three to four
 * times the word-steps a nanosecond.
 */
function cutOff(a: string, b: string, limit: number, limits: AlignmentLimits): number {
  const whole = b.length * Math.ceil(a.length / 32);
  let pattern: Pattern | null = null;
  for (let bound = limit, tries = 0; tries < 2; tries++) {
    const band = diagonalBand(a.length, b.length, bound);
    const cost = bandCost(band);
    if (2 * cost > whole) break;
    allow(limits, cost, a.length, b.length);
    pattern ??= new Pattern(a, false);
    const d = bandedDistance(pattern, b, band);
    if (d <= bound) return d;
    bound = d;
  }
  allow(limits, whole, a.length, b.length);
  if (whole < KERNEL_FROM) return distance(a, b);
  pattern ??= new Pattern(a, false);
  return bandedDistance(pattern, b, { ends: [b.length], tops: [0], bottoms: [pattern.words - 1] });
}

/** Word-steps from which a whole table goes to the WebAssembly step: below, copying the pattern into it costs more than it saves. */
const KERNEL_FROM = 1 << 20;

/**
 * The exact distance when it is at most `cap`, else -1: the common prefix and suffix cut, then the
 * diagonal-transition algorithm alone, O(n + cap^2) for typical text. The incremental index
 * (incremental.ts) asks this first when the distance may be small, where it beats any algorithm
 * that goes column by column.
 */
export function levenshteinWithin(a: string, b: string, cap: number): number {
  // every alignment pays at least the difference in length: past the cap, nothing to try
  if (Math.abs(a.length - b.length) > cap) return -1;
  const { start, endA, endB } = trim(a, b);
  const n = endA - start;
  const m = endB - start;
  if (n === 0 || m === 0) return n + m <= cap ? n + m : -1;
  return diagonalTransition(a, start, n, b, start, m, cap);
}

/**
 * The distance when the shorter text is a subsequence of the longer (one is the other with
 * characters only inserted: CodeCrash's MCC and MPS add lines and change nothing else), else -1.
 * Then it is exactly the difference in length: no alignment costs less, and deleting the extra
 * characters is one that costs that. One scan of the longer text, where a bit-parallel pass
 * would go over it once per 32 characters of the other.
 */
export function subsequenceDistance(a: string, b: string): number {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  const n = short.length;
  const m = long.length;
  let i = 0;
  for (let j = 0; i < n && j < m; j++) if (short.charCodeAt(i) === long.charCodeAt(j)) i++;
  return i === n ? m - n : -1;
}

/** Where the common prefix ends and the common suffix starts in each string (they never overlap). */
function trim(a: string, b: string): { start: number; endA: number; endB: number } {
  let start = 0;
  const shorter = Math.min(a.length, b.length);
  while (start < shorter && a.charCodeAt(start) === b.charCodeAt(start)) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a.charCodeAt(endA - 1) === b.charCodeAt(endB - 1)) {
    endA--;
    endB--;
  }
  return { start, endA, endB };
}

/**
 * Ukkonen's algorithm on a[offA, offA + n) and b[offB, offB + m): row[k] is the furthest row i of
 * diagonal k = j - i reached with e edits. Returns the distance, or -1 once it exceeds `cap`.
 */
function diagonalTransition(a: string, offA: number, n: number, b: string, offB: number, m: number, cap: number): number {
  const target = m - n;
  const limit = Math.min(cap, Math.max(n, m));
  // Diagonals -limit..limit at index k + base, with one spare slot on each side that stays "unreached".
  const base = limit + 1;
  const width = 2 * limit + 3;
  let prev = new Int32Array(width).fill(-1);
  let cur = new Int32Array(width).fill(-1);
  const slide = (k: number, i: number): number => {
    let j = i + k;
    while (i < n && j < m && a.charCodeAt(offA + i) === b.charCodeAt(offB + j)) {
      i++;
      j++;
    }
    return i;
  };
  const first = slide(0, 0);
  if (target === 0 && first >= n) return 0;
  prev[base] = first;
  for (let e = 1; e <= limit; e++) {
    const lo = Math.max(-e, -n);
    const hi = Math.min(e, m);
    for (let k = lo; k <= hi; k++) {
      const at = k + base;
      // -1 marks a diagonal that e - 1 edits did not reach.
      const same = prev[at];
      const left = prev[at - 1];
      const right = prev[at + 1];
      let i = -1;
      if (same >= 0) i = same + 1; // substitution
      if (left >= 0 && left > i) i = left; // insertion: from diagonal k - 1, same row
      if (right >= 0 && right + 1 > i) i = right + 1; // deletion: from diagonal k + 1, next row
      if (i < 0) {
        cur[at] = -1;
        continue;
      }
      // A step past the end of either string is not a cell; the cells before it on the diagonal
      // cost no more, so the furthest real cell is reached with e edits.
      const end = Math.min(n, m - k);
      if (i > end) i = end;
      i = slide(k, i);
      cur[at] = i;
      if (k === target && i >= n) return e;
    }
    // Diagonals outside [lo, hi] stay unreached for the next round.
    if (lo - 1 + base >= 0) cur[lo - 1 + base] = -1;
    if (hi + 1 + base < width) cur[hi + 1 + base] = -1;
    const swap = prev;
    prev = cur;
    cur = swap;
  }
  return -1;
}
