/**
 * Equal stretches of a text t and a text b rewritten from it: triples (position in b, position in t,
 * length), increasing in both texts, every one a true match (b.slice(j, j + len) === t.slice(r, r + len)).
 *
 * The common prefix and suffix alone miss a rewrite made of edits far apart: extract-if and
 * insert-junk-function add a helper away from the code they change, and in a whole file the text
 * between the two edits (often most of it) is the same text shifted. The anchor's bands (anchor.ts)
 * widen with the cost of the gaps between stretches, so a middle taken as one gap costs them their
 * narrowness for the rest of the search. Here the middle is searched for long common stretches: a
 * probe of t's middle looked up in b's near where a shift would put it, the match grown both ways,
 * and the parts on each side searched the same way. Any increasing set of true matches is a valid
 * alignment, so a probe matched at the wrong copy of repeated text costs only width, never exactness.
 */

/** Characters a probe holds: long enough that a match is rarely a coincidence in code. */
const PROBE = 32;
/** Middles shorter than this on either side stay one gap: the diagonal algorithm prices those exactly. */
const MIN_MIDDLE = 2 * PROBE;
/** Probes tried per middle before it is left as one gap (the middle, then the quarter points). */
const PROBES = [0.5, 0.25, 0.75];
/**
 * Probes per pair of texts: a rewrite has a few edits, so a few probes find its stretches; texts that
 * differ throughout (a rename) would otherwise take a probe per difference, and what is left unsearched
 * simply stays a gap.
 */
const MAX_PROBES = 64;

/** The stretches of t and b, given the length of their common prefix and suffix (known to the caller). */
export function equalStretches(t: string, b: string, prefix: number, suffix: number): number[] {
  const m = b.length;
  const p = Math.min(prefix, t.length, m);
  const s = Math.min(suffix, t.length - p, m - p);
  const out: number[] = [];
  if (p > 0) out.push(0, 0, p);
  search(t, b, p, t.length - s, p, m - s, out, { probes: MAX_PROBES });
  if (s > 0) out.push(m - s, t.length - s, s);
  return out;
}

/** Appends the stretches of t[tl, tr) and b[bl, br), in order. */
function search(t: string, b: string, tl: number, tr: number, bl: number, br: number, out: number[], budget: { probes: number }): void {
  if (tr - tl < MIN_MIDDLE || br - bl < MIN_MIDDLE) return;
  for (const at of PROBES) {
    if (budget.probes-- <= 0) return;
    const r = tl + Math.floor((tr - tl - PROBE) * at);
    const j = nearest(b, t.slice(r, r + PROBE), bl, br, bl + (r - tl) + Math.floor((br - bl - (tr - tl)) / 2));
    if (j < 0) continue;
    // grow the match both ways inside the middle
    let start = 0;
    while (r - start > tl && j - start > bl && t.charCodeAt(r - start - 1) === b.charCodeAt(j - start - 1)) start++;
    let end = PROBE;
    while (r + end < tr && j + end < br && t.charCodeAt(r + end) === b.charCodeAt(j + end)) end++;
    search(t, b, tl, r - start, bl, j - start, out, budget);
    out.push(j - start, r - start, start + end);
    search(t, b, r + end, tr, j + end, br, out, budget);
    return;
  }
}

/** The occurrence of `probe` inside b[from, to) that starts nearest `expected`, or -1. */
function nearest(b: string, probe: string, from: number, to: number, expected: number): number {
  const last = to - from - probe.length;
  if (last < 0) return -1;
  // a slice of a long string shares its characters (V8), and bounds the search to the middle
  const window = b.slice(from, to);
  const guess = Math.max(0, Math.min(last, expected - from));
  const right = window.indexOf(probe, guess);
  const left = window.lastIndexOf(probe, guess);
  if (left < 0 && right < 0) return -1;
  const at = left < 0 ? right : right < 0 ? left : guess - left <= right - guess ? left : right;
  return from + at;
}
