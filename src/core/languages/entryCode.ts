import type { Node } from 'web-tree-sitter';
import type { LanguageId } from './languageIds';
import { PROFILES } from './registry';

/**
 * Why running a lone file of the language would execute none of its code, or null when it runs
 * something. A file that only defines functions (a dataset record's code without its test) exits
 * 0 with no output whatever its functions do: comparing two such runs tests nothing, so such a
 * run must not be recorded as a passed test. Each language says how in its profile.
 */
export function runsNothing(lang: LanguageId, root: Node): string | null {
  return PROFILES[lang].runsNothing(root);
}
