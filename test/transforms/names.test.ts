import * as assert from 'assert';
import { perturb } from '../../src/core/engine';
import type { LanguageId } from '../../src/core/languages/languageIds';
import { RESERVED_NAMES } from '../../src/core/languages/reserved';
import { Rng } from '../../src/core/random';
import { functionRename } from '../../src/core/transforms/function-rename';
import type { Rewrite } from '../../src/core/transforms/method';
import { pickName, subjectWord } from '../../src/core/syntax/helpers';
import { nodesOfType } from '../../src/core/syntax/nodes';
import { nameCandidates } from '../../src/core/transforms/synonyms';
import { variableRename } from '../../src/core/transforms/variable-rename';
import { applyAt, loader, select, sitesOf, withContext } from '../support/harness';
import { renamesInSummary, saneNameProblems } from '../support/saneNames';

/** Names a rename of `name` may produce (paraphrases, then the fallback). */
function candidates(name: string, kind: 'variable' | 'function' = 'variable', lang: LanguageId = 'python'): string[] {
  const naming = ['python', 'rust', 'c', 'cpp'].includes(lang) ? 'snake' : 'camel';
  const { primary, fallback } = nameCandidates(name, kind, lang, naming);
  return [...primary, ...fallback];
}

function lines(...text: string[]): string {
  return `${text.join('\n')}\n`;
}

