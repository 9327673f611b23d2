import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runProcess } from '../../src/core/verify/process';
import { buildAndRun, compileCheck, ToolOptions } from '../../src/core/verify/singleFile';
import { CACHE_VARIABLE } from '../../src/core/verify/warm/cacheDir';
import { configureWarmCheckers, runningWarmCheckers, runWarm, stopWarmCheckers, WarmCall, warmCounts } from '../../src/core/verify/warm/pool';
import { corpusOf, corpusText } from '../support/corpus';
import { REPO } from '../support/harness';

/**
 * The warm TypeScript checker (issue 33, docs/warm-checkers.md) must print what the workspace's
 * own tsc prints, to the byte, and exit as it does: the corpus and broken variants of it go through
 * a workspace whose node_modules holds typescript 5 (the `typescript-5` devDependency) and through
 * one whose tsc is CodeMorph's own typescript 7 (native: no compiler API, the cold tsc runs).
 */

const TIMEOUT_MS = 120_000;
const SETTINGS = { idleMs: 5 * 60_000, deadlineMs: 30_000, startupMs: 300_000, maxCheckers: 4, rssLimitBytes: undefined };

/** A workspace folder whose node_modules holds `typescript` (a link to `pkg`), its .bin/tsc, and Node's types. */
function workspace(root: string, pkg: string): string {
  const ws = path.join(root, path.basename(pkg) === 'typescript' ? 'ws-native' : 'ws-js');
  if (fs.existsSync(ws)) return ws;
  fs.mkdirSync(path.join(ws, 'node_modules', '.bin'), { recursive: true });
  fs.mkdirSync(path.join(ws, 'node_modules', '@types'), { recursive: true });
  fs.mkdirSync(path.join(ws, 'src'), { recursive: true });
  fs.symlinkSync(pkg, path.join(ws, 'node_modules', 'typescript'));
  fs.symlinkSync('../typescript/bin/tsc', path.join(ws, 'node_modules', '.bin', 'tsc'));
  fs.symlinkSync(path.join(REPO, 'node_modules', '@types', 'node'), path.join(ws, 'node_modules', '@types', 'node'));
  return ws;
}

const BROKEN: { name: string; text: string }[] = [
  { name: 'a type error', text: 'const brokenType: number = "text";' },
  { name: 'a missing symbol', text: 'const brokenCall = undefinedHelper(3);' },
  { name: 'a syntax error', text: 'function broken( { }' },
  { name: 'a call with the wrong arity', text: 'function two(a: number, b: number): number { return a + b; }\nconst wrongArity = two(1);' },
  { name: 'an error whose message is a chain', text: 'const chained: { a: { b: number } } = { a: { b: "x" } };\nconst chain2: Array<{ n: number }> = [{ n: "y" }];' },
  { name: 'a valid addition', text: 'export const addition = [1, 2, 3].map((n) => n * 2);' },
];

function cases(): { name: string; text: string }[] {
  const out: { name: string; text: string }[] = [];
  corpusOf('typescript').forEach((entry, i) => {
    const text = corpusText('typescript', entry);
    out.push({ name: entry.file, text });
    for (const k of [i % BROKEN.length, (i + 3) % BROKEN.length]) out.push({ name: `${entry.file} with ${BROKEN[k].name}`, text: `${text.trimEnd()}\n\n${BROKEN[k].text}\n` });
  });
  return out;
}

