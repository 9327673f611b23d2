import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { REPO } from '../support/harness';
import { branchesIn, languageBranches } from './branchCount';

/**
 * Issue 35: what a language is belongs in src/core/languages/. A branch on a language id anywhere
 * else in src/core (`lang === 'go'`, `l !== 'rust'`, a `case 'c':` of `switch (ctx.lang)`,
 * `NESTED.has(lang)`; branchCount.ts) is a fact about a language kept outside its home. The files that still hold such branches, and how many, are listed in
 * languageBranches.allow.json; this test fails when a file gains one (put the fact in the
 * language's profile instead) and when a file loses one (lower its count, so the list stays
 * true), and prints the list's total.
 */
const ALLOW = path.join(REPO, 'test', 'architecture', 'languageBranches.allow.json');

describe('language facts live in src/core/languages', () => {
  it('no file outside it branches on a language id more than the allow-list says', () => {
    const allowed = JSON.parse(fs.readFileSync(ALLOW, 'utf8')) as Record<string, number>;
    const found = languageBranches(REPO);
    const total = Object.values(allowed).reduce((a, b) => a + b, 0);
    console.log(`      allow-list: ${total} language branches in ${Object.keys(allowed).length} files outside src/core/languages (${path.relative(REPO, ALLOW)})`);
    const more = Object.entries(found).filter(([f, n]) => n > (allowed[f] ?? 0)).map(([f, n]) => `${f}: ${n} (allowed ${allowed[f] ?? 0})`);
    const fewer = Object.entries(allowed).filter(([f, n]) => (found[f] ?? 0) < n).map(([f, n]) => `${f}: ${found[f] ?? 0} (listed ${n})`);
    assert.deepStrictEqual(more, [], 'these files gained a branch on a language id: put the fact in the language\'s profile (src/core/languages)');
    assert.deepStrictEqual(fewer, [], 'these files lost branches: lower their counts in the allow-list');
  });

  it('counts every form of branch on a language id', () => {
    assert.strictEqual(branchesIn("if (lang === 'go') x(); if ('rust' !== ctx.lang) y(); const z = l == 'c';"), 3);
    assert.strictEqual(branchesIn("switch (ctx.lang) {\n case 'c':\n case 'cpp': { a(); break; }\n default: b();\n}\nswitch (kind) { case 'c': }"), 2);
    assert.strictEqual(branchesIn("if (NESTED.has(lang) || ['go', 'rust'].includes(l)) z(); LANGUAGE_IDS.includes(lang);"), 2);
    assert.strictEqual(branchesIn("if (ch === 'c' || profile.lang) x(); const lang2 = PROFILES[lang].loops;"), 0);
    assert.strictEqual(branchesIn("if (['float', 'double'].includes(l) || TYPES.has(l)) x();"), 0);
  });
});
