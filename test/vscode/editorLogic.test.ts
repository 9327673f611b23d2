import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { LANGUAGE_IDS } from '../../src/core/languages/languageIds';
import { summaryLines } from '../../src/cli/report';
import type { PerturbationDocument } from '../../src/core/engine';
import type { StepRecord } from '../../src/core/search/types';
import { fittingLine, openingLine, VISIBLE_COLUMNS } from '../../src/vscode/decorations/placement';
import { BUNDLED_EXAMPLES, isExampleCopy, mostCommonLanguage, setExampleCopies } from '../../src/vscode/examples';
import { activeKind, followedEditor } from '../../src/vscode/views/followRule';
import { keptText, previewTitle, progressText, runCounts, similarityText, stepNumbers } from '../../src/vscode/wording';
import { REPO } from '../support/harness';

// Plain logic of the editor layer (issue 29): which editor the views follow, where the inline
// history goes, the words of every message, the walkthrough's examples.

function record(iteration: number, method: string | null, accepted: boolean): StepRecord {
  return {
    iteration,
    method,
    category: method ? 'loop' : 'logic',
    accepted,
    verified: { syntax: true, compile: null, test: null },
    similarity: accepted ? { surface: 0.5, structural: 0.5, overall: 0.5 } : null,
    growth: null,
    reason: accepted ? null : method ? 'does not compile' : 'no logic method applies to this unit',
    site: null,
    summary: null,
    engine: method ? 'local' : null,
    votes: null,
    usage: null,
    changes: [],
  };
}

describe('the editor the views and commands follow', () => {
  it('follows a code editor; CodeMorph\'s own diffs, the Output panel and the walkthrough do not take the views along', () => {
    assert.strictEqual(activeKind('file', 'codemorph'), 'code');
    assert.strictEqual(activeKind('untitled', 'codemorph'), 'code');
    assert.strictEqual(activeKind('codemorph', 'codemorph'), 'codemorph');
    assert.strictEqual(activeKind('output', 'codemorph'), 'other');
    assert.strictEqual(activeKind(undefined, 'codemorph'), 'none');
    const last = { open: true, tabbed: true };
    assert.strictEqual(followedEditor('code', last), 'active');
    // clicking History steps one after another: each diff is a codemorph: document
    assert.strictEqual(followedEditor('codemorph', last), 'remembered');
    assert.strictEqual(followedEditor('codemorph', { open: true, tabbed: false }), 'remembered', 'a diff opened over the file\'s preview tab');
    assert.strictEqual(followedEditor('codemorph', { open: false, tabbed: false }), 'none');
    assert.strictEqual(followedEditor('other', last), 'remembered', 'the Output panel');
    assert.strictEqual(followedEditor('none', last), 'remembered', 'the walkthrough');
    assert.strictEqual(followedEditor('none', { open: true, tabbed: false }), 'none', 'every editor closed');
    assert.strictEqual(followedEditor('codemorph', undefined), 'none');
  });
});

describe('where the inline history goes', () => {
  const text = '⟲ 16 steps kept · similarity 0.47 to the original';

  it('after the line that opens the body when it fits', () => {
    const lines = ['int total(const int *values,', '          size_t count)', '{', '    return 0;', '}'];
    assert.strictEqual(openingLine(lines, 0), 2);
    assert.strictEqual(fittingLine(lines, 0, text.length), 2);
    assert.strictEqual(openingLine(['def f(a,', '      b):', '    pass'], 0), 1);
  });

  it('nowhere on a 120-column signature: the code lens above the function is where it is seen', () => {
    const signature = `def plan(${'argument_number_one, '.repeat(5)}x):`;
    assert.ok(signature.length >= 110);
    assert.strictEqual(fittingLine([signature, '    pass'], 0, text.length), null);
    assert.strictEqual(fittingLine(['def f(a):', '    pass'], 0, text.length), 0);
    assert.ok('def f(a):'.length + 3 + text.length <= VISIBLE_COLUMNS);
    // tabs count as four columns
    assert.strictEqual(fittingLine([`\t\t\t\t\t\t\t\t\t\t${'x'.repeat(20)} {`], 0, text.length), null);
  });
});

