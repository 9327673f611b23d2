import * as assert from 'assert';
import { entryFromDocument } from '../../src/core/benchmark/entries';
import type { FunctionSpan } from '../../src/core/languages/outline';
import type { StepRecord } from '../../src/core/search/types';
import { decorationText, hoverMarkdown } from '../../src/vscode/decorations/hover';
import { historyAt, locate } from '../../src/vscode/history/locate';
import { appendRun, documentForEntry, fileEdit, findEdit, keptSteps, newHistory, selectionStep, StepEvent, stepsFromEvents, unitBefore, withoutLastStep } from '../../src/vscode/history/record';
import type { RunInfo, UnitHistory } from '../../src/vscode/history/types';
import { Throttle } from '../../src/vscode/throttle';

// The editor's history logic is plain data and pure functions: tested here without VS Code.

function step(method: string, accepted: boolean, overall: number | null): StepRecord {
  return {
    iteration: 1,
    method,
    category: 'basic',
    accepted,
    verified: { syntax: true, compile: null, test: null },
    similarity: overall === null ? null : { surface: overall, structural: overall, overall },
    growth: overall === null ? null : { tokens: 1.25, lines: 1.5 },
    reason: accepted ? null : 'does not compile: boom',
    site: { line: 2, label: 'somewhere' },
    summary: `did ${method}`,
    engine: 'local',
    votes: null,
    usage: null,
    changes: [],
  };
}

const RUN: RunInfo = { kind: 'function', strategy: 'peso', engine: 'local', seed: 7, verification: { level: 'syntax', compile: null, test: null }, at: '2025-01-01T00:00:00.000Z' };

const FILE0 = 'header\ndef f(a):\n    return a + 1\n\nmain()\n';
const FILE1 = 'header\ndef g(a):\n    return a + 1\n\nmain()\n';
const FILE2 = 'header\ndef g(b):\n    return b + 1\n\nmain()\n';

function unitOf(file: string): string {
  return file.slice(file.indexOf('def'), file.indexOf('\n\n'));
}

function history(): UnitHistory {
  const events: StepEvent[] = [
    { step: step('function-rename', true, 0.9), after: { file: FILE1, unit: unitOf(FILE1), name: 'g' } },
    { step: step('for-while', false, null), after: { file: FILE1, unit: unitOf(FILE1), name: 'g' }, output: 'error: boom\n' },
    { step: step('variable-rename', true, 0.8), after: { file: FILE2, unit: unitOf(FILE2), name: 'g' } },
    { step: step('add-condition', false, null), after: { file: FILE2, unit: unitOf(FILE2), name: 'g' } },
  ];
  const start = newHistory('function', 'python', { name: 'f', container: null, text: unitOf(FILE0), line: 2 });
  return appendRun(start, RUN, (run) => stepsFromEvents(FILE0, run, events), { unit: unitOf(FILE2), name: 'g', line: 2 });
}

function fn(name: string, text: string, line: number, qualifiedName = name): FunctionSpan {
  const start = text.indexOf(`def ${name}`);
  const end = text.indexOf('\n\n', start);
  return { name, qualifiedName, start, end: end < 0 ? text.length : end, line, nameLine: line };
}