describe('warm TypeScript checker', function () {
  this.timeout(20 * 60_000);
  let root: string;
  let savedCache: string | undefined;
  let ts5: string;
  before(() => {
    // the devDependency `typescript-5` (npm:typescript@5.x): a JavaScript compiler
    ts5 = path.dirname(require.resolve('typescript-5/package.json'));
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-warm-ts-'));
    savedCache = process.env[CACHE_VARIABLE];
    process.env[CACHE_VARIABLE] = path.join(root, 'cache');
  });
  after(() => {
    stopWarmCheckers();
    configureWarmCheckers(SETTINGS);
    if (savedCache === undefined) delete process.env[CACHE_VARIABLE];
    else process.env[CACHE_VARIABLE] = savedCache;
    fs.rmSync(root, { recursive: true, force: true });
  });
  afterEach(() => {
    stopWarmCheckers();
    configureWarmCheckers(SETTINGS);
  });

  it('typescript 5: the corpus and broken variants give what tsc prints, byte for byte, and its exit code, through one checker', async () => {
    const ws = workspace(root, ts5);
    const differences: string[] = [];
    let rejected = 0;
    const all = cases();
    for (const [i, c] of all.entries()) {
      const options: ToolOptions = { dir: path.join(root, `check-${i}`), overrides: {}, timeoutMs: TIMEOUT_MS, nearFile: path.join(ws, 'src', 'program.ts') };
      const cold = await compileCheck('typescript', c.text, 'program.ts', options);
      const before = warmCounts('typescript').answered;
      const notes: string[] = [];
      const warm = await compileCheck('typescript', c.text, 'program.ts', { ...options, warm: { onNote: (n) => notes.push(n) } });
      assert.deepStrictEqual(notes, [], `${c.name}: the checker failed`);
      assert.strictEqual(warmCounts('typescript').answered, before + 1, `${c.name}: the warm checker did not answer`);
      assert.deepStrictEqual(warm.commands, cold.commands, `${c.name}: the record names the cold command`);
      assert.match(cold.commands[0], /ws-js\/node_modules\/\.bin\/tsc .*--types node program\.ts$/);
      if (!cold.ok) rejected++;
      if (warm.ok !== cold.ok || warm.output !== cold.output) differences.push(`${c.name}: cold ${cold.ok ? 'accepts' : 'rejects'}, warm ${warm.ok ? 'accepts' : 'rejects'}\n${cold.output}\n---\n${warm.output}`);
    }
    assert.deepStrictEqual(differences, []);
    assert.ok(rejected >= BROKEN.length - 1, `only ${rejected} of ${all.length} rejected`);
    // one checker served every step
    assert.strictEqual(runningWarmCheckers().filter((r) => r.lang === 'typescript').length, 1);
  });

  it('typescript 5: the exit codes are tsc\'s (0, 2 with errors, 1 for errors with nothing emitted) and the build writes the same JavaScript', async () => {
    const ws = workspace(root, ts5);
    const tsc = path.join(ws, 'node_modules', '.bin', 'tsc');
    const dir = path.join(root, 'codes');
    fs.mkdirSync(dir, { recursive: true });
    const sources: Record<string, string> = {
      'good.ts': 'export const n: number = 1;\n',
      'bad.ts': 'const n: number = "x";\nexport {};\n',
      'syntax.ts': 'const n = (;\n',
    };
    for (const [file, text] of Object.entries(sources)) fs.writeFileSync(path.join(dir, file), text);
    const lines: string[][] = [
      ['--noEmit', '--pretty', 'false', 'good.ts'],
      ['--noEmit', '--pretty', 'false', 'bad.ts'],
      ['--noEmit', '--pretty', 'false', 'syntax.ts', 'bad.ts'],
      ['--noEmitOnError', '--outDir', 'out-a', '--pretty', 'false', 'bad.ts'],
      ['--outDir', 'out-b', '--module', 'commonjs', '--target', 'es2022', '--pretty', 'false', 'bad.ts', 'good.ts'],
    ];
    const codes: (number | null)[] = [];
    for (const args of lines) {
      const cold = await runProcess(tsc, args, { cwd: dir, timeoutMs: TIMEOUT_MS });
      codes.push(cold.code);
      const coldFiles = emitted(dir);
      for (const out of ['out-a', 'out-b']) fs.rmSync(path.join(dir, out), { recursive: true, force: true });
      const call: WarmCall = { lang: 'typescript', tool: tsc, args, cwd: dir, env: process.env, purpose: 'build', project: '', timeoutMs: TIMEOUT_MS, onNote: (n) => assert.fail(n) };
      const before = warmCounts('typescript').answered;
      const warm = await runWarm(call, () => assert.fail('the cold tool ran'));
      assert.strictEqual(warmCounts('typescript').answered, before + 1);
      assert.deepStrictEqual({ code: warm.code, stdout: warm.stdout, stderr: warm.stderr }, { code: cold.code, stdout: cold.stdout, stderr: cold.stderr }, args.join(' '));
      assert.deepStrictEqual(emitted(dir), coldFiles, args.join(' '));
      for (const out of ['out-a', 'out-b']) fs.rmSync(path.join(dir, out), { recursive: true, force: true });
    }
    // each of tsc's exit codes was compared
    assert.deepStrictEqual(codes, [0, 2, 2, 1, 2]);
  });

  it('typescript 5: a file changed under the same name is checked anew, not from the kept parse', async () => {
    const ws = workspace(root, ts5);
    const options: ToolOptions = { dir: path.join(root, 'same-name'), overrides: {}, timeoutMs: TIMEOUT_MS, nearFile: path.join(ws, 'src', 'program.ts') };
    const verdicts: boolean[] = [];
    for (const text of ['export const a: number = 1;\n', 'export const a: number = "x";\n', 'export const a: number = 1;\n', 'export const a: number = 2 +;\n']) {
      const cold = await compileCheck('typescript', text, 'program.ts', options);
      const warm = await compileCheck('typescript', text, 'program.ts', { ...options, warm: { onNote: (n) => assert.fail(n) } });
      assert.deepStrictEqual({ ok: warm.ok, output: warm.output }, { ok: cold.ok, output: cold.output });
      verdicts.push(warm.ok);
    }
    assert.deepStrictEqual(verdicts, [true, false, true, false]);
  });

  it('typescript 5: the test level builds with the checker and runs the JavaScript tsc would have written', async () => {
    const ws = workspace(root, ts5);
    const text = 'const words: string[] = ["a", "bb"];\nconsole.log(words.map((w) => w.length).join(","));\n';
    const options: ToolOptions = { dir: path.join(root, 'run'), overrides: {}, timeoutMs: TIMEOUT_MS, nearFile: path.join(ws, 'src', 'main.ts') };
    const before = warmCounts('typescript').answered;
    const outcome = await buildAndRun('typescript', text, 'main.ts', { ...options, warm: { onNote: (n) => assert.fail(n) } });
    assert.strictEqual(warmCounts('typescript').answered, before + 1);
    assert.ok(outcome.built.ok, outcome.built.output);
    assert.strictEqual(outcome.run?.stdout, '1,2\n');
  });

  it('a command line the checker does not reproduce (a tsconfig, --listFiles, pretty output) is left to the cold tsc, without a note', async () => {
    const ws = workspace(root, ts5);
    const tsc = path.join(ws, 'node_modules', '.bin', 'tsc');
    const dir = path.join(root, 'unsupported');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'a.ts'), 'export const a = 1;\n');
    fs.writeFileSync(path.join(dir, 'tsconfig.json'), '{ "files": ["a.ts"], "compilerOptions": { "noEmit": true } }\n');
    for (const args of [['--noEmit'], ['--noEmit', '--listFiles', '--pretty', 'false', 'a.ts'], ['--noEmit', 'a.ts'], ['--noEmit', '--pretty', 'false', '--unknownOption', 'a.ts']]) {
      let coldRan = 0;
      const notes: string[] = [];
      const call: WarmCall = { lang: 'typescript', tool: tsc, args, cwd: dir, env: process.env, purpose: 'check', project: '', timeoutMs: TIMEOUT_MS, onNote: (n) => notes.push(n) };
      const before = warmCounts('typescript').answered;
      await runWarm(call, () => {
        coldRan++;
        return runProcess(tsc, args, { cwd: dir, timeoutMs: TIMEOUT_MS });
      });
      assert.strictEqual(coldRan, 1, args.join(' '));
      assert.strictEqual(warmCounts('typescript').answered, before, args.join(' '));
      assert.deepStrictEqual(notes, []);
    }
  });

  it("typescript 7 (native, CodeMorph's own): no checker starts, the cold tsc checks every step, without a note", async () => {
    const ws = workspace(root, path.join(REPO, 'node_modules', 'typescript'));
    const before = warmCounts('typescript');
    for (const [i, text] of ['export const a: number = 1;\n', 'export const a: number = "x";\n'].entries()) {
      const options: ToolOptions = { dir: path.join(root, `native-${i}`), overrides: {}, timeoutMs: TIMEOUT_MS, nearFile: path.join(ws, 'src', 'program.ts') };
      const notes: string[] = [];
      const warm = await compileCheck('typescript', text, 'program.ts', { ...options, warm: { onNote: (n) => notes.push(n) } });
      assert.match(warm.commands[0], /ws-native\/node_modules\/\.bin\/tsc /);
      assert.strictEqual(warm.ok, i === 0, warm.output);
      if (i === 1) assert.match(warm.output, /program\.ts\(1,14\): error TS2322/);
      assert.deepStrictEqual(notes, []);
    }
    assert.deepStrictEqual(warmCounts('typescript'), before);
    assert.deepStrictEqual(runningWarmCheckers(), []);
  });

  it('a checker killed mid-request: the cold tsc checks the step, with a line in the log; the next step starts a fresh one', async () => {
    const ws = workspace(root, ts5);
    const options: ToolOptions = { dir: path.join(root, 'crash'), overrides: {}, timeoutMs: TIMEOUT_MS, nearFile: path.join(ws, 'src', 'program.ts') };
    const first = await compileCheck('typescript', 'export const a = 1;\n', 'program.ts', { ...options, warm: { onNote: (n) => assert.fail(n) } });
    assert.ok(first.ok, first.output);
    const [running] = runningWarmCheckers();
    const notes: string[] = [];
    process.kill(running.pid, 'SIGSTOP');
    const pending = compileCheck('typescript', 'export const a: number = "x";\n', 'program.ts', { ...options, warm: { onNote: (n) => notes.push(n) } });
    await new Promise((r) => setTimeout(r, 500));
    process.kill(running.pid, 'SIGKILL');
    const result = await pending;
    assert.strictEqual(result.ok, false);
    assert.match(result.output, /^program\.ts\(1,14\): error TS2322/);
    assert.strictEqual(notes.length, 1, notes.join('\n'));
    assert.match(notes[0], /^the warm TypeScript checker crashed \(exited with SIGKILL\): this step was checked by the cold tool \(.*\/tsc --noEmit .*program\.ts\); it is restarted for the next step$/);
    const again = await compileCheck('typescript', 'export const a = 2;\n', 'program.ts', { ...options, warm: { onNote: (n) => assert.fail(n) } });
    assert.ok(again.ok);
    assert.notStrictEqual(runningWarmCheckers()[0].pid, running.pid);
  });
});

/** The files under `out-*` folders of `dir`, with their contents. */
function emitted(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of fs.readdirSync(dir).filter((n) => n.startsWith('out-')).sort()) {
    for (const file of fs.readdirSync(path.join(dir, name)).sort()) out[`${name}/${file}`] = fs.readFileSync(path.join(dir, name, file), 'utf8');
  }
  return out;
}
