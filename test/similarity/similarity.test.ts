import * as assert from 'assert';
import { LANGUAGE_IDS, LanguageId } from '../../src/core/languages/languageIds';
import {
  defaultMinMatch,
  parseUnitText,
  similarity,
  Similarity,
  structuralSimilarity,
  surfaceSimilarity,
  unitText,
  UnitText,
} from '../../src/core/similarity/similarity';
import { greedyStringTiling } from '../../src/core/similarity/tiling';
import { assertParses, loader, parse, readFixture, select } from '../support/harness';

const FILES: Record<LanguageId, string> = {
  python: 'similarity/orders.py',
  c: 'similarity/orders.c',
  cpp: 'similarity/orders.cpp',
  go: 'similarity/orders.go',
  rust: 'similarity/orders.rs',
  java: 'similarity/Orders.java',
  javascript: 'similarity/orders.js',
  typescript: 'similarity/orders.ts',
};

/** The unrelated function of each fixture: CSV field splitting, against summarize's order totals. */
const OTHER: Record<LanguageId, string> = {
  python: 'split_fields',
  c: 'split_fields',
  cpp: 'splitFields',
  go: 'splitFields',
  rust: 'split_fields',
  java: 'splitFields',
  javascript: 'splitFields',
  typescript: 'splitFields',
};

/** A statement for the "// middle" line of summarize. */
const INSERTED: Record<LanguageId, string> = {
  python: 'print("checkpoint", order["id"], amount)',
  c: 'printf("checkpoint %d %f\\n", o->id, amount);',
  cpp: 'std::cout << "checkpoint " << order.id << " " << amount << "\\n";',
  go: 'fmt.Println("checkpoint", order.ID, amount)',
  rust: 'println!("checkpoint {} {}", order.id, amount);',
  java: 'System.out.println("checkpoint " + order.id() + " " + amount);',
  javascript: "console.log('checkpoint', order.id, amount);",
  typescript: "console.log('checkpoint', order.id, amount);",
};

/** Locals, parameters and the function's own name in summarize, in all eight fixtures. */
const RENAMES: Record<string, string> = {
  summarize: 'tally',
  orders: 'records',
  order: 'rec',
  o: 'rec',
  i: 'k',
  result: 'acc',
  largest: 'peak',
  amount: 'value',
  total: 'running',
  discount_rate: 'rebate',
  discountRate: 'rebate',
};

function rename(text: string): string {
  return text.replace(/\b[A-Za-z_]\w*\b/g, (word) => RENAMES[word] ?? word);
}

const comment = (lang: LanguageId): string => (lang === 'python' ? '#' : '//');

/** Comments after and between all lines, doubled spaces and (outside Python) doubled indentation. */
function relayout(lang: LanguageId, text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const [, indent, rest] = /^(\s*)(.*)$/.exec(line)!;
      if (rest === '') return line;
      const spaced = (lang === 'python' ? indent : indent + indent) + rest.replace(/ /g, '  ');
      return `${spaced}  ${comment(lang)} note\n${indent}${comment(lang)} a line of its own\n`;
    })
    .join('\n');
}

interface Fixture {
  lang: LanguageId;
  text: string;
  /** The text with summarize replaced by `replacement`. */
  withSummarize: (replacement: string) => string;
  summarize: string;
}

async function fixture(lang: LanguageId): Promise<Fixture> {
  const { text } = readFixture(FILES[lang]);
  const state = await select(lang, text, { functionName: 'summarize' });
  const { start, end } = state.unit;
  return { lang, text, summarize: text.slice(start, end), withSummarize: (replacement) => text.slice(0, start) + replacement + text.slice(end) };
}

/** The unit `name` of `text`, checking first that the text parses. */
async function unit(lang: LanguageId, text: string, name: string): Promise<UnitText> {
  await assertParses(lang, text);
  const state = await select(lang, text, { functionName: name });
  return parseUnitText(loader, lang, state.text, state.unit);
}

function assertSymmetric(a: UnitText, b: UnitText): void {
  const forward = similarity(a, b);
  const backward = similarity(b, a);
  assert.deepStrictEqual(backward, forward);
}

const describeScores = (s: Similarity): string =>
  `surface ${s.surface.toFixed(3)} structural ${s.structural.toFixed(3)} avg ${s.structuralAvg.toFixed(3)} overall ${s.overall.toFixed(3)}`;

