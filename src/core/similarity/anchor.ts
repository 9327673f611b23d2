import type { Band } from './bitColumns';
import { upperBound } from '../sorted';
import { equalStretches } from './stretches';
import { levenshteinWithin } from './surface';

/**
 * A text R whose distance to a is known together with, at some of its positions, how much every row
 * of the DP grid costs an alignment forced through it: Through(i, j) = F[i] + R[n - i], the forward
 * and backward columns added up (their minimum is D(a, R)). It narrows the rows worth computing for
 * texts near R (anchor-banded passes in incremental.ts):
 *
 * Let b match R on some stretches: an alignment of b with R of cost tau, the stretches free and
 * every gap between them at its own distance (or its longer side, for long gaps). At a point j of b
 * inside a stretch, matched with R's point r, the alignment splits in two, and the triangle
 * inequality on each side gives Through_R(i, r) <= Through_b(i, j) + tau. A cell (i, j) on an
 * optimal alignment of a with b has Through_b(i, j) = D(a, b) <= U (D(a, R) + tau, or less when a
 * text b was rewritten from is nearer), so its row is among those with Through_R(i, r) <= U + tau.
 * Alignments only go down (to later rows of a) and right, so at any column their rows are at or
 * below the top row allowed at every earlier point and at or above the bottom row allowed at every
 * later one: a band that holds every optimal alignment, whose width follows tau (the rewrites of a
 * search since the anchor) and not the length of the text.
 */
export class Anchor {
  /** Per position and word w: the least Through over rows 0 .. 32w + 32 (never increases with w). */
  private readonly upTo: Int32Array[] = [];
  /** Per position and word w: the least Through over rows 32w + 1 .. n, and row 0 for w = 0 (never decreases). */
  private readonly from: Int32Array[] = [];
  /** Distances of gaps already costed, by the anchor's range and the text's side. */
  private readonly gaps = new Map<string, number>();

  constructor(
    readonly text: string,
    readonly distance: number,
    private readonly words: number,
    /** Positions of R with a row profile, increasing: 0, then every few characters, and R's length. */
    readonly positions: readonly number[],
  ) {}

  /** Sets the profile of positions[index] from its two columns' values, rows 0..n (every index must be set). */
  setProfile(index: number, forward: Int32Array, backward: Int32Array): void {
    const n = forward.length - 1;
    const least = new Int32Array(this.words);
    let i = 1;
    for (let w = 0; w < this.words; w++) {
      let low = w === 0 ? forward[0] + backward[n] : Number.MAX_SAFE_INTEGER;
      const last = Math.min(n, 32 * w + 32);
      for (; i <= last; i++) low = Math.min(low, forward[i] + backward[n - i]);
      least[w] = low;
    }
    this.setLeast(index, least);
  }

  /**
   * Sets the profile of positions[index] from the least Through of each word's rows (row 0 counts
   * with word 0), or a lower bound on it: a word taken too cheap can only widen the bands, never
   * leave out a row an alignment needs. Takes `least` over.
   */
  setLeast(index: number, least: Int32Array): void {
    const W = this.words;
    // running minima both ways
    const upTo = least.slice();
    const from = least;
    for (let w = 1; w < W; w++) if (upTo[w - 1] < upTo[w]) upTo[w] = upTo[w - 1];
    for (let w = W - 2; w >= 0; w--) if (from[w + 1] < from[w]) from[w] = from[w + 1];
    this.upTo[index] = upTo;
    this.from[index] = from;
  }

  /** The map of R itself. */
  identity(): AnchorMap {
    return { anchor: this, blocks: this.text.length > 0 ? [0, 0, this.text.length] : [], cost: 0 };
  }

  /**
   * The map of b from the map of t, a text b shares its first `prefix` and last `suffix` characters
   * with: t's stretches carry over where they meet the stretches b shares with t (stretches.ts), and
   * the rest becomes gaps.
   */
  derive(map: AnchorMap, t: string, b: string, prefix: number, suffix: number): AnchorMap {
    const shared = equalStretches(t, b, prefix, suffix);
    const out: number[] = [];
    const push = (at: number, r: number, len: number) => {
      if (len <= 0) return;
      const k = out.length;
      if (k > 0 && out[k - 3] + out[k - 1] === at && out[k - 2] + out[k - 1] === r) out[k - 1] += len;
      else out.push(at, r, len);
    };
    const blocks = map.blocks;
    let first = 0;
    for (let q = 0; q < shared.length; q += 3) {
      const [j, from, len] = [shared[q], shared[q + 1], shared[q + 2]];
      // both lists increase in t: the blocks ending before this stretch end before every later one
      while (first < blocks.length && blocks[first] + blocks[first + 2] <= from) first += 3;
      for (let k = first; k < blocks.length && blocks[k] < from + len; k += 3) {
        const lo = Math.max(from, blocks[k]);
        const hi = Math.min(from + len, blocks[k] + blocks[k + 2]);
        push(j + lo - from, blocks[k + 1] + lo - blocks[k], hi - lo);
      }
    }
    return { anchor: this, blocks: out, cost: this.cost(out, b) };
  }

