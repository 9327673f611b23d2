import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { cliAsync, reason } from '../support/cli';
import { FakeOpenAI } from '../support/fakeOpenAI';
import { fixture } from '../support/harness';
import { faithful, HUMANEVAL, MBPP, playAgents, RewriteAnswer } from './playedAgents';

describe('codemorph rewrite (the built CLI against a played model)', function () {
  this.timeout(300_000);
  const server = new FakeOpenAI();
  let baseUrl = '';
  let dir = '';
  const env = { CODEMORPH_API_KEY: 'played-key' };
  before(async () => {
    baseUrl = await server.start();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-rewrite-cli-'));
    fs.writeFileSync(path.join(dir, 'humaneval.jsonl'), HUMANEVAL.map((r) => `${JSON.stringify(r)}\n`).join(''));
    fs.writeFileSync(path.join(dir, 'mbpp.jsonl'), MBPP.map((r) => `${JSON.stringify(r)}\n`).join(''));
  });
  after(async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => server.reset());

  const args = (file: string, out: string, extra: string[] = []) => ['rewrite', file, '--variants', '2', '--base-url', baseUrl, '--model', 'played', '--seed', '3', '--out', out, '--pool-size', '8', ...extra];

  it('writes each problem\'s variants as HumanEval records, grows the workspace pool, and prints the summary with the mean BLEU-4', async () => {
    // the first rewrite of add states a wrong example: the validator rejects it and the variant is made again
    const rewrites: RewriteAnswer = (original, entry, attempt, scenario) => (entry === 'add' && attempt === 1 ? `In ${scenario}: ${original.replace('[4, 5]', '[5, 5]')}` : faithful(original, entry, attempt, scenario));
    server.respond(playAgents(rewrites));
    const out = path.join(dir, 'variants.jsonl');
    const result = await cliAsync(args('humaneval.jsonl', out), { cwd: dir, env });
    assert.strictEqual(result.code, 0, result.stderr);
    const records = fs.readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    assert.deepStrictEqual(records.map((r) => r.task_id), ['HumanEval/0/v1', 'HumanEval/0/v2', 'HumanEval/1/v1', 'HumanEval/1/v2']);
    for (const r of records) {
      assert.deepStrictEqual(Object.keys(r).slice(0, 5), ['task_id', 'prompt', 'canonical_solution', 'test', 'entry_point']);
      assert.ok(r.prompt.includes(`In ${r.rewrite.scenario}: `), r.prompt);
    }
    const pool = JSON.parse(fs.readFileSync(path.join(dir, '.codemorph', 'scenarios.json'), 'utf8')).scenarios;
    assert.strictEqual(pool.length, 8);
    assert.match(result.stderr, /HumanEval\/0\/v1: attempt 1 rejected: an example of the rewritten statement does not hold/);
    const summary = reason(result);
    assert.match(summary, /^rewrite: 4 of 4 variants of 2 problems written, 1 attempt rejected, \d+ requests, 8 scenarios; mean BLEU-4 against the originals 0\.\d{3}; variants in /);

    // the same input, options and seed, with the pool the first run left: the same bytes
    const again = path.join(dir, 'again.jsonl');
    server.reset();
    server.respond(playAgents(rewrites));
    const second = await cliAsync(args('humaneval.jsonl', again), { cwd: dir, env });
    assert.strictEqual(second.code, 0, second.stderr);
    assert.strictEqual(fs.readFileSync(again, 'utf8'), fs.readFileSync(out, 'utf8'));
    assert.ok(!server.requests.some((r) => r.body.messages[0].content.startsWith('Propose')), 'the pool was already at its size');

    // a variant is a HumanEval record still: a later run tells its format from its fields and rewrites it again
    const check = await cliAsync(['rewrite', again, '--base-url', baseUrl, '--pool-size', '8', '--out', path.join(dir, 'v2.jsonl')], { cwd: dir, env });
    assert.strictEqual(check.code, 0, check.stderr);
    assert.strictEqual(JSON.parse(fs.readFileSync(path.join(dir, 'v2.jsonl'), 'utf8').split('\n')[0]).task_id, 'HumanEval/0/v1/v1');
  });

  it('rewrites MBPP records into MBPP records', async () => {
    server.respond(playAgents());
    const out = path.join(dir, 'mbpp-variants.jsonl');
    const result = await cliAsync(args('mbpp.jsonl', out, ['--scenarios', path.join(dir, 'pool.json')]), { cwd: dir, env });
    assert.strictEqual(result.code, 0, result.stderr);
    const records = fs.readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    assert.deepStrictEqual(records.map((r) => r.task_id), ['11/v1', '11/v2']);
    assert.deepStrictEqual(records[0].test_list, MBPP[0].test_list);
    assert.ok(fs.existsSync(path.join(dir, 'pool.json')));
  });

  it('rewrites HumanEval-X records in each of their languages into HumanEval-X records whose own tests pass', async () => {
    server.respond(playAgents());
    const out = path.join(dir, 'x-variants.jsonl');
    const file = fixture('benchmarks/humaneval-x.jsonl');
    const result = await cliAsync(['rewrite', file, '--base-url', baseUrl, '--model', 'played', '--seed', '3', '--out', out, '--pool-size', '8', '--scenarios', path.join(dir, 'x-pool.json')], { cwd: dir, env });
    assert.strictEqual(result.code, 0, result.stderr);
    const originals = fs.readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    const records = fs.readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    assert.deepStrictEqual(records.map((r) => r.task_id), originals.map((o) => `${o.task_id}/v1`));
    for (const [i, r] of records.entries()) {
      assert.deepStrictEqual(Object.keys(r).slice(0, Object.keys(originals[i]).length), Object.keys(originals[i]), 'the fields of the input, in its order');
      assert.strictEqual(r.test, originals[i].test);
      assert.ok(r.prompt.includes(`In ${r.rewrite.scenario}: `), r.prompt);
      assert.strictEqual(r.codemorph.format, 'humaneval-x');
    }
    assert.match(reason(result), /^rewrite: 6 of 6 variants of 6 problems written/);
  });

  it('says in one line what is wrong with the input', async () => {
    fs.writeFileSync(path.join(dir, 'crux.jsonl'), `${JSON.stringify({ id: 'sample_0', code: 'def f(x):\n    return x\n', input: '1', output: '1' })}\n`);
    const crux = await cliAsync(['rewrite', 'crux.jsonl', '--base-url', baseUrl], { cwd: dir, env });
    assert.notStrictEqual(crux.code, 0);
    assert.match(reason(crux), /holds cruxeval records: rewrite reads humaneval, humaneval-x, mbpp records/);
    const noKey = await cliAsync(['rewrite', 'humaneval.jsonl', '--base-url', baseUrl], { cwd: dir, env: { CODEMORPH_API_KEY: '', OPENAI_API_KEY: '' } });
    assert.notStrictEqual(noKey.code, 0);
    assert.match(reason(noKey), /rewrite needs an API key/);
    fs.mkdirSync(path.join(dir, 'bad'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'bad', 'pool.json'), 'not json');
    const badPool = await cliAsync(['rewrite', 'humaneval.jsonl', '--base-url', baseUrl, '--scenarios', 'bad/pool.json'], { cwd: dir, env });
    assert.match(reason(badPool), /bad\/pool\.json is not JSON .*: fix it, or remove it to start from the built-in scenarios/);
  });
});