describe('rename vocabulary', () => {
  it('reads phrases before words, longest first', () => {
    // `lead_time` is a delivery time, not a `lead` and a `moment`
    assert.deepStrictEqual(candidates('lead_time_days'), ['delivery_time_days', 'turnaround_time_days']);
    // `days_left` are days remaining, not days to the left or low days
    assert.deepStrictEqual(candidates('days_left'), ['days_remaining', 'remaining_days']);
    // a total cost is an overall cost, not a `sum_cost`
    assert.deepStrictEqual(candidates('total_cost'), ['overall_cost', 'combined_cost']);
    // the phrase's plural goes to its head noun
    assert.deepStrictEqual(candidates('unit_costs'), ['unit_prices', 'costs_per_unit']);
    assert.deepStrictEqual(candidates('on_hand'), ['in_stock', 'available']);
    assert.deepStrictEqual(candidates('day_of_week', 'function', 'c'), ['weekday']);
  });

  it('keeps the part of speech: plurals stay plural, adjectives adjectives, a noun that is also a verb keeps its verb', () => {
    assert.deepStrictEqual(candidates('items'), ['entries', 'elements']);
    assert.deepStrictEqual(candidates('counts'), ['tallies']);
    // `days` has no synonym and stays a plural noun: never `dailies`
    assert.deepStrictEqual(candidates('safety_days'), ['buffer_days']);
    assert.deepStrictEqual(candidates('sorted'), ['ordered']);
    assert.deepStrictEqual(candidates('chosen'), ['selected', 'picked']);
    // the verb of a function name gets a verb
    assert.deepStrictEqual(candidates('count_routes', 'function'), ['tally_paths', 'tally_routes', 'count_paths']);
    assert.deepStrictEqual(candidates('parseLine', 'function', 'java'), ['readLine']);
    // `record` as a verb has no alternative; its noun sense (`entry`) would be wrong there
    assert.deepStrictEqual(candidates('record_sale', 'function'), []);
    // `order_quantity` is a noun phrase: the quantity to order, not a verb `sort`
    assert.deepStrictEqual(candidates('order_quantity', 'function'), ['purchase_quantity', 'reorder_quantity']);
  });

  it('a lone `add` may be `plus` or `sum`, but `add` in a longer name keeps its sense', () => {
    assert.deepStrictEqual(candidates('add', 'function'), ['plus', 'sum']);
    assert.ok(!candidates('add_road', 'function').some((c) => c.includes('plus')), candidates('add_road', 'function').join(', '));
  });

  it('expands abbreviations and never contracts a word', () => {
    assert.deepStrictEqual(candidates('idx'), ['index', 'position']);
    assert.deepStrictEqual(candidates('cnt'), ['count']);
    assert.deepStrictEqual(candidates('i'), ['index', 'idx']);
    assert.deepStrictEqual(candidates('index'), ['position']);
    assert.deepStrictEqual(candidates('maxScore', 'variable', 'java'), ['maximumPoints', 'maximumScore', 'maxPoints']);
    for (const name of ['maximum', 'minimum', 'position', 'number', 'result']) {
      assert.ok(!candidates(name).some((c) => c.length < name.length - 2 && name.startsWith(c)), `${name}: ${candidates(name).join(', ')}`);
    }
  });

  it('leaves words with no good synonym as they are, and offers no rename of a name made only of them', () => {
    for (const name of ['day', 'key', 'start', 'left', 'value', 'row', 'j', 'year']) assert.deepStrictEqual(candidates(name), [], name);
    // a function named by a noun phrase for a value may gain the verb of computing it; other names may not
    assert.deepStrictEqual(candidates('crc32', 'function', 'c'), ['compute_crc32', 'calculate_crc32']);
    assert.deepStrictEqual(candidates('turnstile', 'function'), []);
    assert.deepStrictEqual(candidates('quickSort', 'function', 'java'), []);
  });

  it("keeps the original's style: snake, camel, Pascal (Go's exported names stay exported), upper case, acronyms and underscores", () => {
    assert.deepStrictEqual(candidates('MaxSubarray', 'function', 'go'), ['MaximumSubarray', 'LargestSubarray']);
    assert.deepStrictEqual(candidates('itemID', 'variable', 'go'), ['entryID', 'elementID']);
    assert.deepStrictEqual(candidates('MAX_SIZE', 'variable', 'c'), ['MAXIMUM_SIZE']);
    assert.deepStrictEqual(candidates('_cache'), ['_memo']);
    assert.deepStrictEqual(candidates('stdDev', 'variable', 'typescript'), ['standardDeviation']);
  });

  it('knows each language\'s keywords and builtins', () => {
    const facts: [LanguageId, string[]][] = [
      ['python', ['list', 'sum', 'max', 'id', 'len', 'type', 'match']],
      ['go', ['len', 'string', 'error', 'min', 'max', 'clear', 'any', 'iota']],
      ['javascript', ['undefined', 'Math', 'name', 'length', 'status', 'parseInt', 'await']],
      ['typescript', ['number', 'keyof', 'satisfies', 'top']],
      ['java', ['String', 'Integer', 'System', 'record', 'var', 'char']],
      ['c', ['index', 'remainder', 'time', 'printf', 'char']],
      ['cpp', ['vector', 'count', 'string', 'nullptr', 'std']],
      ['rust', ['Vec', 'Option', 'Some', 'drop', 'char', 'str', 'usize']],
    ];
    for (const [lang, names] of facts) {
      const { keywords, builtins } = RESERVED_NAMES[lang];
      for (const name of names) assert.ok(keywords.has(name) || builtins.has(name), `${lang}: ${name}`);
    }
  });
});

/** Pairs (old, new) of a rename, read off its edits. */
function renamed(text: string, rewrite: Rewrite): Map<string, string> {
  return new Map(rewrite.edits.map((e) => [text.slice(e.start, e.end), e.text]));
}

/**
 * Per language, a function whose variable's tempting new name is taken (by a name in scope or
 * elsewhere in the file) or is a keyword or builtin: it gets the other name, or no rename at all.
 */
