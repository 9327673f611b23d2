import * as assert from 'assert';
import * as os from 'os';
import * as path from 'path';
import { braceShapeCount, everyBraceShape } from '../../src/core/codecrash/braceGarbage';
import type { LanguageId } from '../../src/core/languages/languageIds';
import { cli } from '../support/cli';
import { behaviour, fixture } from '../support/harness';
import { crashProgram, crashRecord, CrashRow, crashRows } from '../support/codecrashRecord';

/** A function with what dead code could break: a docstring, a class body, a closure, a generator, a global. */
const CODE = `TOTAL = 10


def f(items, scale=2):
    """Sums with a twist."""
    acc = 0
    seen = []

    class Box:
        size = 3

        def get(self):
            return self.size

    def helper(v):
        return v * scale + TOTAL

    for i, item in enumerate(items):
        if item % 2 == 0:
            acc += helper(item)
        elif item > 5:
            acc -= Box().get()
        else:
            seen.append(item)
        while acc > 100:
            acc //= 3
    gen = (x * x for x in seen)
    try:
        acc += sum(gen)
    except TypeError:
        acc = -1
    return acc, seen, sorted(k for k in vars(Box) if not k.startswith('__')), f.__doc__
`;

const CALLS = `\n\nprint(f([1, 2, 3, 8, 7, 4, 100], 3))\nprint(f([]))\nprint(f([5, 9, 11, 13]))\n`;

interface Out {
  perturbed_code: string | null;
  steps: { accepted: boolean; reason: string | null; summary: string | null }[];
  error: string | null;
}

async function gbcOn(taskId: string, gbcCount?: number, code = CODE): Promise<Out> {
  return crashRecord<Out>({ task_id: taskId, code, language: 'python', entry_point: 'f', test: 'assert f([]) is not None\n' }, 'gbc', { gbcCount });
}

/** The lines GBC added, with its fresh names made generic, so shapes compare by form. */
function added(perturbed: string): string[] {
  const original = new Set(CODE.split('\n'));
  return perturbed.split('\n').filter((l) => !original.has(l));
}

describe('gbc: varied dead code anywhere in a Python function', function () {
  this.timeout(180_000);
  const expected = behaviour('python', CODE + CALLS);

  it('draws varied shapes at varied positions, two to four per record, and keeps behaviour', async () => {
    const want = await expected;
    assert.strictEqual(want.code, 0);
    const forms = new Set<string>();
    const firstAt = new Set<number>();
    const counts = new Set<number>();
    for (let i = 0; i < 30; i++) {
      const out = await gbcOn(`t/${i}`);
      assert.strictEqual(out.error, null, out.error ?? '');
      assert.ok(out.steps[0].accepted, out.steps[0].reason ?? '');
      const code = out.perturbed_code!;
      const count = Number(/(\d+) dead shapes?/.exec(out.steps[0].summary ?? '')?.[1]);
      assert.ok(count >= 2 && count <= 4, out.steps[0].summary ?? '');
      counts.add(count);
      const got = await behaviour('python', code + CALLS);
      assert.deepStrictEqual([got.code, got.stdout], [want.code, want.stdout], code);
      // a def in the class body would add a method: Box keeps only size and get
      assert.match(got.stdout.split('\n')[0], /\['get', 'size'\]/, code);
      for (const l of added(code)) forms.add(l.trim().replace(/TempVar\d+|funct\d+/g, 'N'));
      firstAt.add(code.split('\n').findIndex((l, n) => n > 4 && !CODE.split('\n').includes(l)));
    }
    assert.ok(forms.size >= 25, `only ${forms.size} distinct dead lines: ${[...forms].join(' | ')}`);
    assert.ok(firstAt.size >= 4, `dead code starts on only ${firstAt.size} distinct lines`);
    assert.deepStrictEqual([...counts].sort(), [2, 3, 4]);
  });

  it('inserts --gbc-count shapes, the same for the same seed', async () => {
    const a = await gbcOn('t/count', 7);
    assert.match(a.steps[0].summary ?? '', /\b7 dead shapes/);
    assert.strictEqual((await gbcOn('t/count', 7)).perturbed_code, a.perturbed_code);
    const got = await behaviour('python', a.perturbed_code! + CALLS);
    assert.strictEqual(got.stdout, (await expected).stdout);
  });

  it('keeps a generator and a match statement working (no code between case clauses)', async () => {
    const code = [
      'def f(n, tags):',
      '    i = 0',
      '    try:',
      '        while i < n:',
      '            match i % 3:',
      '                case 0:',
      '                    yield tags.get(i, i)',
      '                case _:',
      '                    pass',
      '            i += 1',
      '    finally:',
      "        print('done', n)",
      '',
    ].join('\n');
    const calls = "\n\nprint(list(f(10, {3: 'x'})))\nprint(list(f(0, {})))\n";
    const want = await behaviour('python', code + calls);
    for (let i = 0; i < 10; i++) {
      const out = await gbcOn(`m/${i}`, 8, code);
      assert.strictEqual(out.error, null, out.error ?? '');
      assert.ok(out.steps[0].accepted, out.steps[0].reason ?? '');
      const got = await behaviour('python', out.perturbed_code! + calls);
      assert.deepStrictEqual([got.code, got.stdout], [want.code, want.stdout], out.perturbed_code!);
    }
  });

  it('refuses --gbc-count without a perturbation that runs gbc', () => {
    const bad = cli(['dataset', fixture('cruxeval/python.jsonl'), '--out', path.join(os.tmpdir(), 'codemorph-gbc-never-written.jsonl'), '--perturbation', 'ren', '--gbc-count', '3']);
    assert.strictEqual(bad.code, 2);
    assert.match(bad.stderr, /--gbc-count applies to --perturbation gbc or psc-all/);
  });
});