describe('similarity', () => {
  for (const lang of LANGUAGE_IDS) {
    describe(lang, () => {
      it('identical code scores 1 everywhere', async () => {
        const { text } = await fixture(lang);
        const original = await unit(lang, text, 'summarize');
        assert.ok(original.tokens.kinds.length > 3 * defaultMinMatch(lang), 'the fixture unit is too small to test tiling');
        assert.deepStrictEqual(similarity(original, original), { surface: 1, structural: 1, structuralAvg: 1, overall: 1 });
        assert.deepStrictEqual(similarity(original, await unit(lang, text, 'summarize')), { surface: 1, structural: 1, structuralAvg: 1, overall: 1 });
        // equal streams are scored without tiling: the tiling itself must agree that they are one tile
        const kinds = Array.from(original.tokens.kinds);
        assert.strictEqual(greedyStringTiling(kinds, [...kinds], defaultMinMatch(lang)).tiled, kinds.length);
        assert.strictEqual(structuralSimilarity(original.tokens, original.tokens).tiled, kinds.length);
      });

      it('renaming alone keeps structural at exactly 1 and lowers surface', async () => {
        const f = await fixture(lang);
        const renamed = rename(f.summarize);
        assert.notStrictEqual(renamed, f.summarize);
        const s = similarity(await unit(lang, f.text, 'summarize'), await unit(lang, f.withSummarize(renamed), 'tally'));
        assert.strictEqual(s.structural, 1, describeScores(s));
        assert.strictEqual(s.structuralAvg, 1, describeScores(s));
        assert.ok(s.surface < 0.95, describeScores(s));
        assert.ok(s.overall < 1, describeScores(s));
      });

      it('comments and layout leave structural at exactly 1', async () => {
        const f = await fixture(lang);
        const relaid = relayout(lang, f.summarize);
        const s = similarity(await unit(lang, f.text, 'summarize'), await unit(lang, f.withSummarize(relaid), 'summarize'));
        assert.strictEqual(s.structural, 1, describeScores(s));
        assert.strictEqual(s.structuralAvg, 1, describeScores(s));
        assert.ok(s.surface < 0.8, describeScores(s));
      });

      it('a statement inserted in the middle keeps structural high; a changed one lowers it', async () => {
        const f = await fixture(lang);
        const original = await unit(lang, f.text, 'summarize');
        const middle = new RegExp(`^(\\s*)${comment(lang)} middle$`, 'm');
        assert.match(f.summarize, middle);
        const inserted = await unit(lang, f.withSummarize(f.summarize.replace(middle, (_, indent) => indent + INSERTED[lang])), 'summarize');
        const s = similarity(original, inserted);
        // max = tiled / min(|A|, |B|): the original still occurs whole, around the insertion.
        assert.strictEqual(s.structural, 1, describeScores(s));
        assert.ok(s.structuralAvg > 0.7 && s.structuralAvg < 1, describeScores(s));
        assert.ok(s.surface < 1 && s.overall < 1, describeScores(s));
        // The same statement instead of the running total's update: the original no longer occurs whole.
        const update = /^(\s*)(result\.[Tt]otal|total) \+= amount;?$/m;
        assert.match(f.summarize, update);
        const changed = await unit(lang, f.withSummarize(f.summarize.replace(update, (_, indent) => indent + INSERTED[lang])), 'summarize');
        const c = similarity(original, changed);
        assert.ok(c.structural > 0.7 && c.structural < 1, describeScores(c));
        assert.ok(c.structuralAvg < 1, describeScores(c));
        assertSymmetric(original, inserted);
        assertSymmetric(original, changed);
      });

      it('unrelated functions score low, the same both ways', async () => {
        const { text } = await fixture(lang);
        const summarize = await unit(lang, text, 'summarize');
        const other = await unit(lang, text, OTHER[lang]);
        const s = similarity(summarize, other);
        assert.ok(s.structural < 0.4, describeScores(s));
        assert.ok(s.overall < 0.5, describeScores(s));
        assertSymmetric(summarize, other);
      });
    });
  }

  it('is symmetric for renamed and relaid-out units', async () => {
    for (const lang of ['python', 'go', 'java'] as const) {
      const f = await fixture(lang);
      const original = await unit(lang, f.text, 'summarize');
      assertSymmetric(original, await unit(lang, f.withSummarize(rename(f.summarize)), 'tally'));
      assertSymmetric(original, await unit(lang, f.withSummarize(relayout(lang, f.summarize)), 'summarize'));
    }
  });

  it('takes a tree the caller already has, and a precomputed original stream', async () => {
    const f = await fixture('go');
    const state = await select('go', f.text, { functionName: 'summarize' });
    const tree = await parse('go', f.text);
    try {
      const original = unitText('go', tree, f.text, state.unit);
      assert.strictEqual(original.text, f.summarize);
      assert.deepStrictEqual(original, await parseUnitText(loader, 'go', f.text, state.unit));
      // Reusing the stream for many comparisons must not change it.
      const renamed = await unit('go', f.withSummarize(rename(f.summarize)), 'tally');
      const first = similarity(original, renamed);
      assert.deepStrictEqual(similarity(original, renamed), first);
      assert.deepStrictEqual(original, unitText('go', tree, f.text, state.unit));
    } finally {
      tree.delete();
    }
  });

  it('weights surface by mu and structural by 1 - mu, and honours a minimum match override', async () => {
    const f = await fixture('javascript');
    const original = await unit('javascript', f.text, 'summarize');
    const renamed = await unit('javascript', f.withSummarize(rename(f.summarize)), 'tally');
    const half = similarity(original, renamed);
    assert.strictEqual(half.overall, 0.5 * half.surface + 0.5 * half.structural);
    assert.strictEqual(similarity(original, renamed, { mu: 1 }).overall, half.surface);
    assert.strictEqual(similarity(original, renamed, { mu: 0 }).overall, half.structural);
    assert.strictEqual(similarity(original, renamed, { mu: 0.2 }).overall, 0.2 * half.surface + (1 - 0.2) * half.structural);
    assert.throws(() => similarity(original, renamed, { mu: 1.5 }), RangeError);
    assert.throws(() => similarity(original, renamed, { mu: NaN }), RangeError);
    // A minimum longer than the unrelated functions' shared fragments leaves nothing tiled; a tiny one tiles a lot.
    const other = await unit('javascript', f.text, 'splitFields');
    assert.strictEqual(similarity(original, other, { minMatch: 40 }).structural, 0);
    assert.ok(similarity(original, other, { minMatch: 1 }).structural > similarity(original, other).structural);
  });

  it('handles empty and tiny units', async () => {
    const empty = await parseUnitText(loader, 'python', '# only a comment\n');
    assert.strictEqual(empty.tokens.kinds.length, 0);
    const small = await parseUnitText(loader, 'python', 'x = 1\n');
    const smallRenamed = await parseUnitText(loader, 'python', 'y = 2\n');
    const other = await parseUnitText(loader, 'python', 'x += 1\n');
    assert.deepStrictEqual(structuralSimilarity(empty.tokens, empty.tokens), { max: 1, avg: 1, tiled: 0 });
    assert.deepStrictEqual(structuralSimilarity(empty.tokens, small.tokens), { max: 0, avg: 0, tiled: 0 });
    // Shorter than the minimum match: equal kinds still count as a match; different ones do not.
    assert.strictEqual(structuralSimilarity(small.tokens, smallRenamed.tokens).max, 1);
    assert.strictEqual(structuralSimilarity(small.tokens, other.tokens).max, 0);
    assert.strictEqual(surfaceSimilarity('', ''), 1);
    assert.strictEqual(surfaceSimilarity('abcd', ''), 0);
    assert.strictEqual(surfaceSimilarity('kitten', 'sitting'), 1 - 3 / 7);
    const java = await parseUnitText(loader, 'java', 'class A {}');
    assert.throws(() => structuralSimilarity(small.tokens, java.tokens), /cannot compare python tokens with java tokens/);
  });

  it('compares two 20,000-token units', async () => {
    // A large C file: copies of the fixture's two functions under new names, each copy a little different.
    const f = await fixture('c');
    const body = f.text.slice(f.text.indexOf('struct summary summarize('), f.text.indexOf('int main(void)'));
    const header = f.text.slice(0, f.text.indexOf('struct summary summarize('));
    const copies: string[] = [];
    for (let i = 0; i < 56; i++) {
      let copy = body.replace(/\bsummarize\b/g, `summarize_${i}`).replace(/\bsplit_fields\b/g, `split_fields_${i}`);
      if (i % 3 === 0) copy = copy.replace('// middle', `result.bulk += ${i};`);
      copies.push(copy);
    }
    const original = header + copies.join('\n');
    // The perturbed file: statements inserted in some copies, one copy dropped, two swapped.
    const changed = copies.map((c, i) => (i % 5 === 1 ? c.replace('result.total += amount;', 'result.total += amount;\n        result.total -= 0.0;') : c));
    changed.splice(20, 1);
    [changed[3], changed[30]] = [changed[30], changed[3]];
    const perturbed = header + changed.join('\n');
    const a = await parseUnitText(loader, 'c', original);
    const b = await parseUnitText(loader, 'c', perturbed);
    assert.ok(a.tokens.kinds.length >= 20_000 && b.tokens.kinds.length >= 20_000, `${a.tokens.kinds.length} and ${b.tokens.kinds.length} tokens`);
    const s = similarity(a, b);
    assert.ok(s.structural > 0.95 && s.structural <= 1, describeScores(s));
    assert.ok(s.structuralAvg > 0.95 && s.structuralAvg < 1, describeScores(s));
    assert.ok(s.surface > 0.8 && s.surface < 1, describeScores(s));
  });
});
