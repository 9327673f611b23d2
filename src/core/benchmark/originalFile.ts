import { FileEdit, findEdit } from '../text/edits';
import { renameInText } from '../verify/verifier';

/** The unit the steps changed: where it is in the file now, its text before the first step, and its function's name then and now. */
export interface ChangedUnit {
  start: number;
  end: number;
  original: string;
  originalName: string | null;
  currentName: string | null;
}

/**
 * The file as it was before the first of `edits` (the kept steps' edits, in the order they were
 * made): each reverted, last first (renames reach call sites outside the unit, so putting the
 * original unit back alone would leave them calling a name that no longer exists). When an edit
 * cannot be found any more (the code was edited since), the original unit replaces the current
 * one and the calls outside it go back to the function's original name, as reverify does for an
 * entry, and `exact` says the rest of the file is as it is now.
 */
export function originalFile(text: string, edits: readonly FileEdit[], unit: ChangedUnit): { text: string; exact: boolean } {
  let out = text;
  for (const edit of [...edits].reverse()) {
    const at = findEdit(out, edit);
    if (at === undefined) return { text: unitPutBack(text, unit), exact: false };
    out = out.slice(0, at) + edit.removed + out.slice(at + edit.inserted.length);
  }
  return { text: out, exact: true };
}

function unitPutBack(text: string, unit: ChangedUnit): string {
  const { originalName, currentName } = unit;
  const renames = originalName !== null && currentName !== null && originalName !== currentName ? [{ from: currentName, to: originalName }] : [];
  return renameInText(text.slice(0, unit.start), renames) + unit.original + renameInText(text.slice(unit.end), renames);
}