type Row = CrashRow & { language: Exclude<LanguageId, 'python'> };

const ROWS = crashRows('languages.jsonl').filter((r): r is Row => r.language !== 'python');


// Issue 34: GBC with CodeCrash's variety in every language, not one fixed shape at the top of the body
describe('gbc: varied dead code in the languages with braces', function () {
  this.timeout(300_000);

  for (const row of ROWS) {
    it(`${row.language}: every one of its ${braceShapeCount(row.language)} shapes compiles and keeps the test passing; records draw varied ones`, async () => {
      assert.ok(braceShapeCount(row.language) >= 8, 'dozens of variants: eight shapes times their conditions and bodies');
      // every shape at once, before the function's first statement
      const lines = row.code.split('\n');
      const open = lines.findIndex((l) => l.includes(row.entry_point) && l.trimEnd().endsWith('{'));
      const indent = /^\s*/.exec(lines[open + 1])![0];
      const unit = row.language === 'go' ? '\t' : '    ';
      let t = 0;
      let f = 0;
      const names = { temp: () => `${row.language === 'rust' ? '_tempvar' : 'TempVar'}${t++}`, func: () => `funct${f++}`, read: '0' };
      const shapes = everyBraceShape(row.language, names, unit).flatMap((shape) => shape.map((l) => indent + l));
      const all = [...lines.slice(0, open + 1), ...shapes, ...lines.slice(open + 1)].join('\n');
      assert.strictEqual((await behaviour(row.language, crashProgram(row, all))).code, 0, crashProgram(row, all));
      // records: six shapes each (--gbc-count 6), at seeded positions, and the test still passes
      const forms = new Set<string>();
      for (let i = 0; i < 3; i++) {
        const out = await crashRecord<Out>({ ...row, task_id: `${row.task_id}/${i}` }, 'gbc', { gbcCount: 6 });
        assert.strictEqual(out.error, null, out.error ?? '');
        assert.ok(out.steps[0].accepted, out.steps[0].reason ?? '');
        assert.match(out.steps[0].summary ?? '', /\b6 dead shapes at \d+ positions?/);
        const run = await behaviour(row.language, crashProgram(row, out.perturbed_code!));
        assert.strictEqual(run.code, 0, out.perturbed_code!);
        for (const l of out.perturbed_code!.split('\n')) if (!row.code.includes(l.trim())) forms.add(l.trim().replace(/TempVar\d+|_tempvar\d+|funct\d+/g, 'N'));
      }
      assert.ok(forms.size >= 8, `only ${forms.size} distinct dead lines: ${[...forms].join(' | ')}`);
    });
  }
});
