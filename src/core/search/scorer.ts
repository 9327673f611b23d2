import type { Tree } from 'web-tree-sitter';
import type { LanguageId } from '../languages/languageIds';
import { LevenshteinIndex } from '../similarity/incremental';
import { similarityWithSurface, unitText as comparable, UnitText } from '../similarity/similarity';
import { retokenize } from '../similarity/retokenize';
import { tokenize, TokenStream } from '../similarity/tokens';
import { UnitState, unitText } from '../unit';
import type { ScoredParent, Scorer } from './types';

/**
 * Scores candidates against the original unit. The original's text and token stream are taken
 * once, here, so its tree may be freed and every step tokenises only the candidate (around its
 * rewrite, when its parent was scored: similarity/retokenize.ts). `baseline`,
 * when given, is the side to compare with instead: a unit perturbed before is scored against its
 * first original, not against where this run started. Surface similarity comes from an
 * incremental index on the original's text: a candidate differs from a text scored before in one
 * rewrite, and the index computes only around it (similarity/incremental.ts), giving the number
 * similarity() would.
 */
export function createScorer(
  lang: LanguageId,
  original: UnitState,
  tree: Tree,
  options: { mu: number; minMatch?: number; baseline?: UnitText },
): Scorer {
  const base: UnitText = options.baseline ?? comparable(lang, tree, original.text, original.unit);
  const surface = new LevenshteinIndex(base.text);
  // the tokens of every tree scored: a candidate's parent is one of them
  const tokensOf = new WeakMap<Tree, TokenStream>();
  if (!options.baseline) tokensOf.set(tree, base.tokens);
  return {
    score(candidate: UnitState, candidateTree: Tree, parent?: ScoredParent) {
      const old = parent && tokensOf.get(parent.tree);
      const tokens =
        parent && old && parent.changed
          ? retokenize(lang, candidateTree, candidate.unit, { old, oldSpan: parent.state.unit, edits: parent.edits, changed: parent.changed })
          : tokenize(lang, candidateTree, candidate.unit);
      tokensOf.set(candidateTree, tokens);
      const side: UnitText = { text: unitText(candidate), tokens };
      const s = similarityWithSurface(base, side, surface.similarity(side.text), options);
      return { surface: s.surface, structural: s.structural, overall: s.overall };
    },
  };
}
