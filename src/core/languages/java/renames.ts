import type { LanguageProfile } from '../languageProfile';

/** Only a method of a class or enum with no annotation, static or in a class that inherits nothing, may be renamed (others may override). */
export const renameAllowed: LanguageProfile['renameAllowed'] = (fn) => {
  const container = fn.container;
  if (fn.node.type !== 'method_declaration') return false;
  if (!container || !['class_declaration', 'enum_declaration'].includes(container.type)) return false;
  const modifiers = fn.node.namedChildren.find((c) => c?.type === 'modifiers');
  if (modifiers?.namedChildren.some((m) => m?.type === 'marker_annotation' || m?.type === 'annotation')) return false;
  const isStatic = modifiers ? /\bstatic\b/.test(modifiers.text) : false;
  const inherits = container.childForFieldName('superclass') || container.childForFieldName('interfaces');
  return isStatic || !inherits;
};
