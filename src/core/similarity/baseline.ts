import type { GrammarLoader } from '../languages/grammarLoader';
import type { LanguageId } from '../languages/languageIds';
import type { Span } from '../text/edits';
import { parseUnitText, similarity, SimilarityOptions, UnitText } from './similarity';
import { Growth, growthOf, lineCount } from './size';

/**
 * The first original of a unit that has been perturbed before, put back where the unit is now.
 * A function's text alone does not always parse (a Java method outside its class), so its tokens
 * are taken from the current file with the unit swapped for the original: the same context the
 * perturbed side is tokenised in.
 */
export function baselineInPlace(source: string, unit: Span, baseline: string): { text: string; span: Span } {
  return {
    text: source.slice(0, unit.start) + baseline + source.slice(unit.end),
    span: { start: unit.start, end: unit.start + baseline.length },
  };
}

/** The comparable side of a first original (see `baselineInPlace`). */
export function parseBaseline(loader: GrammarLoader, lang: LanguageId, source: string, unit: Span, baseline: string): Promise<UnitText> {
  const placed = baselineInPlace(source, unit, baseline);
  return parseUnitText(loader, lang, placed.text, placed.span);
}

/**
 * Similarity of the unit at `unit` in `source` to its first original: what the editor shows for a
 * function perturbed over several runs, measured as the engine measures its steps.
 */
export async function similarityToBaseline(
  loader: GrammarLoader,
  lang: LanguageId,
  source: string,
  unit: Span,
  baseline: string,
  options: SimilarityOptions = {},
): Promise<{ surface: number; structural: number; overall: number }> {
  return (await compareToBaseline(loader, lang, source, unit, baseline, options)).similarity;
}

/**
 * The similarity of the unit to its first original and, beside it, how much longer it is (growth
 * in tokens and lines, size.ts): the editor's hover and entries show both.
 */
export async function compareToBaseline(
  loader: GrammarLoader,
  lang: LanguageId,
  source: string,
  unit: Span,
  baseline: string,
  options: SimilarityOptions = {},
): Promise<{ similarity: { surface: number; structural: number; overall: number }; growth: Growth }> {
  const original = await parseBaseline(loader, lang, source, unit, baseline);
  const current = await parseUnitText(loader, lang, source, unit);
  const s = similarity(original, current, options);
  const size = (side: UnitText) => ({ tokens: side.tokens.kinds.length, lines: lineCount(side.text) });
  return { similarity: { surface: s.surface, structural: s.structural, overall: s.overall }, growth: growthOf(size(current), size(original)) };
}
