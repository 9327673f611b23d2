import { myersKernel, Resident } from './myersKernel';

/**
 * DP columns of the edit distance between a fixed text a (n characters, the rows) and a text read
 * one character at a time (the columns), as Myers' bit-vectors (1999) in Hyyrö's multi-word form:
 * word w holds rows 32w + 1 .. 32w + 32, one bit in Pv where a row is one more than the row above
 * and one in Mv where it is one less. Row 0 is the text read so far against the empty prefix of a,
 * so it grows by one per column: every column enters the first word with a horizontal delta of +1.
 * Used by the incremental index (incremental.ts) and its anchor (anchor.ts).
 */

/** a (or a reversed) as match masks: for each character of a, the rows holding it. */
export class Pattern {
  readonly n: number;
  /** 32-bit words per column. */
  readonly words: number;
  /** Bit of the last word that holds row n. */
  readonly lastBit: number;
  readonly peq: Int32Array;
  /** Character code to its mask's offset in `peq`. */
  private readonly rows = new Map<number, number>();
  /** The same for codes below 128, where code nearly always is: a lookup per column of a pass, cheaper than the Map's. */
  private readonly ascii = new Int32Array(128);
  /** Offset of the all-zero mask of characters a does not contain. */
  private readonly none: number;
  /** Where the WebAssembly step keeps a copy of `peq` (myersKernel.ts). */
  readonly resident: Resident = { kernel: null, at: -1, generation: -1 };

  constructor(
    a: string,
    readonly reversed: boolean,
  ) {
    const n = a.length;
    this.n = n;
    this.words = Math.ceil(n / 32);
    this.lastBit = (n - 1) & 31;
    for (let i = 0; i < n; i++) {
      const code = a.charCodeAt(i);
      if (!this.rows.has(code)) this.rows.set(code, this.rows.size * this.words);
    }
    this.none = this.rows.size * this.words;
    this.ascii.fill(this.none);
    for (const [code, offset] of this.rows) if (code < 128) this.ascii[code] = offset;
    this.peq = new Int32Array((this.rows.size + 1) * this.words);
    for (let r = 0; r < n; r++) {
      const code = a.charCodeAt(reversed ? n - 1 - r : r);
      this.peq[this.rows.get(code)! + (r >> 5)] |= 1 << (r & 31);
    }
  }

  /** Offset of the mask of b's character at `j` characters read (from the end when reversed). */
  mask(b: string, j: number): number {
    const code = b.charCodeAt(this.reversed ? b.length - 1 - j : j);
    return code < 128 ? this.ascii[code] : (this.rows.get(code) ?? this.none);
  }
}

/** A whole column: Pv words then Mv words, and D[n][j], the bottom value. */
export interface Working {
  bits: Int32Array;
  score: number;
}

/**
 * The column after j characters of a text that agrees with a (or a reversed) on them:
 * D(a[0, i), a[0, j)) = |i - j|, so rows 1..j step down by one and the rest up by one.
 */
export function closedForm(p: Pattern, j: number): Working {
  const W = p.words;
  const bits = new Int32Array(2 * W);
  for (let r = 0; r < p.n; r++) {
    if (r < j) bits[W + (r >> 5)] |= 1 << (r & 31);
    else bits[r >> 5] |= 1 << (r & 31);
  }
  return { bits, score: p.n - j };
}

/**
 * Myers' column step for the characters of b in [from, to) on whole columns, one word at a time with
 * the horizontal delta carried down; returns the new bottom value.
 */
export function advance(p: Pattern, w: Working, b: string, from: number, to: number): number {
  return w.score + stepColumns(p, w.bits, b, from, to, 0, p.words - 1);
}

/**
 * Myers' step on words [top, bottom] of a column (Pv words then Mv words in `bits`) for each
 * character of b in [from, to); the row above word `top` grows by one per column. Returns the sum
 * of the horizontal deltas at row n (bit `lastBit` of word `bottom`, meaningful when it is the last
 * word). It runs in WebAssembly on 64-bit words (myersKernel.ts), which steps three to four
 * times the 32-bit words a nanosecond that the same step written in JavaScript did.
 */
