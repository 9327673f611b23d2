import { Anchor, AnchorMap } from './anchor';
import { advance, Band, BandColumn, bandCost, bandedDistance, bandValue, closedForm, decode, diagonalBand, Pattern, Working } from './bitColumns';
import { levenshteinWithin, subsequenceDistance, surfaceFromDistance } from './surface';

/**
 * Levenshtein distances from one fixed text `a` (a search's original unit) to a stream of texts
 * that each differ from one scored before in a small region: exactly the number `levenshtein(a, b)`
 * gives (unit costs, UTF-16 code units), at a cost that follows the changed region rather than the
 * product of the lengths. Two exact methods, and each text takes the cheaper:
 *
 * Kept columns. Cut b anywhere, at j: every alignment of a with b passes column j at some row i, so
 * D(a, b) = min over i of F[i] + R[n - i], where F is the forward DP column at j and R the column of
 * the reversed strings after b's last m - j characters (Hirschberg). F depends only on b's first j
 * characters and R only on the rest, so a column computed for one text serves every later text
 * with the same prefix (forward) or suffix (backward). The index keeps them every `interval`
 * characters for the texts it scored last (bitColumns.ts); a new text resumes the forward pass at
 * the last kept column inside a prefix it shares with some earlier text and the backward pass
 * likewise inside a shared suffix, computes the columns in between and joins the two in O(n). For
 * a rewrite of a text whose columns are known that is the rewritten region plus two intervals.
 * But a text's own columns past its rewrite are known only once computed: when a search keeps a
 * candidate and the next rewrite lands far from the last one, the columns between the two would be
 * computed on all n rows, a third of a full pass on average.
 *
 * Anchor bands. So the index also keeps an anchor (anchor.ts): one text of the search, computed in
 * full both ways, with how much each row costs an alignment forced through it. A later text that
 * matches the anchor except in a few rewritten gaps has all its optimal alignments inside a band of
 * rows whose width follows the size of those gaps, and one pass over the band, column by column
 * over the whole text, gives the exact distance: O(m * band / 32), linear in the text for a fixed
 * amount of rewriting. Making an anchor costs up to two full passes (one when its forward columns
 * are kept already), so it is bought the way a ski-renter buys skis: once the texts scored since the
 * last anchor have cost as much, the text the new one was rewritten from becomes the anchor.
 *
 * Far texts. A text that differs from every cached one throughout (variable-rename touches every
 * line of a file) has nothing to resume from, and its first rewrite would buy it as the anchor: two
 * whole passes. Instead it becomes the anchor at once, both passes computed only on the diagonal
 * band an alignment within a bound on its distance could use (Ukkonen's cut-off): for a rename, a
 * band about as wide as the distance, a quarter to a half of the rows (anchorFar).
 *
 * Small distances (the first steps of a search) go to the diagonal-transition algorithm first, as
 * levenshtein() does: O(n + d^2) beats any column-by-column method there.
 */
export class LevenshteinIndex {
  /** Characters of b between kept columns. */
  readonly interval: number;
  private readonly n: number;
  private readonly words: number;
  // a's masks, each made on first use: a small text's distance mostly needs one or none (direct)
  private forwardPattern: Pattern | null = null;
  private backwardPattern: Pattern | null = null;
  private readonly maxTexts: number;
  private readonly maxBytes: number;
  private readonly method: 'cheaper' | 'columns' | 'band';
  /** Most recently used last. */
  private entries: Entry[] = [];
  private anchor: Anchor | null = null;
  private bytes = 0;
  private steps = 0;
  /** Word-steps spent on texts since the anchor was made. */
  private spent = 0;
  /** How texts were scored (for tests and benchmarks): found, diagonal algorithm, kept columns, anchor band; anchors made. */
  readonly counts = { known: 0, diagonal: 0, columns: 0, band: 0, anchors: 0 };

