/**
 * Greedy String Tiling (Wise 1993, as in JPlag) on integer sequences.
 *
 * The result is exactly that of the textbook algorithm: repeatedly take the longest matches
 * between unmarked parts of both sequences, tile every one that does not overlap a tile placed
 * before it (ties: by position in the first sequence, then in the second), stop when no match
 * of at least `minMatch` is left. Instead of comparing all pairs of positions each round, it
 * builds a suffix array of both sequences once (in linear time, suffixArray.ts) and, in passes
 * with halving search lengths, collects the maximal free runs of equal tokens at least that long
 * from it, each once at its start, with its length from an O(1) range-minimum query. The runs of
 * a pass are taken longest first; a run that an earlier tile cuts is split into its free parts,
 * which compete again at their own length. Work is about n log n plus the number of shared
 * fragments found, not |A| * |B| per round; periodic inputs (long tables of one shape) are the
 * slow case.
 */
import { lowerBound, upperBound } from '../sorted';
import { Arena } from './arena';
import { suffixArray } from './suffixArray';

export interface Tile {
  /** Start in the first sequence given. */
  a: number;
  /** Start in the second sequence given. */
  b: number;
  length: number;
}

export interface Tiling {
  /** Tokens covered by tiles (the same count in both sequences). */
  tiled: number;
  /** In the order they were placed: longest first. */
  tiles: Tile[];
}

/**
 * Tiles `a` and `b` with matches of at least `minMatch` tokens. When the shorter sequence has fewer
 * than `minMatch` tokens the minimum drops to its length, so a short sequence still matches
 * when it occurs whole in the other (in particular, two equal short sequences tile completely)
 * and otherwise not at all.
 *
 * Symmetric: the sequences are put in a canonical order (shorter first, then lexicographically
 * smaller first) before ties are broken, so swapping the arguments mirrors the tiles and never
 * changes `tiled`.
 */
export function greedyStringTiling(a: ArrayLike<number>, b: ArrayLike<number>, minMatch: number): Tiling {
  if (!Number.isInteger(minMatch) || minMatch < 1) throw new RangeError(`minimum match length must be a positive integer, got ${minMatch}`);
  if (a.length === 0 || b.length === 0) return { tiled: 0, tiles: [] };
  if (comesFirst(b, a)) {
    const swapped = tile(b, a, minMatch);
    return { tiled: swapped.tiled, tiles: swapped.tiles.map((t) => ({ a: t.b, b: t.a, length: t.length })) };
  }
  return tile(a, b, minMatch);
}

/** The canonical order: shorter first, then the lexicographically smaller. */
function comesFirst(x: ArrayLike<number>, y: ArrayLike<number>): boolean {
  if (x.length !== y.length) return x.length < y.length;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] < y[i];
  return false;
}

/** Every array a tiling works with but the tiles it returns: reset at each tiling (tilings never nest). */
const arena = new Arena();

function tile(p: ArrayLike<number>, t: ArrayLike<number>, minMatch: number): Tiling {
  arena.reset();
  const m = Math.min(minMatch, p.length, t.length);
  const np = p.length;
  const nt = t.length;
  const n = np + 1 + nt + 1;
  const text = arena.int32(n);
  const alphabet = encode(p, t, text, arena);
  const sa = suffixArray(text, alphabet, arena);
  const rank = arena.int32(n);
  for (let i = 0; i < n; i++) rank[sa[i]] = i;
  const lcp = lcpArray(text, sa, rank, arena);
  const rmq = new RangeMin(lcp, arena);

  const marksP = new Marks();
  const marksT = new Marks();
  const tiles: Tile[] = [];
  let tiled = 0;
  const run = [0, 0, 0];
  // Search lengths halve down to m: long tiles go in first, so the many short incidental matches
  // they cover are never collected. Each pass leaves no free match of its search length or longer.
  let longest = Math.min(np, nt);
  let search = longest;
  for (;;) {
    const runs = new RunQueue(nt, longest, arena);
    collectRuns(text, np, sa, rank, lcp, rmq, search, marksP, marksT, runs, arena);
    runs.seal();
    while (!runs.empty) {
      runs.pop(run);
      const [ra, rb, len] = run;
      if (marksP.firstMarked(ra) >= ra + len && marksT.firstMarked(rb) >= rb + len) {
        marksP.mark(ra, ra + len);
        marksT.mark(rb, rb + len);
        tiles.push({ a: ra, b: rb, length: len });
        tiled += len;
        continue;
      }
      // An earlier tile cut this run: what is still free on both sides competes again at its own length.
      let pos = 0;
      while (pos < len) {
        let free = pos;
        for (;;) {
          const next = Math.max(marksP.firstFree(ra + free) - ra, marksT.firstFree(rb + free) - rb);
          if (next === free) break;
          free = next;
        }
        if (free >= len) break;
        const stop = Math.min(len, marksP.firstMarked(ra + free) - ra, marksT.firstMarked(rb + free) - rb);
        if (stop - free >= search) runs.push(ra + free, rb + free, stop - free);
        pos = stop;
      }
    }
    if (search === m) break;
    longest = search - 1;
    search = Math.max(m, search >> 1);
  }
  return { tiled, tiles };
}

