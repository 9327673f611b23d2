import type { LanguageProfile } from '../languageProfile';

/** A function named through a declarator other than a plain identifier (a macro-built or parenthesised one) keeps its name. */
export const renameAllowed: LanguageProfile['renameAllowed'] = (fn) => fn.nameNode.type === 'identifier';