  constructor(
    readonly a: string,
    options: {
      /** Characters between kept columns (default from a's length: memory against work per rewrite). */
      interval?: number;
      /** Texts remembered, most recent first (default 4). */
      maxTexts?: number;
      /** Bytes of kept columns past which the oldest texts go (default 64 MiB). */
      maxBytes?: number;
      /** For tests: one method wherever it applies instead of the cheaper one. */
      method?: 'cheaper' | 'columns' | 'band';
    } = {},
  ) {
    this.n = a.length;
    // A kept column costs n/4 bytes. Spacing columns by at least n^2 / 16 MiB keeps one text's
    // columns of one direction under about 4 MiB (2,000-line units: an interval of 512), while
    // each new text recomputes at most two intervals beyond its rewrite.
    this.interval = options.interval ?? Math.max(256, 2 ** Math.ceil(Math.log2(Math.max(1, (this.n * this.n) / (16 << 20)))));
    if (!Number.isInteger(this.interval) || this.interval < 1) {
      throw new RangeError(`interval must be a positive integer, got ${this.interval}`);
    }
    this.maxTexts = Math.max(1, options.maxTexts ?? 4);
    this.maxBytes = options.maxBytes ?? 64 << 20;
    this.method = options.method ?? 'cheaper';
    this.words = Math.ceil(this.n / 32);
  }

  private get forward(): Pattern {
    return (this.forwardPattern ??= new Pattern(this.a, false));
  }

  private get backward(): Pattern {
    return (this.backwardPattern ??= new Pattern(this.a, true));
  }

  /** surfaceSimilarity(a, b), through the index. */
  similarity(b: string, hint?: RewriteHint): number {
    return surfaceFromDistance(this.distance(b, hint), this.n, b.length);
  }

  /**
   * levenshtein(a, b) without the index: the diagonal algorithm when the distance is small, the
   * difference in length when one text only adds characters to the other, else one bit-parallel
   * pass over b past the longer of its common prefix and suffix with a, on a's masks built once.
   * For small texts, where the index's bookkeeping costs more than the distance itself.
   */
  direct(b: string): number {
    const n = this.n;
    const m = b.length;
    if (n === 0 || m === 0) return n + m;
    const d = levenshteinWithin(this.a, b, 16);
    if (d >= 0) return d;
    const inserted = subsequenceDistance(this.a, b);
    if (inserted >= 0) return inserted;
    const prefix = commonPrefix(this.a, b);
    const suffix = commonSuffix(this.a, b);
    const [p, shared] = prefix >= suffix ? [this.forward, prefix] : [this.backward, suffix];
    return advance(p, closedForm(p, shared), b, shared, m);
  }

  /** levenshtein(a, b); `hint` only makes it cheaper (a wrong one costs a pass, never exactness). */
  distance(b: string, hint?: RewriteHint): number {
    const n = this.n;
    const m = b.length;
    const known = this.entries.find((e) => e.text === b);
    if (known) {
      this.counts.known++;
      this.touch(known);
      return known.distance;
    }
    if (n === 0 || m === 0) return n + m;
    // a as a source: its common prefix and suffix with b, columns in closed form at any position.
    const prefixA = commonPrefix(this.a, b);
    if (prefixA === n && n === m) return 0;
    const suffixA = commonSuffix(this.a, b);
    const sources: Source[] = this.entries.map((e) => ({ entry: e, prefix: commonPrefix(e.text, b), suffix: commonSuffix(e.text, b) }));
    const closest = sources.reduce<Source | null>((best, s) => (!best || s.prefix + s.suffix > best.prefix + best.suffix ? s : best), null);

    const entry: Entry = { text: b, distance: -1, forward: [], backward: [], map: null };
    this.inherit(entry, sources);
    const full = m * this.words;
    let plan = this.plan(b, prefixA, suffixA, sources);
    entry.map = this.mapOf(b, sources);
    const bound = this.upperBound(b, sources);
    let band = entry.map && this.anchor!.band(entry.map, m, bound);
    const cost = () =>
      Math.min(this.method === 'band' ? Infinity : plan.cost, band && this.method !== 'columns' ? bandCost(band) : Infinity);
    const anchored = (s: Source | null) => s !== null && this.anchor !== null && s.entry.text === this.anchor.text;

    // The diagonal algorithm, with the budget ratio levenshtein() uses before it hands over.
    const cap = Math.max(16, Math.ceil(Math.sqrt(Math.min(plan.cost, band ? bandCost(band) : Infinity) / 128)));
    if (this.lowerBound(b, sources) <= cap) {
      const d = levenshteinWithin(this.a, b, cap);
      if (d >= 0) {
        this.counts.diagonal++;
        entry.distance = d;
        this.remember(entry, sources);
        return d;
      }
    }

    // A text far from every cached one (variable-rename touches every line) would cost a whole pass
    // now and another for the anchor its next rewrite buys: it becomes the anchor itself, on a band.
    const local = closest !== null && 10 * (closest.prefix + closest.suffix) >= 9 * m;
    if (!local && this.method !== 'columns' && cost() > full / 2) {
      const d = this.anchorFar(entry, cost(), this.guess(hint));
      if (d >= 0) {
        entry.distance = d;
        this.remember(entry, sources);
        return d;
      }
    }

    // Rent or buy: once what the texts since the last anchor cost, with this one, reaches what a new
    // anchor costs (about a pass each way, less the forward columns already kept), the text b came
    // from becomes the anchor. Only for a local rewrite of it: a bigger change pays once either way.
    if (local && !anchored(closest) && this.spent + cost() >= this.anchorCost(closest!.entry)) {
      this.makeAnchor(closest!.entry);
      this.spent = 0;
      this.inherit(entry, sources);
      plan = this.plan(b, prefixA, suffixA, sources);
      entry.map = this.mapOf(b, sources);
      band = entry.map && this.anchor!.band(entry.map, m, bound);
    }

    const banded = band !== null && this.method !== 'columns' && (this.method === 'band' || bandCost(band) < plan.cost);
    this.counts[banded ? 'band' : 'columns']++;
    this.spent += banded ? bandCost(band!) : plan.cost;
    entry.distance = banded ? this.bandedDistance(b, band!) : this.columnsDistance(b, entry, sources, plan);
    this.remember(entry, sources);
    return entry.distance;
  }

