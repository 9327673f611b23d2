import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { LANGUAGE_IDS, LanguageId, languageFromPath } from '../src/core/languages/languageIds';
import { assertCompiles, assertParses, behaviour, REPO, select, unitText } from './support/harness';

interface Example {
  file: string;
  /** The function the README suggests for `--function`: 15-40 lines with a loop, an if, a compound condition. */
  fn: string;
  /** Lines the program prints when its checks pass. */
  prints: string[];
  /** A small bug planted in `fn` (before, after) that the program's own checks must catch. */
  bug: [string, string];
}

const EXAMPLES: Record<LanguageId, Example> = {
  python: {
    file: 'examples/python/inventory.py',
    fn: 'restock_plan',
    prints: ["orders: [('salt', 5), ('yeast', 6), ('flour', 20)]", 'total cost: 95', 'tight cost: 35'],
    bug: ['total_cost += cost', 'total_cost -= cost'],
  },
  c: {
    file: 'examples/c/rle.c',
    fn: 'rle_decode',
    prints: ['encoded length: 14', 'decoded length: 67', 'checksum: 4139128413', 'malformed: -1'],
    bug: ['count == 0 || produced + count > capacity', 'count == 0 && produced + count > capacity'],
  },
  cpp: {
    file: 'examples/cpp/routes.cpp',
    fn: 'shortest_times',
    prints: ['to Station: 22', 'route to Quarry: Harbor -> Market -> Quarry', 'delivery cost: 61'],
    bug: ['arrival += stop_minutes;', 'arrival -= stop_minutes;'],
  },
  go: {
    file: 'examples/go/ledger.go',
    fn: 'postTransactions',
    prints: ['balance: -25.00', 'rejected: 2', 'with interest: 2575.99', 'months to target: 20'],
    bug: ['balance -= withdrawal', 'balance += withdrawal'],
  },
  rust: {
    file: 'examples/rust/wordstats.rs',
    fn: 'top_words',
    prints: ['word count: 25', 'top words: [("the", 6), ("fox", 3), ("dog", 2)]', 'reading ease: 105.7'],
    bug: ['counts[index].1 += 1;', 'counts[index].1 += 2;'],
  },
  java: {
    file: 'examples/java/GradeBook.java',
    fn: 'quizAverage',
    prints: ['percentages: [90.7, 74.3, 46.8, 95.2]', 'letters: A,C,F,A', 'honour roll: [Ada, Barbara]'],
    bug: ['total -= lowest;', 'total += lowest;'],
  },
  javascript: {
    file: 'examples/javascript/cart.js',
    fn: 'checkout',
    prints: ['subtotal: $57.29', 'bundle shipping: $9.49', 'member total: $45.84'],
    bug: ['weight += item.weightGrams * item.quantity;', 'weight -= item.weightGrams * item.quantity;'],
  },
  typescript: {
    file: 'examples/typescript/intervals.ts',
    fn: 'freeGaps',
    prints: ['merged: 8823-8829 8830-8833 8837-8840', 'free gaps: 8821-8823 8833-8837 8840-8845', 'free nights: 11'],
    bug: ['freeNights += booking.start - cursor;', 'freeNights += booking.start - cursor + 1;'],
  },
};

function source(example: Example): string {
  return fs.readFileSync(path.join(REPO, example.file), 'utf8');
}

describe('examples', () => {
  for (const lang of LANGUAGE_IDS) {
    const example = EXAMPLES[lang];

    describe(`${lang}: ${example.file}`, () => {
      it('runs, prints its results and passes its own checks', async () => {
        assert.strictEqual(languageFromPath(example.file), lang);
        const { code, stdout } = await behaviour(lang, source(example));
        assert.strictEqual(code, 0, `exit code ${code}, output:\n${stdout}`);
        const lines = stdout.split(/\r?\n/);
        for (const expected of [...example.prints, 'all checks passed']) {
          assert.ok(lines.includes(expected), `missing line ${JSON.stringify(expected)} in:\n${stdout}`);
        }
      });

      it('parses without syntax errors and compiles', async () => {
        const text = source(example);
        await assertParses(lang, text, example.file);
        await assertCompiles(lang, text);
      });

      it(`has a ${example.fn} function of 15-40 lines to pass as --function`, async () => {
        const state = await select(lang, source(example), { functionName: example.fn });
        const lines = unitText(state).trimEnd().split('\n').length;
        assert.ok(lines >= 15 && lines <= 40, `${example.fn} has ${lines} lines`);
      });

      it(`fails its own checks when ${example.fn} is broken`, async () => {
        const text = source(example);
        const [before, after] = example.bug;
        const start = text.indexOf(before);
        assert.ok(start >= 0 && text.indexOf(before, start + 1) < 0, `${JSON.stringify(before)} must occur exactly once`);
        const broken = text.slice(0, start) + after + text.slice(start + before.length);
        const { code, stdout } = await behaviour(lang, broken);
        assert.notStrictEqual(code, 0, `the broken program still exits 0:\n${stdout}`);
        assert.ok(!stdout.includes('all checks passed'), stdout);
      });
    });
  }
});
