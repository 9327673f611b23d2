import { externallyVisible } from '../c/newParameter';
import { headText } from '../functionHeads';
import type { ParameterRules } from '../languageProfile';

/**
 * As C, and not virtual or an override, an operator, a constructor, a defaulted or deleted member,
 * `extern "C"`, a method of a class that inherits, or a namespace's or another file's class's function.
 */
export const newParameterAllowed: ParameterRules['newParameterAllowed'] = (fn, unit) => {
  const node = fn.node;
  const head = headText(unit.source, fn);
  if (!['identifier', 'field_identifier'].includes(fn.nameNode.type)) return false;
  if (/\b(virtual|override|final|friend|explicit|operator)\b/.test(head) || /=\s*(default|delete)\s*;?\s*$/.test(head)) return false;
  if (unit.ancestor(node, ['linkage_specification'])) return false;
  const owner = fn.container ?? unit.qualifiedOwner(fn);
  if (owner) {
    if (owner.childForFieldName('name')?.text === fn.name) return false; // a constructor
    if (owner.namedChildren.some((c) => c?.type === 'base_class_clause')) return false;
  } else if (fn.nameNode.parent?.type === 'qualified_identifier') {
    return false; // a namespace's function, or a class this file does not define
  }
  if (externallyVisible(fn, unit)) return false;
  return !unit.preprocessorWords().has(fn.name);
};
