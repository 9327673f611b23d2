import * as assert from 'assert';
import type { BenchmarkEntry } from '../../src/core/benchmark/entries';
import type { BatchResult, FunctionJob } from '../../src/core/dataset/perturbAll';
import type { StepRecord } from '../../src/core/search/types';
import { originalFile as revert } from '../../src/core/benchmark/originalFile';
import { appendRun, keptSteps, newHistory, stepsFromEvents } from '../../src/vscode/history/record';
import type { RunInfo, UnitHistory } from '../../src/vscode/history/types';
import { batchProgressText, batchSummaryText } from '../../src/vscode/perturbAllText';

// "Perturb all functions…" and "Run variant": their plain logic, without an editor.

const JOB: FunctionJob = { file: { path: '/w/src/shapes.py', rel: 'src/shapes.py', lang: 'python' }, name: 'scaled', qualifiedName: 'Shape.scaled', line: 12, start: 140 };

function result(over: Partial<BatchResult>): BatchResult {
  return { saved: [], alreadySaved: [], failed: [], done: 0, total: 0, stopped: false, ...over };
}

const entry = (overall: number) => ({ similarity: { surface: overall, structural: overall, overall } }) as BenchmarkEntry;

describe('Perturb all functions: messages', () => {
  it('the progress names the function, its file and line, and counts', () => {
    assert.strictEqual(batchProgressText(JOB, 1, 7), 'function 2 of 7: Shape.scaled (src/shapes.py:12)');
  });

  it('the summary counts entries with their mean similarity, failures, skipped files and Restricted Mode', () => {
    assert.strictEqual(
      batchSummaryText(result({ saved: [entry(0.5), entry(0.7)], done: 3, total: 3, failed: [{ job: JOB, reason: 'x' }] }), '.codemorph/benchmark.jsonl', '1 file skipped: 1 no function', true),
      'perturbed 3 functions: 2 entries saved to .codemorph/benchmark.jsonl (mean similarity 0.60 to the original); 1 could not be perturbed (the CodeMorph output says why). 1 file skipped: 1 no function. Checked by parsing only (Restricted Mode).',
    );
  });

  it('a stopped batch says after how many functions, in the singular where it is one', () => {
    assert.strictEqual(
      batchSummaryText(result({ saved: [entry(0.4)], done: 1, total: 3, stopped: true }), 'e.jsonl', '', false),
      'stopped after 1 of 3 functions: 1 entry saved to e.jsonl (mean similarity 0.40 to the original).',
    );
    assert.strictEqual(batchSummaryText(result({ alreadySaved: [entry(0.4)], done: 1, total: 1 }), 'e.jsonl', '', false), 'perturbed 1 function: 0 entries saved to e.jsonl; 1 already saved.');
  });
});

describe('Run variant: the original file', () => {
  // as the Run variant command calls it: the kept steps' edits and the unit's names
  const originalFile = (text: string, h: UnitHistory, at: { start: number; end: number }) =>
    revert(text, keptSteps(h).map((s) => s.after!.edit), { ...at, original: h.original, originalName: h.originalName, currentName: h.currentName });
  const RUN: RunInfo = { kind: 'function', strategy: 'peso', engine: 'local', seed: 1, verification: { level: 'syntax', compile: null, test: null }, at: '2025-01-01T00:00:00.000Z' };
  const step = (method: string): StepRecord =>
    ({ iteration: 1, method, category: 'basic', accepted: true, verified: { syntax: true, compile: null, test: null }, similarity: null, reason: null }) as unknown as StepRecord;
  // a rename reaches the call in main(), outside the function
  const FILE0 = 'import sys\n\ndef total(a):\n    return a + 1\n\nprint(total(2))\n';
  const FILE1 = 'import sys\n\ndef sum_of(a):\n    return a + 1\n\nprint(sum_of(2))\n';
  const FILE2 = 'import sys\n\ndef sum_of(value):\n    return value + 1\n\nprint(sum_of(2))\n';
  const unit = (file: string) => file.slice(file.indexOf('def'), file.indexOf('\n\nprint'));

  function history() {
    const h = newHistory('function', 'python', { name: 'total', container: null, text: unit(FILE0), line: 3 });
    const events = [
      { step: step('function-rename'), after: { file: FILE1, unit: unit(FILE1), name: 'sum_of' } },
      { step: step('variable-rename'), after: { file: FILE2, unit: unit(FILE2), name: 'sum_of' } },
    ];
    return appendRun(h, RUN, (run) => stepsFromEvents(FILE0, run, events), { unit: unit(FILE2), name: 'sum_of', line: 3 });
  }

  it('reverts every step, the call sites outside the function too', () => {
    const start = FILE2.indexOf('def');
    assert.deepStrictEqual(originalFile(FILE2, history(), { start, end: start + unit(FILE2).length }), { text: FILE0, exact: true });
  });

  it('puts the original function back, and its name at the calls, when the code was edited since the steps', () => {
    const edited = FILE2.replace('print(sum_of(2))', 'print(sum_of(3))').replace('import sys', 'import os, sys');
    const changed = edited.replace('    return value + 1', '    return value + 1  # edited');
    const start = changed.indexOf('def');
    const end = start + changed.slice(start).indexOf('\n\nprint');
    const out = originalFile(changed, history(), { start, end });
    assert.strictEqual(out.exact, false);
    assert.strictEqual(out.text, 'import os, sys\n\ndef total(a):\n    return a + 1\n\nprint(total(3))\n');
  });

  it('a JavaScript name holding $$ goes back as it is, not as a replacement pattern', () => {
    // the steps' edits are not in the file any more: the fallback puts the unit back and renames the calls
    const text = 'function b$$(x) {\n  return x + 2;\n}\nconsole.log(b$$(1), b$$x(2));\n';
    const end = text.indexOf('\nconsole');
    const gone = { start: 0, removed: 'a', inserted: 'zzz', before: 'qq', after: 'qq' };
    const out = revert(text, [gone], { start: 0, end, original: 'function a$$(x) {\n  return x + 1;\n}', originalName: 'a$$', currentName: 'b$$' });
    assert.deepStrictEqual(out, { text: 'function a$$(x) {\n  return x + 1;\n}\nconsole.log(a$$(1), b$$x(2));\n', exact: false });
  });
});
