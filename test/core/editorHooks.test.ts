import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { listCandidates } from '../../src/core/candidates';
import { EngineRequest, perturb, transform, VerificationReport } from '../../src/core/engine';
import { functionSpanAt, outlineFunctions } from '../../src/core/languages/outline';
import type { StepRecord } from '../../src/core/search/types';
import { baselineInPlace, similarityToBaseline } from '../../src/core/similarity/baseline';
import type { UnitState } from '../../src/core/unit';
import { loader, REPO } from '../support/harness';

// What the editor needs from the engine beyond the CLI: a first original to score against,
// each step's state, each verification's output, the candidate list, and plain function spans.

const file = path.join(REPO, 'examples', 'python', 'inventory.py');
const text = fs.readFileSync(file, 'utf8');

function request(overrides: Partial<EngineRequest> = {}): EngineRequest {
  return {
    lang: 'python',
    text,
    filePath: file,
    selector: { functionName: 'restock_plan' },
    search: { strategy: 'peso', maxIter: 6, threshold: 0.2, temperature: 2, seed: 3 },
    verify: { level: 'syntax', toolchains: {}, timeoutMs: 60_000 },
    mu: 0.5,
    ...overrides,
  };
}

describe('engine hooks for the editor', () => {
  it('a baseline makes a second run measure its steps against the first original', async () => {
    const first = await perturb(loader, request());
    assert.ok(first.similarity.overall < 1);
    const again = { ...request(), text: first.file, selector: { functionName: first.entryPoint! }, search: { ...request().search, seed: 4 } };
    const continued = await perturb(loader, { ...again, baseline: first.original });
    const fresh = await perturb(loader, again);
    // the continued run starts where the first ended, so its first kept step is already at or below it
    const firstKept = continued.steps.find((s) => s.accepted)!;
    assert.ok(firstKept.similarity!.overall <= first.similarity.overall + 1e-9, `${firstKept.similarity!.overall} > ${first.similarity.overall}`);
    // a run measured against its own start scores higher: it has moved less from there
    assert.ok(fresh.similarity.overall > continued.similarity.overall);
    const at = continued.file.indexOf(continued.perturbed);
    const measured = await similarityToBaseline(loader, 'python', continued.file, { start: at, end: at + continued.perturbed.length }, first.original);
    assert.strictEqual(Math.round(measured.overall * 10_000) / 10_000, continued.similarity.overall);
  });

  it('a baseline equal to the unit changes nothing', async () => {
    const plain = await perturb(loader, request());
    const start = text.indexOf('def restock_plan');
    const end = text.indexOf('\n\n\ndef stock_status');
    const same = await perturb(loader, request({ baseline: text.slice(start, end) }));
    assert.deepStrictEqual({ ...same, elapsedMs: 0 }, { ...plain, elapsedMs: 0 });
  });

  it('baselineInPlace puts the original where the unit is now', () => {
    const placed = baselineInPlace('a XYZ b', { start: 2, end: 5 }, 'qq');
    assert.deepStrictEqual(placed, { text: 'a qq b', span: { start: 2, end: 4 } });
  });

  it('onStep gives the state after each step: kept steps move it, rejected ones do not', async () => {
    const seen: { step: StepRecord; after: UnitState }[] = [];
    const doc = await perturb(loader, request({ onStep: (step, after) => seen.push({ step, after }) }));
    assert.strictEqual(seen.length, doc.steps.length);
    let previous = text;
    for (const { step, after } of seen) {
      if (step.accepted) assert.notStrictEqual(after.text, previous, `${step.method} kept but changed nothing`);
      else assert.strictEqual(after.text, previous);
      previous = after.text;
    }
    assert.strictEqual(previous, doc.file);
  });

  it('beam reports each step of the winning chain with the state it led to', async () => {
    const seen: UnitState[] = [];
    const doc = await perturb(loader, request({ search: { ...request().search, strategy: 'beam', maxIter: 2, beamWidth: 2 }, onStep: (_s, after) => seen.push(after) }));
    assert.strictEqual(seen[seen.length - 1].text, doc.file);
    assert.strictEqual(new Set(seen.map((s) => s.text)).size, seen.length, 'every step of the chain has its own state');
  });

  it('onVerification hands over the output a rejected step had, with the command that ran', async () => {
    const reports: VerificationReport[] = [];
    const doc = await transform(loader, {
      ...request({ onVerification: (r) => reports.push(r) }),
      // a project's own check: here it insists the function keeps its name
      verify: { level: 'compile', toolchains: {}, timeoutMs: 60_000, compileCmd: `grep -q 'def restock_plan' {file} || { echo 'restock_plan is gone from {file}' >&2; exit 3; }` },
      methodId: 'function-rename',
      site: 0,
    });
    assert.strictEqual(doc.steps[0].accepted, false);
    assert.match(doc.steps[0].reason!, /does not compile: restock_plan is gone/);
    assert.strictEqual(reports.length, 1);
    assert.strictEqual(reports[0].method, 'function-rename');
    assert.match(reports[0].verdict.output, /restock_plan is gone/);
    assert.match(reports[0].verdict.commands[0], /^grep -q/);
    assert.match(doc.verification.compile!, /^grep -q/, 'the record names the command that ran on the original');
  });
});

