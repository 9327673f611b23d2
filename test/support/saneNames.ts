import type { LanguageId } from '../../src/core/languages/languageIds';
import { RESERVED_NAMES, reservedWords } from '../../src/core/languages/reserved';
import { splitIdentifier, styleOf } from '../../src/core/text/identifiers';
import { vocabularyWords } from '../../src/core/transforms/vocabulary';

/**
 * The "sane name" check a rename's new name must pass (issue 30): it keeps the original's
 * convention (style, leading underscores, Go's exportedness), is no keyword or builtin of the
 * language (nor, for a function, a protocol method), collides with no name of the file it was
 * made in, and every word it adds comes from the curated vocabulary. Returns what is wrong (empty
 * when the name is sane).
 */
export function saneNameProblems(lang: LanguageId, kind: 'variable' | 'function', from: string, to: string, fileBefore: string): string[] {
  const problems: string[] = [];
  const lead = (n: string) => /^_*/.exec(n)![0];
  if (lead(from) !== lead(to)) problems.push('leading underscores changed');
  const coreFrom = from.slice(lead(from).length);
  const coreTo = to.slice(lead(to).length);
  const fromWords = splitIdentifier(coreFrom);
  const toWords = splitIdentifier(coreTo);
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(to)) problems.push('not an identifier');
  const allowed = allowedStyles(lang, coreFrom, fromWords.length, fileBefore);
  const style = toWords.length === 1 ? singleStyle(coreTo) : styleOf(coreTo, 'snake');
  if (!allowed.includes(style)) problems.push(`style ${style}, expected ${allowed.join(' or ')}`);
  if (lang === 'go' && /^[A-Z]/.test(coreFrom) !== /^[A-Z]/.test(coreTo)) problems.push('exportedness changed');
  if (reservedWords(lang).has(to)) problems.push('a keyword or builtin');
  if (kind === 'function' && RESERVED_NAMES[lang].protocol.has(to)) problems.push('a protocol method');
  if (new Set(fileBefore.match(/[A-Za-z_$][A-Za-z0-9_$]*/g) ?? []).has(to)) problems.push('collides with a name of the file');
  const vocabulary = vocabularyWords();
  const own = new Set(fromWords);
  for (const word of toWords) {
    const bare = word.replace(/\d+$/, '');
    if (!own.has(word) && !own.has(bare) && !vocabulary.has(word) && !vocabulary.has(bare)) problems.push(`"${word}" is not from the vocabulary`);
  }
  return problems;
}

type Style = 'snake' | 'camel' | 'pascal' | 'upper' | 'lower';

function singleStyle(core: string): Style {
  if (/^[a-z0-9]+$/.test(core)) return 'lower';
  if (/^[A-Z0-9]+$/.test(core) && core.length > 1) return 'upper';
  return /^[A-Z]/.test(core) ? 'pascal' : 'camel';
}

/** The styles a new name may have: the original's, or for a one-word lower-case name, one word or the language's (C/C++: the file's) convention. */
function allowedStyles(lang: LanguageId, core: string, words: number, file: string): Style[] {
  if (words > 1) {
    // a phrase may become one word (`day_of_week` -> `weekday`), spelled as the style spells a first word
    const style = styleOf(core, 'snake');
    return style === 'snake' || style === 'camel' ? [style, 'lower'] : [style];
  }
  const single = singleStyle(core);
  if (single === 'upper' || single === 'pascal') return [single];
  if (single === 'camel') return ['camel'];
  switch (lang) {
    case 'python':
    case 'rust':
      return ['lower', 'snake'];
    case 'c':
    case 'cpp':
      return ['lower', fileStyle(file)];
    default:
      return ['lower', 'camel'];
  }
}

function fileStyle(file: string): Style {
  let snake = 0;
  let camel = 0;
  for (const w of new Set(file.match(/\b[a-z][A-Za-z0-9_]*\b/g) ?? [])) {
    if (/^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(w)) snake++;
    else if (/^[a-z][a-z0-9]*([A-Z][a-z0-9]*)+$/.test(w)) camel++;
  }
  return camel > snake ? 'camel' : 'snake';
}

/** The (from, to) pairs a rename step's summary names: "renamed `a` to `b`, function `c` to `d`". */
export function renamesInSummary(summary: string): [string, string][] {
  return [...summary.matchAll(/`([A-Za-z_$][\w$]*)` to `([A-Za-z_$][\w$]*)`/g)].map((m) => [m[1], m[2]]);
}
