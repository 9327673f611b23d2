import { c } from './c/profile';
import { cpp } from './cpp/profile';
import { go } from './go/profile';
import { java } from './java/profile';
import { javascript } from './javascript/profile';
import type { LanguageId } from './languageIds';
import type { LanguageProfile } from './languageProfile';
import { python } from './python/profile';
import { rust } from './rust/profile';
import { typescript } from './typescript/profile';

/**
 * Every language's profile, from its folder. The type makes the compiler name a language of
 * LANGUAGE_IDS that has no profile here, and a profile whose id is not its key; the
 * LanguageProfile interface names each field a new language's profile leaves out.
 */
export const PROFILES: { readonly [L in LanguageId]: LanguageProfile & { id: L } } = {
  python,
  c,
  cpp,
  go,
  rust,
  java,
  javascript,
  typescript,
};
