/** Identifier words: splitting `maxValue` / `max_value` into parts, joining them back, and their plurals. */

export type NameStyle = 'snake' | 'camel' | 'pascal' | 'upper';

/** One word of an identifier: as spelled (`ID`, `IPv4`) and in lower case. */
export interface IdentifierWord {
  text: string;
  word: string;
}

export function identifierWords(name: string): IdentifierWord[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .split(/_+/)
    .filter(Boolean)
    .map((text) => ({ text, word: text.toLowerCase() }));
}

export function splitIdentifier(name: string): string[] {
  return identifierWords(name).map((w) => w.word);
}

export function styleOf(name: string, fallback: NameStyle): NameStyle {
  const core = name.replace(/^_+/, '');
  if (/^[A-Z0-9_]+$/.test(core) && /[A-Z]/.test(core) && core.length > 1) return 'upper';
  if (core.includes('_')) return 'snake';
  if (/^[A-Z]/.test(core)) return 'pascal';
  if (/[A-Z]/.test(core)) return 'camel';
  return fallback;
}

export function joinIdentifier(parts: readonly string[], style: NameStyle): string {
  return joinWords(parts, style);
}

/**
 * Joins words in a style. A word kept from the original identifier keeps its spelling where the
 * style allows (`userID` with `user` swapped is `accountID`, not `accountId`).
 */
export function joinWords(parts: readonly (string | IdentifierWord)[], style: NameStyle): string {
  const words = parts.map((p) => (typeof p === 'string' ? { text: p, word: p } : p)).filter((w) => w.word);
  switch (style) {
    case 'snake':
      return words.map((w) => w.word).join('_');
    case 'upper':
      return words.map((w) => w.word.toUpperCase()).join('_');
    case 'pascal':
    case 'camel':
      return words
        .map((w, i) => {
          if (i === 0 && style === 'camel') return w.word;
          // an acronym or a mixed spelling (`ID`, `IPv4`) as it was
          return w.text !== w.word && w.text !== capitalise(w.word) ? w.text : capitalise(w.word);
        })
        .join('');
  }
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

// ---------------------------------------------------------------------------------------------
// Plurals

const IRREGULAR_PLURALS: Record<string, string> = {
  child: 'children',
  person: 'people',
  man: 'men',
  woman: 'women',
  mouse: 'mice',
  foot: 'feet',
  tooth: 'teeth',
  index: 'indices',
  matrix: 'matrices',
  vertex: 'vertices',
  appendix: 'appendices',
  criterion: 'criteria',
  phenomenon: 'phenomena',
  datum: 'data',
  analysis: 'analyses',
  axis: 'axes',
  basis: 'bases',
  crisis: 'crises',
  leaf: 'leaves',
  half: 'halves',
  shelf: 'shelves',
  knife: 'knives',
  life: 'lives',
  wolf: 'wolves',
  calf: 'calves',
  series: 'series',
  species: 'species',
};

const IRREGULAR_SINGULARS: Record<string, string> = Object.fromEntries(Object.entries(IRREGULAR_PLURALS).map(([s, p]) => [p, s]));

/** The plural of a noun, or of a phrase's last word (`unit_price` -> `unit_prices`). */
export function pluralOf(phrase: string): string {
  const words = phrase.split('_');
  const last = words[words.length - 1];
  let p: string;
  if (Object.hasOwn(IRREGULAR_PLURALS, last)) p = IRREGULAR_PLURALS[last];
  else if (/[^su]s$/.test(last)) p = last; // plural already: `earnings`, `bps`
  else if (/(s|x|z|ch|sh)$/.test(last)) p = `${last}es`;
  else if (/[^aeiou]y$/.test(last)) p = `${last.slice(0, -1)}ies`;
  else p = `${last}s`;
  words[words.length - 1] = p;
  return words.join('_');
}

/** The singulars a word may be the plural of, most likely first (`rates` -> `rate`, `boxes` -> `box`, `entries` -> `entry`). */
export function singularsOf(word: string): string[] {
  if (Object.hasOwn(IRREGULAR_SINGULARS, word)) return [IRREGULAR_SINGULARS[word]];
  if (word.length < 3 || !word.endsWith('s') || /(ss|us|is)$/.test(word)) return [];
  const out: string[] = [];
  if (word.endsWith('ies')) out.push(`${word.slice(0, -3)}y`);
  out.push(word.slice(0, -1));
  if (/(s|x|z|ch|sh)es$/.test(word)) out.push(word.slice(0, -2));
  return out;
}
