import type { LanguageId } from '../languages/languageIds';
import { profileOf } from '../languages/profiles';
import type { Rng } from '../random';
import type { UnitContext } from '../syntax/context';
import { namingCounts } from '../text/namingCounts';
import { IdentifierWord, identifierWords, joinWords, NameStyle, singularsOf, styleOf } from '../text/identifiers';
import { FUNCTION_VERBS, isVerb, namesComputedValue, phraseAlternatives, wordAlternatives, WordRole } from './vocabulary';

/**
 * New names for renames that a person would write: the identifier is read as phrases and words
 * (vocabulary.ts), some of them are swapped for an alternative of the same meaning and part of
 * speech (`lead_time_days` -> `delivery_time_days`, `maxScore` -> `highestScore`), and the result
 * is spelled in the original's style. A name with nothing to swap gets no new name: the rename
 * is not offered rather than made with a poor one.
 */

export type NameKind = 'variable' | 'function';

/** The longest phrase the vocabulary lists, in words. */
const MAX_PHRASE = 4;

/** Function names a test runner or a fuzzer would pick up by their first word. */
const RUNNER_PREFIXES = new Set(['test', 'benchmark', 'example', 'fuzz']);

/** Words that make a function name a question or a conversion rather than a noun phrase. */
const CLOSED_WORDS = new Set(['is', 'has', 'have', 'can', 'should', 'must', 'will', 'to', 'of', 'for', 'in', 'on', 'with', 'by', 'from', 'as', 'at', 'per', 'and', 'or', 'not']);

type Part = string | IdentifierWord;

interface Segment {
  words: IdentifierWord[];
  alts: readonly (readonly string[])[];
}

/** A word's place in a name: a function's first word is its verb, if it has one; else the word is alone, a modifier or the head. */
function placeOf(count: number, i: number): Exclude<WordRole, 'verb'> {
  if (count === 1) return 'alone';
  return i === count - 1 ? 'head' : 'modifier';
}

/** The name as phrases and words, each with its alternatives: phrases first, longest first. */
function segmentsOf(words: readonly IdentifierWord[], kind: NameKind): Segment[] {
  const out: Segment[] = [];
  for (let i = 0; i < words.length; ) {
    let len = Math.min(MAX_PHRASE, words.length - i);
    for (; len >= 2; len--) {
      const alts = phraseAlternatives(words.slice(i, i + len).map((w) => w.word));
      if (alts) {
        out.push({ words: words.slice(i, i + len), alts });
        break;
      }
    }
    if (len >= 2) {
      i += len;
      continue;
    }
    const place = placeOf(words.length, i);
    out.push({ words: [words[i]], alts: wordAlternatives(words[i].word, kind === 'function' && i === 0 ? 'verb' : place, place) });
    i++;
  }
  return out;
}

/** Word lists for the name with one phrase or word swapped, and with every swappable one swapped. */
function paraphrases(segments: readonly Segment[]): Part[][] {
  const swappable = segments.filter((s) => s.alts.length > 0);
  const out: Part[][] = [];
  if (swappable.length >= 2) {
    const most = Math.max(...swappable.map((s) => s.alts.length));
    for (let k = 0; k < most; k++) out.push(segments.flatMap((s): Part[] => (s.alts.length ? [...s.alts[k % s.alts.length]] : s.words)));
  }
  segments.forEach((segment, i) => {
    for (const alt of segment.alts) out.push(segments.flatMap((s, j): Part[] => (j === i ? [...alt] : s.words)));
  });
  return out;
}

