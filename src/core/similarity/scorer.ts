import type { Tree } from 'web-tree-sitter';
import type { LanguageId } from '../languages/languageIds';
import type { Span, TextEdit } from '../text/edits';
import { Attached } from '../attached';
import { LevenshteinIndex } from './incremental';
import { retokenize } from './retokenize';
import { similarityWithSurface, unitText as comparable, UnitText } from './similarity';
import { lineCount, Size } from './size';
import { levenshteinWithin, surfaceFromDistance } from './surface';
import { tokenize, TokenStream } from './tokens';

/**
 * Similarity as the search sees it: one scorer per run, made by `createScorer`, which the search
 * asks for the scores and the token count of each candidate. The search reaches similarity only
 * through this file (and similarity/size.ts for sizes); the modules behind it are its own business.
 */

export interface Scores {
  surface: number;
  structural: number;
  overall: number;
}

/**
 * What a scorer reads of a unit: the file's text and the unit's span in it. Plain data, so that
 * similarity needs nothing of the layers above it (a unit's state, unit.ts, is one of these).
 */
export interface ScoredUnit {
  text: string;
  unit: Span;
}

/** The state a candidate was rewritten from, when its tree was reparsed from that state's tree. */
export interface ScoredParent {
  state: ScoredUnit;
  tree: Tree;
  edits: readonly TextEdit[];
  /** Where the candidate's syntax differs from the parent's (GrammarLoader.changedSpans). */
  changed: readonly Span[] | undefined;
}

/** Similarity of a candidate to the original unit; the original's side is computed once per run. */
export interface Scorer {
  score(candidate: ScoredUnit, tree: Tree, parent?: ScoredParent): Scores;
  /** The candidate unit's tokens, the ones `score` compares (tokenised once: `score` reuses them). */
  tokenCount(candidate: ScoredUnit, tree: Tree, parent?: ScoredParent): number;
  /** The size of the side scored against: the original unit, or the first original when one was given. */
  readonly original: Size;
}

function unitText(state: ScoredUnit): string {
  return state.text.slice(state.unit.start, state.unit.end);
}

/**
 * The tokens a scorer read of a tree, kept on the tree with the scorer they belong to. One key for
 * every scorer: a key of its own per scorer (a symbol) gave each tree object one more shape per
 * record of a dataset run, which makes a scorer per record, and V8's stores into them grew slower
 * and slower (a hundredth of a CodeCrash record).
 */
const scoredTokens = new Attached<Tree, { by: object; tokens: TokenStream }>('scored tokens');

/** Products of the two texts' lengths up to which surface similarity skips the incremental index. */
export const DIRECT_PRODUCT = 1 << 20;

/**
 * Scores candidates against the original unit. The original's text and token stream are taken
 * once, here, so its tree may be freed and every step tokenises only the candidate (around its
 * rewrite, when its parent was scored: similarity/retokenize.ts). `baseline`,
 * when given, is the side to compare with instead: a unit perturbed before is scored against its
 * first original, not against where this run started. Surface similarity of units past
 * 30 to 40 lines comes from an incremental index on the original's text: a candidate differs from
 * a text scored before in one rewrite, and the index computes only around it
 * (similarity/incremental.ts), giving the number similarity() would.
 */
export function createScorer(
  lang: LanguageId,
  original: ScoredUnit,
  tree: Tree,
  options: { mu: number; minMatch?: number; baseline?: UnitText },
): Scorer {
  const base: UnitText = options.baseline ?? comparable(lang, tree, original.text, original.unit);
  const surface = new LevenshteinIndex(base.text);
  // For small units the index's bookkeeping costs more than the distance itself: below about
  // 1,000 x 1,000 characters (30 to 40 lines) one bit-parallel pass is the cheaper way to the same number.
  const surfaceOf = (text: string, parent?: ScoredParent) =>
    base.text.length * text.length <= DIRECT_PRODUCT
      ? surfaceFromDistance(surface.direct(text), base.text.length, text.length)
      : surface.similarity(text, parent && { from: unitText(parent.state), cost: rewriteCost(parent.state.text, parent.edits) });
  // the tokens of every tree scored: a candidate's parent is one of them
  const self = {};
  const tokensOf = (scored: Tree) => {
    const kept = scoredTokens.get(scored);
    return kept?.by === self ? kept.tokens : undefined;
  };
  if (!options.baseline) scoredTokens.set(tree, { by: self, tokens: base.tokens });
  const tokensFor = (candidate: ScoredUnit, candidateTree: Tree, parent?: ScoredParent): TokenStream => {
    // a tree scored before (the original's, when the search scores where it starts) keeps its tokens
    const known = tokensOf(candidateTree);
    if (known) return known;
    const old = parent && tokensOf(parent.tree);
    const tokens =
      parent && old && parent.changed
        ? retokenize(lang, candidateTree, candidate.unit, { old, oldSpan: parent.state.unit, edits: parent.edits, changed: parent.changed })
        : tokenize(lang, candidateTree, candidate.unit);
    scoredTokens.set(candidateTree, { by: self, tokens });
    return tokens;
  };
  return {
    original: { tokens: base.tokens.kinds.length, lines: lineCount(base.text) },
    tokenCount: (candidate, candidateTree, parent) => tokensFor(candidate, candidateTree, parent).kinds.length,
    score(candidate: ScoredUnit, candidateTree: Tree, parent?: ScoredParent) {
      const tokens = tokensFor(candidate, candidateTree, parent);
      const side: UnitText = { text: unitText(candidate), tokens };
      const s = similarityWithSurface(base, side, surfaceOf(side.text, parent), options);
      return { surface: s.surface, structural: s.structural, overall: s.overall };
    },
  };
}

/** Edits longer than this are costed at their longer side instead of their distance. */
const COSTED_EDIT = 64;

/**
 * At most the Levenshtein distance between `source` and `source` with `edits` applied, and so
 * between the unit texts before and after them (a unit's text changes only by the edits' parts
 * inside it). Renames are many short edits, each far cheaper than its longer side.
 */
export function rewriteCost(source: string, edits: readonly TextEdit[]): number {
  let cost = 0;
  for (const e of edits) {
    const removed = e.end - e.start;
    const longer = Math.max(removed, e.text.length);
    const d = longer <= COSTED_EDIT ? levenshteinWithin(source.slice(e.start, e.end), e.text, longer) : -1;
    cost += d >= 0 ? d : longer;
  }
  return cost;
}