  /** Where the forward and backward passes can resume: kept columns or a's closed form; their positions add up to at most m. */
  private plan(b: string, prefixA: number, suffixA: number, sources: Source[]): Plan {
    const K = this.interval;
    const m = b.length;
    const resume = (limit: number, forward: boolean): Start => {
      let best: Start = { at: Math.min(forward ? prefixA : suffixA, limit), column: null };
      for (const s of sources) {
        const list = forward ? s.entry.forward : s.entry.backward;
        for (let k = Math.floor(Math.min(forward ? s.prefix : s.suffix, limit) / K); k * K > best.at; k--) {
          if (list[k]) {
            best = { at: k * K, column: list[k]! };
            break;
          }
        }
      }
      return best;
    };
    const from = resume(m, true);
    const back = resume(m - from.at, false);
    const back2 = resume(m, false);
    const from2 = resume(m - back2.at, true);
    const [f, r] = from2.at + back2.at > from.at + back.at ? [from2, back2] : [from, back];
    return { from: f, back: r, cost: (m - f.at - r.at) * this.words };
  }

  /**
   * The kept-columns method: extend the resumed passes across the stretches b shares with cached
   * texts first, in the direction that keeps the new columns valid for those texts too (their other
   * candidates and b's children reuse them), then cross b's own rewritten region forward and join.
   */
  private columnsDistance(b: string, entry: Entry, sources: Source[], plan: Plan): number {
    const K = this.interval;
    const m = b.length;
    const sharedPrefix = Math.min(Math.max(commonPrefix(this.a, b), ...sources.map((s) => s.prefix)), m - plan.back.at);
    const sharedSuffix = Math.min(
      Math.max(commonSuffix(this.a, b), ...sources.map((s) => s.suffix)),
      m - Math.max(sharedPrefix, plan.from.at),
    );
    const fwd = this.start(plan.from, this.forward);
    const bwd = this.start(plan.back, this.backward);
    const storeForward = (k: number, column: Column) => {
      this.keep(entry.forward, k, column);
      for (const s of sources) if (s.prefix >= k * K) this.keep(s.entry.forward, k, column);
    };
    const storeBackward = (k: number, column: Column) => {
      this.keep(entry.backward, k, column);
      for (const s of sources) if (s.suffix >= k * K) this.keep(s.entry.backward, k, column);
    };
    let at = this.walk(this.forward, fwd, b, plan.from.at, Math.max(plan.from.at, sharedPrefix), storeForward);
    const suffix = this.walk(this.backward, bwd, b, plan.back.at, Math.max(plan.back.at, sharedSuffix), storeBackward);
    at = this.walk(this.forward, fwd, b, at, m - suffix, storeForward);
    return this.join(fwd, at, bwd, suffix);
  }

  private bandedDistance(b: string, band: Band): number {
    this.steps += bandCost(band);
    return bandedDistance(this.forward, b, band);
  }

