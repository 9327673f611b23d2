/**
 * `npm run bench:startup`: what a user waits for before anything happens.
 *
 * 1. A cold CLI run: `codemorph perturb` on one small corpus function (PESO, 15 iterations, syntax
 *    verification, so the figure is our own start-up and not a compiler's) in a fresh `node`, against
 *    a bare `node -e 0` measured alternately in the same run. Target: at most 3 times the bare start.
 *    The CLI starts from the code cache `npm run build` made (src/cliLauncher.ts); the same run without
 *    it is timed too, and the table says whether the cache was used.
 * 2. The extension's activation: dist/extension.js is loaded in plain Node with a minimal stand-in
 *    for the `vscode` module that records what activation registers, and `activate()` is timed. The
 *    stand-in is deliberate: the figure is about our own code (module loading and activate), which is
 *    what we can make slow; VS Code's part is not ours to measure here. The real-VS-Code check that
 *    activation loads no grammar is test/integration/activation.itest.ts; this benchmark also counts
 *    the wasm files read during activation, which must be none. Target: under 50 ms. Activation loads
 *    only the editor bundle: dist/engine.js (the engine, loaded on first use) must not be loaded by then,
 *    and the table gives both bundles' sizes, since loading dist/extension.js is most of the time.
 *
 * Options: --quick (5 runs instead of 10), --runs N.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { REPO } from '../test/support/harness';
import { machine, machineLine, option, table, writeResults } from './lib/report';
import { figure, Figure, fmtFigure, msSince, target } from './lib/stats';
import { BenchSummary, named } from './lib/summary';

const quick = process.argv.includes('--quick');
const runs = Number(option('runs') ?? (quick ? 5 : 10));
const CLI = path.join(REPO, 'dist', 'cli.js');
const EXTENSION = path.join(REPO, 'dist', 'extension.js');
const ENGINE = path.join(REPO, 'dist', 'engine.js');
const SUBJECT = { file: path.join(REPO, 'test', 'corpus', 'python', 'histogram.py'), fn: 'histogram' };

function timeSpawn(args: string[], env: NodeJS.ProcessEnv = {}): number {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { cwd: REPO, encoding: 'utf8', env: { ...process.env, ...env } });
  const ms = msSince(start);
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited with ${result.status}: ${result.stderr}`);
  return ms;
}

/** Runs this file again in activation mode in a fresh process and returns what it measured. */
function activationOnce(): { ms: number; loadMs: number; activateMs: number; wasmReads: string[]; registered: number; engineLoaded: boolean } {
  const result = spawnSync(process.execPath, [__filename, '--activate-once'], { cwd: REPO, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`activation run failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').pop()!);
}

/**
 * A stand-in for the `vscode` module: every property is another stand-in that can be called,
 * constructed, awaited (it is not a thenable), iterated (empty) and printed; `register*` and
 * `create*` calls are counted. Enough for activation to run its own code end to end.
 */
function standIn(registered: string[], name = 'vscode'): unknown {
  const target = function () {} as unknown as object;
  return new Proxy(target, {
    get(_t, prop) {
      if (prop === 'then') return undefined;
      if (prop === Symbol.iterator) return function* () {};
      if (prop === Symbol.toPrimitive) return () => name;
      if (prop === 'toString' || prop === 'toJSON') return () => name;
      if (typeof prop === 'symbol') return undefined;
      if (prop === 'isTrusted') return true;
      if (prop === 'length') return 0;
      return standIn(registered, `${name}.${prop}`);
    },
    apply() {
      const last = name.slice(name.lastIndexOf('.') + 1);
      if (/^(register|create)/.test(last)) registered.push(name);
      if (last === 'get') return undefined;
      return standIn(registered, `${name}()`);
    },
    construct() {
      return standIn(registered, `new ${name}`) as object;
    },
  });
}

function activateInThisProcess(): void {
  const registered: string[] = [];
  const wasmReads: string[] = [];
  const watch = <T extends (...args: never[]) => unknown>(fn: T): T =>
    ((...args: Parameters<T>) => {
      const file = String(args[0]);
      if (file.endsWith('.wasm')) wasmReads.push(path.basename(file));
      return fn(...args);
    }) as unknown as T;
  // The module object itself (not the import's namespace copy), so the bundle's reads go through the watch.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const realFs = require('fs') as { readFileSync: typeof fs.readFileSync; readFile: typeof fs.readFile; promises: { readFile: typeof fs.promises.readFile } };
  realFs.readFileSync = watch(realFs.readFileSync);
  realFs.readFile = watch(realFs.readFile);
  realFs.promises.readFile = watch(realFs.promises.readFile);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const Module = require('module') as { _load: (request: string, ...rest: unknown[]) => unknown };
  const load = Module._load;
  // The root is a plain object, like the real API, holding every name the real API exports (taken
  // from its type declarations), each a stand-in: code that reads or copies the module's own keys
  // meets what it would in VS Code. (The bundle used to copy them once per module importing vscode,
  // esbuild's interop for `import * as`; src/ now imports it with `import vscode = require(...)`.)
  const declarations = fs.readFileSync(path.join(REPO, 'node_modules', '@types', 'vscode', 'index.d.ts'), 'utf8');
  const names = [...new Set([...declarations.matchAll(/^\s*export (?:class|namespace|enum|function|const|let) (\w+)/gm)].map((x) => x[1]))];
  const api = standIn(registered) as Record<string, unknown>;
  const vscode = Object.fromEntries(names.map((name) => [name, api[name]]));
  Module._load = (request: string, ...rest: unknown[]) => (request === 'vscode' ? vscode : load(request, ...rest));
  const memento = { get: (_key: string, fallback?: unknown) => fallback, update: async () => undefined, keys: () => [] };
  const context = {
    subscriptions: [] as { dispose(): unknown }[],
    extensionPath: REPO,
    extensionUri: standIn(registered, 'extensionUri'),
    globalState: { ...memento, setKeysForSync: () => undefined },
    workspaceState: memento,
    secrets: standIn(registered, 'secrets'),
    storageUri: undefined,
    globalStorageUri: standIn(registered, 'globalStorageUri'),
    logUri: standIn(registered, 'logUri'),
    extensionMode: 1,
    asAbsolutePath: (p: string) => path.join(REPO, p),
  };
  const start = process.hrtime.bigint();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const extension = require(EXTENSION) as { activate(context: unknown): unknown };
  const loadMs = msSince(start);
  const activating = process.hrtime.bigint();
  extension.activate(context);
  const activateMs = msSince(activating);
  const ms = msSince(start);
  // Let anything activation scheduled "a moment after" run, so a grammar it loads early shows up.
  setTimeout(() => {
    const engineLoaded = require.cache[ENGINE] !== undefined;
    console.log(JSON.stringify({ ms, loadMs, activateMs, wasmReads, registered: registered.length, engineLoaded }));
    process.exit(0);
  }, 300);
}

function main(): void {
  if (!fs.existsSync(CLI) || !fs.existsSync(EXTENSION) || !fs.existsSync(ENGINE)) throw new Error('dist/ is missing: run `npm run build` first');
  const m = machine();
  const cliArgs = [CLI, 'perturb', SUBJECT.file, '--function', SUBJECT.fn, '--seed', '1', '--verify', 'syntax', '--json'];
  const bare: number[] = [];
  const cli: number[] = [];
  const uncached: number[] = [];
  const noCache = { CODEMORPH_CODE_CACHE: 'off' };
  const traced = spawnSync(process.execPath, cliArgs, { cwd: REPO, encoding: 'utf8', env: { ...process.env, CODEMORPH_TRACE_START: '1' } });
  const cacheState = /code cache (\w+)/.exec(traced.stderr)?.[1] ?? 'not reported';
  timeSpawn(['-e', '0']);
  timeSpawn(cliArgs);
  timeSpawn(cliArgs, noCache);
  for (let r = 0; r < runs; r++) {
    bare.push(timeSpawn(['-e', '0']));
    cli.push(timeSpawn(cliArgs));
    uncached.push(timeSpawn(cliArgs, noCache));
  }
  const activations = Array.from({ length: runs }, () => activationOnce());
  const bareF = figure(bare);
  const cliF = figure(cli);
  const uncachedF = figure(uncached);
  const activation = figure(activations.map((a) => a.ms));
  const loading = figure(activations.map((a) => a.loadMs));
  const activateCall = figure(activations.map((a) => a.activateMs));
  const wasm = [...new Set(activations.flatMap((a) => a.wasmReads))];
  const engineLoads = activations.filter((a) => a.engineLoaded).length;
  const kib = (file: string) => fs.statSync(file).size / 1024;
  const sizes = { extensionKiB: kib(EXTENSION), engineKiB: kib(ENGINE) };
  const targets = [
    target('cold CLI perturb / bare node start', cliF.median / bareF.median, 3, `${cliF.median.toFixed(0)} ms vs ${bareF.median.toFixed(0)} ms`),
    target('extension activation (ms)', activation.median, 50, `${activation.median.toFixed(1)} ms, ${activations[0].registered} registrations`),
    target('grammars (wasm files) read during activation', wasm.length, 0, wasm.length ? wasm.join(', ') : 'none'),
    target('runs that loaded dist/engine.js during activation', engineLoads, 0, `${engineLoads} of ${runs}`),
  ];
  const figures: [string, Figure][] = [
    ['bare `node -e 0`', bareF],
    [`cold CLI: perturb ${path.basename(SUBJECT.file)} --function ${SUBJECT.fn} --verify syntax (code cache ${cacheState})`, cliF],
    ['  the same without the code cache (CODEMORPH_CODE_CACHE=off)', uncachedF],
    ['extension activation (load + activate, stand-in vscode)', activation],
    ['  of which loading dist/extension.js', loading],
    ['  of which the activate() call', activateCall],
  ];
  const summary: BenchSummary = { figures: figures.map(([name, f]) => named(name, 'ms', f)), targets };
  const md = [
    '# Start-up benchmark',
    '',
    machineLine(m),
    '',
    `Median (min–max) of ${runs} runs, bare, CLI and uncached CLI runs alternating. Activation loads dist/extension.js in plain Node with a stand-in ` +
      '`vscode` module (our own code only; test/integration/activation.itest.ts covers activation in a real VS Code).',
    '',
    table(['figure', 'value'], [
      ...figures.map(([name, f]) => [name, fmtFigure(f, 'ms', 1)]),
      ['size of dist/extension.js (loaded on activation)', `${sizes.extensionKiB.toFixed(0)} KiB`],
      ['size of dist/engine.js (loaded on first use)', `${sizes.engineKiB.toFixed(0)} KiB`],
    ]),
    '',
    '## Targets',
    '',
    table(['target', 'value', 'limit', 'met', 'absolute'], targets.map((t) => [t.name, t.value.toFixed(2), `≤ ${t.limit}`, t.met ? 'met' : 'NOT met', t.detail])),
  ].join('\n');
  const written = writeResults('startup', md, { machine: m, options: { runs, quick }, bare: bareF, cli: cliF, uncachedCli: uncachedF, codeCache: cacheState, activation, wasmReads: wasm, sizes, summary });
  console.log(md);
  console.log(`\nwrote ${written.join(', ')}`);
}

if (process.argv.includes('--activate-once')) activateInThisProcess();
else main();
