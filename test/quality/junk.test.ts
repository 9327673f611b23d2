import * as assert from 'assert';
import { EngineRequest, perturb } from '../../src/core/engine';
import type { LanguageId } from '../../src/core/languages/languageIds';
import { DEFAULT_PROFILE, EDITOR_DEFAULT_PROFILE, PROFILE_LIMITS, searchLimits, ProfileId } from '../../src/core/search/profiles';
import { isJunkMethod, JUNK_METHODS } from '../../src/core/transforms/catalogue';
import { corpusOf, corpusText } from '../support/corpus';
import { degenerateShapes } from '../support/degenerateShapes';
import { loader } from '../support/harness';

/**
 * Issue 30, junk insertion bounded and plausible: under the default profiles a PESO run takes
 * each of the paper's junk methods (insert-junk-loop, insert-junk-function, the empty else of
 * add-condition) at most once per unit, and what it inserts reads as a guard or helper a person
 * might leave (a named bound and a comment, a helper with a body, an else that says why it is
 * empty), never dead syntax. Real parses of corpus functions in several languages; the methods
 * are narrowed to the junk ones and a few others so that PESO draws junk often.
 */

const LANGS: readonly LanguageId[] = ['python', 'c', 'go', 'rust', 'java', 'typescript'];
const SEEDS = [1, 2, 3];
const FUNCTIONS_PER_LANGUAGE = 3;
const METHODS = new Set([...JUNK_METHODS, 'swap-boolean-expression', 'equi-arithmetic', 'for-while', 'variable-rename']);

/** Dead syntax no junk step may insert: constant tests, and branches or bodies empty without a word. */
const DEAD: readonly [string, RegExp][] = [
  ['constant test', /\b(if|while|elif)\s*\(?\s*(not\s+)?(true|false|True|False|1|0)\s*\)?\s*[:{]/],
  ['constant test', /\bif\s+not\s+True\b/],
  ['empty braces', /\{\s*\}/],
  ['bare pass', /^\s*pass\s*$/m],
  ['endless loop', /\b(for\s*\(\s*;\s*;\s*\)|while\s*\(?\s*(true|True|1)\s*\)?|loop\s*\{|iter\(int,\s*1\))/],
];

function request(lang: LanguageId, text: string, fn: string, seed: number, profile: ProfileId): EngineRequest {
  return {
    lang,
    text,
    selector: { functionName: fn },
    search: { strategy: 'peso', maxIter: 30, threshold: 0.05, temperature: 2, seed, methods: METHODS, ...searchLimits(profile) },
    verify: { level: 'syntax', toolchains: {}, timeoutMs: 60_000 },
    mu: 0.5,
  };
}

/** The text a step added: what its text has between the common prefix and suffix with the text before it. */
function inserted(before: string, after: string): string {
  let start = 0;
  while (start < before.length && before[start] === after[start]) start++;
  let end = 0;
  while (end < before.length - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  return after.slice(start, after.length - end);
}

/** What a plausible junk step of each method shows in its inserted text. */
const PLAUSIBLE: Record<string, (lang: LanguageId, text: string) => boolean> = {
  // a loop up to a named count set to zero, with a comment on what it is for
  'insert-junk-loop': (lang, text) => /\b(for|in)\b/.test(text) && /(=|:=)\s*0\b/.test(text) && /(\/\/|\/\*|#)\s*\w+/.test(text),
  // a function with parameters and a return
  'insert-junk-function': (lang, text) => /\breturn\b|^\s*\w[\w.]*\s*$/m.test(text) && /\(\s*\w/.test(text),
  // an else that says why nothing is done
  'add-condition': (lang, text) => /\belse\b/.test(text) && /(\/\/|\/\*|#)\s*\w+/.test(text),
};

describe('junk insertion under the default profiles', () => {
  it(`the defaults: the command line's (${DEFAULT_PROFILE}) allows one junk step per unit, the editor's (${EDITOR_DEFAULT_PROFILE}) none`, () => {
    assert.strictEqual(PROFILE_LIMITS[DEFAULT_PROFILE].maxJunk, 1);
    assert.strictEqual(PROFILE_LIMITS[EDITOR_DEFAULT_PROFILE].maxJunk, 0);
  });

  for (const lang of LANGS) {
    it(`${lang}: PESO takes each junk method at most once per unit, and what it inserts is a plausible guard or helper`, async function () {
      this.timeout(10 * 60_000);
      const problems: string[] = [];
      const taken = new Map<string, number>();
      for (const entry of corpusOf(lang).slice(0, FUNCTIONS_PER_LANGUAGE)) {
        const text = corpusText(lang, entry);
        for (const seed of SEEDS) {
          const where = `${entry.file} ${entry.function} seed ${seed}`;
          const steps: { method: string; before: string; after: string }[] = [];
          let last = text;
          const doc = await perturb(loader, {
            ...request(lang, text, entry.function, seed, DEFAULT_PROFILE),
            onStep: (step, after) => {
              if (!step.accepted || !step.method) return;
              steps.push({ method: step.method, before: last, after: after.text });
              last = after.text;
            },
          });
          const junk = doc.steps.filter((s) => s.accepted && s.method !== null && isJunkMethod(s.method));
          for (const method of JUNK_METHODS) {
            const n = junk.filter((s) => s.method === method).length;
            if (n > 1) problems.push(`${where}: ${method} taken ${n} times`);
          }
          if (junk.length > PROFILE_LIMITS[DEFAULT_PROFILE].maxJunk!) problems.push(`${where}: ${junk.length} junk steps`);
          for (const step of steps.filter((s) => isJunkMethod(s.method))) {
            taken.set(step.method, (taken.get(step.method) ?? 0) + 1);
            const added = inserted(step.before, step.after);
            for (const [what, pattern] of DEAD) if (pattern.test(added)) problems.push(`${where}: ${step.method} inserted ${what}: ${JSON.stringify(added)}`);
            if (!PLAUSIBLE[step.method](lang, added)) problems.push(`${where}: ${step.method} inserted no plausible guard or helper: ${JSON.stringify(added)}`);
            const had = await degenerateShapes(lang, step.before);
            const now = await degenerateShapes(lang, step.after);
            if (now.length > had.length) problems.push(`${where}: ${step.method} left ${now.filter((g) => !had.includes(g)).join('; ') || now.join('; ')}`);
          }
          // the editor's default takes none
          const editor = await perturb(loader, request(lang, text, entry.function, seed, EDITOR_DEFAULT_PROFILE));
          const editorJunk = editor.steps.filter((s) => s.accepted && s.method !== null && isJunkMethod(s.method)).length;
          if (editorJunk) problems.push(`${where}: the editor's profile took ${editorJunk} junk steps`);
        }
      }
      assert.deepStrictEqual(problems, []);
      // not vacuous: the runs did take junk steps
      assert.ok([...taken.values()].reduce((a, b) => a + b, 0) >= 3, `junk steps taken: ${JSON.stringify([...taken])}`);
    });
  }
});
