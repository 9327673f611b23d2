import * as assert from 'assert';
import { extensionsOf, LANGUAGE_IDS, LanguageId } from '../../src/core/languages/languageIds';
import type { Method, Site } from '../../src/core/transforms/method';
import type { UnitState } from '../../src/core/unit';
import { applyAt, assertEquivalent, readFixture, select, sitesOf } from './harness';

/** What the method tests share: the fixture of each language, finding a site by its text, applying it. */

/** `methods/<dir>/<base>.<ext>` per language; Java wants the class name, so its file is `<JavaBase>.java`. */
export function fixtureFiles(dir: string, base: string, javaBase = base[0].toUpperCase() + base.slice(1)): Record<LanguageId, string> {
  const files = {} as Record<LanguageId, string>;
  for (const lang of LANGUAGE_IDS) files[lang] = `methods/${dir}/${lang === 'java' ? javaBase : base}${extensionsOf(lang)[0]}`;
  return files;
}

export interface UnitSites {
  state: UnitState;
  sites: Site[];
}

/** The sites of `method` in the unit `select` picks in `text` (the whole file, or the function named). */
export async function sitesIn(method: Method, lang: LanguageId, text: string, functionName?: string): Promise<UnitSites> {
  const state = await select(lang, text, functionName ? { functionName } : {});
  return { state, sites: await sitesOf(method, lang, state) };
}

/** Where the sites of `method` in the whole of `text` start. */
export async function siteStarts(method: Method, lang: LanguageId, text: string): Promise<number[]> {
  return (await sitesIn(method, lang, text)).sites.map((s) => s.start);
}

/** `sitesIn` for a fixture file, with the fixture's text. */
export async function sitesInFixture(
  method: Method,
  lang: LanguageId,
  file: string,
  functionName?: string,
): Promise<UnitSites & { text: string }> {
  const { text } = readFixture(file);
  return { text, ...(await sitesIn(method, lang, text, functionName)) };
}

/** Where the first `snippet` after the first `after` starts; fails the test if there is none. */
export function offsetOf(text: string, snippet: string, after = ''): number {
  const at = text.indexOf(snippet, after ? text.indexOf(after) : 0);
  assert.ok(at >= 0, `the text has no \`${snippet}\``);
  return at;
}

/** The site that starts at the first `head` after `after`, if any. */
export function siteAt(text: string, sites: Site[], head: string, after = ''): Site | undefined {
  const at = offsetOf(text, head, after);
  return sites.find((s) => s.start === at);
}

/** Whether a site starts at the first `head` after `after`. */
export function isSite(text: string, sites: Site[], head: string, after = ''): boolean {
  return siteAt(text, sites, head, after) !== undefined;
}

/** The sites whose span is exactly the first `snippet` after `after`. */
export function sitesAt(text: string, sites: Site[], snippet: string, after = ''): Site[] {
  const start = offsetOf(text, snippet, after);
  return sites.filter((s) => s.start === start && s.end === start + snippet.length);
}

/** The text after applying the site that starts at the first `head` after `after`. */
export async function rewriteAt(method: Method, lang: LanguageId, text: string, head: string, after = ''): Promise<string> {
  const { state, sites } = await sitesIn(method, lang, text);
  const site = siteAt(text, sites, head, after);
  assert.ok(site, `no site at \`${head}\`: ${sites.map((s) => s.label).join('; ')}`);
  return (await applyAt(method, lang, state, sites.indexOf(site))).after.text;
}

export interface SpanOptions {
  /** The snippet is searched after the first occurrence of this. */
  after?: string;
  /** The unit: this function instead of the whole file. */
  functionName?: string;
  seed?: number;
}

/** The text after applying the (first) site whose span is exactly the first `snippet` after `options.after`. */
export async function rewriteSpanAt(
  method: Method,
  lang: LanguageId,
  text: string,
  snippet: string,
  options: SpanOptions = {},
): Promise<string> {
  const { state, sites } = await sitesIn(method, lang, text, options.functionName);
  const [site] = sitesAt(text, sites, snippet, options.after);
  assert.ok(site, `\`${snippet}\` is a site: ${sites.map((s) => text.slice(s.start, s.end)).join(' | ')}`);
  return (await applyAt(method, lang, state, sites.indexOf(site), options.seed)).after.text;
}

/** A program from its lines, each ending with a newline. */
export function lines(...text: string[]): string {
  return text.map((line) => `${line}\n`).join('');
}

export interface SpreadSitesOptions {
  /** The fewest sites each fixture must have. */
  minSites: number;
  /** The unit: this function instead of the whole file. */
  functionName?: string;
  /** The test title after `<lang>: `. */
  title?: string;
  /** Also assert that the method supports each language tested. */
  supportsAll?: boolean;
  /** More checks on the sites found, made before any is applied. */
  checkSites?: (sites: Site[], lang: LanguageId) => void;
  /** Sites to apply besides the first, a middle and the last one. */
  morePicks?: (sites: Site[]) => number[];
}

/**
 * One test per language with a fixture in `files`: the method applied at the first, a middle and the last site of the fixture
 * (each on its own, seeds 1, 2, 3, ...) keeps the program's behaviour.
 */
export function keepsBehaviourAtSpreadSites(method: Method, files: Partial<Record<LanguageId, string>>, options: SpreadSitesOptions): void {
  const title = options.title ?? 'the first, a middle and the last site keep behaviour';
  for (const lang of LANGUAGE_IDS) {
    const file = files[lang];
    if (file === undefined) continue;
    it(`${lang}: ${title}`, async () => {
      if (options.supportsAll) assert.ok(method.support(lang).applicable, `${method.id} supports ${lang}`);
      const { text, state, sites } = await sitesInFixture(method, lang, file, options.functionName);
      assert.ok(sites.length >= options.minSites, `expected at least ${options.minSites} sites, found ${sites.length}`);
      options.checkSites?.(sites, lang);
      const picks = [0, Math.floor(sites.length / 2), sites.length - 1];
      for (const index of options.morePicks?.(sites) ?? []) if (!picks.includes(index)) picks.push(index);
      for (const [n, index] of picks.entries()) {
        const { after } = await applyAt(method, lang, state, index, n + 1);
        await assertEquivalent(lang, text, after.text);
      }
    });
  }
}
