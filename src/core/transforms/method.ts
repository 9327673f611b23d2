import type { LanguageId } from '../languages/languageIds';
import type { Rng } from '../random';
import type { TextEdit } from '../text/edits';
import type { Category } from './catalogue';
import type { UnitContext } from '../syntax/context';

/** A place in the unit where a method applies; one application rewrites one site. */
export interface Site {
  /** Offsets in the current source of what the site is about (shown, and used to order sites). */
  start: number;
  end: number;
  /** Short, human label: "for loop at line 12", "rename `count`". */
  label: string;
  /**
   * Method-private plain data that `apply` needs beyond the offsets (never tree nodes: the
   * editor may apply a site it listed earlier, to a fresh parse of the same text).
   */
  data?: unknown;
  /** For renames: this site renames every candidate at once (what PESO's opening steps use). */
  all?: boolean;
}

export interface Rename {
  from: string;
  to: string;
}

export interface Rewrite {
  edits: TextEdit[];
  /** Set when the unit's function now has another name. */
  entryPoint?: string;
  /** Identifiers renamed everywhere in the file, so a test file can follow them. */
  renames?: Rename[];
  /** What was done, for step history: "renamed `count` to `tally`". */
  summary: string;
  /** Edits to other files of the project (relative path -> edits to its current text), made in the same step. */
  files?: Record<string, TextEdit[]>;
}

export type Support = { applicable: true } | { applicable: false; reason: string };

export interface Method {
  id: string;
  category: Category;
  description: string;
  /** Whether the language can express the method safely; when not, why (shown to users). */
  support(lang: LanguageId): Support;
  /** Sites in the unit, in source order; empty when the method has nothing to do here. */
  findSites(ctx: UnitContext): Site[];
  /** Rewrites one site found in a context built from the same text. */
  apply(ctx: UnitContext, site: Site, rng: Rng): Rewrite;
}

export const APPLICABLE: Support = { applicable: true };

/** A support function for methods that every language can express except those listed. */
export function supportExcept(reasons: Partial<Record<LanguageId, string>>): (lang: LanguageId) => Support {
  return (lang) => {
    const reason = reasons[lang];
    return reason ? { applicable: false, reason } : APPLICABLE;
  };
}