function stepColumns(p: Pattern, bits: Int32Array, b: string, from: number, to: number, top: number, bottom: number): number {
  return myersKernel().step(p, b, from, to, bits, top, bottom);
}

/** A band: columns (ends[k - 1], ends[k]] use words [tops[k], bottoms[k]]; both never decrease. */
export interface Band {
  ends: number[];
  tops: number[];
  bottoms: number[];
}

/** Word-steps the band costs. */
export function bandCost(band: Band): number {
  let cost = 0;
  let from = 0;
  for (let k = 0; k < band.ends.length; k++) {
    cost += (band.ends[k] - from) * (band.bottoms[k] - band.tops[k] + 1);
    from = band.ends[k];
  }
  return cost;
}

/**
 * The band of every cell (i, j) whose cheapest alignment through it could cost at most `limit`:
 * reaching it takes at least |j - i| edits and finishing at least |(m - j) - (n - i)|, so a cell
 * whose two add up to more lies on no alignment of that cost (Ukkonen 1985). For a of n > 0
 * characters and b of m > 0; a limit under |m - n|, which no alignment meets, counts as |m - n|. The
 * same band serves the reversed strings, since the bound is symmetric under reversing both.
 */
export function diagonalBand(n: number, m: number, limit: number): Band {
  if (n === 0 || m === 0) throw new RangeError('a diagonal band needs two non-empty texts');
  const skew = m - n;
  const spare = Math.floor((Math.max(limit, Math.abs(skew)) - Math.abs(skew)) / 2);
  // shifts j - i allowed
  const least = Math.min(0, skew) - spare;
  const most = Math.max(0, skew) + spare;
  const band: Band = { ends: [], tops: [], bottoms: [] };
  for (let j = 1; j <= m; j++) {
    const top = (Math.max(1, j - most) - 1) >> 5;
    const bottom = (Math.min(n, j - least) - 1) >> 5;
    const k = band.ends.length;
    if (k > 0 && band.tops[k - 1] === top && band.bottoms[k - 1] === bottom) band.ends[k - 1] = j;
    else {
      band.ends.push(j);
      band.tops.push(top);
      band.bottoms.push(bottom);
    }
  }
  return band;
}

/**
 * A column of a banded pass: words [top, bottom] of it, under row 32 * top at `above`; `bits` holds
 * their Pv words then their Mv words (a whole column when top is 0 and bottom the last word).
 */
export interface BandColumn {
  bits: Int32Array;
  top: number;
  bottom: number;
  above: number;
}

/**
 * D(a, b) computed only inside a band of rows, exact when every cell of some optimal alignment
 * lies inside it (the caller's proof obligation: anchor.ts, diagonalBand). Outside the band nothing
 * is stored; its edges take upper bounds instead: the row above the band grows by one per column
 * and a word joining at the bottom starts one more per row than the row above it (a row more of a
 * costs at most one more edit). So every value computed is the cost of some real alignment, at
 * least the true one, and a cell reached by an optimal alignment that stays inside the band gets
 * its true value: the bottom-right cell comes out exact.
 *
 * `visit` gets a copy of the column after each of the increasing positions `stops` (characters of b
 * read; 0 is the column before the first).
 */
