/**
 * Synthetic units of a given size for the engine benchmarks, built from the conformance corpus
 * (test/corpus): the corpus functions of a language, copied one after another into one file, each
 * copy renamed (`name_2`, `name_3`, ...) so they do not clash. A "unit of N lines" is that whole
 * file perturbed as a file unit: every function in it is realistic code, and the cost of a step
 * grows with the file the way it does when a user perturbs a large file.
 */
import { findFunctions, functionsNamed } from '../../src/core/languages/functions';
import type { GrammarLoader } from '../../src/core/languages/grammarLoader';
import type { LanguageId } from '../../src/core/languages/languageIds';
import { profileOf } from '../../src/core/languages/profiles';
import type { UnitSelector } from '../../src/core/unit';
import { corpusOf, corpusText } from '../../test/support/corpus';

export interface Piece {
  name: string;
  text: string;
  lines: number;
}

/** What wraps the functions so the file parses: Go needs a package, Java a class. */
export const FRAME: Partial<Record<LanguageId, { head: string; tail: string }>> = {
  go: { head: 'package main\n\n', tail: '' },
  java: { head: 'class Unit {\n', tail: '}\n' },
};

const cache = new Map<LanguageId, Piece[]>();

/** The corpus functions of `lang` that parse cleanly on their own inside the language's frame. */
/** The corpus functions of `lang` that parse alone in their frame, in corpus order. */
export async function pieces(loader: GrammarLoader, lang: LanguageId): Promise<Piece[]> {
  const known = cache.get(lang);
  if (known) return known;
  const frame = FRAME[lang] ?? { head: '', tail: '' };
  const found: Piece[] = [];
  for (const entry of corpusOf(lang)) {
    const source = corpusText(lang, entry);
    const tree = await loader.parse(lang, source);
    try {
      const fn = functionsNamed(findFunctions(tree.rootNode, profileOf(lang)), entry.function)[0];
      if (!fn) continue;
      const text = source.slice(fn.start, fn.end);
      const alone = await loader.parse(lang, `${frame.head}${text}\n${frame.tail}`);
      const clean = !alone.rootNode.hasError;
      alone.delete();
      if (clean) found.push({ name: fn.name, text, lines: text.split('\n').length });
    } finally {
      tree.delete();
    }
  }
  if (found.length === 0) throw new Error(`no corpus function of ${lang} parses on its own`);
  cache.set(lang, found);
  return found;
}

export interface SizedUnit {
  lang: LanguageId;
  /** The size asked for. */
  target: number;
  text: string;
  lines: number;
  functions: number;
  /** The first function (the one closest to 20 lines): its name, and an offset inside it. */
  first: { name: string; offset: number };
}

/**
 * A file of about `lines` lines (whole functions, as close to it as they come),
 * starting with the function closest to 20 lines, so the smallest unit is one realistic function.
 */
export async function sizedUnit(loader: GrammarLoader, lang: LanguageId, lines: number): Promise<SizedUnit> {
  const all = await pieces(loader, lang);
  const order = [...all].sort((a, b) => Math.abs(a.lines - 20) - Math.abs(b.lines - 20) || a.name.localeCompare(b.name));
  const frame = FRAME[lang] ?? { head: '', tail: '' };
  const parts: string[] = [];
  let count = frame.head.split('\n').length - 1 + frame.tail.split('\n').length - 1;
  let copy = 0;
  // Whole functions, as long as adding the next one brings the size closer to the one asked for.
  for (;;) {
    const piece = order[copy % order.length];
    if (parts.length > 0 && Math.abs(count + piece.lines + 1 - lines) >= Math.abs(count - lines)) break;
    const round = Math.floor(copy / order.length) + 1;
    const text = round === 1 ? piece.text : piece.text.replace(new RegExp(`\\b${piece.name}\\b`, 'g'), `${piece.name}_${round}`);
    parts.push(text);
    count += piece.lines + 1;
    copy++;
  }
  const text = `${frame.head}${parts.join('\n\n')}\n${frame.tail}`;
  const first = { name: order[0].name, offset: frame.head.length + parts[0].indexOf(order[0].name) };
  return { lang, target: lines, text, lines: text.split('\n').length - 1, functions: parts.length, first };
}

/** The run the engine benchmarks time: PESO with 15 iterations and `syntax` verification, on `unit` (default: the whole file). */
export function pesoRequest(unit: SizedUnit, seed: number, selector: UnitSelector = {}) {
  return {
    lang: unit.lang,
    text: unit.text,
    selector,
    search: { strategy: 'peso' as const, maxIter: 15, threshold: 0.2, temperature: 2, seed },
    verify: { level: 'syntax' as const, toolchains: {}, timeoutMs: 60_000 },
    mu: 0.5,
  };
}
