import * as assert from 'assert';
import { isCodemorphError } from '../../src/core/errors';
import { EngineRequest, perturb } from '../../src/core/engine';
import { MAX_FILE_CHARS } from '../../src/core/session';
import { LANGUAGE_IDS, LanguageId } from '../../src/core/languages/languageIds';
import { lineChanges } from '../../src/core/provenance';
import { Rng } from '../../src/core/random';
import { applyEdits, mapSpan } from '../../src/core/text/edits';
import { indentFrom, indentUnit } from '../../src/core/text/lines';
import { factsAround, linesFacts, linesOf, wordsOf } from '../../src/core/text/linesFacts';
import type { UnitState } from '../../src/core/unit';
import { FRAME, pieces } from '../../bench/lib/units';
import { corpusOf, corpusText } from '../support/corpus';
import { loader } from '../support/harness';

/**
 * Issue 28, large inputs: a function inside a large file is perturbed at about the cost of the
 * function alone plus one parse of the file (bench:in-file measures it). These check that the
 * shortcuts that buy it keep the answers: the file's words and indentation read around the unit,
 * the lines of a step's provenance read over the unit, and a whole run on a function among many.
 */

/** The first corpus function of `lang` that parses alone in its frame, and its name. */
async function firstFunction(lang: LanguageId): Promise<{ name: string; text: string }> {
  const [first] = await pieces(loader, lang);
  if (!first) throw new Error(`no ${lang} corpus function parses alone`);
  return first;
}

/** A function of each language whose words (with K a number) are its own or keywords. */
const FILLER: Record<LanguageId, string> = {
  python: 'def filler_K(q_K):\n    return q_K + 1',
  c: 'int filler_K(int q_K)\n{\n    return q_K + 1;\n}',
  cpp: 'int filler_K(int q_K)\n{\n    return q_K + 1;\n}',
  go: 'func filler_K(q_K int) int {\n\treturn q_K + 1\n}',
  rust: 'fn filler_K(q_K: i64) -> i64 {\n    q_K + 1\n}',
  java: '    static int filler_K(int q_K) {\n        return q_K + 1;\n    }',
  javascript: 'function filler_K(q_K) {\n  return q_K + 1;\n}',
  typescript: 'function filler_K(q_K: number): number {\n  return q_K + 1;\n}',
};

function request(lang: LanguageId, text: string, functionName: string, seed: number, maxIter = 15): EngineRequest {
  return {
    lang,
    text,
    selector: { functionName },
    search: { strategy: 'peso', maxIter, threshold: 0.2, temperature: 2, seed },
    verify: { level: 'syntax', toolchains: {}, timeoutMs: 60_000 },
    mu: 0.5,
  };
}

