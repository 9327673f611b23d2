import type { LanguageId } from './languageIds';
import type { LanguageProfile } from './languageProfile';
import { PROFILES } from './registry';

/**
 * Each language's profile lives in its folder (src/core/languages/<id>/profile.ts); this is
 * the lookup the engine calls it through.
 */
export type { LanguageProfile } from './languageProfile';
export { PROFILES } from './registry';

export function profileOf(lang: LanguageId): LanguageProfile {
  return PROFILES[lang];
}