  /** b's map to the anchor, from the cached text sharing the most with b that has one. */
  private mapOf(b: string, sources: Source[]): AnchorMap | null {
    let best: Source | null = null;
    for (const s of sources) {
      if (s.entry.map?.anchor === this.anchor && (!best || s.prefix + s.suffix > best.prefix + best.suffix)) best = s;
    }
    return best && this.anchor!.derive(best.entry.map!, best.entry.text, b, best.prefix, best.suffix);
  }

  /**
   * Makes `entry`'s text the anchor: its forward columns at every multiple of the interval (kept, as
   * any others) and at its end, then one backward pass over all of it that, at each of those
   * positions, adds the two columns into the anchor's row profile.
   */
  private makeAnchor(entry: Entry): void {
    const K = this.interval;
    const R = entry.text;
    const mR = R.length;
    const prefixA = commonPrefix(this.a, R);
    const suffixA = commonSuffix(this.a, R);
    const positions = this.profiled(mR);
    // forward columns at each position, from the kept ones where they exist
    const forwardAt: Working[] = [];
    let w: Working | null = null;
    let wAt = 0;
    for (const p of positions) {
      const kept = p % K === 0 ? entry.forward[p / K] : undefined;
      if (kept) {
        w = null;
        wAt = p;
        forwardAt.push({ bits: kept.bits, score: kept.score });
        continue;
      }
      if (p <= prefixA) {
        w = closedForm(this.forward, p);
      } else {
        if (!w) w = { bits: forwardAt[forwardAt.length - 1].bits.slice(), score: forwardAt[forwardAt.length - 1].score };
        this.steps += (p - wAt) * this.words;
        w.score = advance(this.forward, w, R, wAt, p);
      }
      wAt = p;
      const column: Column = { bits: w.bits.slice(), score: w.score, holders: 0 };
      if (p % K === 0) this.keep(entry.forward, p / K, column);
      forwardAt.push(column);
    }
    const anchor = new Anchor(R, entry.distance, this.words, positions);
    const fValues = new Int32Array(this.n + 1);
    const rValues = new Int32Array(this.n + 1);
    // backward over all of R: suffix lengths mR - p for the positions p, from the end
    let t = Math.min(suffixA, mR);
    const back = closedForm(this.backward, t);
    for (let i = positions.length - 1; i >= 0; i--) {
      const p = positions[i];
      const target = mR - p;
      if (target <= suffixA) {
        const closed = closedForm(this.backward, target);
        decode(this.backward, closed.bits, target, rValues);
      } else {
        if (t < target) {
          t = this.walk(this.backward, back, R, t, target, (k, column) => this.keep(entry.backward, k, column));
        }
        decode(this.backward, back.bits, target, rValues);
      }
      decode(this.forward, forwardAt[i].bits, p, fValues);
      if (fValues[this.n] !== forwardAt[i].score) throw new Error('incremental Levenshtein: a column does not add up to its bottom value');
      anchor.setProfile(i, fValues, rValues);
    }
    this.anchor = anchor;
    this.counts.anchors++;
    entry.map = anchor.identity();
  }

  /**
   * D(a, b) for a text far from every cached one, making it the anchor when that costs less than
   * `budget` word-steps; else -1, and nothing changes but the word-steps of the passes tried.
   *
   * First an upper bound: `guess` when the caller's hint gave one (a rename's edits, on top of the
   * distance of the text it renamed), else the distance within a narrow diagonal band, the cost of a
   * real alignment and usually D itself, since rewrites move the shift between the texts only slowly.
   * A guess that proves wrong (its band's distance comes out over its limit) falls back. Then both
   * passes of the anchor on the band of every cell an alignment costing at most `limit` (that bound
   * and some slack) could use (diagonalBand): D is exact there, and so is Through at every row
   * where it is at most `limit`. A row whose computed Through is more has a true Through of more
   * too (a row at most `limit` would have come out exact), and a row outside the band has at least
   * its diagonal lower bound; each such row gets a lower bound in the profile, which keeps every
   * band the anchor gives exact (anchor.ts), and the same as from whole columns wherever the
   * search's rewrites since the anchor keep its limits under `limit`.
   */
  private anchorFar(entry: Entry, budget: number, guess: number | null): number {
    const b = entry.text;
    const n = this.n;
    const m = b.length;
    const slack = (bound: number) => bound + Math.max(FAR_SLACK, bound >> 2);
    if (guess !== null) {
      const d = this.anchorOnBand(entry, budget, slack(guess));
      if (d >= 0) return d;
      // a loose hint's band costs too much, or a wrong one's pass found more than it allowed: a narrow band's distance bounds it instead
    }
    const narrow = diagonalBand(n, m, Math.abs(m - n) + FAR_NARROW);
    if (3 * bandCost(narrow) > budget) return -1;
    this.steps += bandCost(narrow);
    const upper = bandedDistance(this.forward, b, narrow);
    const d = this.anchorOnBand(entry, budget, slack(upper));
    if (d === -2) throw new Error('incremental Levenshtein: a wider band gave a longer distance');
    return d;
  }

