import type { Located } from './locate';
import { findEdit, keptSteps } from './record';
import type { UnitHistory } from './types';

function escaped(name: string): string {
  return name.replace(/[$]/g, '\\$');
}

/**
 * The file as it was before the history's first step: each kept step's edit reverted, last first
 * (renames reach call sites outside the unit, so putting the original unit back alone would leave
 * them calling a name that no longer exists). When an edit cannot be found any more (the code was
 * edited since), the original unit replaces the current one and the function's name goes back to
 * its original one outside it, and `exact` says the rest of the file is as it is now.
 */
export function originalFile(text: string, history: UnitHistory, located: Pick<Located, 'start' | 'end'>): { text: string; exact: boolean } {
  let out = text;
  for (const step of keptSteps(history).reverse()) {
    const edit = step.after!.edit;
    const at = findEdit(out, edit);
    if (at === undefined) return { text: unitPutBack(text, history, located), exact: false };
    out = out.slice(0, at) + edit.removed + out.slice(at + edit.inserted.length);
  }
  return { text: out, exact: true };
}

function unitPutBack(text: string, history: UnitHistory, located: Pick<Located, 'start' | 'end'>): string {
  const { originalName, currentName } = history;
  const renamed = originalName !== null && currentName !== null && originalName !== currentName;
  const back = (part: string) => (renamed ? part.replace(new RegExp(`(?<![\\w$])${escaped(currentName)}(?![\\w$])`, 'g'), originalName) : part);
  return back(text.slice(0, located.start)) + history.original + back(text.slice(located.end));
}
