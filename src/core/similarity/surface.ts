import { distance } from 'fastest-levenshtein';

/**
 * Surface similarity s1 = 1 - levenshtein(a, b) / max(|a|, |b|) on the raw unit texts, so layout and
 * comments count. Lengths and edits are in UTF-16 code units (JS string indices), as everywhere else.
 */
export function surfaceSimilarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  if (longest === 0) return 1;
  return 1 - distance(a, b) / longest;
}
