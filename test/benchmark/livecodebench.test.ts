import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { detectFormat, PUBLISHED } from '../../src/core/benchmark/formats';
import { runRecord } from '../../src/core/benchmark/harness';
import { cli, cliAsync, reason } from '../support/cli';
import { FakeOpenAI, SeenRequest } from '../support/fakeOpenAI';
import { fixture, loader } from '../support/harness';

/**
 * LiveCodeBench's code execution records (its output prediction) beside CRUXEval: told from their
 * fields, perturbed by `dataset --perturbation ...` into records of the same layout that pass
 * `assert <input> == <output>` as its harness runs it (after the imports its code takes for
 * granted), and evaluated on output and input prediction, direct and CoT, against the loopback
 * OpenAI server. The records of the fixture were written for these tests.
 */

type Rec = Record<string, any>;

const KEY = 'sk-livecodebench-key-789';
const FIXTURE = fixture('benchmarks/livecodebench.jsonl');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-livecodebench-'));
let runs = 0;
const scratch = () => ({ dir: path.join(dir, `run-${runs++}`), toolchains: {}, timeoutMs: 120_000 });

function readJsonl(file: string): Rec[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Rec);
}

const INPUTS = readJsonl(FIXTURE);

/** `dataset` on the fixture with one CodeCrash perturbation; its records, each once per set of flags. */
const made = new Map<string, Rec[]>();
function perturbed(...flags: string[]): Rec[] {
  const key = flags.join(' ');
  if (!made.has(key)) {
    const out = path.join(dir, `out-${made.size}.jsonl`);
    const result = cli(['dataset', FIXTURE, '--out', out, '--quiet', '--seed', '5', ...flags]);
    assert.strictEqual(result.code, 0, result.stderr);
    made.set(key, readJsonl(out));
  }
  return made.get(key)!;
}

