import type { LanguageId } from './languageIds';
import type { ReservedNames } from './languageProfile';
import { PROFILES } from './registry';

/**
 * The names a new identifier must never be, per language (ReservedNames in languageProfile.ts):
 * each language's lists are in its profile (src/core/languages/<id>/profile.ts).
 */
export type { ReservedNames } from './languageProfile';

export const RESERVED_NAMES: Readonly<Record<LanguageId, ReservedNames>> = {
  python: PROFILES.python.reservedNames,
  c: PROFILES.c.reservedNames,
  cpp: PROFILES.cpp.reservedNames,
  go: PROFILES.go.reservedNames,
  rust: PROFILES.rust.reservedNames,
  java: PROFILES.java.reservedNames,
  javascript: PROFILES.javascript.reservedNames,
  typescript: PROFILES.typescript.reservedNames,
};

/** Keywords and builtins together: what no new name of `lang` may be. */
export function reservedWords(lang: LanguageId): ReadonlySet<string> {
  return PROFILES[lang].reserved;
}