const TAKEN: { lang: LanguageId; code: string; fn: string; name: string; expect: string | null; why: string }[] = [
  {
    lang: 'python',
    code: lines('def scale(total):', '    return total * 2'),
    fn: 'scale',
    name: 'total',
    expect: null,
    why: '`sum` is a builtin and `total` has no other synonym',
  },
  {
    lang: 'python',
    code: lines('position = 3', 'def shift(idx):', '    return idx + position'),
    fn: 'shift',
    name: 'idx',
    expect: 'index',
    why: '`position` is a global the function reads (it would be shadowed)',
  },
  {
    lang: 'python',
    code: lines('index = 1', 'position = 3', 'def shift(idx):', '    return idx + position + index'),
    fn: 'shift',
    name: 'idx',
    expect: null,
    why: 'both `index` and `position` are taken',
  },
  {
    lang: 'c',
    code: lines('int code(char ch) {', '  int character = 1;', '  return ch + character;', '}'),
    fn: 'code',
    name: 'ch',
    expect: null,
    why: '`char` is a keyword and `character` is taken',
  },
  {
    lang: 'c',
    code: lines('int pick(int idx) {', '  return idx + 1;', '}'),
    fn: 'pick',
    name: 'idx',
    expect: 'position',
    why: '`index` is a C library function (strings.h)',
  },
  {
    lang: 'cpp',
    code: lines('int twice(int cnt) {', '  return cnt * 2;', '}'),
    fn: 'twice',
    name: 'cnt',
    expect: null,
    why: '`count` is std::count, in scope with `using namespace std`',
  },
  {
    lang: 'go',
    code: lines('package main', '', 'func echo(s string) string {', '\ttext := s', '\treturn text', '}'),
    fn: 'echo',
    name: 's',
    expect: null,
    why: '`string` is predeclared and `text` is taken',
  },
  {
    lang: 'rust',
    code: lines('fn code(ch: char) -> u32 {', '    ch as u32', '}'),
    fn: 'code',
    name: 'ch',
    expect: 'character',
    why: '`char` is a primitive type',
  },
  {
    lang: 'java',
    code: lines('class T {', '  static int code(char ch) {', '    return ch;', '  }', '}'),
    fn: 'code',
    name: 'ch',
    expect: 'character',
    why: '`char` is a keyword',
  },
  {
    lang: 'javascript',
    code: lines('function half(len) {', '  return len / 2;', '}'),
    fn: 'half',
    name: 'len',
    expect: null,
    why: '`length` is a global (window.length)',
  },
  {
    lang: 'typescript',
    code: lines('function half(items: number[]): number {', '  const entries = items.length;', '  return entries / 2;', '}'),
    fn: 'half',
    name: 'items',
    expect: 'elements',
    why: '`entries` is taken in the function',
  },
];

describe('new names never collide, shadow, or take a keyword or builtin', () => {
  for (const c of TAKEN) {
    it(`${c.lang}: \`${c.name}\` in ${c.fn} ${c.expect ? `becomes \`${c.expect}\`` : 'is not renamed'}: ${c.why}`, async () => {
      const state = await select(c.lang, c.code, { functionName: c.fn });
      const sites = (await sitesOf(variableRename, c.lang, state)).filter((s) => !s.all);
      const at = sites.findIndex((s) => s.label === `rename \`${c.name}\``);
      if (c.expect === null) {
        assert.strictEqual(at, -1, `offered: ${sites.map((s) => s.label).join(', ')}`);
        return;
      }
      assert.ok(at >= 0, `not offered: ${sites.map((s) => s.label).join(', ')}`);
      for (const seed of [1, 2, 3, 4]) {
        const { rewrite } = await applyAt(variableRename, c.lang, state, at, seed);
        assert.strictEqual(renamed(c.code, rewrite).get(c.name), c.expect, `seed ${seed}`);
      }
    });
  }

  it('a function whose only good new names are taken is not renamed, rather than given a numbered name', async () => {
    const code = lines('def compute_histogram(xs):', '    return xs', 'def calculate_histogram(xs):', '    return xs', 'def frequency_chart(xs):', '    return xs', 'def histogram(xs):', '    return xs');
    const state = await select('python', code, { functionName: 'histogram' });
    assert.deepStrictEqual(await sitesOf(functionRename, 'python', state), []);
  });

  it('the names of a rename of every variable at once are sane and distinct', async () => {
    const code = lines(
      'def restock_plan(items, lead_time_days, safety_days, budget):',
      '    total_cost = 0',
      '    for index in range(len(items)):',
      '        name, on_hand, unit_cost = items[index]',
      '        days_left = on_hand / (lead_time_days + safety_days)',
      '        total_cost += unit_cost * days_left',
      '    return total_cost <= budget',
    );
    const state = await select('python', code, { functionName: 'restock_plan' });
    for (const seed of [1, 2, 3]) {
      const { rewrite } = await applyAt(variableRename, 'python', state, 0, seed);
      const pairs = renamed(code, rewrite);
      assert.ok(pairs.size >= 8, [...pairs].join(' '));
      assert.strictEqual(new Set(pairs.values()).size, pairs.size, 'two variables got the same name');
      for (const [from, to] of pairs) assert.deepStrictEqual(saneNameProblems('python', 'variable', from, to, code), [], `${from} -> ${to}`);
    }
  });
});

