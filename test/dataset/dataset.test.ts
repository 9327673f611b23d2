import * as assert from 'assert';
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { cli } from '../support/cli';
import { fixture, REPO } from '../support/harness';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-dataset-'));
const input = path.join(dir, 'in.jsonl');

/** Twenty records: the CRUXEval-style rows three times (other ids), a corrupt line and a record in an unknown language among them. */
function writeInput(): string[] {
  const rows = fs.readFileSync(fixture('cruxeval/python.jsonl'), 'utf8').split('\n').filter(Boolean);
  const copies = [1, 2].flatMap((n) =>
    rows.map((l) => {
      const r = JSON.parse(l);
      return JSON.stringify({ ...r, task_id: `${r.task_id}-copy${n}` });
    }),
  );
  const cobol = JSON.stringify({ task_id: 'cobol/0', code: 'x', language: 'cobol' });
  const lines = [...rows.slice(0, 3), '{"task_id": "broken", "code": ', ...rows.slice(3), cobol, '', ...copies];
  fs.writeFileSync(input, `${lines.join('\n')}\n`);
  return lines.filter((l) => l.trim());
}

// syntax checks keep it fast: what is tested here is the record plumbing, not verification
const OPTIONS = ['--max-iter', '8', '--verify', 'syntax', '--seed', '7', '--quiet'];

function run(out: string, ...extra: string[]) {
  const result = cli(['dataset', input, '--out', out, ...OPTIONS, ...extra]);
  assert.ok(result.code === 0, `exit ${result.code}: ${result.stderr}`);
  return fs.readFileSync(out, 'utf8');
}