  /**
   * The band of rows of b's columns that holds every optimal alignment of a with b (see the class
   * comment), given `bound` >= D(a, b) (D(a, R) + tau when nothing better is known).
   */
  band(map: AnchorMap, m: number, bound: number): Band {
    const W = this.words;
    const limit = Math.min(bound, this.distance + map.cost) + map.cost;
    // points of b matched with profiled positions of R: the ends of the alignment, and positions inside stretches
    const points: number[] = [];
    const lows: number[] = [];
    const highs: number[] = [];
    const add = (j: number, p: number) => {
      if (points.length > 0 && points[points.length - 1] === j) return;
      points.push(j);
      lows.push(this.firstWord(p, limit));
      highs.push(this.lastWord(p, limit));
    };
    add(0, 0);
    const blocks = map.blocks;
    let k = 0;
    const last = this.positions.length - 1;
    for (let p = 1; p < last; p++) {
      const r = this.positions[p];
      while (k < blocks.length && blocks[k + 1] + blocks[k + 2] < r) k += 3;
      if (k >= blocks.length) break;
      if (blocks[k + 1] <= r) add(blocks[k] + r - blocks[k + 1], p);
    }
    if (points[points.length - 1] !== m) add(m, last);
    // the alignment starts at row 0 and ends at row n (the profiles say so too; this holds it whatever they say)
    lows[0] = 0;
    highs[highs.length - 1] = W - 1;
    // the top never rises and the bottom never falls back: the class comment's "every earlier / every later point"
    for (let i = 1; i < lows.length; i++) lows[i] = Math.max(lows[i], lows[i - 1]);
    for (let i = highs.length - 2; i >= 0; i--) highs[i] = Math.min(highs[i], highs[i + 1]);
    const band: Band = { ends: [], tops: [], bottoms: [] };
    const segment = (end: number, top: number, bottom: number) => {
      const n = band.ends.length;
      const lowest = Math.max(top, bottom);
      if (n > 0 && band.tops[n - 1] === top && band.bottoms[n - 1] === lowest) band.ends[n - 1] = end;
      else if (n === 0 || end > band.ends[n - 1]) {
        band.ends.push(end);
        band.tops.push(top);
        band.bottoms.push(lowest);
      }
    };
    segment(0, 0, highs[0]);
    for (let i = 1; i < points.length; i++) {
      if (points[i] - 1 > points[i - 1]) segment(points[i] - 1, lows[i - 1], highs[i]);
      segment(points[i], lows[i], highs[i]);
    }
    return band;
  }

  /** The word of the first row whose Through is at most `limit` at profile p. */
  private firstWord(p: number, limit: number): number {
    const upTo = this.upTo[p];
    let lo = 0;
    let hi = upTo.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (upTo[mid] <= limit) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** The word of the last row whose Through is at most `limit` at profile p (`from` never decreases). */
  private lastWord(p: number, limit: number): number {
    return Math.max(0, upperBound(this.from[p], limit) - 1);
  }

  /**
   * The cost of the alignment that matches the stretches and edits each gap between them: exactly,
   * for gaps short enough that the diagonal algorithm is cheap (rewrites are), else at the longer side.
   */
  private cost(blocks: number[], b: string): number {
    const R = this.text;
    let cost = 0;
    let j = 0;
    let r = 0;
    const gap = (toJ: number, toR: number) => {
      const longer = Math.max(toJ - j, toR - r);
      if (longer === 0) return;
      if (longer > GAP_EXACT) {
        cost += longer;
        return;
      }
      const key = `${r}:${toR}:${b.slice(j, toJ)}`;
      let d = this.gaps.get(key);
      if (d === undefined) {
        d = levenshteinWithin(b.slice(j, toJ), R.slice(r, toR), longer);
        if (this.gaps.size >= 4096) this.gaps.clear();
        this.gaps.set(key, d);
      }
      cost += d;
    };
    for (let k = 0; k < blocks.length; k += 3) {
      gap(blocks[k], blocks[k + 1]);
      j = blocks[k] + blocks[k + 2];
      r = blocks[k + 1] + blocks[k + 2];
    }
    gap(b.length, R.length);
    return cost;
  }
}

/** Gaps up to this long get their exact distance (at most GAP_EXACT^2 diagonal steps each, remembered). */
const GAP_EXACT = 400;

/** Equal stretches of a text and the anchor, text[b, b + len) === anchor[r, r + len): triples, increasing in both. */
export interface AnchorMap {
  anchor: Anchor;
  blocks: number[];
  /** An alignment's cost: every gap between stretches (and before the first, after the last) at its longer side. */
  cost: number;
}
