/**
 * BLEU-4 of one text against one reference (Papineni et al., 2002), as DyCodeEval reports the
 * diversity of its variants: each variant against its original, lower is more diverse.
 * Sentence-level BLEU needs smoothing (a short text often shares no 4-gram at all, which would
 * make the score 0 whatever else it shares): the 2- to 4-gram precisions get one added to their
 * matches and their counts (Lin & Och, 2004, "BLEU+1"; method 2 of Chen & Cherry, 2014, on n>1).
 * Tokens are words and single punctuation marks; case is kept.
 */

export function tokens(text: string): string[] {
  return text.match(/[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/gu) ?? [];
}

function ngrams(words: readonly string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= words.length; i++) {
    const key = words.slice(i, i + n).join('\u0000');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

export function bleu4(candidate: string, reference: string): number {
  const c = tokens(candidate);
  const r = tokens(reference);
  if (c.length === 0 || r.length === 0) return 0;
  let logSum = 0;
  for (let n = 1; n <= 4; n++) {
    const cand = ngrams(c, n);
    const ref = ngrams(r, n);
    let matches = 0;
    let total = 0;
    for (const [gram, count] of cand) {
      matches += Math.min(count, ref.get(gram) ?? 0);
      total += count;
    }
    const smooth = n > 1 ? 1 : 0;
    if (matches + smooth === 0) return 0;
    logSum += Math.log((matches + smooth) / (total + smooth));
  }
  const brevity = c.length >= r.length ? 1 : Math.exp(1 - r.length / c.length);
  return brevity * Math.exp(logSum / 4);
}
