import * as assert from 'assert';
import type { LanguageId } from '../../src/core/languages/languageIds';
import { retokenize, retokenizeCounts } from '../../src/core/similarity/retokenize';
import { tokenize } from '../../src/core/similarity/tokens';
import { applyEdits, TextEdit } from '../../src/core/text/edits';
import { loader } from '../support/harness';

/** An edit replacing the `nth` (0-based) occurrence of `find` in `text`, or inserting before it when `insert` is set. */
function at(text: string, find: string, replacement: string, nth = 0, insert = false): TextEdit {
  let start = -1;
  for (let i = 0; i <= nth; i++) start = text.indexOf(find, start + 1);
  if (start < 0) throw new Error(`no ${find} in the text`);
  return insert ? { start, end: start, text: replacement } : { start, end: start + find.length, text: replacement };
}

/** Statements after the edited part, so that the rewrite is a small part of the unit and the tokens are spliced. */
const filler = (line: (i: number) => string) => Array.from({ length: 30 }, (_, i) => line(i)).join('\n');

const C = `int f(int a) {
  int b = a + 1;
  int c = b * 2; /* doubled */
  int d = c - 3;
${filler((i) => `  d = d + ${i};`)}
  return d;
}
`;

const PY = `def f(count):
    label = "items"
    msg = f"{count} {label}"
    total = count + 1
${filler((i) => `    total = total + ${i}`)}
    return msg, total
`;

const JS = `function f(count) {
  const msg = \`\${count} items\`;
  let total = count - 1;
${filler((i) => `  total = total * ${i + 1};`)}
  return [msg, total];
}
`;

const cases: { name: string; lang: LanguageId; text: string; edits: (text: string) => TextEdit[] }[] = [
  // the comment opened here runs to the `*/` a line below: syntax changes well past the edit
  { name: 'an opened comment swallows the code up to a later `*/`', lang: 'c', text: C, edits: (t) => [at(t, 'int b', '/* ', 0, true)] },
  { name: 'a closed comment brings code back', lang: 'c', text: C, edits: (t) => [at(t, '/* doubled */', '/* doubled')] },
  { name: 'a name renamed in several places, the syntax unchanged', lang: 'c', text: C, edits: (t) => [at(t, 'b', 'beta', 1), at(t, 'b', 'beta', 2)] },
  { name: 'an edit inside a name, which starts before the edit', lang: 'c', text: C, edits: (t) => [at(t, ' + 1;', 'x + 1;')] },
  { name: 'a statement deleted: the tokens after it move back', lang: 'c', text: C, edits: (t) => [at(t, '  int c = b * 2; /* doubled */\n', '')] },
  { name: 'an f-string field rewritten inside the literal', lang: 'python', text: PY, edits: (t) => [at(t, '{count}', '{count + 1}')] },
  { name: 'a string opened before a statement', lang: 'python', text: PY, edits: (t) => [at(t, 'total = count', '"', 0, true)] },
  { name: 'a template substitution rewritten', lang: 'javascript', text: JS, edits: (t) => [at(t, '${count}', '${count * 2 + 1}')] },
  { name: 'a template literal closed early', lang: 'javascript', text: JS, edits: (t) => [at(t, ' items`', '` + ` items`')] },
  { name: 'an operator whose neighbours merge into another token', lang: 'javascript', text: JS, edits: (t) => [at(t, 'count - 1', 'count--1')] },
];

/**
 * retokenize splices the parent's tokens around a rewrite. The corpus rewrites (reparse.test.ts)
 * change syntax only where they edit; these edits change it past the edited text, inside literals,
 * or not at all, and the spliced stream must still be the one a fresh tokenisation gives.
 */
describe('tokens spliced around a rewrite', () => {
  for (const c of cases) {
    it(`${c.lang}: ${c.name}`, async () => {
      await loader.ready(c.lang);
      const edits = c.edits(c.text);
      const text = applyEdits(c.text, edits);
      const tree = loader.parseSync(c.lang, c.text);
      const reparsed = loader.reparseSync(c.lang, tree, c.text, edits, text);
      const fresh = loader.parseSync(c.lang, text);
      try {
        const spliced = retokenizeCounts.spliced;
        const tokens = retokenize(c.lang, reparsed, { start: 0, end: text.length }, {
          old: tokenize(c.lang, tree, { start: 0, end: c.text.length }),
          oldSpan: { start: 0, end: c.text.length },
          edits,
          changed: loader.changedSpans(reparsed)!,
        });
        assert.strictEqual(retokenizeCounts.spliced, spliced + 1, 'the tokens were read whole, not spliced');
        assert.deepStrictEqual(tokens, tokenize(c.lang, fresh, { start: 0, end: text.length }));
      } finally {
        for (const t of [tree, reparsed, fresh]) t.delete();
      }
    });
  }

  it('reads the whole unit when an edit lies outside it', async () => {
    await loader.ready('c');
    const unit = { start: C.indexOf('int f'), end: C.indexOf('return d;') };
    const edits = [at(C, 'return d;', 'return d + 0;')];
    const text = applyEdits(C, edits);
    const tree = loader.parseSync('c', C);
    const reparsed = loader.reparseSync('c', tree, C, edits, text);
    try {
      const whole = retokenizeCounts.whole;
      const tokens = retokenize('c', reparsed, unit, { old: tokenize('c', tree, unit), oldSpan: unit, edits, changed: loader.changedSpans(reparsed)! });
      assert.strictEqual(retokenizeCounts.whole, whole + 1);
      assert.deepStrictEqual(tokens, tokenize('c', reparsed, unit));
    } finally {
      tree.delete();
      reparsed.delete();
    }
  });
});
