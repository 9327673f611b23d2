import { distance } from 'fastest-levenshtein';
import type { Tree } from 'web-tree-sitter';
import type { LanguageId } from '../languages/languageIds';
import { UnitState, unitText } from '../unit';
import type { Scorer } from './types';

// TEMPORARY until the similarity module lands: surface only.
export function createScorer(_lang: LanguageId, original: UnitState, _tree: Tree, options: { mu: number; minMatch?: number }): Scorer {
  const a = unitText(original);
  return {
    score(candidate: UnitState) {
      const b = unitText(candidate);
      const surface = a.length === 0 && b.length === 0 ? 1 : 1 - distance(a, b) / Math.max(a.length, b.length);
      return { surface, structural: surface, overall: options.mu * surface + (1 - options.mu) * surface };
    },
  };
}