describe('the words of the messages', () => {
  // PESO's run: two opening renames (iteration 0), a category with nothing to apply, three iterations
  const run = [record(0, 'function-rename', true), record(0, 'variable-rename', true), record(0, null, false), record(1, 'for-while', true), record(2, 'div-loop', false), record(3, 'add-condition', true)];

  it('counts steps (methods tried) apart from iterations (the budget) and from categories with nothing to apply', () => {
    assert.deepStrictEqual(runCounts(run), { steps: 5, kept: 4, opening: 2, iterations: 3 });
    assert.strictEqual(keptText(runCounts(run)), '4 of 5 steps kept (2 opening renames + 3 iterations)');
    assert.deepStrictEqual(stepNumbers(run), [1, 2, null, 3, 4, 5]);
    assert.deepStrictEqual(stepNumbers(run, 8), [8, 9, null, 10, 11, 12], 'a continued history counts on');
  });

  it('the CLI\'s summary line counts the same way', () => {
    const doc = { steps: run, similarity: { surface: 0.5, structural: 0.5, overall: 0.5 }, growth: { tokens: 1.1, lines: 1.2 }, verification: { level: 'syntax', compile: null, test: null }, elapsedMs: 1000, function: 'f', entryPoint: 'f' } as unknown as PerturbationDocument;
    assert.strictEqual(summaryLines(doc)[2], '4 of 5 steps kept (2 opening renames + 3 iterations) in 1.0 s');
  });

  it('says in the progress which step and which iteration of the budget, and what the similarity is', () => {
    assert.strictEqual(progressText(run[0], 1, 15, 0.99), 'step 1 · opening rename: function-rename kept · similarity 0.99 to the original');
    assert.strictEqual(progressText(run[4], 4, 15, 0.67), 'step 4 · iteration 2 of 15: div-loop rejected · similarity 0.67 to the original');
    assert.strictEqual(progressText(run[2], null, 15, undefined), 'no logic method applies here, skipped');
    assert.strictEqual(similarityText(0.4712), 'similarity 0.47 to the original');
  });

  it('does not say the line twice in a preview\'s title', () => {
    assert.strictEqual(previewTitle('for-while', 25, 'for loop at line 25 to while'), 'for-while (preview): for loop at line 25 to while');
    assert.strictEqual(previewTitle('function-rename', 25, 'renamed `f` to `g`'), 'function-rename at line 25 (preview): renamed `f` to `g`');
    assert.strictEqual(previewTitle('change-statement-order', 7, 'swapped the statements at lines 7 and 8'), 'change-statement-order (preview): swapped the statements at lines 7 and 8');
    assert.strictEqual(previewTitle('x', 2, 'at line 25'), 'x at line 2 (preview): at line 25');
  });
});

describe('the walkthrough\'s examples', () => {
  it('bundles one example per language, each holding the function the walkthrough perturbs', () => {
    assert.deepStrictEqual(Object.keys(BUNDLED_EXAMPLES).sort(), [...LANGUAGE_IDS].sort());
    for (const example of Object.values(BUNDLED_EXAMPLES)) {
      const text = fs.readFileSync(path.join(REPO, 'examples', example.file), 'utf8');
      assert.match(text, new RegExp(`\\b${example.fn}\\s*\\(`), `${example.file} defines ${example.fn}`);
    }
  });

  it('picks the language with the most files in the workspace', () => {
    assert.strictEqual(mostCommonLanguage(['a.go', 'b.go', 'c.py', 'README.md']), 'go');
    assert.strictEqual(mostCommonLanguage(['x.rs', 'y.py']), 'python', 'a tie goes to the first in CodeMorph\'s list');
    assert.strictEqual(mostCommonLanguage(['README.md']), undefined);
  });

  it('knows its copies, which stand alone whatever build file lies above them', () => {
    setExampleCopies('/home/u/.config/Code/User/globalStorage/codemorph.codemorph/examples');
    assert.ok(isExampleCopy('/home/u/.config/Code/User/globalStorage/codemorph.codemorph/examples/go/ledger.go'));
    assert.ok(!isExampleCopy('/home/u/project/ledger.go'));
    assert.ok(!isExampleCopy('/home/u/.config/Code/User/globalStorage/codemorph.codemorph/examples-other/a.go'));
  });
});
