import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { REPO } from './support/harness';

const DIST = path.join(REPO, 'dist');
const ARGS = ['perturb', path.join(REPO, 'examples', 'go', 'ledger.go'), '--seed', '3', '--verify', 'syntax', '--json'];

/** Runs `dist/cli.js` of `dist` with the start-up trace on; returns the cache state it reports and its stdout. */
function run(dist: string, env: NodeJS.ProcessEnv = {}, args = ARGS): { cache: string; wasm: string; flags: string; stdout: string } {
  const result = spawnSync(process.execPath, [path.join(dist, 'cli.js'), ...args], {
    cwd: REPO,
    env: { ...process.env, CODEMORPH_TRACE_START: '1', ...env },
    encoding: 'utf8',
  });
  assert.strictEqual(result.status, 0, result.stderr);
  const trace = /codemorph: code cache (\w+), wasm (\w+), v8 flags: (.*)/.exec(result.stderr);
  return { cache: trace?.[1] ?? '(not reported)', wasm: trace?.[2] ?? '(not reported)', flags: trace?.[3] ?? '(not reported)', stdout: result.stdout };
}

/** The document without its timings, which differ from run to run. */
function document(stdout: string): unknown {
  return JSON.stringify(JSON.parse(stdout), (key, value) => (/Ms$/.test(key) ? undefined : value));
}

describe('CLI launcher: the bundle starts from the code cache the build made', function () {
  this.timeout(120_000);
  let copy: string;

  before(() => {
    // a dist/ of its own for each damaged cache: the launcher, the bundle, the cache, the grammars
    copy = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-launcher-'));
    for (const file of fs.readdirSync(DIST)) {
      if (file === 'cli.js' || file === 'cli-main.js' || file === 'cli-main.cache') fs.copyFileSync(path.join(DIST, file), path.join(copy, file));
      else if (file.endsWith('.wasm')) fs.symlinkSync(path.join(DIST, file), path.join(copy, file));
    }
  });

  after(() => fs.rmSync(copy, { recursive: true, force: true }));

  it('is used after npm run build, and the run is the same as without it', () => {
    const cached = run(DIST);
    assert.strictEqual(cached.cache, 'used');
    // a one-unit run does without the optimising wasm compiler and counts JavaScript hot later
    // (src/cliLauncher.ts, tieringFor)
    assert.strictEqual(cached.wasm, 'baseline');
    assert.match(cached.flags, /--no-wasm-tier-up/);
    assert.match(cached.flags, /--interrupt-budget=\d+/);
    const plain = run(DIST, { CODEMORPH_CODE_CACHE: 'off' });
    assert.strictEqual(plain.cache, 'off');
    assert.strictEqual(document(cached.stdout), document(plain.stdout));
  });

  it('is ignored for a bundle it was not made from, even one of the same length', () => {
    const bundle = path.join(copy, 'cli-main.js');
    const text = fs.readFileSync(bundle, 'utf8');
    // the copy is newer than the cache's header says, so its digest is checked, and it matches
    assert.strictEqual(run(copy).cache, 'used');
    // V8 itself would accept the cache: it matches a source by its length only
    const marker = text.indexOf('codemorph: semantics-preserving');
    assert.ok(marker > 0);
    fs.writeFileSync(bundle, `${text.slice(0, marker)}C${text.slice(marker + 1)}`);
    try {
      const stale = run(copy);
      assert.strictEqual(stale.cache, 'stale');
      assert.strictEqual(document(stale.stdout), document(run(DIST).stdout));
    } finally {
      fs.writeFileSync(bundle, text);
    }
  });

  it('falls back to compiling when V8 rejects the cache, and runs without one', () => {
    const cache = path.join(copy, 'cli-main.cache');
    const saved = fs.readFileSync(cache);
    const expected = document(run(DIST).stdout);
    try {
      // the right header (digest, bundle size and time) in front of data that is not V8's
      fs.writeFileSync(cache, Buffer.concat([saved.subarray(0, 48), Buffer.alloc(4096, 7)]));
      const rejected = run(copy);
      assert.strictEqual(rejected.cache, 'rejected');
      assert.strictEqual(document(rejected.stdout), expected);
      fs.rmSync(cache);
      const absent = run(copy);
      assert.strictEqual(absent.cache, 'absent');
      assert.strictEqual(document(absent.stdout), expected);
    } finally {
      fs.writeFileSync(cache, saved);
    }
  });

  it('serves a dataset run too, which keeps the wasm tiering that one-unit runs turn off', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-launcher-dataset-'));
    try {
      const input = path.join(dir, 'in.jsonl');
      const source = fs.readFileSync(path.join(REPO, 'examples', 'go', 'ledger.go'), 'utf8');
      fs.writeFileSync(input, `${JSON.stringify({ task_id: 'ledger', language: 'go', code: source })}\n`);
      const out = path.join(dir, 'out.jsonl');
      const dataset = run(DIST, {}, ['dataset', input, '--out', out, '--seed', '3', '--verify', 'syntax']);
      // the flags are set after the bundle is compiled: V8 checks a cache against the flags it was made under
      assert.strictEqual(dataset.cache, 'used');
      assert.strictEqual(dataset.wasm, 'tiered');
      assert.strictEqual(dataset.flags, 'none');
      const records = fs.readFileSync(out, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
      assert.deepStrictEqual(records.map((r) => [r.task_id, r.error]), [['ledger', null]]);
      assert.notStrictEqual(records[0].perturbed_code, source);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