describe('editor history records', () => {
  it('keeps each kept step with its unit, name and file edit; rejected ones with their output', () => {
    const h = history();
    assert.strictEqual(h.key, 'function:f@2');
    assert.strictEqual(h.original, unitOf(FILE0));
    assert.strictEqual(h.current, unitOf(FILE2));
    assert.strictEqual(h.currentName, 'g');
    assert.deepStrictEqual(keptSteps(h).map((s) => s.step.method), ['function-rename', 'variable-rename']);
    assert.strictEqual(h.steps[1].output, 'error: boom\n');
    assert.strictEqual(h.steps[1].after, undefined);
    assert.strictEqual(unitBefore(h, 2), unitOf(FILE1));
    assert.strictEqual(unitBefore(h, 0), unitOf(FILE0));
  });

  it('reverting the kept steps\' edits in reverse order gives the original file back', () => {
    let text = FILE2;
    for (const s of [...keptSteps(history())].reverse()) {
      const edit = s.after!.edit;
      const at = findEdit(text, edit)!;
      text = text.slice(0, at) + edit.removed + text.slice(at + edit.inserted.length);
    }
    assert.strictEqual(text, FILE0);
  });

  it('finds an edit again after edits elsewhere, and refuses when its code changed', () => {
    const edit = fileEdit(FILE1, FILE2);
    assert.strictEqual(findEdit(FILE2, edit), edit.start);
    assert.strictEqual(findEdit(`# new line\n${FILE2}`, edit), edit.start + 11);
    assert.strictEqual(findEdit(FILE2.replace('return b + 1', 'return b + 2'), edit), undefined);
  });

  it('undoing the last step drops it with the rejected steps after it', () => {
    const once = withoutLastStep(history())!;
    assert.strictEqual(once.removed.step.method, 'variable-rename');
    assert.deepStrictEqual(once.history.steps.map((s) => s.step.method), ['function-rename', 'for-while']);
    assert.strictEqual(once.history.current, unitOf(FILE1));
    const twice = withoutLastStep(once.history)!;
    assert.strictEqual(twice.history.current, unitOf(FILE0));
    assert.strictEqual(twice.history.currentName, 'f');
    assert.strictEqual(withoutLastStep(twice.history), undefined);
  });

  it('locates the unit by its last text first (helpers included), else by name nearest its line', () => {
    const h = { ...history(), current: 'def helper():\n    pass\ndef g(b):\n    return b + 1' };
    const text = `header\n${h.current}\n\nmain()\n`;
    const functions = [fn('helper', text, 2), fn('g', text, 4)];
    const exact = locate(h, text, functions)!;
    assert.strictEqual(text.slice(exact.start, exact.end), h.current);
    assert.strictEqual(exact.nameLine, 4);
    const edited = text.replace('b + 1', 'b + 2');
    const byName = locate(h, edited, [fn('helper', edited, 2), fn('g', edited, 4)])!;
    assert.strictEqual(byName.fn!.name, 'g');
    assert.strictEqual(locate(h, edited, [fn('helper', edited, 2)]), undefined, 'renamed by hand: not found');
    assert.strictEqual(locate({ ...h, container: 'Shop' }, text, functions), undefined, 'a method of another class is not it');
    assert.strictEqual(historyAt([h], text, functions, text.indexOf('return'))!.history, h);
    assert.strictEqual(historyAt([h], text, functions, 2), undefined);
  });

  it('becomes one document, and so one benchmark entry, with the first original and every step', () => {
    const h = history();
    const doc = documentForEntry(h, { unit: unitOf(FILE2), file: FILE2, similarity: { surface: 0.8, structural: 0.8, overall: 0.8 }, growth: { tokens: 1.2, lines: 1.4 } });
    const entry = entryFromDocument(doc, 'src/f.py', '0.1.0', new Date(0));
    assert.strictEqual(entry.original, unitOf(FILE0));
    assert.strictEqual(entry.perturbed, unitOf(FILE2));
    assert.deepStrictEqual(entry.entryPoint, { original: 'f', new: 'g' });
    assert.strictEqual(entry.steps.length, 4);
    assert.strictEqual(entry.seed, 7);
    assert.strictEqual(entry.strategy, 'peso');
    assert.deepStrictEqual(entry.growth, { tokens: 1.2, lines: 1.4 });
  });

  it('decorates with the kept steps and the similarity now, in words; the hover has its links first, then the steps by number', () => {
    const h = history();
    const now = { surface: 0.7, structural: 0.9, overall: 0.8 };
    assert.strictEqual(decorationText(h, now), '⟲ 2 steps kept · similarity 0.80 to the original');
    const md = hoverMarkdown(h, now, 'file:///w/f.py', { tokens: 1.234, lines: 1.5 });
    const lines = md.split('\n');
    // numbered as History numbers them: for-while, rejected, was step 2
    assert.deepStrictEqual(
      lines.filter((l) => /^\| \d/.test(l)),
      ['| 1 | function-rename | basic | 0.90 | 1.25x |', '| 3 | variable-rename | basic | 0.80 | 1.25x |'],
    );
    assert.match(md, /2 of 4 steps kept · similarity \*\*0\.80\*\* to the original \(surface 0\.70, structural 0\.90\) · 1\.23x its tokens \(1\.50x its lines\)/);
    // a history recorded before growth was reported shows a dash
    const old = { ...h, steps: h.steps.map((s) => ({ ...s, step: { ...s.step, growth: null } })) };
    assert.match(hoverMarkdown(old, now, 'file:///w/f.py'), /\| 1 \| function-rename \| basic \| 0\.90 \| – \|/);
    assert.ok(!/\bss\b/.test(md), 'no unexplained "ss"');
    const link = /\(command:codemorph\.undoLastStep\?([^)]+)\)/.exec(md)![1];
    assert.deepStrictEqual(JSON.parse(decodeURIComponent(link)), [{ uri: 'file:///w/f.py', key: h.key }]);
    // a long history scrolls the hover: the links come before the table, within its first lines
    const links = lines.findIndex((l) => l.includes('command:codemorph.compareWithOriginal'));
    assert.ok(links >= 0 && links < 4, `the links are on line ${links}`);
    assert.ok(links < lines.findIndex((l) => l.startsWith('| step')));
  });

  it('records a selection run\'s kept steps with the unit\'s similarity, and its rejected ones with none', () => {
    const kept = selectionStep(step('for-while', true, 0.38), { surface: 0.6, structural: 0.74, overall: 0.67 });
    assert.strictEqual(kept.similarity!.overall, 0.67, 'the function\'s figure, not the selection\'s');
    const worse = { ...step('div-loop', false, 0.41), reason: 'similarity 0.41 is above the best so far, 0.38' };
    const rejected = selectionStep(worse, null);
    assert.strictEqual(rejected.similarity, null);
    assert.strictEqual(rejected.reason, 'similarity 0.41 is above the best so far, 0.38 (similarity of the selection alone)');
    const failed = selectionStep(step('div-loop', false, null), null);
    assert.strictEqual(failed.reason, 'does not compile: boom');
  });
});

