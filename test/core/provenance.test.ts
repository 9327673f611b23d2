import * as assert from 'assert';
import { perturb } from '../../src/core/engine';
import { lineChanges, traceLines } from '../../src/core/provenance';
import { applyEdits, mapSpan } from '../../src/core/text/edits';
import type { UnitState } from '../../src/core/unit';
import { loader, readFixture } from '../support/harness';

function state(text: string, start = 0, end = text.length): UnitState {
  return { text, unit: { start, end }, unitKind: 'function', entryPoint: 'f' };
}

function after(before: UnitState, edits: { start: number; end: number; text: string }[]): UnitState {
  return { ...before, text: applyEdits(before.text, edits), unit: mapSpan(before.unit, edits) };
}

describe('provenance', () => {
  const text = 'header\ndef f():\n    a = 1\n    b = 2\n    return a + b\n';
  const unitStart = text.indexOf('def');

  it('an inserted statement is an insertion; the line it pushed down is unchanged', () => {
    const before = state(text, unitStart);
    const at = text.indexOf('b = 2');
    const edits = [{ start: at, end: at, text: 'spare = 0\n    ' }];
    assert.deepStrictEqual(lineChanges(before, after(before, edits), edits), [{ before: { line: 3, count: 0 }, after: { line: 3, count: 1 } }]);
  });

  it('a rewritten line maps to itself; edits outside the unit are left out', () => {
    const before = state(text, unitStart);
    const edits = [
      { start: 0, end: 6, text: 'HEADER' },
      { start: text.indexOf('a + b'), end: text.indexOf('a + b') + 5, text: 'b + a' },
    ];
    assert.deepStrictEqual(lineChanges(before, after(before, edits), edits), [{ before: { line: 4, count: 1 }, after: { line: 4, count: 1 } }]);
  });

  it('traces every line of a perturbed unit back to the original', async () => {
    const { text: source } = readFixture('methods/for-while/loops.py');
    const doc = await perturb(loader, {
      lang: 'python',
      text: source,
      selector: {},
      search: { strategy: 'peso', maxIter: 15, threshold: 0.2, temperature: 2, seed: 3 },
      verify: { level: 'syntax', toolchains: {}, timeoutMs: 60_000 },
      mu: 0.5,
    });
    const original = doc.original.split('\n');
    const perturbed = doc.perturbed.split('\n');
    const origins = traceLines(original.length, doc.steps.filter((s) => s.accepted).map((s) => s.changes));
    assert.strictEqual(origins.length, perturbed.length, 'one origin per line of the perturbed unit');
    let kept = 0;
    origins.forEach((o, i) => {
      if (o.line !== null) {
        kept++;
        // renames rewrite lines in place, so an unchanged origin may differ only by names
        const shape = (s: string) => s.replace(/[A-Za-z_]\w*/g, 'x');
        assert.strictEqual(shape(perturbed[i]), shape(original[o.line - 1]), `line ${i + 1} should be original line ${o.line}`);
      }
    });
    assert.ok(kept > 0 && kept < perturbed.length, 'some lines kept, some rewritten');
  });
});