/** Largest token value looked up in a table rather than a Map (token kinds are grammar symbol ids, in the hundreds). */
const TABLE_LIMIT = 1 << 16;

/**
 * Writes p, a separator (1), t and a sentinel (0) into `text`, tokens coded from 2 up in order of
 * first appearance, so that no common prefix runs from one sequence into the other; returns the
 * alphabet's size. Codes come from a table when every token is a small non-negative integer
 * (looking each up in a Map was about an eighth of a 20-line tiling), else from a Map.
 */
function encode(p: ArrayLike<number>, t: ArrayLike<number>, text: Int32Array, arena: Arena): number {
  const np = p.length;
  const nt = t.length;
  let max = -1;
  let small = true;
  for (let i = 0; i < np && small; i++) {
    const v = p[i];
    if (v > max) max = v;
    small = v >= 0 && v < TABLE_LIMIT && (v | 0) === v;
  }
  for (let i = 0; i < nt && small; i++) {
    const v = t[i];
    if (v > max) max = v;
    small = v >= 0 && v < TABLE_LIMIT && (v | 0) === v;
  }
  let size = 2;
  const codes = new Map<number, number>();
  const table = small ? arena.int32(max + 1, true) : null;
  const code = (v: number): number => {
    if (table) return table[v] || (table[v] = size++);
    let c = codes.get(v);
    if (c === undefined) codes.set(v, (c = size++));
    return c;
  };
  for (let i = 0; i < np; i++) text[i] = code(p[i]);
  text[np] = 1;
  for (let i = 0; i < nt; i++) text[np + 1 + i] = code(t[i]);
  text[np + 1 + nt] = 0;
  return size;
}

/**
 * Every maximal run of equal, unmarked tokens between p = text[0, np) and t (after the separator)
 * that is at least `search` long: pairs of suffixes with a common prefix >= search (one SA
 * interval) and free windows of that length, whose preceding tokens differ (or are missing or
 * marked), so each run is found once, at its start. Its length is the common prefix, cut at the
 * first marked token on either side.
 */
function collectRuns(
  text: Int32Array,
  np: number,
  sa: Int32Array,
  rank: Int32Array,
  lcp: Int32Array,
  rmq: RangeMin,
  search: number,
  marksP: Marks,
  marksT: Marks,
  runs: RunQueue,
  arena: Arena,
): void {
  const n = text.length;
  const tStart = np + 1;
  // t's preceding token, or -1 at its start or after a marked token
  const previousT = (pos: number): number => (pos === tStart || marksT.firstMarked(pos - tStart - 1) === pos - tStart - 1 ? -1 : text[pos - 1]);
  // Scratch kept across the SA intervals, with counts instead of emptied lists: lists made per
  // interval were a third of what a search allocates, and emptying one by setting its length is a
  // call into V8's runtime.
  const ps: number[] = [];
  let packed = arena.float64(64);
  let sortedTs = arena.int32(64);
  let sortedKeys = arena.int32(64);
  let i = 1;
  while (i < n) {
    if (lcp[i] < search) {
      i++;
      continue;
    }
    // An SA interval [lo, hi] in which every adjacent pair shares at least `search` tokens.
    const lo = i - 1;
    while (i < n && lcp[i] >= search) i++;
    const hi = i - 1;
    let pn = 0;
    let tn = 0;
    for (let k = lo; k <= hi; k++) {
      const pos = sa[k];
      if (pos < np) {
        if (marksP.firstMarked(pos) - pos >= search) ps[pn++] = pos;
      } else if (pos >= tStart) {
        if (marksT.firstMarked(pos - tStart) - (pos - tStart) >= search) {
          if (tn === packed.length) packed = grown(packed, arena);
          // (token + 2) * n + position: sorted, t's suffixes by preceding token, then by position
          packed[tn++] = (previousT(pos) + 2) * n + pos;
        }
      }
    }
    if (pn === 0 || tn === 0) continue;
    // Grouped by preceding token, so that for each suffix of p the partners with the same preceding
    // token (not run starts) form one block to skip.
    sortPrefix(packed, tn);
    if (sortedTs.length < tn) {
      sortedTs = arena.int32(packed.length);
      sortedKeys = arena.int32(packed.length);
    }
    for (let k = 0; k < tn; k++) {
      const key = Math.floor(packed[k] / n);
      sortedKeys[k] = key - 2;
      sortedTs[k] = packed[k] - key * n;
    }
    for (let q = 0; q < pn; q++) {
      const pa = ps[q];
      const key = pa === 0 || marksP.firstMarked(pa - 1) === pa - 1 ? -2 : text[pa - 1];
      const capP = marksP.firstMarked(pa) - pa;
      const from = lowerBound(sortedKeys, key, tn);
      const to = from < tn && sortedKeys[from] === key ? upperBound(sortedKeys, key, tn) : from;
      for (let k = 0; k < tn; k++) {
        if (k === from) k = to;
        if (k >= tn) break;
        const pt = sortedTs[k];
        const x = rank[pa];
        const y = rank[pt];
        const common = x < y ? rmq.min(x + 1, y) : rmq.min(y + 1, x);
        const b = pt - tStart;
        runs.add(pa, b, Math.min(common, capP, marksT.firstMarked(b) - b));
      }
    }
  }
}

