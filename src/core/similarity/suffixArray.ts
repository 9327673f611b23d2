import { Arena } from './arena';

/**
 * Suffix array by induced sorting (SA-IS: Nong, Zhang and Chan 2009), linear in the text's length.
 *
 * Greedy String Tiling (tiling.ts) builds one per scored candidate, over the original's tokens and
 * the candidate's. The two share nearly all their tokens, so the text is full of repeats thousands
 * of tokens long, and prefix doubling needed a round per doubling of the longest one (a dozen
 * rounds over 40,000 tokens at 2,000 lines); induced sorting does not depend on repeats.
 *
 * `text` must end with a sentinel 0 that occurs nowhere else; its other codes are below `alphabet`.
 * The array and the scratch of every level come from `arena` (tiling.ts passes its own, so the
 * suffix array lives until the arena's next reset); by default from a fresh one.
 */
export function suffixArray(text: Int32Array, alphabet: number, arena = new Arena(4 * text.length)): Int32Array {
  const sa = arena.int32(text.length);
  sais(text, sa, alphabet, arena);
  return sa;
}

const L = 0;
const S = 1;

function sais(text: Int32Array, sa: Int32Array, alphabet: number, arena: Arena): void {
  const n = text.length;
  if (n === 1) {
    sa[0] = 0;
    return;
  }
  // S when the suffix is smaller than the next one, L when larger; the sentinel is S
  const types = arena.uint8(n);
  types[n - 1] = S;
  for (let i = n - 2; i >= 0; i--) types[i] = text[i] < text[i + 1] || (text[i] === text[i + 1] && types[i + 1] === S) ? S : L;

  const counts = arena.int32(alphabet, true);
  for (let i = 0; i < n; i++) counts[text[i]]++;
  const bucket = arena.int32(alphabet);

  // 1. sort the LMS substrings: LMS positions in any order at their bucket ends, then induce
  sa.fill(-1);
  tails(counts, bucket);
  for (let i = n - 1; i >= 1; i--) if (isLms(types, i)) sa[--bucket[text[i]]] = i;
  induce(text, sa, types, counts, bucket);

  // 2. name them: equal LMS substrings (same codes and types up to the next LMS position) share a name
  let count = 0;
  for (let k = 0; k < n; k++) if (isLms(types, sa[k])) sa[count++] = sa[k];
  const names = sa.subarray(count);
  names.fill(-1);
  let name = 0;
  let previous = -1;
  for (let k = 0; k < count; k++) {
    const at = sa[k];
    if (previous < 0 || !sameLms(text, types, previous, at)) name++;
    previous = at;
    names[at >> 1] = name - 1;
  }
  // the names in text order: the reduced string, ending with the sentinel's name 0
  const reduced = arena.int32(count);
  for (let k = 0, r = 0; k < names.length; k++) if (names[k] >= 0) reduced[r++] = names[k];

  // 3. sort the LMS suffixes: directly when every name is unique, else by sorting the reduced string
  const order = arena.int32(count);
  if (name === count) {
    for (let r = 0; r < count; r++) order[reduced[r]] = r;
  } else {
    sais(reduced, order, name, arena);
  }
  const lms = arena.int32(count);
  for (let i = 1, r = 0; i < n; i++) if (isLms(types, i)) lms[r++] = i;

  // 4. the LMS suffixes in sorted order at their bucket ends (last first, so each bucket keeps the order), then induce
  sa.fill(-1);
  tails(counts, bucket);
  for (let r = count - 1; r >= 0; r--) {
    const i = lms[order[r]];
    sa[--bucket[text[i]]] = i;
  }
  induce(text, sa, types, counts, bucket);
}

// The steps below are module functions rather than closures over sais's locals: reading those
// through a context is slower, and a 2,000-line tiling's sort was about a sixth cheaper this way.

function isLms(types: Uint8Array, i: number): boolean {
  return i > 0 && types[i] === S && types[i - 1] === L;
}

/** Each bucket's first slot. */
function heads(counts: Int32Array, bucket: Int32Array): void {
  let sum = 0;
  for (let c = 0; c < counts.length; c++) {
    bucket[c] = sum;
    sum += counts[c];
  }
}

/** Each bucket's end (one past its last slot). */
function tails(counts: Int32Array, bucket: Int32Array): void {
  let sum = 0;
  for (let c = 0; c < counts.length; c++) {
    sum += counts[c];
    bucket[c] = sum;
  }
}

/** From LMS suffixes at the ends of their buckets, the L suffixes left to right, then the S suffixes right to left. */
function induce(text: Int32Array, sa: Int32Array, types: Uint8Array, counts: Int32Array, bucket: Int32Array): void {
  const n = text.length;
  heads(counts, bucket);
  for (let k = 0; k < n; k++) {
    const j = sa[k] - 1;
    if (j >= 0 && types[j] === L) sa[bucket[text[j]]++] = j;
  }
  tails(counts, bucket);
  for (let k = n - 1; k >= 0; k--) {
    const j = sa[k] - 1;
    if (j >= 0 && types[j] === S) sa[--bucket[text[j]]] = j;
  }
}

/** Whether the LMS substrings at x and y (each up to and including the next LMS position) are equal. */
function sameLms(text: Int32Array, types: Uint8Array, x: number, y: number): boolean {
  const n = text.length;
  for (let d = 0; ; d++) {
    if (x + d >= n || y + d >= n) return false;
    if (text[x + d] !== text[y + d] || types[x + d] !== types[y + d]) return false;
    if (d > 0 && (isLms(types, x + d) || isLms(types, y + d))) return isLms(types, x + d) && isLms(types, y + d);
  }
}