after(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('LiveCodeBench code execution records', function () {
  this.timeout(600_000);

  it('are told from their fields, not taken for CRUXEval, whose fields they also carry', () => {
    const sample = INPUTS.map((rec, i) => ({ line: i + 1, rec }));
    assert.deepStrictEqual(detectFormat(sample, 'lcb.jsonl'), { format: 'livecodebench' });
    const crux = readJsonl(fixture('benchmarks/cruxeval.jsonl')).map((rec, i) => ({ line: i + 1, rec }));
    assert.deepStrictEqual(detectFormat(crux, 'crux.jsonl'), { format: 'cruxeval' });
  });

  it('a test output prediction record (no code) is refused with what to give instead', () => {
    const rec = {
      question_title: 'Count pairs',
      question_content: 'Return the number of pairs...',
      question_id: '3101',
      contest_id: 'weekly-contest-901',
      contest_date: '2024-01-06T00:00:00',
      difficulty: 'easy',
      test: '[{"input": "[1, 2]\\n2", "output": "1", "testtype": "functional"}]',
      starter_code: 'class Solution:\n    def countPairs(self, nums: List[int], k: int) -> int:\n        ',
      function_name: 'countPairs',
      test_id: 0,
    };
    const got = detectFormat([{ line: 1, rec }], 'tests.jsonl');
    assert.ok('error' in got);
    assert.match(got.error, /tests\.jsonl line 1 is a LiveCodeBench test output prediction record .*: it holds no code to perturb; give LiveCodeBench's code execution records \(question_id, id, function_name, code, input, output\)$/);
  });

  it('a record whose input does not call its function_name, or whose code lacks it, says so', async () => {
    const reader = PUBLISHED.livecodebench;
    const [first] = INPUTS;
    assert.strictEqual(await reader.read({ ...first, input: 'other(nums = [1], k = 2)' }, { loader }), `record sample_0: its input is not a call of countDivisiblePairs (like countDivisiblePairs(nums = [1, 2]))`);
    assert.strictEqual(await reader.read({ ...first, function_name: 'missing', input: 'missing(1)' }, { loader }), 'record sample_0: its code defines no top-level function missing, which its input calls');
    const back = await reader.read(first, { loader });
    assert.ok(typeof back !== 'string', String(back));
    assert.deepStrictEqual(await back.rebuild(back.composed.text, back.entryPoint), first);
  });

  it('dataset --perturbation ren renames the function in code, input and function_name, and every record passes', async () => {
    const out = perturbed('--perturbation', 'ren');
    assert.strictEqual(out.length, INPUTS.length);
    for (const [i, rec] of out.entries()) {
      assert.strictEqual(rec.error, undefined, rec.error);
      assert.deepStrictEqual(Object.keys(rec), [...Object.keys(INPUTS[i]), 'codemorph']);
      assert.strictEqual(rec.codemorph.format, 'livecodebench');
      assert.strictEqual(rec.codemorph.task_id, INPUTS[i].id);
      assert.strictEqual(rec.function_name, 'f');
      assert.match(rec.code, /^def f\(/);
      assert.match(rec.code, /\bVar_1\b/);
      // the input calls by keyword: the parameters are renamed as CodeCrash renames them, and the call's keywords follow
      const keywords = [...INPUTS[i].input.matchAll(/(\w+)\s*=(?!=)/g)].map((m) => m[1]);
      assert.ok(keywords.length > 0, `${rec.id} passes its arguments by keyword`);
      for (const keyword of keywords) assert.doesNotMatch(`${rec.code}\n${rec.input}`, new RegExp(`\\b${keyword}\\b`), `${rec.id}: ${keyword} is renamed`);
      assert.match(rec.input, /^f\(Var_\d+ = /);
      assert.doesNotMatch(rec.input, new RegExp(`\\b${INPUTS[i].function_name}\\b`));
      assert.strictEqual(rec.output, INPUTS[i].output);
      for (const field of ['question_id', 'contest_id', 'contest_date', 'difficulty', 'problem_id', 'numsteps']) assert.deepStrictEqual(rec[field], INPUTS[i][field], field);
      const result = await runRecord('livecodebench', rec, scratch());
      assert.ok(result.ok, `${rec.id}: ${result.output}\n${rec.code}\n${rec.input}`);
      // read back as what it is
      const back = await PUBLISHED.livecodebench.read(rec, { loader });
      assert.ok(typeof back !== 'string' && back.entryPoint === 'f', String(back));
    }
    assert.deepStrictEqual(detectFormat(out.map((rec, i) => ({ line: i + 1, rec })), 'out.jsonl'), { format: 'livecodebench' });
  });

  for (const flags of [['gbc'], ['psc-all'], ['mcc', '--p', '0.5'], ['mps', '--once']]) {
    it(`dataset --perturbation ${flags.join(' ')} writes records that pass LiveCodeBench's check`, async () => {
      const out = perturbed('--perturbation', ...flags);
      let changed = 0;
      for (const [i, rec] of out.entries()) {
        assert.strictEqual(rec.error, undefined, rec.error);
        assert.strictEqual(rec.codemorph.perturbation.id, flags[0]);
        if (rec.code !== INPUTS[i].code) changed++;
        const result = await runRecord('livecodebench', rec, scratch());
        assert.ok(result.ok, `${rec.id}: ${result.output}\n${rec.code}`);
      }
      assert.ok(changed >= 3, `${changed} of ${out.length} records changed`);
    });
  }

  it('runs exactly as the harness does: a wrong output fails, and the code needs the imports it takes for granted', async () => {
    const [first] = INPUTS;
    assert.ok((await runRecord('livecodebench', first, scratch())).ok);
    assert.ok(!(await runRecord('livecodebench', { ...first, output: '6' }, scratch())).ok, 'a wrong output passed');
    assert.ok(/\bList\b/.test(first.code) && !/import/.test(first.code), 'the fixture code uses List unimported');
  });

  describe('evaluate', () => {
    const server = new FakeOpenAI();
    let url = '';
    before(async () => {
      url = await server.start();
    });
    after(() => server.stop());

    function userText(req: SeenRequest): string {
      return req.body.messages.find((m) => m.role === 'user')?.content ?? '';
    }

    /** The record a prompt shows (perturbed first: its code differs from the original's). */
    function sideOf(req: SeenRequest, out: Rec[]): { rec: Rec; perturbed: boolean } {
      const text = userText(req);
      const p = out.find((r) => text.includes(r.code.trimEnd()));
      if (p) return { rec: p, perturbed: true };
      const o = INPUTS.find((r) => text.includes(r.code.trimEnd()));
      if (!o) throw new Error(`the fake model does not know this prompt:\n${text}`);
      return { rec: o, perturbed: false };
    }

    /** The arguments of a record's call. */
    function args(rec: Rec): string {
      return rec.input.slice(rec.function_name.length + 1, -1);
    }

    for (const task of ['output-prediction', 'input-prediction'] as const) {
      for (const cot of [false, true]) {
        it(`${task}${cot ? ' --cot' : ''}: a model that reads the code passes both sides; one misled on the perturbed side drops`, async () => {
          const out = perturbed('--perturbation', 'ren');
          const file = path.join(dir, 'ren.jsonl');
          fs.writeFileSync(file, out.map((r) => `${JSON.stringify(r)}\n`).join(''));
          const answer = (rec: Rec) => (task === 'output-prediction' ? rec.output : args(rec));
          const wrap = (value: string) => (cot ? `Step by step... so the answer is\n[ANSWER]${value}[/ANSWER]\n` : `\`\`\`python\n${value}\n\`\`\`\n`);
          const run = (reply: (req: SeenRequest) => string) => {
            server.reset();
            server.respond((req) => ({ content: reply(req) }));
            return cliAsync(['evaluate', file, '--original', FIXTURE, '--task', task, ...(cot ? ['--cot'] : []), '--quiet', '--json', '--concurrency', '2', '--base-url', url, '--model', 'reader-1'], {
              env: { CODEMORPH_API_KEY: KEY },
            });
          };
          const good = await run((req) => wrap(answer(sideOf(req, out).rec)));
          assert.strictEqual(good.code, 0, good.stderr);
          const rg = JSON.parse(good.stdout);
          assert.strictEqual(rg.items, INPUTS.length);
          assert.strictEqual(rg.original.pass_at_1, 1, JSON.stringify(rg.per_item));
          assert.strictEqual(rg.perturbed.pass_at_1, 1, JSON.stringify(rg.per_item));
          if (cot) assert.ok(server.requests.every((r) => userText(r).includes('[ANSWER]')), 'the CoT prompt asks for [ANSWER] tags');
          // a wrong value or wrong arguments on the perturbed side really run and fail
          const recall = await run((req) => {
            const { rec, perturbed } = sideOf(req, out);
            return wrap(perturbed ? (task === 'output-prediction' ? 'None' : args(INPUTS[(INPUTS.findIndex((r) => r.id === rec.id) + 1) % INPUTS.length])) : answer(rec));
          });
          assert.strictEqual(recall.code, 0, recall.stderr);
          const rr = JSON.parse(recall.stdout);
          assert.strictEqual(rr.original.pass_at_1, 1, JSON.stringify(rr.per_item));
          assert.strictEqual(rr.perturbed.pass_at_1, 0, JSON.stringify(rr.per_item));
        });
      }
    }
  });

  it('dataset --format livecodebench on CRUXEval records says what each lacks', () => {
    const out = path.join(dir, 'crux-as-lcb.jsonl');
    const result = cli(['dataset', fixture('benchmarks/cruxeval.jsonl'), '--out', out, '--format', 'livecodebench', '--quiet', '--perturbation', 'ren']);
    assert.notStrictEqual(result.code, 2, reason(result));
    for (const rec of readJsonl(out)) assert.match(String(rec.error), /has no function_name/);
  });
});
