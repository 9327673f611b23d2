import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parseMethodFile } from '../../src/core/design/methodFile';
import { cliAsync } from '../support/cli';
import { answer, FakeOpenAI, isVote, promptedCode, SeenRequest } from '../support/fakeOpenAI';
import { REPO } from '../support/harness';

/** The designer's proposals in order: one that breaks code, three that keep it (by adding lines nobody reads). */
const DESIGNS = [
  { name: 'Early Exit Shortcut', description: 'Return None at the top of the function.', preconditions: 'any function', category: 'condition' },
  { name: 'Shadow Counter', description: 'Add an unused counter at the top of the body.', preconditions: 'any function', category: 'basic' },
  { name: 'Twin Shadow Counters', description: 'Add two unused counters at the top of the body.', preconditions: 'any function', category: 'decomposition' },
  { name: 'Quiet Pass', description: 'Add a pass statement at the top of the body.', preconditions: 'any function', category: 'basic' },
];

/** What each designed method does to a unit, keyed by its name in the applier's prompt. */
const EFFECTS: Record<string, string> = {
  'Early Exit Shortcut': '    return None',
  'Shadow Counter': '    shadow_count = 0',
  'Twin Shadow Counters': '    shadow_count = 0\n    shadow_total = 1',
  'Quiet Pass': '    pass',
};

function isDesigner(req: SeenRequest): boolean {
  return req.body.messages.some((m) => m.role === 'system' && m.content.includes('design new semantic-preserving transformations'));
}

/** Plays the designer (proposals in turn), the applier of designed prompts, and three voters who agree. */
function play(server: FakeOpenAI): void {
  let designed = 0;
  server.respond((req) => {
    if (isVote(req)) return { content: 'True' };
    if (isDesigner(req)) {
      const d = DESIGNS[designed++ % DESIGNS.length];
      const example = { before: 'def f(x):\n    return x', after: `def f(x):\n${EFFECTS[d.name]}\n    return x` };
      return { content: `Here it is:\n${JSON.stringify({ ...d, example })}` };
    }
    const user = req.body.messages[1].content;
    const name = /Apply the transformation "([^"]+)"/.exec(user)?.[1];
    if (!name || !EFFECTS[name]) return { content: 'no JSON here' };
    const code = promptedCode(req);
    const [head, ...body] = code.split('\n');
    const entry = /def (\w+)/.exec(head)![1];
    return { content: answer([head, EFFECTS[name], ...body].join('\n'), entry) };
  });
}

