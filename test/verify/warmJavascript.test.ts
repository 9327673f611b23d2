import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runProcess } from '../../src/core/verify/process';
import { compileCheck, compileCheckMany, ToolOptions } from '../../src/core/verify/singleFile';
import { CACHE_VARIABLE } from '../../src/core/verify/warm/cacheDir';
import { runningWarmCheckers, runWarm, stopWarmCheckers, warmCounts } from '../../src/core/verify/warm/pool';
import { corpusOf, corpusText } from '../support/corpus';

/**
 * The warm JavaScript checker (issue 33, docs/warm-checkers.md) answers only "clean", and only
 * where the cold `node --check` exits 0 without a word; everything else goes to the cold node,
 * whose verdict, message and exit code are then the step's. Each case below goes through both
 * (the real node, the real checker): the same exit code and output, and the warm checker answered
 * exactly the cases it is meant to (a checker that answered clean for everything fails here).
 */

const TIMEOUT_MS = 120_000;

/** Node's warnings name the process (`(node:1234) Warning: ...`): two cold runs differ there and only there. */
function samePid(text: string): string {
  return text.replace(/^\(node:\d+\)/gm, '(node:N)');
}

interface Case {
  name: string;
  file: string;
  text: string;
  /** The package.json beside the file (none: the one found above the temporary folder, if any). */
  pkg?: string;
  /** `warm`: answered clean by the checker; `cold`: left to the cold node. */
  by: 'warm' | 'cold';
  /** The cold node's exit code, where the case is about it. */
  code?: number;
}

const CASES: Case[] = [
  { name: 'clean CommonJS', file: 'unit.js', text: 'function add(a, b) { return a + b; }\nmodule.exports = { add };\n', by: 'warm', code: 0 },
  { name: 'a syntax error', file: 'unit.js', text: 'function broken( {\n', by: 'cold', code: 1 },
  { name: 'an import in a type-less .js (Node retries it as a module)', file: 'unit.js', text: 'import fs from "node:fs";\nconsole.log(fs);\n', by: 'cold' },
  { name: 'an import and a syntax error in a type-less .js', file: 'unit.js', text: 'import fs from "node:fs";\nlet = ;\n', by: 'cold' },
  { name: 'an import in a "type": "commonjs" package', file: 'unit.js', text: 'import fs from "node:fs";\n', pkg: '{"type":"commonjs"}', by: 'cold', code: 1 },
  { name: 'top-level await in a .js', file: 'unit.js', text: 'const v = await Promise.resolve(1);\nconsole.log(v);\n', by: 'cold' },
  { name: 'top-level await in a .cjs', file: 'unit.cjs', text: 'await 1;\n', by: 'cold', code: 1 },
  { name: 'a clean .mjs module', file: 'unit.mjs', text: 'import fs from "node:fs";\nexport const v = await Promise.resolve(fs.existsSync("x"));\nconsole.log(import.meta.url);\n', by: 'warm', code: 0 },
  { name: 'a .mjs module with a with statement (strict)', file: 'unit.mjs', text: 'with (Math) { console.log(PI); }\n', by: 'cold', code: 1 },
  { name: 'a .mjs module with two default exports', file: 'unit.mjs', text: 'export default 1;\nexport default 2;\n', by: 'cold', code: 1 },
  { name: 'a .mjs module using await as a name', file: 'unit.mjs', text: 'var await = 1;\n', by: 'cold', code: 1 },
  { name: 'a shebang line', file: 'unit.js', text: '#!/usr/bin/env node\nconsole.log(1);\n', by: 'cold', code: 0 },
  { name: 'return at the top level (CommonJS: the module wrapper is a function)', file: 'unit.js', text: 'if (process.argv.length > 5) return;\nconsole.log(1);\n', by: 'warm', code: 0 },
  { name: "'use strict' and a with statement", file: 'unit.js', text: "'use strict';\nwith (Math) { console.log(PI); }\n", by: 'cold', code: 1 },
  { name: "'use strict' and duplicate parameters", file: 'unit.js', text: "'use strict';\nfunction f(a, a) { return a; }\n", by: 'cold', code: 1 },
  { name: "'use strict' and an octal literal", file: 'unit.js', text: "'use strict';\nvar x = 010;\n", by: 'cold', code: 1 },
  { name: 'an octal literal and duplicate parameters, sloppy', file: 'unit.js', text: 'var x = 010;\nfunction f(a, a) { return a + x; }\nvar await = 2;\n', by: 'warm', code: 0 },
  { name: 'a module in a "type": "module" package', file: 'unit.js', text: 'import fs from "node:fs";\nexport const v = fs.existsSync("x");\n', pkg: '{"name":"m","type":"module"}', by: 'warm', code: 0 },
  { name: 'CommonJS-only code in a "type": "module" package (top-level return)', file: 'unit.js', text: 'if (process.argv.length > 5) return;\n', pkg: '{"type":"module"}', by: 'cold', code: 1 },
  { name: 'a sloppy octal in a "type": "module" package', file: 'unit.js', text: 'var x = 010;\n', pkg: '{"type":"module"}', by: 'cold', code: 1 },
  { name: 'a .cjs file in a "type": "module" package', file: 'unit.cjs', text: 'var x = 010;\nmodule.exports = x;\n', pkg: '{"type":"module"}', by: 'warm', code: 0 },
  { name: 'a wrapper parameter declared again in a .cjs', file: 'unit.cjs', text: 'let require = 1;\n', by: 'cold', code: 1 },
  { name: 'a wrapper parameter declared again in a type-less .js (Node retries it as a module)', file: 'unit.js', text: 'let require = 1;\n', by: 'cold', code: 0 },
  { name: 'a package.json that does not parse', file: 'unit.js', text: 'module.exports = 1;\n', pkg: '{"type":', by: 'cold' },
  { name: 'a package.json with another type', file: 'unit.js', text: 'module.exports = 1;\n', pkg: '{"type":"wasm"}', by: 'cold' },
  { name: 'a .jsx file', file: 'unit.jsx', text: 'module.exports = 1;\n', by: 'cold' },
];