/** Every rename a run of variable-rename alone keeps, in order, read off its steps' summaries. */
async function renamesOfRun(text: string, seed: number, baseline?: string): Promise<[string, string][]> {
  const doc = await perturb(loader, {
    lang: 'python',
    text,
    selector: { functionName: 'plan' },
    // the random strategy keeps every verified step, so nothing but the names offered stops a rename back
    search: { strategy: 'random', maxIter: 8, threshold: 0, temperature: 2, seed, methods: new Set(['variable-rename']) },
    verify: { level: 'syntax', toolchains: {}, timeoutMs: 30_000 },
    mu: 0.5,
    baseline,
  });
  return doc.steps.filter((s) => s.accepted && s.summary).flatMap((s) => renamesInSummary(s.summary!));
}

describe('a rename never returns to a name the unit started with', function () {
  this.timeout(60_000);
  // `remaining` and `leftover` are each other's synonyms, as are `lead_time_days` and `delivery_time_days`
  const original = lines('def plan(remaining, lead_time_days):', '    return remaining / lead_time_days');
  const firstNames = new Set(original.match(/[A-Za-z_]\w*/g));

  it('within a run: a renamed variable is not renamed back', async () => {
    for (const seed of [1, 2, 3]) {
      const renames = await renamesOfRun(original, seed);
      assert.ok(renames.length >= 2, `seed ${seed}: ${renames.join(' ')}`);
      for (const [from, to] of renames) assert.ok(!firstNames.has(to), `seed ${seed}: ${from} -> ${to} undoes an earlier rename`);
    }
  });

  it('when a run continues an earlier one (the editor): the first original\'s names are not taken back', async () => {
    const renamedBefore = lines('def plan(leftover, delivery_time_days):', '    return leftover / delivery_time_days');
    const renames = await renamesOfRun(renamedBefore, 1, original.trimEnd());
    assert.deepStrictEqual(renames, []);
  });
});

describe('names the methods make up (extracted conditions, results, helpers)', () => {
  /** The subject word of the unit's first expression of one of `types`. */
  async function subjectOf(lang: LanguageId, code: string, types: string[]): Promise<string> {
    const state = await select(lang, code);
    return withContext(lang, state, (ctx) => subjectWord(ctx, nodesOfType(ctx.root, types)[0]));
  }

  it('take their subject from a variable, not from a called function, self, a builtin, a short word or a word of their own', async () => {
    // `scale` is called and `self` is the object: the subject is `total` (not `is_self_set`)
    assert.strictEqual(await subjectOf('python', lines('class A:', '    def f(self, total):', '        return self.scale(total) * 2'), ['binary_operator']), 'total');
    // `Math` is a builtin and `floor` is called (not `floor_ratio`)
    assert.strictEqual(await subjectOf('javascript', lines('function f(price) {', '  return Math.floor(price) / 2;', '}'), ['binary_expression']), 'price');
    // an earlier step's name: `yet` and `no` say nothing (not `is_yet_set`)
    assert.strictEqual(await subjectOf('python', lines('def f(no_index_yet, rows):', '    return no_index_yet and rows'), ['boolean_operator']), 'index');
  });

  it('never say a word twice', async () => {
    const state = await select('python', lines('def f(total):', '    return total'));
    for (let seed = 1; seed <= 12; seed++) {
      const name = await withContext('python', state, (ctx) => pickName(ctx, new Rng(seed), [['total', 'sum'], ['sum', 'sum'], ['combined', 'sum']]));
      assert.notStrictEqual(name, 'sum_sum', `seed ${seed}`);
    }
  });
});
