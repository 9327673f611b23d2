import { LANGUAGE_IDS, type LanguageId } from './languageIds';
import type { ReservedNames } from './languageProfile';
import { PROFILES } from './registry';

/**
 * The names a new identifier must never be, per language (ReservedNames in languageProfile.ts):
 * each language's lists are in its profile (src/core/languages/<id>/profile.ts).
 */
export type { ReservedNames } from './languageProfile';

/** Each language's reserved names, by id (its profile's `reservedNames`). */
export const RESERVED_NAMES: Readonly<Record<LanguageId, ReservedNames>> = Object.fromEntries(
  LANGUAGE_IDS.map((id) => [id, PROFILES[id].reservedNames]),
) as Record<LanguageId, ReservedNames>;

/** Keywords and builtins together: what no new name of `lang` may be. */
export function reservedWords(lang: LanguageId): ReadonlySet<string> {
  return PROFILES[lang].reserved;
}