describe('candidates for the editor', () => {
  it('lists every method of the catalogue with its sites, and the index applies that site', async () => {
    const offset = text.indexOf('def restock_plan') + 5;
    const list = await listCandidates(loader, 'python', text, { offset });
    assert.strictEqual(list.unit.kind, 'function');
    assert.strictEqual(list.unit.name, 'restock_plan');
    assert.strictEqual(list.methods.length, 26);
    // the second site of a method with several: index 0 would also be what a default picks
    const method = list.methods.find((m) => m.id === 'extract-arithmetic')!;
    assert.strictEqual(method.unavailable, null);
    assert.ok(method.sites.length >= 2);
    const site = method.sites[1];
    assert.ok(text.split('\n')[site.line - 1].includes(site.excerpt.replace(/…$/, '')));
    const applied = await transform(loader, { ...request(), selector: { offset }, methodId: method.id, site: site.index });
    assert.strictEqual(applied.steps[0].site!.label, site.label);
    assert.strictEqual(applied.steps[0].site!.line, site.line);
  });

  it('says why a method cannot run: not in the language, or no site here', async () => {
    const c = fs.readFileSync(path.join(REPO, 'examples', 'c', 'rle.c'), 'utf8');
    const list = await listCandidates(loader, 'c', c, { offset: c.indexOf('rle_decode(') + 2 });
    const exception = list.methods.find((m) => m.id === 'add-exception')!;
    assert.match(exception.unavailable!, /exception/i);
    assert.deepStrictEqual(exception.sites, []);
    const py = await listCandidates(loader, 'python', text, { offset: text.indexOf('def stock_status') + 5 });
    assert.strictEqual(py.methods.find((m) => m.id === 'for-while')!.unavailable, 'no site in this function');
  });

  it('outlineFunctions gives plain spans and signature lines', async () => {
    const functions = await outlineFunctions(loader, 'python', text);
    const plan = functions.find((f) => f.name === 'restock_plan')!;
    assert.strictEqual(text.split('\n')[plan.nameLine - 1].startsWith('def restock_plan('), true);
    assert.strictEqual(functionSpanAt(functions, plan.start + 10), plan);
    const java = fs.readFileSync(path.join(REPO, 'examples', 'java', 'GradeBook.java'), 'utf8');
    const methods = await outlineFunctions(loader, 'java', java);
    assert.ok(methods.some((m) => m.qualifiedName === 'GradeBook.quizAverage'));
  });
});

describe('selecting a function unit with an extent', () => {
  it('widens the unit to the extent when it holds the function, and ignores it otherwise', async () => {
    const { select } = await import('../support/harness');
    const start = text.indexOf('def restock_plan');
    const fn = await select('python', text, { functionName: 'restock_plan' });
    const wider = { start: start - 20, end: fn.unit.end };
    assert.deepStrictEqual((await select('python', text, { offset: start + 5, extent: wider })).unit, wider);
    const narrower = { start: start + 10, end: fn.unit.end };
    assert.deepStrictEqual((await select('python', text, { offset: start + 5, extent: narrower })).unit, fn.unit);
    assert.strictEqual((await select('python', text, { functionName: 'restock_plan', extent: wider })).entryPoint, 'restock_plan');
  });
});
