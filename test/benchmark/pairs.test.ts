import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { appendEntry, exportCodemorphJsonl, readEntries } from '../../src/core/benchmark/entries';
import { checkPair, generalisedJaccard, lcsLength, lcsRatio } from '../../src/core/benchmark/pairChecks';
import { makeControl, oneSubTokenReplaced, pairEntry, renameInProse, withControl } from '../../src/core/benchmark/pairs';
import type { LanguageId } from '../../src/core/languages/languageIds';
import { cli } from '../support/cli';
import { corpusOf, corpusText } from '../support/corpus';
import { assertEquivalent, loader, readFixture } from '../support/harness';

interface PairFixture {
  file: string;
  fn: string;
  /** A statement that adds a branch, inserted before the loop: control flow changed. */
  extraIf: (indent: string) => string;
  /** Library and language names the control must leave alone. */
  library: string[];
}

const FIXTURES: Record<string, PairFixture> = {
  python: { file: 'pairs/grades.py', fn: 'grade_summary', extraIf: (i) => `${i}if len([]) > 1:\n${i}    pass\n`, library: ['len', 'round', 'range', 'print'] },
  java: { file: 'pairs/Grades.java', fn: 'gradeSummary', extraIf: (i) => `${i}if (1 > 2) { }\n`, library: ['Math', 'max', 'System'] },
  c: { file: 'pairs/grades.c', fn: 'grade_summary', extraIf: (i) => `${i}if (1 > 2) { }\n`, library: ['printf'] },
  go: { file: 'pairs/grades.go', fn: 'gradeSummary', extraIf: (i) => `${i}if 1 > 2 {\n${i}}\n`, library: ['fmt', 'range'] },
};

function tmpFile(name: string): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-pairs-')), name);
}

/** The control with a statement added before its loop. */
function withExtraIf(control: string, fixture: PairFixture): string {
  const lines = control.split('\n');
  const at = lines.findIndex((l) => /^\s*for\b/.test(l));
  assert.ok(at > 0, 'the control has a loop');
  const indent = /^\s*/.exec(lines[at])![0];
  lines.splice(at, 0, fixture.extraIf(indent).replace(/\n$/, ''));
  return lines.join('\n');
}