  /**
   * Makes `entry`'s text the anchor from two passes on the diagonal band of alignments costing up to
   * `limit`, and returns its distance; -1 when that costs more than `budget`, -2 when the distance
   * is over `limit`. A distance at most `limit` is exact whatever `limit` was: an optimal alignment
   * costs no more, so it lies in the band.
   */
  private anchorOnBand(entry: Entry, budget: number, limit: number): number {
    const b = entry.text;
    const n = this.n;
    const m = b.length;
    const band = diagonalBand(n, m, limit);
    if (2 * bandCost(band) > budget) return -1;
    const positions = this.profiled(m);
    const forwardAt: BandColumn[] = [];
    this.steps += bandCost(band);
    const d = bandedDistance(this.forward, b, band, positions, (_, column) => forwardAt.push(column));
    if (d > limit) return -2;
    this.steps += bandCost(band);
    const anchor = new Anchor(b, d, this.words, positions);
    const W = this.words;
    // the backward pass reaches the positions from the last
    let index = positions.length;
    bandedDistance(this.backward, b, band, positions.map((p) => m - p).reverse(), (_, column) => {
      const p = positions[--index];
      anchor.setLeast(index, leastThrough(forwardAt[index], column, n, m, p, limit, W));
    });
    this.anchor = anchor;
    this.counts.anchors++;
    this.spent = 0;
    entry.map = anchor.identity();
    return d;
  }

  /**
   * An upper bound on D(a, b) from the caller's hint: D(a, t) for the text t that b was rewritten
   * from, when the index scored t, plus what the rewrite costs at most; null without one.
   */
  private guess(hint: RewriteHint | undefined): number | null {
    if (!hint) return null;
    if (hint.from === this.a) return hint.cost;
    const from = this.entries.find((e) => e.text === hint.from);
    return from && from.distance >= 0 ? from.distance + hint.cost : null;
  }

  /** Where an anchor of m characters has a row profile: every multiple of the interval, and its end. */
  private profiled(m: number): number[] {
    const positions: number[] = [];
    for (let p = 0; p < m; p += this.interval) positions.push(p);
    positions.push(m);
    return positions;
  }

  /** Word-steps making `entry`'s text the anchor would take: its missing forward columns and a backward pass. */
  private anchorCost(entry: Entry): number {
    const K = this.interval;
    const m = entry.text.length;
    let missing = 0;
    for (let k = 1; k * K <= m; k++) if (!entry.forward[k]) missing++;
    return (missing * K + m) * this.words;
  }

  /** An upper bound on D(a, b): for each cached text t, D(a, t) + D(t, b), with D(t, b) at most the longer differing middle. */
  private upperBound(b: string, sources: Source[]): number {
    let bound = Math.max(this.n, b.length);
    for (const s of sources) {
      const t = s.entry.text;
      const shared = Math.min(s.prefix + s.suffix, t.length, b.length);
      bound = Math.min(bound, s.entry.distance + Math.max(t.length - shared, b.length - shared));
    }
    return bound;
  }

  /**
   * A lower bound on D(a, b) from what is known: |n - m|, and for each cached text t,
   * D(a, t) - D(t, b), where D(t, b) is at most the longer of their differing middles.
   */
  private lowerBound(b: string, sources: Source[]): number {
    let bound = Math.abs(this.n - b.length);
    for (const s of sources) {
      const t = s.entry.text;
      const shared = Math.min(s.prefix + s.suffix, t.length, b.length);
      bound = Math.max(bound, s.entry.distance - Math.max(t.length - shared, b.length - shared));
    }
    return bound;
  }

  /** A working copy of the column a pass resumes from. */
  private start(from: Start, p: Pattern): Working {
    return from.column ? { bits: from.column.bits.slice(), score: from.column.score } : closedForm(p, from.at);
  }

