import type { LanguageProfile } from '../languageProfile';
import { headText } from '../functionHeads';

/** Trait methods and their impls, `extern` functions and functions with attributes beyond a few harmless ones keep their names. */
export const renameAllowed: LanguageProfile['renameAllowed'] = (fn, file) => {
  const container = fn.container;
  if (container?.type === 'trait_item') return false;
  if (container?.type === 'impl_item' && container.childForFieldName('trait')) return false;
  if (/\bextern\b/.test(headText(file.source, fn))) return false;
  for (let p = fn.node.previousNamedSibling; p && p.type === 'attribute_item'; p = p.previousNamedSibling) {
    if (!/^#\[\s*(inline|allow|must_use|cold)\b/.test(p.text)) return false;
  }
  return true;
};