describe('throttle', () => {
  it('runs a burst of requests once, then once more for requests made while it ran', async () => {
    const runs: string[] = [];
    let release!: () => void;
    const throttle = new Throttle<string>(20, async (key) => {
      runs.push(key);
      if (runs.length === 1) await new Promise<void>((r) => (release = r));
    });
    for (let i = 0; i < 10; i++) throttle.request('a');
    await new Promise((r) => setTimeout(r, 60));
    assert.deepStrictEqual(runs, ['a']);
    throttle.request('a');
    throttle.request('a');
    release();
    await throttle.flush();
    assert.deepStrictEqual(runs, ['a', 'a']);
    throttle.dispose();
  });

  it('debounced, waits for the requests to pause', async () => {
    const runs: number[] = [];
    const debounced = new Throttle<string>(40, async () => {
      runs.push(Date.now());
    }, true);
    let last = 0;
    for (let i = 0; i < 5; i++) {
      last = Date.now();
      debounced.request('a');
      await new Promise((r) => setTimeout(r, 15));
    }
    await new Promise((r) => setTimeout(r, 120));
    assert.strictEqual(runs.length, 1);
    assert.ok(runs[0] - last >= 38, 'it ran only once the last request had waited its interval');
    debounced.dispose();
  });
});

describe('a saved entry records what happened (issue 29, item 10)', () => {
  const MANUAL: RunInfo = {
    kind: 'method',
    strategy: 'transform',
    engine: 'local',
    seed: 9,
    verification: { level: 'compile', compile: 'python3 -m py_compile /tmp/codemorph-scratch-1/f.py', test: null },
    at: '2025-01-01T00:01:00.000Z',
  };
  const FILE3 = 'header\ndef g(b):\n    return 1 + b\n\nmain()\n';

  /** The PESO run of history(), then one method applied by hand (a ✓ in Candidates). */
  function withManualStep(): UnitHistory {
    const events: StepEvent[] = [{ step: step('swap-operands', true, 0.7), after: { file: FILE3, unit: unitOf(FILE3), name: 'g' } }];
    return appendRun(history(), MANUAL, (run) => stepsFromEvents(FILE2, run, events), { unit: unitOf(FILE3), name: 'g', line: 2 });
  }
  const now = { unit: unitOf(FILE2), file: FILE2, similarity: { surface: 0.8, structural: 0.8, overall: 0.8 }, growth: { tokens: 1.2, lines: 1.4 } };

  it('a manual step undone leaves neither its run, its strategy nor its verification (with its scratch path) behind', () => {
    const manual = withManualStep();
    assert.strictEqual(manual.runs.length, 2);
    assert.strictEqual(documentForEntry(manual, now).strategy, 'peso+transform', 'while the manual step stays, both ran');
    const undone = withoutLastStep(manual)!;
    assert.strictEqual(undone.removed.step.method, 'swap-operands');
    assert.deepStrictEqual(undone.history.runs, [RUN], 'the manual run is gone with its step');
    const doc = documentForEntry(undone.history, now);
    assert.strictEqual(doc.strategy, 'peso');
    assert.deepStrictEqual(doc.verification, RUN.verification);
    assert.ok(!JSON.stringify(entryFromDocument(doc, 'src/f.py', '0.1.0', new Date(0))).includes('codemorph-scratch'), 'no scratch path in the entry');
  });

  it('a history stored before runs were dropped still saves only the runs whose steps remain', () => {
    const manual = withManualStep();
    const stale: UnitHistory = { ...manual, steps: manual.steps.filter((s) => s.run === 0) };
    const doc = documentForEntry(stale, now);
    assert.strictEqual(doc.strategy, 'peso');
    assert.deepStrictEqual(doc.verification, RUN.verification);
    assert.strictEqual(doc.seed, 7);
  });
});