  /**
   * Advances a pass over b from position `from` to `to` (characters read so far: a prefix of b
   * forward, a suffix backward), handing each column at a multiple of the interval to `store`.
   */
  private walk(p: Pattern, w: Working, b: string, from: number, to: number, store: (k: number, column: Column) => void): number {
    const K = this.interval;
    let at = from;
    while (at < to) {
      const stop = Math.min(to, (Math.floor(at / K) + 1) * K);
      this.steps += (stop - at) * this.words;
      w.score = advance(p, w, b, at, stop);
      at = stop;
      if (at % K === 0) store(at / K, { bits: w.bits.slice(), score: w.score, holders: 0 });
    }
    return at;
  }

  /** min over i of F[i] + R[n - i]: the forward column after `at` characters, the backward one after `suffix`. */
  private join(f: Working, at: number, r: Working, suffix: number): number {
    const n = this.n;
    const forward = new Int32Array(n + 1);
    const backward = new Int32Array(n + 1);
    decode(this.forward, f.bits, at, forward);
    decode(this.backward, r.bits, suffix, backward);
    if (forward[n] !== f.score || backward[n] !== r.score) {
      throw new Error('incremental Levenshtein: a column does not add up to its bottom value');
    }
    let best = Infinity;
    for (let i = 0; i <= n; i++) {
      const total = forward[i] + backward[n - i];
      if (total < best) best = total;
    }
    return best;
  }

  /** The columns b shares with cached texts: any text with a prefix (suffix) that covers the position. */
  private inherit(entry: Entry, sources: Source[]): void {
    const K = this.interval;
    for (const s of sources) {
      for (let k = 0; k * K <= s.prefix; k++) if (s.entry.forward[k]) this.keep(entry.forward, k, s.entry.forward[k]!);
      for (let k = 0; k * K <= s.suffix; k++) if (s.entry.backward[k]) this.keep(entry.backward, k, s.entry.backward[k]!);
    }
  }

  private keep(list: (Column | undefined)[], k: number, column: Column): void {
    if (list[k]) return;
    list[k] = column;
    if (column.holders++ === 0) this.bytes += column.bits.byteLength;
  }

  /** Adds b as the most recent text, marks the texts it came from as used, and evicts the oldest. */
  private remember(entry: Entry, sources: Source[]): void {
    // The texts b shares the most with are the likeliest parents of what comes next (a search's current state).
    const useful = sources.filter((s) => s.prefix + s.suffix >= Math.min(entry.text.length, s.entry.text.length) / 2);
    for (const s of useful) this.touch(s.entry);
    this.entries.push(entry);
    while (this.entries.length > this.maxTexts || (this.bytes > this.maxBytes && this.entries.length > 1)) {
      const old = this.entries.shift()!;
      for (const list of [old.forward, old.backward]) {
        for (const column of list) if (column && --column.holders === 0) this.bytes -= column.bits.byteLength;
      }
    }
  }

  private touch(entry: Entry): void {
    const i = this.entries.indexOf(entry);
    if (i >= 0 && i < this.entries.length - 1) {
      this.entries.splice(i, 1);
      this.entries.push(entry);
    }
  }

  /** Bytes of kept columns (for tests and benchmarks). */
  get keptBytes(): number {
    return this.bytes;
  }

  /** Bit-parallel word steps so far (one 32-row word of one column), all passes (for tests and benchmarks). */
  get wordSteps(): number {
    return this.steps;
  }

  /** How many texts the index remembers. */
  get texts(): number {
    return this.entries.length;
  }
}

/**
 * An anchor's profile at position p of its text: per word of rows, the least Through = F + R of its
 * rows, from the forward column `fc` and the backward column `column` at p (rows both computed,
 * where Through is within `limit`) or the diagonal lower bound (elsewhere). A function of its own:
 * as a closure in the pass's callback V8 ran it several times slower.
 */