describe('design-methods (Auto-SPT)', function () {
  this.timeout(600_000);
  const server = new FakeOpenAI();
  let baseUrl = '';
  let work = '';
  const env = { CODEMORPH_API_KEY: 'sk-test' };
  before(async () => {
    baseUrl = await server.start();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-design-test-'));
  });
  after(async () => {
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  let doc: {
    kept: string[];
    candidates: { id: string; kept: boolean; reason: string | null; scores: { correctShare: number; reward: number; meanDrop: number } }[];
    measures: { kept: { size: number; strength: number; diversity: number | null; diameter: number }; validated: { size: number; diversity: number | null } };
  };

  it('keeps the best K of N by correctness × drop, and drops the one that breaks code', async () => {
    play(server);
    const result = await cliAsync(
      ['design-methods', '--language', 'python', '--base-url', baseUrl, '--model', 'designer', '--candidates', '4', '--keep', '2', '--seed', '3',
        '--corpus', path.join(REPO, 'test', 'corpus'), '--programs', '3', '--json', '--quiet'],
      { cwd: work, env },
    );
    assert.strictEqual(result.code, 0, result.stderr);
    doc = JSON.parse(result.stdout);
    const byId = Object.fromEntries(doc.candidates.map((c) => [c.id, c]));
    const broken = byId['designed-early-exit-shortcut'];
    assert.strictEqual(broken.kept, false);
    assert.strictEqual(broken.scores.correctShare, 0);
    assert.match(broken.reason!, /no application was both correct/);
    // the two-line rewrite moves the code furthest, so it ranks first; one of the one-liners misses the cut
    assert.strictEqual(doc.kept[0], 'designed-twin-shadow-counters');
    assert.strictEqual(doc.kept.length, 2);
    assert.ok(doc.candidates.some((c) => /not among the best 2/.test(c.reason ?? '')));
    for (const id of doc.kept) {
      assert.strictEqual(byId[id].scores.correctShare, 1);
      assert.ok(byId[id].scores.reward > 0);
    }
    const file = path.join(work, '.codemorph', 'methods', 'designed-twin-shadow-counters.md');
    const method = parseMethodFile(file, fs.readFileSync(file, 'utf8'));
    assert.strictEqual(method.category, 'decomposition');
    assert.strictEqual(method.language, 'python');
    assert.strictEqual(method.scores!.correct, 1);
    assert.ok(!fs.existsSync(path.join(work, '.codemorph', 'methods', 'designed-early-exit-shortcut.md')));
  });

  it('reports the paper\'s strength, diameter and diversity', () => {
    assert.strictEqual(doc.measures.kept.size, 2);
    assert.ok(doc.measures.kept.strength > 0);
    assert.ok(doc.measures.kept.diameter > 0);
    // at k = 1 a set of two has no diversity: each one-method subset has diameter 0 (definition 3.2's denominator)
    assert.strictEqual(doc.measures.kept.diversity, null);
    assert.strictEqual(doc.measures.validated.size, 4);
    assert.ok(doc.measures.validated.diversity !== null && doc.measures.validated.diversity >= 1);
  });

  it('--measure-steps 2: every sequence of two kept methods is applied, and the set is measured at k = 2', async () => {
    server.reset();
    play(server);
    const result = await cliAsync(
      ['design-methods', '--language', 'python', '--base-url', baseUrl, '--model', 'designer', '--candidates', '4', '--keep', '3', '--seed', '3',
        '--corpus', path.join(REPO, 'test', 'corpus'), '--programs', '2', '--measure-steps', '2', '--json', '--quiet', '--out', path.join(work, 'k2')],
      { cwd: work, env },
    );
    assert.strictEqual(result.code, 0, result.stderr);
    const k2 = JSON.parse(result.stdout).measures;
    assert.strictEqual(k2.kept.steps, 1);
    assert.deepStrictEqual([k2.keptSteps.steps, k2.keptSteps.size, k2.keptSteps.programs], [2, 3, 2]);
    // two insertions move a program further than one, and without any one method two others still differ
    assert.ok(k2.keptSteps.strength > k2.kept.strength, JSON.stringify(k2));
    assert.ok(k2.keptSteps.diameter >= k2.kept.diameter, JSON.stringify(k2));
    assert.ok(k2.keptSteps.diversity !== null && k2.keptSteps.diversity >= 1, JSON.stringify(k2));
    // 3 validations of 2 programs, then 9 sequences of 2 steps: 3 × 3 × 2 applications of a second step
    const applied = server.requests.filter((r) => !isVote(r) && !isDesigner(r) && /Apply the transformation/.test(r.body.messages[1]?.content ?? '')).length;
    assert.strictEqual(applied, 4 * 2 + 3 * 3 * 2);
  });

  it('--measure-steps refuses a run that would apply too many sequences, before any request', async () => {
    server.reset();
    const result = await cliAsync(
      ['design-methods', '--language', 'python', '--base-url', baseUrl, '--candidates', '20', '--keep', '10', '--measure-steps', '3', '--corpus', path.join(REPO, 'test', 'corpus'), '--programs', '3'],
      { cwd: work, env },
    );
    assert.strictEqual(result.code, 2);
    assert.match(result.stderr, /--measure-steps 3 with --keep 10 on 3 programs applies up to 3300 more steps \(at most 2000\): lower --measure-steps, --keep or --programs/);
    assert.strictEqual(server.requests.length, 0);
  });

  it('gives the same document for the same answers and seed', async () => {
    play(server);
    const again = await cliAsync(
      ['design-methods', '--language', 'python', '--base-url', baseUrl, '--model', 'designer', '--candidates', '4', '--keep', '2', '--seed', '3',
        '--corpus', path.join(REPO, 'test', 'corpus'), '--programs', '3', '--json', '--quiet', '--out', path.join(work, 'again')],
      { cwd: work, env },
    );
    assert.strictEqual(again.code, 0, again.stderr);
    const second = JSON.parse(again.stdout);
    assert.deepStrictEqual(second.measures, doc.measures);
    assert.deepStrictEqual(second.kept, doc.kept);
  });

  it('perturb --engine llm draws a kept method from the workspace beside a built-in one, verified', async () => {
    play(server);
    server.reset();
    const file = path.join(work, 'roman.py');
    fs.copyFileSync(path.join(REPO, 'test', 'corpus', 'python', 'roman.py'), file);
    const result = await cliAsync(
      ['perturb', file, '--function', 'roman_to_int', '--engine', 'llm', '--base-url', baseUrl, '--model', 'applier', '--strategy', 'beam', '--max-iter', '2',
        '--methods', 'for-while,designed-twin-shadow-counters', '--verify', 'test', '--json', '--quiet'],
      { cwd: work, env },
    );
    assert.strictEqual(result.code, 0, result.stderr);
    const run = JSON.parse(result.stdout);
    const steps = run.steps as { method: string; accepted: boolean; engine: string; category: string }[];
    assert.ok(steps.some((s) => s.method === 'designed-twin-shadow-counters' && s.accepted && s.engine === 'llm' && s.category === 'decomposition'));
    // the beam tries every method each round: the built-in one's prompt was sent too (and its answer refused)
    assert.ok(server.requests.some((r) => !isVote(r) && r.body.messages[1].content.includes('Rewrite one or more loops of the unit')), 'the built-in method was drawn too');
    assert.ok(run.perturbed.includes('shadow_total = 1'));
  });

  it('PESO draws a kept method beside a built-in one', async () => {
    play(server);
    const file = path.join(work, 'roman.py');
    const result = await cliAsync(
      ['perturb', file, '--function', 'roman_to_int', '--engine', 'llm', '--base-url', baseUrl, '--model', 'applier', '--strategy', 'peso', '--max-iter', '6',
        '--methods', 'for-while,designed-shadow-counter,designed-twin-shadow-counters', '--verify', 'test', '--json', '--quiet'],
      { cwd: work, env },
    );
    assert.strictEqual(result.code, 0, result.stderr);
    const steps = JSON.parse(result.stdout).steps as { method: string; accepted: boolean }[];
    assert.ok(steps.some((s) => s.method.startsWith('designed-') && s.accepted), JSON.stringify(steps.map((s) => s.method)));
  });

  it('the local engine does not know designed methods; --methods-dir names another folder', async () => {
    const file = path.join(work, 'roman.py');
    const local = await cliAsync(['perturb', file, '--function', 'roman_to_int', '--methods', 'designed-shadow-counter', '--verify', 'syntax', '--quiet'], { cwd: work, env });
    assert.strictEqual(local.code, 2);
    assert.match(local.stderr, /unknown method designed-shadow-counter/);
    const missing = await cliAsync(['perturb', file, '--engine', 'llm', '--base-url', baseUrl, '--methods-dir', path.join(work, 'nowhere'), '--quiet'], { cwd: work, env });
    assert.strictEqual(missing.code, 2);
    assert.match(missing.stderr, /--methods-dir .* does not exist/);
  });

  it('prints a table of the candidates and the measures, and fails when nothing is kept', async () => {
    play(server);
    const result = await cliAsync(
      ['design-methods', '--language', 'python', '--base-url', baseUrl, '--model', 'designer', '--candidates', '1', '--corpus', path.join(REPO, 'test', 'corpus'),
        '--programs', '1', '--out', path.join(work, 'none')],
      { cwd: work, env },
    );
    assert.strictEqual(result.code, 1, result.stderr);
    assert.match(result.stdout, /designed-early-exit-shortcut +0% .*dropped: no application was both correct/);
    assert.match(result.stdout, /kept 0 of 1 in none/);
    assert.match(result.stdout, /kept set \(k = 1\): strength n\/a/);
    assert.match(result.stderr, /no designed method was kept/);
  });

  it('needs a language', async () => {
    const result = await cliAsync(['design-methods', '--base-url', baseUrl], { cwd: work, env });
    assert.strictEqual(result.code, 2);
    assert.match(result.stderr, /needs --language LANG/);
  });
});