/** A function named by a noun phrase for a value (`histogram`, `crc32`, `income_tax`) may gain the verb of computing it; `roman_to_int` may gain `convert`. */
function decorations(words: readonly IdentifierWord[]): Part[][] {
  const plain = words.map((w) => w.word);
  // a verb phrase already says what the function does (`decode_morse`, `quick_sort`); a lone
  // word for a value that is also a verb (`power`, `total`) names the value
  if (CLOSED_WORDS.has(plain[0]) || (isVerb(plain[0]) && !(plain.length === 1 && namesComputedValue(plain[0])))) return [];
  // `roman_to_int` converts; `months_to_target` counts
  if (plain.length > 2 && plain.slice(1, -1).includes('to')) return singularsOf(plain[0]).length > 0 ? [] : [['convert', ...words]];
  if (plain.some((w) => CLOSED_WORDS.has(w)) || !namesComputedValue(plain[plain.length - 1])) return [];
  return FUNCTION_VERBS.map((verb) => [verb, ...words]);
}

export interface NameCandidates {
  /** Paraphrases of the name. */
  primary: string[];
  /** For a function named by a noun phrase: the verb of computing it added, for when no paraphrase is free. */
  fallback: string[];
}

export function nameCandidates(name: string, kind: NameKind, lang: LanguageId, naming: NameStyle): NameCandidates {
  const underscores = /^_*/.exec(name)![0];
  const core = name.slice(underscores.length);
  const words = identifierWords(core);
  if (words.length === 0 || !/^[A-Za-z0-9_]+$/.test(core)) return { primary: [], fallback: [] };
  // one lower-case word says nothing about style: the language's (or the file's) convention decides
  const style: NameStyle = words.length === 1 && /^[a-z0-9]+$/.test(core) ? naming : styleOf(core, naming);
  const original = words.map((w) => w.word);
  const protocol = profileOf(lang).reservedNames.protocol;
  const finish = (lists: Part[][]): string[] => {
    const out: string[] = [];
    for (const list of lists) {
      const plain = list.map((p) => (typeof p === 'string' ? p : p.word));
      // a word twice where the original had it once reads as a slip (`total_total`)
      if (plain.some((w, i) => plain.indexOf(w) !== i && original.filter((o) => o === w).length < 2)) continue;
      if (kind === 'function' && RUNNER_PREFIXES.has(plain[0])) continue;
      const candidate = underscores + joinWords(list, style);
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(candidate) || candidate === name || out.includes(candidate)) continue;
      if (kind === 'function' && (protocol.has(candidate) || /^__.*__$/.test(candidate))) continue;
      out.push(candidate);
    }
    return out;
  };
  const primary = finish(paraphrases(segmentsOf(words, kind)));
  const fallback = kind === 'function' ? finish(decorations(words)).filter((n) => !primary.includes(n)) : [];
  return { primary, fallback };
}

const fileStyles = new WeakMap<UnitContext, NameStyle>();

/**
 * The style a one-word name takes when a rename gives it more words: the language's convention,
 * or where it has none (C, C++), the one the file's own names follow.
 */
export function namingOf(ctx: UnitContext): NameStyle {
  if (!ctx.profile.namingFromFile) return ctx.profile.naming;
  let style = fileStyles.get(ctx);
  if (!style) {
    const { snake, camel } = namingCounts(ctx.source, ctx.unit);
    style = camel > snake ? 'camel' : snake > camel ? 'snake' : ctx.profile.naming;
    fileStyles.set(ctx, style);
  }
  return style;
}

/** The new names `name` may take here: free paraphrases, else (functions) a free decorated name; none when nothing good is free. */
export function freeNames(ctx: UnitContext, name: string, kind: NameKind): string[] {
  const { primary, fallback } = nameCandidates(name, kind, ctx.lang, namingOf(ctx));
  const free = primary.filter((n) => ctx.isFree(n));
  return free.length > 0 ? free : fallback.filter((n) => ctx.isFree(n));
}

/** Picks and claims a new name for `name`, or null when no good one is free (the rename is then not made). */
export function chooseName(ctx: UnitContext, name: string, kind: NameKind, rng: Rng): string | null {
  const free = freeNames(ctx, name, kind);
  return free.length > 0 ? ctx.freshName(free, rng) : null;
}
