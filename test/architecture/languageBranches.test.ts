import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { LANGUAGE_IDS } from '../../src/core/languages/languageIds';
import { REPO } from '../support/harness';

/**
 * Issue 35: what a language is belongs in src/core/languages/. A comparison of a language id
 * (`lang === 'go'`, `'rust' !== ctx.lang`) anywhere else in src/core is a fact about a language
 * kept outside its home. The files that still hold such branches, and how many, are listed in
 * languageBranches.allow.json; this test fails when a file gains one (put the fact in the
 * language's profile instead) and when a file loses one (lower its count, so the list stays
 * true), and prints the list's total.
 */
const ALLOW = path.join(REPO, 'test', 'architecture', 'languageBranches.allow.json');
const ids = LANGUAGE_IDS.join('|');
const BRANCH = new RegExp(`\\b[\\w.]*(?:lang|language|languageId)\\)?\\s*[!=]==?\\s*'(?:${ids})'|'(?:${ids})'\\s*[!=]==?\\s*[\\w.]*(?:lang|language)\\b`, 'g');

function branches(): Record<string, number> {
  const out: Record<string, number> = {};
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      const rel = path.relative(REPO, full).split(path.sep).join('/');
      if (entry.isDirectory()) {
        if (rel !== 'src/core/languages') walk(full);
      } else if (entry.name.endsWith('.ts')) {
        const count = (fs.readFileSync(full, 'utf8').match(BRANCH) ?? []).length;
        if (count) out[rel] = count;
      }
    }
  };
  walk(path.join(REPO, 'src', 'core'));
  return out;
}

describe('language facts live in src/core/languages', () => {
  it('no file outside it branches on a language id more than the allow-list says', () => {
    const allowed = JSON.parse(fs.readFileSync(ALLOW, 'utf8')) as Record<string, number>;
    const found = branches();
    const total = Object.values(allowed).reduce((a, b) => a + b, 0);
    console.log(`      allow-list: ${total} language branches in ${Object.keys(allowed).length} files outside src/core/languages (${path.relative(REPO, ALLOW)})`);
    const more = Object.entries(found).filter(([f, n]) => n > (allowed[f] ?? 0)).map(([f, n]) => `${f}: ${n} (allowed ${allowed[f] ?? 0})`);
    const fewer = Object.entries(allowed).filter(([f, n]) => (found[f] ?? 0) < n).map(([f, n]) => `${f}: ${found[f] ?? 0} (listed ${n})`);
    assert.deepStrictEqual(more, [], 'these files gained a branch on a language id: put the fact in the language\'s profile (src/core/languages)');
    assert.deepStrictEqual(fewer, [], 'these files lost branches: lower their counts in the allow-list');
  });
});