function leastThrough(fc: BandColumn, column: BandColumn, n: number, m: number, p: number, limit: number, W: number): Int32Array {
  // rows both passes computed (decodeBand's), the backward pass's row k being row n - k
  const lo = Math.max(fc.top === 0 ? 0 : 32 * fc.top + 1, n - Math.min(n, 32 * column.bottom + 32));
  const hi = Math.min(Math.min(n, 32 * fc.bottom + 32), n - (column.top === 0 ? 0 : 32 * column.top + 1));
  const after = m - p - n;
  // the diagonal bound is least between rows p and p + n - m, so over rows [x, y] at the row nearest p
  const lowest = (x: number, y: number) => diagonalLower(Math.min(y, Math.max(x, p)), p, after, limit);
  // Through of row i is f + r, both stepped row by row from their vertical deltas: decoding both
  // columns into arrays first cost a third of making the anchor
  let f = lo <= hi ? bandValue(fc, lo) : 0;
  let r = lo <= hi ? bandValue(column, n - lo) : 0;
  const fBits = fc.bits;
  const fMv = fc.bottom - fc.top + 1;
  const fBase = 32 * fc.top;
  const rBits = column.bits;
  const rMv = column.bottom - column.top + 1;
  const rBase = 32 * column.top;
  const least = new Int32Array(W);
  for (let w = 0; w < W; w++) {
    const first = w === 0 ? 0 : 32 * w + 1;
    const last = Math.min(n, 32 * w + 32);
    let low = 0x7fffffff;
    if (first < lo) low = lowest(first, Math.min(last, lo - 1));
    if (last > hi) low = Math.min(low, lowest(Math.max(first, hi + 1), last));
    for (let i = Math.max(first, lo), end = Math.min(last, hi); i <= end; i++) {
      const through = f + r;
      const value = through <= limit ? through : diagonalLower(i, p, after, limit);
      if (value < low) low = value;
      if (i === hi) break;
      // forward row i + 1's delta, and backward row n - i's (taken off: the backward rows go up)
      const fb = i - fBase;
      f += ((fBits[fb >> 5] >>> (fb & 31)) & 1) - ((fBits[fMv + (fb >> 5)] >>> (fb & 31)) & 1);
      const rb = n - i - 1 - rBase;
      r -= ((rBits[rb >> 5] >>> (rb & 31)) & 1) - ((rBits[rMv + (rb >> 5)] >>> (rb & 31)) & 1);
    }
    least[w] = low;
  }
  return least;
}

/** Ukkonen's bound on an alignment through row i at position p (|p - i| + |m - p - (n - i)|), at least limit + 1. */
function diagonalLower(i: number, p: number, after: number, limit: number): number {
  return Math.max(limit + 1, Math.abs(p - i) + Math.abs(after + i));
}

/**
 * How a text was made, as far as its caller knows: rewritten from `from` by edits whose Levenshtein
 * distances add up to at most `cost`. D(a, from) + cost bounds D(a, b), which saves a far text
 * (anchorFar) the narrow pass that otherwise finds a bound.
 */
export interface RewriteHint {
  from: string;
  cost: number;
}

/**
 * A far text's narrow band holds the alignments costing up to this much more than the difference
 * in length; its anchor's band, those costing up to this much (or a quarter) more than the narrow
 * distance.
 */
const FAR_NARROW = 2048;
const FAR_SLACK = 4096;

/** A kept column: Pv words then Mv words, and D[n][j]. */
interface Column extends Working {
  /** Texts of the index holding it (its bytes count while any does). */
  holders: number;
}

interface Entry {
  text: string;
  distance: number;
  /** forward[k]: the column after the text's first k * interval characters. */
  forward: (Column | undefined)[];
  /** backward[k]: the column of the reversed strings after the text's last k * interval characters. */
  backward: (Column | undefined)[];
  /** How the text matches the current anchor, when known. */
  map: AnchorMap | null;
}

/** A cached text compared with the one being scored. */
interface Source {
  entry: Entry;
  prefix: number;
  suffix: number;
}

/** Where a pass resumes: a kept column, or (null) a's closed form at `at`. */
interface Start {
  at: number;
  column: Column | null;
}

interface Plan {
  from: Start;
  back: Start;
  /** Word-steps of the kept-columns method. */
  cost: number;
}

function commonPrefix(x: string, y: string): number {
  const n = Math.min(x.length, y.length);
  let i = 0;
  while (i < n && x.charCodeAt(i) === y.charCodeAt(i)) i++;
  return i;
}

function commonSuffix(x: string, y: string): number {
  const n = Math.min(x.length, y.length);
  let i = 0;
  while (i < n && x.charCodeAt(x.length - 1 - i) === y.charCodeAt(y.length - 1 - i)) i++;
  return i;
}