/**
 * Sorts the first `count` values ascending. Most SA intervals hold a few suffixes: sorted in place
 * rather than through a view made for each (at 2,000 lines, tens of thousands of views a tiling).
 */
function sortPrefix(values: Float64Array, count: number): void {
  if (count > 16) {
    values.subarray(0, count).sort();
    return;
  }
  for (let k = 1; k < count; k++) {
    const v = values[k];
    let j = k - 1;
    while (j >= 0 && values[j] > v) {
      values[j + 1] = values[j];
      j--;
    }
    values[j + 1] = v;
  }
}

/** A scratch array twice as long, holding what the old one held. */
function grown(old: Float64Array, arena: Arena): Float64Array {
  const next = arena.float64(2 * old.length);
  next.set(old);
  return next;
}

/** Kasai's algorithm: lcp[i] = common prefix length of the suffixes at sa[i - 1] and sa[i]; lcp[0] = 0. */
function lcpArray(text: Int32Array, sa: Int32Array, rank: Int32Array, arena: Arena): Int32Array {
  const n = text.length;
  // every rank but 0 is written below
  const lcp = arena.int32(n);
  lcp[0] = 0;
  let k = 0;
  for (let i = 0; i < n; i++) {
    const r = rank[i];
    if (r === 0) {
      k = 0;
      continue;
    }
    const j = sa[r - 1];
    while (i + k < n && j + k < n && text[i + k] === text[j + k]) k++;
    lcp[r] = k;
    if (k > 0) k--;
  }
  return lcp;
}

/** Sparse table: minimum of values[lo..hi] (inclusive) in O(1). */
class RangeMin {
  private readonly levels: Int32Array[];

  constructor(values: Int32Array, arena: Arena) {
    this.levels = [values];
    for (let width = 2; width <= values.length; width *= 2) {
      const below = this.levels[this.levels.length - 1];
      const half = width / 2;
      const level = arena.int32(values.length - width + 1);
      for (let i = 0; i < level.length; i++) level[i] = Math.min(below[i], below[i + half]);
      this.levels.push(level);
    }
  }

  min(lo: number, hi: number): number {
    const level = 31 - Math.clz32(hi - lo + 1);
    const row = this.levels[level];
    return Math.min(row[lo], row[hi - (1 << level) + 1]);
  }
}

/**
 * Candidate runs, longest first, then by start in the first sequence, then in the second. The runs
 * found up front are sorted once (bucketed by length, numeric sort inside a bucket); the few
 * fragments that come back after a cut wait in a small heap, and the two are merged on the fly.
 * A run is stored as its length and `a * width + b`, which orders like (a, b).
 */
class RunQueue {
  private lens: number[] = [];
  private keys: number[] = [];
  private sortedLens: Int32Array;
  private sortedKeys: Float64Array;
  private next = 0;
  private readonly heapLens: number[] = [];
  private readonly heapKeys: number[] = [];

