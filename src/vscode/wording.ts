import type { FunctionSpan } from '../core/languages/outline';
import type { StepRecord } from '../core/search/types';

export { isStep, keptText, runCounts, stepNumbers } from '../core/search/stepCounts';
export { count } from '../core/text/plural';

// The words every message of the editor uses, in one place (plain logic, tested in test/vscode/):
//
// - A step is one method tried at one site of the code: the rewrite is verified, then kept (the
//   code moves on from it) or rejected (the code stays as it was). History numbers the steps.
// - An iteration is one unit of the search's budget (codemorph.iterations, --max-iter). Each
//   iteration tries one step. The two opening renames (function-rename, variable-rename) are
//   steps that spend no iteration, so 15 iterations make up to 17 steps.
// - A category where no method can act is noted in History ("nothing to apply") but is no step.
// - Similarity is the overall similarity of the code to the original, the function as it was
//   before its first step (a function perturbed again is still measured against it): 1 is
//   unchanged, lower is further away.

/** The similarity figure as every message shows it: two decimals, and what it is measured against. */
export function similarityText(overall: number): string {
  return `similarity ${overall.toFixed(2)} to the original`;
}

/**
 * The progress notification's line for a record as it comes: its step number and the iteration
 * it spent (of the budget), what happened, and the similarity of the code as it stands.
 */
export function progressText(record: StepRecord, number: number | null, maxIter: number, similarity: number | undefined): string {
  const figure = similarity === undefined ? '' : ` · ${similarityText(similarity)}`;
  if (number === null) {
    const category = record.category ? `${record.category} ` : '';
    const spent = record.iteration > 0 ? `iteration ${record.iteration} of ${maxIter}: ` : '';
    return `${spent}no ${category}method applies here, skipped${figure}`;
  }
  const when = record.iteration === 0 ? 'opening rename' : `iteration ${record.iteration} of ${maxIter}`;
  return `step ${number} · ${when}: ${record.method} ${record.accepted ? 'kept' : 'rejected'}${figure}`;
}

/**
 * A preview diff's title: the method, where, and what it does. Most summaries already say where
 * ("for loop at line 25 to while"); then the line is not said twice.
 */
export function previewTitle(method: string, line: number, summary: string | null): string {
  const says = summary !== null && new RegExp(`\\blines? ${line}\\b`).test(summary);
  return `${method}${says ? '' : ` at line ${line}`} (preview)${summary ? `: ${summary}` : ''}`;
}

export const SHOW_CHECKS = 'Show Checks';
export const SAVE_ANYWAY = 'Save Anyway';

/**
 * The buttons of the modal that asks before saving a pair whose control fails a check. VS Code's
 * modal makes the first button that is not the close affordance its default (shown rightmost on
 * Linux and macOS, leftmost on Windows): Enter chooses it.
 * With "Save Anyway" alone, Enter saved a failing pair; the safe choice comes first, and Escape
 * (the close affordance) saves nothing either.
 */
export function failingPairChoices(): { title: string; isCloseAffordance?: boolean }[] {
  return [{ title: SHOW_CHECKS }, { title: SAVE_ANYWAY }, { title: 'Cancel', isCloseAffordance: true }];
}

/** Which function of a file a line is in (the innermost), as the n-th of the file's functions. */
export function functionAtLine(functions: readonly FunctionSpan[], text: string, line: number): { name: string; index: number; total: number } | undefined {
  let offset = 0;
  for (let l = 1; l < line && offset >= 0; l++) offset = text.indexOf('\n', offset) + 1 || -1;
  if (offset < 0) return undefined;
  const ordered = [...functions].sort((a, b) => a.start - b.start);
  const inside = ordered.filter((f) => f.start <= offset && offset < f.end).sort((a, b) => a.end - a.start - (b.end - b.start))[0];
  return inside && { name: inside.qualifiedName, index: ordered.indexOf(inside) + 1, total: ordered.length };
}

/**
 * Perturb File's progress line: which function of the file the step rewrote (of how many) and
 * how many iterations of the budget remain, around the step's own line. A whole-file search
 * picks its sites anywhere in the file, so "remain" counts iterations, not functions.
 */
export function fileProgressText(line: string, fn: { name: string; index: number; total: number } | undefined, iteration: number, maxIter: number): string {
  const where = fn ? `in ${fn.name} (function ${fn.index} of ${fn.total}) · ` : '';
  const left = Math.max(0, maxIter - iteration);
  return `${where}${line} · ${left} ${left === 1 ? 'iteration' : 'iterations'} left`;
}
