import type { LanguageProfile } from '../languageProfile';
import { containerName, headText } from '../functionHeads';

/** Virtual, overriding, operator and out-of-line methods, constructors and methods of derived classes keep their names. */
export const renameAllowed: LanguageProfile['renameAllowed'] = (fn, file) => {
  const container = fn.container;
  if (fn.nameNode.type !== 'identifier' && fn.nameNode.type !== 'field_identifier') return false;
  // out-of-line `int Foo::bar()`: the class declares it too
  if (fn.nameNode.parent?.type === 'qualified_identifier') return false;
  if (/\b(virtual|override|final|friend|explicit|operator)\b/.test(headText(file.source, fn))) return false;
  if (container) {
    if (fn.name === containerName(container)) return false;
    if (container.namedChildren.some((c) => c?.type === 'base_class_clause')) return false;
  }
  return true;
};
