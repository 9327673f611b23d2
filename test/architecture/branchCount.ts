import * as fs from 'fs';
import * as path from 'path';
import { LANGUAGE_IDS } from '../../src/core/languages/languageIds';

/**
 * How many times a source text branches on a language id, in every form the engine has used:
 *  - a comparison with a language id's string (`lang === 'go'`, `'rust' !== ctx.lang`, and the short
 *    alias `l === 'c'`);
 *  - each `case 'go':` of a `switch` on a language (`switch (lang)`, `switch (ctx.lang)`, `switch (l)`);
 *  - a membership test of a language in a list or set (`GOES.has(lang)`, `['c', 'cpp'].includes(l)`),
 *    except the list of all languages itself (`LANGUAGE_IDS.includes(x)` checks an id, it branches on none)
 *    and the short alias `l` tested against anything but a list of language ids (it may be a type's name).
 * A `Record<LanguageId, …>` table is not counted: the compiler lists it when a language is added.
 */
const ids = LANGUAGE_IDS.join('|');
const LANG = String.raw`(?:[\w.]*(?:\blang|\.lang|language|languageId)|\bl)`;
const COMPARE = new RegExp(String.raw`${LANG}\)?\s*[!=]==?\s*'(?:${ids})'|'(?:${ids})'\s*[!=]==?\s*${LANG}\b`, 'g');
const SWITCH = new RegExp(String.raw`\bswitch\s*\(\s*${LANG}\s*\)\s*\{`, 'g');
const CASE = new RegExp(String.raw`\bcase\s+'(?:${ids})'\s*:`, 'g');
const MEMBER = new RegExp(String.raw`([\w.\]\)]+)\.(?:includes|has)\(\s*(${LANG})\s*\)`, 'g');
const ID = new RegExp(String.raw`'(?:${ids})'`);

/** The text of the braces that open at `open` (the index of `{`), strings and comments not parsed: a rough match is enough for counting. */
function braced(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(open, i + 1);
  }
  return text.slice(open);
}

export function branchesIn(text: string): number {
  let count = (text.match(COMPARE) ?? []).length;
  for (const m of text.matchAll(SWITCH)) count += (braced(text, m.index! + m[0].length - 1).match(CASE) ?? []).length;
  for (const m of text.matchAll(MEMBER)) {
    if (/\bLANGUAGE_IDS$/.test(m[1])) continue;
    // the short alias `l` names other things too (`['float', 'double'].includes(l)`, a type): it counts in a list that holds a language id
    if (m[2] === 'l' && !(m[1] === ']' && ID.test(text.slice(text.lastIndexOf('[', m.index!), m.index! + 1)))) continue;
    count++;
  }
  return count;
}

/** Every .ts file of src/core outside languages/ that branches on a language id, with its count. */
export function languageBranches(repo: string): Record<string, number> {
  const out: Record<string, number> = {};
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      const rel = path.relative(repo, full).split(path.sep).join('/');
      if (entry.isDirectory()) {
        if (rel !== 'src/core/languages') walk(full);
      } else if (entry.name.endsWith('.ts')) {
        const count = branchesIn(fs.readFileSync(full, 'utf8'));
        if (count) out[rel] = count;
      }
    }
  };
  walk(path.join(repo, 'src', 'core'));
  return out;
}
