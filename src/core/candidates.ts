import type { GrammarLoader } from './languages/grammarLoader';
import type { LanguageId } from './languages/languageIds';
import { lineOf } from './text/lines';
import { CATALOGUE, Category } from './transforms/catalogue';
import { UnitContext, UnitKind } from './syntax/context';
import { methodById } from './transforms/registry';
import { selectUnit, UnitSelector } from './unit';

/** One place a method would rewrite, as a list shows it. `index` is what `transform`'s `site` takes. */
export interface SiteCandidate {
  index: number;
  label: string;
  start: number;
  end: number;
  /** 1-based line of the site in the file. */
  line: number;
  /** The site's first line of code, trimmed and shortened. */
  excerpt: string;
}

/** A method for one unit: applicable or why not, and its sites. */
export interface MethodCandidate {
  id: string;
  category: Category;
  description: string;
  /** Null when the method can run here; else why not, in words for users. */
  unavailable: string | null;
  sites: SiteCandidate[];
}

export interface CandidateList {
  unit: { kind: UnitKind; name: string | null; start: number; end: number; line: number };
  /** Every method of the catalogue, in catalogue order. */
  methods: MethodCandidate[];
}

const EXCERPT_CHARS = 60;

function excerptAt(text: string, start: number, end: number): string {
  const first = text.slice(start, end).split('\n')[0].trim().replace(/\s+/g, ' ');
  return first.length > EXCERPT_CHARS ? `${first.slice(0, EXCERPT_CHARS - 1)}…` : first;
}

/**
 * What every method could do to the selected unit now: the editor's "Apply a method..." and its
 * candidate tree. The sites are found exactly as `transform` finds them on the same text, so a
 * listed site's index applies that site.
 */
export async function listCandidates(loader: GrammarLoader, lang: LanguageId, text: string, selector: UnitSelector): Promise<CandidateList> {
  const tree = await loader.parse(lang, text);
  try {
    const state = selectUnit(lang, tree, text, selector);
    const ctx = new UnitContext({ lang, source: text, tree, unit: state.unit, unitKind: state.unitKind, entryPoint: state.entryPoint, loader });
    const methods = CATALOGUE.map((entry): MethodCandidate => {
      const base = { id: entry.id, category: entry.category, description: entry.description, sites: [] as SiteCandidate[] };
      const method = methodById(entry.id);
      if (!method) return { ...base, unavailable: 'no local implementation yet' };
      const support = method.support(lang);
      if (!support.applicable) return { ...base, unavailable: support.reason };
      let sites;
      try {
        sites = method.findSites(ctx);
      } catch (e) {
        // one method's bug must not hide the others: say so on that method
        return { ...base, unavailable: `could not look for sites: ${(e as Error).message}` };
      }
      if (sites.length === 0) return { ...base, unavailable: `no site in this ${state.unitKind === 'function' ? 'function' : state.unitKind}` };
      return {
        ...base,
        unavailable: null,
        sites: sites.map((site, index) => ({
          index,
          label: site.label,
          start: site.start,
          end: site.end,
          line: lineOf(text, site.start),
          excerpt: excerptAt(text, site.start, site.end),
        })),
      };
    });
    return {
      unit: { kind: state.unitKind, name: state.entryPoint, start: state.unit.start, end: state.unit.end, line: lineOf(text, state.unit.start) },
      methods,
    };
  } finally {
    tree.delete();
  }
}