describe('codemorph dataset', function () {
  this.timeout(300_000);
  const records = writeInput();
  let full = '';

  before(() => {
    full = run(path.join(dir, 'full.jsonl'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes one record per input line, in input order, with the perturbation fields', () => {
    const lines = full.trim().split('\n').map((l) => JSON.parse(l));
    assert.strictEqual(lines.length, records.length);
    assert.strictEqual(lines[0].task_id, 'crux/0');
    assert.strictEqual(lines[0].error, null);
    assert.ok(lines[0].perturbed_code && lines[0].perturbed_code !== lines[0].code);
    assert.ok(lines[0].similarity.overall < 1);
    assert.ok(Array.isArray(lines[0].steps) && lines[0].steps.length > 0);
    for (const field of ['task_id', 'code', 'language', 'entry_point', 'test', 'perturbed_code', 'perturbed_test', 'seed', 'similarity', 'growth', 'steps', 'error']) {
      assert.ok(field in lines[0], field);
    }
    // growth beside the similarity: the record's, and each step's
    assert.deepStrictEqual(Object.keys(lines[0]).slice(Object.keys(lines[0]).indexOf('similarity'), Object.keys(lines[0]).indexOf('similarity') + 2), ['similarity', 'growth']);
    assert.deepStrictEqual(Object.keys(lines[0].growth).sort(), ['lines', 'tokens']);
    assert.ok(lines[0].growth.tokens >= 1 && lines[0].growth.tokens <= 1.3, `growth ${lines[0].growth.tokens} within the default budget`);
    assert.ok(lines[0].steps.every((step: object) => 'growth' in step));
    // the test follows renames of the entry point
    const renamed = lines.find((l, i) => l.error === null && l.entry_point !== JSON.parse(records[i]).entry_point && l.perturbed_test);
    if (renamed) assert.ok(renamed.perturbed_test.includes(`${renamed.entry_point}(`), renamed.perturbed_test);
  });

  it('turns a corrupt line and an unknown language into error records and carries on', () => {
    const lines = full.trim().split('\n').map((l) => JSON.parse(l));
    assert.deepStrictEqual(Object.keys(lines[3]), ['task_id', 'line', 'error']);
    assert.strictEqual(lines[3].line, 4);
    assert.match(lines[3].error, /^line 4: not valid JSON/);
    const cobol = lines.find((l) => l.task_id === 'cobol/0');
    assert.match(cobol.error, /unknown language cobol/);
    assert.strictEqual(cobol.perturbed_code, null);
    assert.strictEqual(cobol.growth, null);
    assert.strictEqual(lines[lines.length - 1].error, null);
  });

  it('gives the same bytes with two workers', () => {
    assert.strictEqual(run(path.join(dir, 'two.jsonl'), '--workers', '2'), full);
  });

  it('splits into shards that hold exactly the full run\'s records', () => {
    const fullLines = full.trim().split('\n');
    for (let k = 0; k < 2; k++) {
      const shard = run(path.join(dir, `shard${k}.jsonl`), '--shard', `${k}/2`);
      assert.strictEqual(shard, `${fullLines.filter((_, i) => i % 2 === k).join('\n')}\n`);
    }
  });

  it('resumes after a partial last line to the same bytes', () => {
    const out = path.join(dir, 'resumed.jsonl');
    const lines = full.split('\n');
    fs.writeFileSync(out, `${lines.slice(0, 4).join('\n')}\n${lines[4].slice(0, 40)}`);
    assert.strictEqual(run(out, '--resume'), full);
  });

  it('refuses to overwrite an output without --resume', () => {
    const result = cli(['dataset', input, '--out', path.join(dir, 'full.jsonl'), ...OPTIONS]);
    assert.strictEqual(result.code, 2);
    assert.match(result.stderr, /already exists: pass --resume/);
  });

  it('survives being killed mid-run: the output stays valid and --resume completes it', async () => {
    const out = path.join(dir, 'killed.jsonl');
    const child = spawn(process.execPath, [path.join(REPO, 'dist', 'cli.js'), 'dataset', input, '--out', out, ...OPTIONS, '--workers', '2'], { stdio: 'ignore' });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    for (let i = 0; i < 600; i++) {
      await new Promise((r) => setTimeout(r, 50));
      if (fs.existsSync(out) && fs.readFileSync(out, 'utf8').split('\n').length > 3) break;
    }
    // killed as soon as three records are out: the run is then far from done
    child.kill('SIGKILL');
    await exited;
    const partial = fs.readFileSync(out, 'utf8');
    const kept = partial.split('\n').filter(Boolean);
    assert.ok(kept.length >= 3 && kept.length < records.length, `killed after ${kept.length} records`);
    for (const line of kept) JSON.parse(line);
    assert.ok(full.startsWith(partial), 'the records written before the kill are the full run\'s first ones');
    assert.strictEqual(run(out, '--resume'), full);
  });

  it('rejects bad --shard and missing --out as usage errors', () => {
    const shard = cli(['dataset', input, '--out', path.join(dir, 'x.jsonl'), '--shard', '3/3']);
    assert.strictEqual(shard.code, 2);
    assert.match(shard.stderr, /--shard 3\/3: K must be from 0 to N-1/);
    const noOut = cli(['dataset', input]);
    assert.strictEqual(noOut.code, 2);
    assert.match(noOut.stderr, /needs --out FILE/);
  });

  it('applies a CodeCrash perturbation to every record, the test renamed and still passing', () => {
    const out = path.join(dir, 'ren.jsonl');
    const result = cli(['dataset', fixture('cruxeval/python.jsonl'), '--out', out, '--perturbation', 'ren', '--verify', 'test', '--quiet']);
    assert.strictEqual(result.code, 0, result.stderr);
    for (const line of fs.readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l))) {
      assert.strictEqual(line.error, null);
      assert.strictEqual(line.entry_point, 'f');
      assert.strictEqual(line.steps[0].verified.test, true);
      assert.match(line.perturbed_test, /^assert f\(/);
      assert.deepStrictEqual(line.perturbation, { id: 'ren', kind: 'structural', contextual: false });
    }
  });

  it('tests MPS records by exit status, since its prints change the output by design', () => {
    const out = path.join(dir, 'mps.jsonl');
    const result = cli(['dataset', fixture('cruxeval/python.jsonl'), '--out', out, '--perturbation', 'mps', '--verify', 'test', '--quiet']);
    assert.strictEqual(result.code, 0, result.stderr);
    for (const line of fs.readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l))) {
      assert.strictEqual(line.error, null);
      assert.strictEqual(line.steps[0].verified.test, true);
      assert.match(line.perturbed_code, /print\(/);
      assert.deepStrictEqual(line.perturbation, { id: 'mps', kind: 'contextual', contextual: true });
    }
  });
});
