import type { Tree } from 'web-tree-sitter';
import type { GrammarLoader } from '../languages/grammarLoader';
import type { LanguageId } from '../languages/languageIds';
import { profileOf } from '../languages/profiles';
import type { Span } from '../text/edits';
import { AlignmentLimits, surfaceSimilarity } from './surface';
import { greedyStringTiling } from './tiling';
import { tokenize } from './tokens';
import type { TokenStream } from './tokens';

export { AlignmentTooLong, surfaceSimilarity } from './surface';
export type { AlignmentLimits } from './surface';
export { LevenshteinIndex } from './incremental';
export { greedyStringTiling } from './tiling';
export type { Tile, Tiling } from './tiling';
export { ID_KIND, kindName, LIT_KIND, tokenize, tokenizeText } from './tokens';
export type { TokenStream } from './tokens';

/** JPlag's default minimum match length (tokens) of the language (its profile's `minimumMatch`). */
export function defaultMinMatch(lang: LanguageId): number {
  return profileOf(lang).minimumMatch;
}

/** The paper's weight of surface similarity in the overall score. */
export const DEFAULT_MU = 0.5;

export interface StructuralSimilarity {
  /** tiled / min(|A|, |B|): CodeMorph's s2. */
  max: number;
  /** 2 * tiled / (|A| + |B|). */
  avg: number;
  /** Tokens covered by tiles. */
  tiled: number;
}

/**
 * JPlag-style structural similarity of two token streams of one language. Both empty: 1; one
 * empty: 0. A stream shorter than the minimum match length matches only where it occurs whole in
 * the other (see greedyStringTiling), so equal short units still score 1.
 */
export function structuralSimilarity(a: TokenStream, b: TokenStream, minMatch?: number): StructuralSimilarity {
  if (a.lang !== b.lang) throw new Error(`cannot compare ${a.lang} tokens with ${b.lang} tokens`);
  const na = a.kinds.length;
  const nb = b.kinds.length;
  if (na === 0 && nb === 0) return { max: 1, avg: 1, tiled: 0 };
  if (na === 0 || nb === 0) return { max: 0, avg: 0, tiled: 0 };
  // Equal streams are one tile, whatever the minimum match (it is capped at the shorter length):
  // a search scores where it starts, the original itself, before its first step.
  if (sameKinds(a.kinds, b.kinds)) return { max: 1, avg: 1, tiled: na };
  const { tiled } = greedyStringTiling(a.kinds, b.kinds, minMatch ?? defaultMinMatch(a.lang));
  return { max: tiled / Math.min(na, nb), avg: (2 * tiled) / (na + nb), tiled };
}

function sameKinds(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** One side of a comparison: the unit's text and its tokens. */
export interface UnitText {
  /** The unit's text alone (not the whole file). */
  text: string;
  tokens: TokenStream;
}

/** A unit ready for comparison, from a tree the caller already has (the tree stays the caller's). */
export function unitText(lang: LanguageId, tree: Tree, source: string, span: Span): UnitText {
  return { text: source.slice(span.start, span.end), tokens: tokenize(lang, tree, span) };
}

/** A unit ready for comparison, parsing `source` for it. */
export async function parseUnitText(loader: GrammarLoader, lang: LanguageId, source: string, span?: Span): Promise<UnitText> {
  const whole = span ?? { start: 0, end: source.length };
  const tree = await loader.parse(lang, source);
  try {
    return unitText(lang, tree, source, whole);
  } finally {
    tree.delete();
  }
}

export interface SimilarityOptions {
  /** Weight of surface similarity, in [0, 1]; structural gets 1 - mu. Default 0.5. */
  mu?: number;
  /** Minimum match length for tiling; default defaultMinMatch of the language. */
  minMatch?: number;
  /** Bounds on the exact surface distance's work (surface.ts); none by default. */
  alignment?: AlignmentLimits;
}

export interface Similarity {
  /** s1: Levenshtein similarity of the texts. */
  surface: number;
  /** s2: tiled / min(|A|, |B|). */
  structural: number;
  /** 2 * tiled / (|A| + |B|), reported alongside. */
  structuralAvg: number;
  /** mu * surface + (1 - mu) * structural. */
  overall: number;
}

/** The paper's similarity of a perturbed unit to the original. Nothing is rounded. */
export function similarity(original: UnitText, perturbed: UnitText, options: SimilarityOptions = {}): Similarity {
  muOf(options); // a bad mu fails before the distance is computed
  return similarityWithSurface(original, perturbed, surfaceSimilarity(original.text, perturbed.text, options.alignment), options);
}

function muOf(options: SimilarityOptions): number {
  const mu = options.mu ?? DEFAULT_MU;
  if (!(mu >= 0 && mu <= 1)) throw new RangeError(`mu must be between 0 and 1, got ${mu}`);
  return mu;
}

/**
 * The similarity with s1 already known: a search scores many candidates against one original and
 * takes s1 from its incremental index (incremental.ts), which gives the number surfaceSimilarity
 * would; similarity() computes s1 and comes here too.
 */
export function similarityWithSurface(
  original: UnitText,
  perturbed: UnitText,
  surface: number,
  options: SimilarityOptions = {},
): Similarity {
  const mu = muOf(options);
  const { max, avg } = structuralSimilarity(original.tokens, perturbed.tokens, options.minMatch);
  return { surface, structural: max, structuralAvg: avg, overall: mu * surface + (1 - mu) * max };
}