describe('contaminated/control pairs', function () {
  this.timeout(120_000);

  for (const [lang, fixture] of Object.entries(FIXTURES)) {
    describe(lang, () => {
      it('the control renames sub-tokens of user identifiers only, passes every check, and behaves the same', async () => {
        const { text } = readFixture(fixture.file);
        const pair = await makeControl(loader, { lang: lang as LanguageId, text, selector: { functionName: fixture.fn } });
        assert.ok(pair.renames.length >= 3, `renamed ${JSON.stringify(pair.renames)}`);
        for (const r of pair.renames) {
          assert.ok(oneSubTokenReplaced(r.from, r.to), `${r.from} -> ${r.to} replaces one sub-token`);
          assert.ok(!fixture.library.includes(r.from), `${r.from} is a library name`);
        }
        for (const name of fixture.library) assert.ok(pair.control.includes(name) === pair.original.includes(name), `${name} untouched`);
        assert.ok(pair.renames.some((r) => r.from === fixture.fn), 'the function itself is renamed');
        assert.strictEqual(pair.entryPoint.new, pair.renames.find((r) => r.from === fixture.fn)!.to);
        const result = await checkPair(loader, pair.language, { text: pair.file, span: pair.sample }, { text: pair.controlFile, span: pair.controlSample });
        assert.deepStrictEqual(result.failing, [], JSON.stringify(result.checks, null, 1));
        const ids = result.checks.map((c) => c.id);
        for (const id of ['cyclomatic', 'tokens', 'nodes.total', 'nodes.statement', 'nodes.expression', 'nodes.call', 'keywords-gji', 'ast-lcs', 'similarity']) {
          assert.ok(ids.includes(id), `${id} is checked`);
        }
        assert.strictEqual(result.entryPoint.control, pair.entryPoint.new);
        assert.ok(result.similarity.overall < 1, 'the control is not the original');
        // callers in main follow the renamed function: the whole file compiles and prints the same
        await assertEquivalent(pair.language, pair.file, pair.controlFile);
      });

      it('a control with an extra if fails the cyclomatic and identifiers-only checks', async () => {
        const { text } = readFixture(fixture.file);
        const pair = await makeControl(loader, { lang: lang as LanguageId, text, selector: { functionName: fixture.fn } });
        const edited = withControl(pair, withExtraIf(pair.control, fixture));
        const result = await checkPair(loader, pair.language, { text: pair.file, span: pair.sample }, edited);
        const cyclomatic = result.checks.find((c) => c.id === 'cyclomatic')!;
        assert.strictEqual(cyclomatic.pass, false);
        assert.strictEqual(cyclomatic.control, cyclomatic.original! + 1);
        assert.ok(result.failing.includes('identifiers-only'), result.failing.join(','));
        assert.strictEqual(result.passed, false);
        // the hand-edited control is still a renamed one: the untouched generated control passes
        const untouched = await checkPair(loader, pair.language, { text: pair.file, span: pair.sample }, withControl(pair, pair.control));
        assert.strictEqual(untouched.passed, true);
      });
    });
  }

  it('the same seed gives the same control; the renames follow into a corpus program that still behaves the same', async () => {
    for (const lang of ['java', 'rust'] as LanguageId[]) {
      const entry = corpusOf(lang)[0];
      const text = corpusText(lang, entry);
      const a = await makeControl(loader, { lang, text, selector: { functionName: entry.function }, seed: 4 });
      const b = await makeControl(loader, { lang, text, selector: { functionName: entry.function }, seed: 4 });
      assert.strictEqual(a.control, b.control);
      const result = await checkPair(loader, lang, { text: a.file, span: a.sample }, { text: a.controlFile, span: a.controlSample });
      assert.deepStrictEqual(result.failing, [], `${lang} ${entry.file}`);
      await assertEquivalent(lang, a.file, a.controlFile);
    }
  });

  it('a two-sided sample: the docstring and the description get the same renames as the code', async () => {
    const { text } = readFixture('pairs/grades.py');
    const description = 'Given `scores` and a pass_mark, grade_summary returns the mean of the scores and how many passed.';
    const pair = await makeControl(loader, { lang: 'python', text, selector: { functionName: 'grade_summary' }, description });
    const renamed = new Map(pair.renames.map((r) => [r.from, r.to]));
    for (const name of ['grade_summary', 'scores', 'mean', 'pass_mark']) assert.ok(renamed.has(name), `${name} renamed`);
    const control = pair.description!.control;
    assert.ok(control.includes(`\`${renamed.get('scores')}\``), control);
    assert.ok(control.includes(renamed.get('grade_summary')!), control);
    assert.ok(control.includes(`the ${renamed.get('mean')} of the ${renamed.get('scores')}`), control);
    assert.ok(!/\bscores\b|\bmean\b|grade_summary/.test(control), control);
    // the docstring inside the sample follows too, and is the only string that changed
    const docstring = pair.control.split('\n')[1];
    assert.ok(docstring.includes(renamed.get('mean')!) && docstring.includes(renamed.get('scores')!), docstring);
    // prose: short names only in backticks, phrases of a multi-word name too
    assert.strictEqual(renameInProse('a `i` is a counter; the total price', [{ from: 'i', to: 'idx' }, { from: 'a', to: 'first' }, { from: 'totalPrice', to: 'totalCost' }]), 'a `idx` is a counter; the total cost');
  });

  it('the measures behind the checks', () => {
    assert.strictEqual(generalisedJaccard({ if: 2, '+': 1 }, { if: 1, '+': 1, while: 1 }), 2 / 4);
    assert.strictEqual(lcsRatio(['a', 'b', 'c', 'd'], ['a', 'c', 'd']), 3 / 4);
    assert.strictEqual(lcsLength([...'ABCBDAB'], [...'BDCABA']), 4);
    assert.strictEqual(lcsLength([...'XMJYAUZ'], [...'MZJAWXU']), 4);
    assert.strictEqual(lcsLength([], [...'abc']), 0);
    assert.ok(oneSubTokenReplaced('fieldName', 'fieldIdentifier'));
    assert.ok(oneSubTokenReplaced('i', 'idx'));
    assert.ok(!oneSubTokenReplaced('maxValue', 'largestAmount'), 'two sub-tokens');
    assert.ok(!oneSubTokenReplaced('count', 'count'));
  });

  it('a pair entry round-trips through the entries file and exports its control', async () => {
    const { text } = readFixture('pairs/grades.go');
    const pair = await makeControl(loader, { lang: 'go', text, selector: { functionName: 'gradeSummary' } });
    const edited = withExtraIf(pair.control, FIXTURES.go);
    const result = await checkPair(loader, 'go', { text: pair.file, span: pair.sample }, withControl(pair, edited));
    const entry = pairEntry(pair, edited, result, { sourcePath: 'pairs/grades.go', tool: '0.0.0', confirmed: true, now: new Date(0) });
    const file = tmpFile('pairs.jsonl');
    appendEntry(file, entry);
    const { entries, problems } = readEntries(file);
    assert.deepStrictEqual(problems, []);
    assert.deepStrictEqual(entries[0], JSON.parse(JSON.stringify(entry)));
    assert.strictEqual(entries[0].kind, 'pair');
    assert.strictEqual(entries[0].pair!.confirmed, true);
    assert.strictEqual(entries[0].pair!.edited, true);
    assert.ok(entries[0].pair!.failing.includes('cyclomatic'), 'the failing check is recorded');
    assert.strictEqual(entries[0].entryPoint.new, pair.entryPoint.new);
    const exported = JSON.parse(exportCodemorphJsonl(entries));
    assert.deepStrictEqual([exported.task_id, exported.perturbed_code, exported.entry_point], [entry.id, edited, pair.entryPoint.new]);
    assert.strictEqual(exported.code, entry.original);
  });

  describe('codemorph pair', () => {
    it('prints the control and the checks as JSON, and --save appends a pair entry', () => {
      const entries = tmpFile('bench.jsonl');
      const result = cli(['pair', 'test/fixtures/pairs/grades.c', '--function', 'grade_summary', '--json', '--save', '--entries', entries]);
      assert.strictEqual(result.code, 0, result.stderr);
      const doc = JSON.parse(result.stdout);
      assert.strictEqual(doc.passed, true);
      assert.strictEqual(doc.language, 'c');
      assert.ok(doc.control.includes(doc.entryPoint.new));
      assert.ok(doc.checks.some((c: { id: string; pass: boolean }) => c.id === 'cyclomatic' && c.pass));
      const [saved] = readEntries(entries).entries;
      assert.strictEqual(saved.kind, 'pair');
      assert.strictEqual(saved.id, doc.saved);
      assert.strictEqual(saved.perturbed, doc.control);
      assert.deepStrictEqual(saved.source, { path: 'test/fixtures/pairs/grades.c', function: 'grade_summary' });
    });

    it('refuses a missing --function and a function with nothing to rename', () => {
      const missing = cli(['pair', 'test/fixtures/pairs/grades.c']);
      assert.strictEqual(missing.code, 2);
      assert.match(missing.stderr, /--function/);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-pairs-'));
      fs.writeFileSync(path.join(dir, 'one.py'), 'def main():\n    print(len([1]))\n');
      const nothing = cli(['pair', path.join(dir, 'one.py'), '--function', 'main']);
      assert.strictEqual(nothing.code, 1);
      assert.match(nothing.stderr, /no user-defined identifier/);
    });
  });
});