  constructor(
    private readonly width: number,
    private readonly longest: number,
    private readonly arena: Arena,
  ) {
    this.sortedLens = arena.int32(0);
    this.sortedKeys = arena.float64(0);
  }

  /** Adds a run found up front; call seal() once they are all in. */
  add(a: number, b: number, len: number): void {
    this.lens.push(len);
    this.keys.push(a * this.width + b);
  }

  seal(): void {
    const count = this.arena.int32(this.longest + 2, true);
    for (const len of this.lens) count[this.longest - len + 1]++;
    for (let i = 1; i < count.length; i++) count[i] += count[i - 1];
    const total = this.lens.length;
    this.sortedLens = this.arena.int32(total);
    this.sortedKeys = this.arena.float64(total);
    const at = this.arena.int32(count.length);
    at.set(count);
    for (let i = 0; i < total; i++) {
      const slot = at[this.longest - this.lens[i]]++;
      this.sortedLens[slot] = this.lens[i];
      this.sortedKeys[slot] = this.keys[i];
    }
    for (let bucket = 0; bucket + 1 < count.length; bucket++) {
      if (count[bucket + 1] - count[bucket] > 1) this.sortedKeys.subarray(count[bucket], count[bucket + 1]).sort();
    }
    this.lens = [];
    this.keys = [];
  }

  get empty(): boolean {
    return this.next >= this.sortedLens.length && this.heapLens.length === 0;
  }

  /** Removes the first run into `out` as [a, b, len]. */
  pop(out: number[]): void {
    let len: number;
    let key: number;
    const fromHeap =
      this.heapLens.length > 0 &&
      (this.next >= this.sortedLens.length || before(this.heapLens[0], this.heapKeys[0], this.sortedLens[this.next], this.sortedKeys[this.next]));
    if (fromHeap) {
      len = this.heapLens[0];
      key = this.heapKeys[0];
      this.heapPop();
    } else {
      len = this.sortedLens[this.next];
      key = this.sortedKeys[this.next++];
    }
    const a = Math.floor(key / this.width);
    out[0] = a;
    out[1] = key - a * this.width;
    out[2] = len;
  }

  /** Adds a fragment of a run that a tile cut. */
  push(a: number, b: number, len: number): void {
    const lens = this.heapLens;
    const keys = this.heapKeys;
    const key = a * this.width + b;
    let i = lens.length;
    lens.push(len);
    keys.push(key);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(len, key, lens[parent], keys[parent])) break;
      lens[i] = lens[parent];
      keys[i] = keys[parent];
      i = parent;
    }
    lens[i] = len;
    keys[i] = key;
  }

  private heapPop(): void {
    const lens = this.heapLens;
    const keys = this.heapKeys;
    const len = lens.pop()!;
    const key = keys.pop()!;
    if (lens.length === 0) return;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= lens.length) break;
      const right = left + 1;
      const child = right < lens.length && before(lens[right], keys[right], lens[left], keys[left]) ? right : left;
      if (!before(lens[child], keys[child], len, key)) break;
      lens[i] = lens[child];
      keys[i] = keys[child];
      i = child;
    }
    lens[i] = len;
    keys[i] = key;
  }
}

function before(lenX: number, keyX: number, lenY: number, keyY: number): boolean {
  return lenX !== lenY ? lenX > lenY : keyX < keyY;
}

/** Marked positions of one sequence as sorted, disjoint, non-touching intervals [start, end). */
class Marks {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];

  /** The first interval that ends after i. */
  private after(i: number): number {
    let lo = 0;
    let hi = this.ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.ends[mid] <= i) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The first marked position >= i (Infinity if none). */
  firstMarked(i: number): number {
    const k = this.after(i);
    return k < this.starts.length ? Math.max(this.starts[k], i) : Infinity;
  }

  /** The first unmarked position >= i. */
  firstFree(i: number): number {
    const k = this.after(i);
    return k < this.starts.length && this.starts[k] <= i ? this.ends[k] : i;
  }

  mark(start: number, end: number): void {
    // Merge with neighbours that touch, so firstFree can jump over a block of adjacent tiles at once.
    const lo = this.after(start - 1);
    let hi = lo;
    while (hi < this.starts.length && this.starts[hi] <= end) hi++;
    const s = hi > lo ? Math.min(start, this.starts[lo]) : start;
    const e = hi > lo ? Math.max(end, this.ends[hi - 1]) : end;
    this.starts.splice(lo, hi - lo, s);
    this.ends.splice(lo, hi - lo, e);
  }
}