describe('a function inside a large file', () => {
  for (const lang of LANGUAGE_IDS) {
    it(`${lang}: is perturbed as it is alone, spliced into the file`, async () => {
      const frame = FRAME[lang] ?? { head: '', tail: '' };
      const fn = await firstFunction(lang);
      // the rest of the file: small functions whose words are their own (filler_7, q_7) or
      // keywords, which no name a step chooses can be, so every choice is the same
      const copies = Array.from({ length: 1000 }, (_, k) => FILLER[lang].replace(/K/g, String(k)));
      const filler = `\n${copies.join('\n\n')}\n`;
      const alone = `${frame.head}${fn.text}\n${frame.tail}`;
      const large = `${frame.head}${fn.text}\n${filler}${frame.tail}`;
      assert.ok(large.length > 40_000, `${large.length} characters`);
      for (const seed of [1, 2]) {
        const a = await perturb(loader, request(lang, alone, fn.name, seed));
        const b = await perturb(loader, request(lang, large, fn.name, seed));
        const strip = (d: typeof a) => ({ ...d, file: '', elapsedMs: 0 });
        assert.deepStrictEqual(strip(b), strip(a), `seed ${seed}: the same steps and results`);
        assert.ok(a.steps.some((s) => s.accepted), `seed ${seed}: something was perturbed`);
        // the copies are untouched, right after the perturbed function
        const end = a.file.length - frame.tail.length;
        assert.strictEqual(b.file, `${a.file.slice(0, end)}${filler}${frame.tail}`, `seed ${seed}: the file is the function's result with the rest as it was`);
      }
    });
  }

  // the names a run chooses alone, given to functions elsewhere in the file: the run must see them
  // there (a search run on the function alone, with the file read for nothing, would choose them again)
  for (const lang of ['python', 'c', 'rust', 'java', 'javascript'] as const) {
    it(`${lang}: avoids the names the rest of the file holds, which it would choose alone`, async () => {
      const frame = FRAME[lang] ?? { head: '', tail: '' };
      const fn = await firstFunction(lang);
      const alone = `${frame.head}${fn.text}\n${frame.tail}`;
      const own = wordsOf(fn.text);
      // the first seed whose run alone keeps a name it chose
      let seed = 0;
      let a: Awaited<ReturnType<typeof perturb>> | undefined;
      let clashing: string[] = [];
      while (clashing.length === 0 && seed < 10) {
        a = await perturb(loader, request(lang, alone, fn.name, ++seed));
        const kept = wordsOf(a.perturbed);
        clashing = [...new Set(a.steps.flatMap((s) => s.renames ?? []).map((r) => r.to))].filter((w) => !own.has(w) && kept.has(w));
      }
      assert.ok(a && clashing.length > 0, 'a run alone renamed something');
      // each chosen name as the parameter of a small function after the perturbed one
      const holders = clashing.map((name, k) => FILLER[lang].replace(/q_K/g, name).replace(/K/g, `clash${k}`));
      const copies = Array.from({ length: 300 }, (_, k) => FILLER[lang].replace(/K/g, String(k)));
      const rest = `\n${[...holders, ...copies].join('\n\n')}\n`;
      const large = `${frame.head}${fn.text}\n${rest}${frame.tail}`;
      const b = await perturb(loader, request(lang, large, fn.name, seed));
      assert.ok(b.steps.some((s) => s.accepted), 'something was perturbed');
      const introduced = wordsOf(b.perturbed);
      for (const name of clashing) assert.ok(!introduced.has(name), `${name} is a parameter elsewhere in the file, yet the run chose it`);
      assert.notStrictEqual(b.perturbed, a.perturbed, 'the clash changed the choices');
      // the rest of the file is as it was, right after the perturbed function
      assert.strictEqual(b.file, `${frame.head}${b.perturbed}\n${rest}${frame.tail}`);
    });
  }

  it(`a file of up to ${MAX_FILE_CHARS / 1e6} million characters is perturbed; a larger one is refused, saying the limit`, async () => {
    const fn = 'def total(values):\n    result = 0\n    for value in values:\n        result += value\n    return result\n';
    // a long comment above the function: a file header, as large as it gets
    const padding = (chars: number) => `# ${'x'.repeat(chars - fn.length - 3)}\n`;
    const within = padding(5_500_000) + fn;
    const doc = await perturb(loader, request('python', within, 'total', 1, 3));
    assert.ok(doc.steps.some((s) => s.accepted));
    assert.ok(doc.file.startsWith(padding(5_500_000)));
    const over = padding(MAX_FILE_CHARS + 500_000) + fn;
    await assert.rejects(perturb(loader, request('python', over, 'total', 1, 3)), (e: unknown) => {
      assert.ok(isCodemorphError(e) && e.kind === 'input', String(e));
      assert.match(e.message, /^the file is too large \(6\.5 million characters; the limit is 6 million\)/);
      return true;
    });
  });
});

describe('the words and indentation of a file, read around the unit', () => {
  it('equal those of the whole text, for units anywhere in every corpus program', async () => {
    const rng = new Rng(3);
    for (const lang of LANGUAGE_IDS) {
      for (const entry of corpusOf(lang)) {
        const text = corpusText(lang, entry);
        for (let k = 0; k < 5; k++) {
          const a = rng.int(text.length + 1);
          const b = a + rng.int(text.length - a + 1);
          const lines = linesOf(text, { start: a, end: b });
          const around = factsAround(text, lines);
          const inside = linesFacts(text.slice(lines.start, lines.end));
          const words = new Set([...around.words, ...inside.words]);
          assert.deepStrictEqual([...words].sort(), [...wordsOf(text)].sort(), `${entry.file} [${a}, ${b})`);
          for (const fallback of ['\t', '    ']) {
            assert.strictEqual(indentFrom([around, inside], fallback), indentUnit(text, fallback), `${entry.file} [${a}, ${b})`);
          }
        }
      }
    }
  });

  it('count lines as split("\\n") does: a lone carriage return does not start one', () => {
    const text = 'a\r    b\n\tc\n  d\r\n    e\n';
    assert.strictEqual(indentFrom([linesFacts(text)], '?'), '  ');
    assert.strictEqual(indentFrom([linesFacts('x\r\ty\n  z\n')], '?'), '  ');
    assert.strictEqual(indentUnit('x\r\ty\n  z\n', '?'), '  ');
  });
});

describe('the lines a step changed, read over the unit', () => {
  it('are those of the unit alone, for a unit after a large text', () => {
    const unit = 'def f():\n    a = 1\n    b = 2\n    return a + b\n';
    const header = '# filler\n'.repeat(50_000);
    const at = unit.indexOf('b = 2');
    const edits = [
      { start: at, end: at, text: 'spare = 0\n    ' },
      { start: unit.indexOf('a + b'), end: unit.indexOf('a + b') + 5, text: 'b + a' },
    ];
    const state = (text: string, start: number): UnitState => ({ text, unit: { start, end: text.length }, unitKind: 'function', entryPoint: 'f' });
    const after = (before: UnitState, e: typeof edits): UnitState => ({ ...before, text: applyEdits(before.text, e), unit: mapSpan(before.unit, e) });
    const alone = state(unit, 0);
    const inFile = state(header + unit, header.length);
    const shifted = edits.map((e) => ({ ...e, start: e.start + header.length, end: e.end + header.length }));
    assert.deepStrictEqual(lineChanges(inFile, after(inFile, shifted), shifted), lineChanges(alone, after(alone, edits), edits));
  });
});
