/**
 * Line endings of a file, kept while the engine works on LF text.
 *
 * Why LF inside: tree-sitter parses CRLF text, but every method writes the lines it inserts with
 * "\n" and re-indents blocks by splitting on "\n" (leaving "\r" at the ends of moved lines), so a
 * CRLF file came out with mixed endings. Teaching 26 methods about "\r" would be a change in each;
 * instead the engine's entry points take CRLF off (`lf`) and `restore` puts the file's endings on
 * what comes out: every line of an all-CRLF file ends in CRLF, inserted ones included; in a mixed
 * file a line the run did not change keeps its own ending and a new line takes the ending of the
 * line above it. A lone "\r" (not before "\n") is content and stays as it is.
 */
export class LineEndings {
  /** The text with every CRLF as LF: what tree-sitter and the methods see. */
  readonly lf: string;
  private readonly kind: 'lf' | 'crlf' | 'mixed';
  /** Mixed files: the LF text's lines and whether each ended in CRLF. */
  private readonly lines: string[] = [];
  private readonly crlf: boolean[] = [];
  /** Offsets (in the original text) of the "\r"s that `lf` left out. */
  private readonly removed: number[] = [];
  private last: { lf: string; restored: string; cr: number[] } | undefined;

  constructor(readonly original: string) {
    if (!original.includes('\r\n')) {
      this.lf = original;
      this.kind = 'lf';
      return;
    }
    for (let i = original.indexOf('\r\n'); i >= 0; i = original.indexOf('\r\n', i + 2)) this.removed.push(i);
    this.lf = original.replace(/\r\n/g, '\n');
    const breaks = countOf(this.lf, '\n');
    this.kind = breaks === this.removed.length ? 'crlf' : 'mixed';
    if (this.kind === 'mixed') {
      const pieces = original.split('\n');
      for (let i = 0; i < pieces.length; i++) {
        const cr = i < pieces.length - 1 && pieces[i].endsWith('\r');
        this.lines.push(cr ? pieces[i].slice(0, -1) : pieces[i]);
        this.crlf.push(cr);
      }
    }
  }

  /** Whether the file has any CRLF (else everything here is the identity). */
  get hasCrlf(): boolean {
    return this.kind !== 'lf';
  }

  /** An offset into the original text as an offset into `lf`. */
  toLf(offset: number): number {
    if (this.kind === 'lf') return offset;
    let lo = 0;
    let hi = this.removed.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.removed[mid] < offset) lo = mid + 1;
      else hi = mid;
    }
    return offset - lo;
  }

  /** A text the engine made from `lf`, with the file's line endings. */
  restore(lfText: string): string {
    return this.restored(lfText).restored;
  }

  /** The text restored and where its `\r`s went (offsets in the restored text), for mapping spans. */
  private restored(lfText: string): { lf: string; restored: string; cr: number[] } {
    if (this.last?.lf === lfText) return this.last;
    let restored: string;
    if (this.kind === 'lf') restored = lfText;
    else if (this.kind === 'crlf') restored = lfText.replace(/\n/g, '\r\n');
    else restored = this.restoreMixed(lfText);
    const cr: number[] = [];
    if (this.kind !== 'lf') for (let i = restored.indexOf('\r\n'); i >= 0; i = restored.indexOf('\r\n', i + 2)) cr.push(i);
    this.last = { lf: lfText, restored, cr };
    return this.last;
  }

  /** A span of an LF text, as a span of its restored text. */
  restoreSpan(lfText: string, span: { start: number; end: number }): { start: number; end: number } {
    if (this.kind === 'lf') return span;
    const { cr } = this.restored(lfText);
    // the i-th "\r" sits at cr[i] in the restored text, before LF offset cr[i] - i
    const shift = (offset: number) => {
      let lo = 0;
      let hi = cr.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cr[mid] - mid < offset) lo = mid + 1;
        else hi = mid;
      }
      return offset + lo;
    };
    return { start: shift(span.start), end: shift(span.end) };
  }

  /**
   * Lines matched to the original keep their ending. Between two matched lines, new lines that
   * replace as many original lines (a line-for-line rewrite: a rename, a changed operator) take
   * their endings in order; otherwise each takes the ending of the line above it.
   */
  private restoreMixed(lfText: string): string {
    const lines = lfText.split('\n');
    const from = matchLines(this.lines, lines);
    const ending = (j: number) => (j < this.lines.length - 1 ? this.crlf[j] : undefined);
    const out: string[] = [];
    // the first line, when new, takes the ending most lines of the file have
    let previous = this.crlf.filter(Boolean).length * 2 >= this.crlf.length - 1;
    let lastMatched = -1;
    for (let i = 0; i < lines.length - 1; ) {
      let next = i;
      while (next < lines.length && from[next] < 0) next++;
      if (next === i) {
        previous = ending(from[i]) ?? previous;
        out.push(lines[i], previous ? '\r\n' : '\n');
        lastMatched = from[i++];
        continue;
      }
      // a run of new lines in place of the original lines between two matched ones
      const replacedEnd = next < lines.length ? from[next] : this.lines.length;
      const lineForLine = next - i === replacedEnd - (lastMatched + 1);
      for (let r = lastMatched + 1; i < Math.min(next, lines.length - 1); i++, r++) {
        previous = (lineForLine ? ending(r) : undefined) ?? previous;
        out.push(lines[i], previous ? '\r\n' : '\n');
      }
    }
    out.push(lines[lines.length - 1]);
    return out.join('');
  }
}

/** Edit distance (in lines) beyond which a rewritten region is not aligned line by line: memory grows with its square. */
const MAX_DIFF = 1000;

function countOf(text: string, char: string): number {
  let n = 0;
  for (let i = text.indexOf(char); i >= 0; i = text.indexOf(char, i + 1)) n++;
  return n;
}

/**
 * For each line of `b`, the line of `a` it is (a longest common subsequence of the two), or -1.
 * The lines both share at the start and the end are matched directly, so the diff only runs over
 * the part a run rewrote (Myers' O((N+M)D) greedy algorithm).
 */
export function matchLines(a: readonly string[], b: readonly string[]): number[] {
  const from = new Array<number>(b.length).fill(-1);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) {
    from[head] = head;
    head++;
  }
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) {
    from[b.length - 1 - tail] = a.length - 1 - tail;
    tail++;
  }
  const x0 = head;
  const y0 = head;
  const n = a.length - head - tail;
  const m = b.length - head - tail;
  if (n === 0 || m === 0) return from;
  const max = Math.min(n + m, MAX_DIFF);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  // the part of v each round could read (diagonals -d-1..d+1), kept to walk back through
  const trace: Int32Array[] = [];
  let end = -1;
  for (let d = 0; d <= max && end < 0; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x0 + x] === b[y0 + y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        end = d;
        break;
      }
    }
  }
  // too different to align: the rewritten lines all count as new
  if (end < 0) return from;
  let x = n;
  let y = m;
  for (let d = end; d >= 0; d--) {
    const at = (k: number) => trace[d][k + d + 1];
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY && x > 0 && y > 0) {
      x--;
      y--;
      from[y0 + y] = x0 + x;
    }
    x = prevX;
    y = prevY;
  }
  return from;
}
