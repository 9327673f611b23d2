import type { Tree } from 'web-tree-sitter';
import type { LanguageId } from '../languages/languageIds';
import { LevenshteinIndex } from '../similarity/incremental';
import { similarityWithSurface, unitText as comparable, UnitText } from '../similarity/similarity';
import type { UnitState } from '../unit';
import type { Scorer } from './types';

/**
 * Scores candidates against the original unit. The original's text and token stream are taken
 * once, here, so its tree may be freed and every step tokenises only the candidate. `baseline`,
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
  return {
    score(candidate: UnitState, candidateTree: Tree) {
      const side = comparable(lang, candidateTree, candidate.text, candidate.unit);
      const s = similarityWithSurface(base, side, surface.similarity(side.text), options);
      return { surface: s.surface, structural: s.structural, overall: s.overall };
    },
  };
}
