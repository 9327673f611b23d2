import type { FunctionInfo } from '../functions';
import { headText } from '../functionHeads';
import type { ParameterRules, ParameterUnit } from '../languageProfile';

/** C and C++: a function other files may call (non-static, or declared in a header this file includes). */
export function externallyVisible(fn: FunctionInfo, unit: ParameterUnit): boolean {
  if (fn.container) return !unit.hasMain();
  if (/\bstatic\b/.test(headText(unit.source, fn)) || unit.ancestor(fn.node, ['namespace_definition'])?.childForFieldName('name') === null) return false;
  const localHeader = unit.includesOwnHeader();
  return localHeader || !unit.hasMain();
}

/** A plainly named function no other file may call and no macro names. */
export const newParameterAllowed: ParameterRules['newParameterAllowed'] = (fn, unit) => {
  if (fn.nameNode.type !== 'identifier' || externallyVisible(fn, unit)) return false;
  return !unit.preprocessorWords().has(fn.name);
};
