import type { Tree } from 'web-tree-sitter';
import type { LanguageId } from '../languages/languageIds';
import { similarity, unitText as comparable, UnitText } from '../similarity/similarity';
import type { UnitState } from '../unit';
import type { Scorer } from './types';

/**
 * Scores candidates against the original unit. The original's text and token stream are taken
 * once, here, so its tree may be freed and every step tokenises only the candidate. `baseline`,
 * when given, is the side to compare with instead: a unit perturbed before is scored against its
 * first original, not against where this run started.
 */
export function createScorer(
  lang: LanguageId,
  original: UnitState,
  tree: Tree,
  options: { mu: number; minMatch?: number; baseline?: UnitText },
): Scorer {
  const base: UnitText = options.baseline ?? comparable(lang, tree, original.text, original.unit);
  return {
    score(candidate: UnitState, candidateTree: Tree) {
      const s = similarity(base, comparable(lang, candidateTree, candidate.text, candidate.unit), options);
      return { surface: s.surface, structural: s.structural, overall: s.overall };
    },
  };
}