export function bandedDistance(
  p: Pattern,
  b: string,
  band: Band,
  stops: readonly number[] = [],
  visit?: (j: number, column: BandColumn) => void,
): number {
  const W = p.words;
  const bits = new Int32Array(2 * W);
  let top = band.tops[0];
  let bottom = band.bottoms[0];
  if (top !== 0) throw new Error('a band must start at row 0');
  if (band.ends[band.ends.length - 1] !== b.length || band.bottoms[band.bottoms.length - 1] !== W - 1) {
    throw new Error('a band must end at the last row of the last column');
  }
  // column 0: D(a[0, i), '') = i
  for (let k = top; k <= bottom; k++) bits[k] = -1;
  // value of the row just above word `top`
  let above = 0;
  let from = 0;
  let stop = 0;
  const emit = (j: number) => {
    while (stop < stops.length && stops[stop] === j) {
      if (visit) {
        // the band's words only: a pass stops every few hundred columns, and copying whole columns of
        // a long unit there cost a twentieth of the pass
        const length = bottom - top + 1;
        const kept = new Int32Array(2 * length);
        kept.set(bits.subarray(top, bottom + 1), 0);
        kept.set(bits.subarray(W + top, W + bottom + 1), length);
        visit(j, { bits: kept, top, bottom, above });
      }
      stop++;
    }
  };
  emit(0);
  for (let s = 0; s < band.ends.length; s++) {
    const nextTop = band.tops[s];
    const nextBottom = band.bottoms[s];
    if (nextTop < top || nextBottom < bottom) throw new Error('a band may only move down');
    for (let k = bottom + 1; k <= nextBottom; k++) {
      bits[k] = -1;
      bits[W + k] = 0;
    }
    bottom = nextBottom;
    for (let k = top; k < nextTop; k++) above += popcount(bits[k]) - popcount(bits[W + k]);
    top = nextTop;
    const end = band.ends[s];
    // the row above word `top` is taken to grow by one per column (an upper bound on its true values,
    // which grow by at most one), and what leaves word `bottom` is dropped
    while (from < end) {
      const to = stop < stops.length && stops[stop] < end ? stops[stop] : end;
      stepColumns(p, bits, b, from, to, top, bottom);
      above += to - from;
      from = to;
      emit(to);
    }
  }
  let value = above;
  for (let k = top; k < W - 1; k++) value += popcount(bits[k]) - popcount(bits[W + k]);
  const keep = p.lastBit === 31 ? -1 : (1 << (p.lastBit + 1)) - 1;
  value += popcount(bits[W - 1] & keep) - popcount(bits[2 * W - 1] & keep);
  return value;
}

/**
 * The values of the rows a banded column holds, into `out` at their rows; returns the first and the
 * last such row. Row 32 * top is the band's edge, an upper bound, so it is left out unless it is
 * row 0, which is exact.
 */
export function decodeBand(p: Pattern, column: BandColumn, out: Int32Array): [number, number] {
  const { bits, top, bottom } = column;
  const length = bottom - top + 1;
  let v = column.above;
  if (top === 0) out[0] = v;
  const last = Math.min(p.n, 32 * bottom + 32);
  for (let i = 32 * top + 1; i <= last; i++) {
    const k = ((i - 1) >> 5) - top;
    const bit = (i - 1) & 31;
    v += ((bits[k] >>> bit) & 1) - ((bits[length + k] >>> bit) & 1);
    out[i] = v;
  }
  return [top === 0 ? 0 : 32 * top + 1, last];
}

/** The value of one row that decodeBand would give of `column`, summed a word at a time. */
export function bandValue(column: BandColumn, row: number): number {
  const { bits, top, bottom } = column;
  const length = bottom - top + 1;
  const count = row - 32 * top;
  const whole = count >> 5;
  let v = column.above;
  for (let k = 0; k < whole; k++) v += popcount(bits[k]) - popcount(bits[length + k]);
  const rest = count & 31;
  if (rest > 0) {
    const keep = (1 << rest) - 1;
    v += popcount(bits[whole] & keep) - popcount(bits[length + whole] & keep);
  }
  return v;
}

/** Values of rows 0..n of a column whose row 0 is `top`. */
export function decode(p: Pattern, bits: Int32Array, top: number, out: Int32Array): void {
  decodeBand(p, { bits, top: 0, bottom: p.words - 1, above: top }, out);
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}