describe('warm JavaScript checker', function () {
  this.timeout(10 * 60_000);
  let root: string;
  let savedCache: string | undefined;
  const env = { ...process.env };
  // the cold node's options from the environment send every step to it (spec.request): none here
  delete env.NODE_OPTIONS;
  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-warm-js-'));
    savedCache = process.env[CACHE_VARIABLE];
    process.env[CACHE_VARIABLE] = path.join(root, 'cache');
  });
  after(() => {
    stopWarmCheckers();
    if (savedCache === undefined) delete process.env[CACHE_VARIABLE];
    else process.env[CACHE_VARIABLE] = savedCache;
    fs.rmSync(root, { recursive: true, force: true });
  });

  function place(c: Case, i: number): string {
    const dir = path.join(root, `case-${i}`);
    fs.mkdirSync(dir, { recursive: true });
    if (c.pkg !== undefined) fs.writeFileSync(path.join(dir, 'package.json'), c.pkg);
    fs.writeFileSync(path.join(dir, c.file), c.text);
    return dir;
  }

  it("node --check: the same exit code and output warm and cold; the checker answers exactly the clean cases it can be sure of", async () => {
    const differences: string[] = [];
    for (const [i, c] of CASES.entries()) {
      const cwd = place(c, i);
      const args = ['--check', c.file];
      const cold = await runProcess(process.execPath, args, { cwd, timeoutMs: TIMEOUT_MS, env });
      const before = warmCounts('javascript').answered;
      const notes: string[] = [];
      const warm = await runWarm(
        { lang: 'javascript', tool: process.execPath, args, cwd, env, purpose: 'check', project: '', timeoutMs: TIMEOUT_MS, onNote: (n) => notes.push(n) },
        () => runProcess(process.execPath, args, { cwd, timeoutMs: TIMEOUT_MS, env }),
      );
      assert.deepStrictEqual(notes, [], `${c.name}: the checker failed`);
      const by = warmCounts('javascript').answered > before ? 'warm' : 'cold';
      if (c.code !== undefined && cold.code !== c.code) differences.push(`${c.name}: the cold node exits ${cold.code}, not ${c.code}:\n${cold.stderr}`);
      if (warm.code !== cold.code || warm.stdout !== cold.stdout || samePid(warm.stderr) !== samePid(cold.stderr)) {
        differences.push(`${c.name} (${by}): cold exits ${cold.code}, warm ${warm.code}\n${cold.stdout}${cold.stderr}\n---\n${warm.stdout}${warm.stderr}`);
      }
      if (by !== c.by) differences.push(`${c.name}: answered ${by}, expected ${c.by}`);
      assert.strictEqual(warm.command, cold.command, `${c.name}: the record names the cold command`);
    }
    assert.deepStrictEqual(differences, []);
    assert.strictEqual(runningWarmCheckers().filter((r) => r.lang === 'javascript').length, 1, 'one checker served every step');
  });

  it("a link is checked as Node checks it, by its real file's name and package scope", async () => {
    const dir = path.join(root, 'links');
    fs.mkdirSync(path.join(dir, 'real'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'step'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'real', 'package.json'), '{"type":"module"}');
    // CommonJS-only code whose real file is under "type": "module": a module to Node, rejected
    fs.writeFileSync(path.join(dir, 'real', 'unit.js'), 'if (process.argv.length > 5) return;\n');
    fs.writeFileSync(path.join(dir, 'real', 'clean.cjs'), 'module.exports = 010;\n');
    fs.symlinkSync('../real/unit.js', path.join(dir, 'step', 'unit.js'));
    fs.symlinkSync('../real/clean.cjs', path.join(dir, 'step', 'clean.js'));
    const cwd = path.join(dir, 'step');
    for (const [file, by, code] of [['unit.js', 'cold', 1], ['clean.js', 'warm', 0]] as const) {
      const args = ['--check', file];
      const cold = await runProcess(process.execPath, args, { cwd, timeoutMs: TIMEOUT_MS, env });
      const before = warmCounts('javascript').answered;
      const warm = await runWarm(
        { lang: 'javascript', tool: process.execPath, args, cwd, env, purpose: 'check', project: '', timeoutMs: TIMEOUT_MS, onNote: (n) => assert.fail(n) },
        () => runProcess(process.execPath, args, { cwd, timeoutMs: TIMEOUT_MS, env }),
      );
      assert.strictEqual(cold.code, code, `${file}: ${cold.stderr}`);
      assert.deepStrictEqual([warm.code, warm.stdout, warm.stderr], [cold.code, cold.stdout, cold.stderr], file);
      assert.strictEqual(warmCounts('javascript').answered > before ? 'warm' : 'cold', by, file);
    }
  });

  it('an environment in which node prints at start (an unreadable NODE_EXTRA_CA_CERTS) sends every step to the cold node', async () => {
    const noisy = { ...env, NODE_EXTRA_CA_CERTS: path.join(root, 'no-such-bundle.pem') };
    const c = CASES[0];
    const cwd = place(c, 100);
    const args = ['--check', c.file];
    const cold = await runProcess(process.execPath, args, { cwd, timeoutMs: TIMEOUT_MS, env: noisy });
    assert.match(cold.stderr, /Ignoring extra certs/);
    const before = warmCounts('javascript').answered;
    const warm = await runWarm(
      { lang: 'javascript', tool: process.execPath, args, cwd, env: noisy, purpose: 'check', project: '', timeoutMs: TIMEOUT_MS, onNote: (n) => assert.fail(n) },
      () => runProcess(process.execPath, args, { cwd, timeoutMs: TIMEOUT_MS, env: noisy }),
    );
    assert.strictEqual(warmCounts('javascript').answered, before, 'answered warm');
    assert.deepStrictEqual([warm.code, warm.stdout, warm.stderr], [cold.code, cold.stdout, cold.stderr]);
  });

  it('a quiet start is remembered per environment, and asked again when a file the environment names is gone', async () => {
    const bundle = path.join(root, 'extra-certs.pem');
    // an empty bundle: node loads it without a word
    fs.writeFileSync(bundle, '');
    const withBundle = { ...env, NODE_EXTRA_CA_CERTS: bundle };
    const c = CASES[0];
    const cwd = place(c, 102);
    const args = ['--check', c.file];
    const ask = () =>
      runWarm(
        { lang: 'javascript', tool: process.execPath, args, cwd, env: withBundle, purpose: 'check', project: '', timeoutMs: TIMEOUT_MS, onNote: (n) => assert.fail(n) },
        () => runProcess(process.execPath, args, { cwd, timeoutMs: TIMEOUT_MS, env: withBundle }),
      );
    const helpers = path.join(root, 'cache', 'warm');
    const remembered = () =>
      (fs.existsSync(helpers) ? fs.readdirSync(helpers) : [])
        .filter((d) => d.startsWith('javascript-') && !d.includes('.tmp-'))
        .flatMap((d) => fs.readdirSync(path.join(helpers, d)).filter((f) => f.startsWith('quiet-start-')));
    stopWarmCheckers();
    const known = remembered().length;
    let before = warmCounts('javascript').answered;
    assert.strictEqual((await ask()).code, 0);
    assert.strictEqual(warmCounts('javascript').answered, before + 1, 'a quiet start: answered warm');
    assert.strictEqual(remembered().length, known + 1, 'the quiet start of this environment is remembered');
    // the same variable, its file gone: node now prints at start, and a fresh checker must find that out
    stopWarmCheckers();
    fs.rmSync(bundle);
    const cold = await runProcess(process.execPath, args, { cwd, timeoutMs: TIMEOUT_MS, env: withBundle });
    assert.match(cold.stderr, /Ignoring extra certs/);
    before = warmCounts('javascript').answered;
    const warm = await ask();
    assert.strictEqual(warmCounts('javascript').answered, before, 'answered warm from a stale memory');
    assert.deepStrictEqual([warm.code, warm.stdout, samePid(warm.stderr)], [cold.code, cold.stdout, samePid(cold.stderr)]);
  });

  it("the checker is the cold command's node, and its environment holds no secret", async () => {
    const secretEnv = { ...env, OPENAI_API_KEY: 'sk-warm-secret', MY_WARM_TOKEN: 'warm-token-secret', CODEMORPH_SECRET_ENV: 'MY_WARM_*' };
    const c = CASES[0];
    const cwd = place(c, 101);
    const args = ['--check', c.file];
    const before = warmCounts('javascript').answered;
    const warm = await runWarm(
      { lang: 'javascript', tool: process.execPath, args, cwd, env: secretEnv, purpose: 'check', project: '', timeoutMs: TIMEOUT_MS, onNote: (n) => assert.fail(n) },
      () => runProcess(process.execPath, args, { cwd, timeoutMs: TIMEOUT_MS, env: secretEnv }),
    );
    assert.strictEqual(warm.code, 0);
    assert.strictEqual(warmCounts('javascript').answered, before + 1);
    // the checker serving this environment (its secrets' names make it one of its own)
    const pids = runningWarmCheckers().filter((r) => r.lang === 'javascript').map((r) => r.pid);
    const environs = pids.map((pid) => fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0'));
    for (const environ of environs) assert.ok(!environ.some((e) => e.includes('secret')), environ.join('\n'));
    assert.ok(pids.some((pid) => fs.realpathSync(`/proc/${pid}/exe`) === fs.realpathSync(process.execPath)));
  });

  it('the corpus: every file is accepted warm as cold, the clean ones answered by the checker', async () => {
    for (const [i, entry] of corpusOf('javascript').entries()) {
      const text = corpusText('javascript', entry);
      const options: ToolOptions = { dir: path.join(root, `corpus-${i}`), overrides: {}, timeoutMs: TIMEOUT_MS };
      const cold = await compileCheck('javascript', text, entry.file, options);
      const before = warmCounts('javascript').answered;
      const warm = await compileCheck('javascript', text, entry.file, { ...options, warm: { onNote: (n) => assert.fail(n) } });
      assert.deepStrictEqual({ ok: warm.ok, output: warm.output, commands: warm.commands }, { ok: cold.ok, output: cold.output, commands: cold.commands }, entry.file);
      if (cold.ok && !text.startsWith('#!')) assert.strictEqual(warmCounts('javascript').answered, before + 1, `${entry.file}: not answered warm`);
    }
  });

  it('a batch takes the clean candidates and leaves the others to their own check, whose verdicts are the cold ones', async () => {
    const sources = CASES.filter((c) => c.file === 'unit.js' && c.pkg === undefined).map((c) => c.text);
    const commandDir = path.join(root, 'batch-command');
    const options: ToolOptions = { dir: path.join(root, 'batch'), overrides: {}, timeoutMs: TIMEOUT_MS, warm: { onNote: (n) => assert.fail(n) } };
    const batched = await compileCheckMany('javascript', sources, 'unit.js', commandDir, options);
    const before = warmCounts('javascript');
    let taken = 0;
    for (const [i, text] of sources.entries()) {
      const cold = await compileCheck('javascript', text, 'unit.js', { dir: commandDir, overrides: {}, timeoutMs: TIMEOUT_MS });
      const clean = cold.ok && cold.output === '';
      const expected = CASES.find((c) => c.text === text)!.by === 'warm';
      assert.strictEqual(batched[i] !== undefined, expected, `candidate ${i}: ${expected ? 'not taken' : 'taken'} by the batch`);
      if (batched[i]) {
        taken++;
        assert.ok(clean, `candidate ${i}: the batch called clean what the cold node rejects:\n${cold.output}`);
        assert.deepStrictEqual(batched[i]!.commands, cold.commands);
      }
    }
    assert.ok(taken >= 3, `only ${taken} taken`);
    assert.strictEqual(before.batched >= taken, true);
  });
});
