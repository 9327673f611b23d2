import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { REPO } from '../support/harness';

/**
 * Issue 35: the engine's layers, lowest first. A file of src/core imports only from its own layer
 * or the ones below; never from the editor (`vscode`, src/vscode) or the terminal (src/cli). A
 * top-level file of src/core is named by its name without `.ts`, a folder by its name.
 * docs/architecture.md describes the layers.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['errors', 'random', 'round', 'sorted', 'maps', 'redact', 'secretEnv', 'install', 'version', 'owned', 'files', 'userFiles', 'memory', 'watchdog', 'lazyBuiltins', 'attached', 'text'],
  ['languages'],
  ['workspace'],
  ['syntax'],
  ['similarity', 'sourceForm'],
  ['transforms', 'unit', 'provenance'],
  ['verify'],
  ['llm'],
  ['search', 'candidates'],
  ['engine', 'session'],
  ['benchmark', 'codecrash', 'quality'],
  ['dataset', 'design', 'rewrite', 'evaluate'],
];

/**
 * The imports that still run up the layers (file -> imported module), each a debt the
 * restructuring of issue 35 pays: a new one fails the test, a paid one must leave the list.
 */
const KNOWN_UPWARD: string[] = [];

const CORE = path.join(REPO, 'src', 'core');
const IMPORT = /^(?:import|export)[^;]*?from '([^']+)'|require\('([^']+)'\)/gm;

function layerOf(relToCore: string): number {
  const [first, ...rest] = relToCore.split('/');
  const name = rest.length ? first : first.replace(/\.ts$/, '');
  const index = LAYERS.findIndex((l) => l.includes(name));
  if (index < 0) throw new Error(`src/core/${relToCore} is in no layer: add ${name} to LAYERS in ${path.relative(REPO, __filename).replace(/\.js$/, '.ts').replace(/^out\//, '')}`);
  return index;
}

function coreFiles(dir = CORE): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? coreFiles(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
}

describe('the engine\'s import layers', () => {
  const files = coreFiles();
  const imports = files.flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(IMPORT)].map((m) => ({ file, spec: m[1] ?? m[2] })));

  it('src/core imports neither the editor nor the terminal', () => {
    const out = imports
      .filter(({ file, spec }) => spec === 'vscode' || (spec.startsWith('.') && /^(?:vscode|cli)(?:\/|$)/.test(path.relative(path.join(REPO, 'src'), path.resolve(path.dirname(file), spec)))))
      .map(({ file, spec }) => `${path.relative(REPO, file)} -> ${spec}`);
    assert.deepStrictEqual(out, []);
  });

  it('every file of src/core is in a layer, and imports from no layer above its own but the known ones', () => {
    const upward: string[] = [];
    for (const { file, spec } of imports) {
      if (!spec.startsWith('.')) continue;
      const target = path.relative(CORE, path.resolve(path.dirname(file), spec));
      if (target.startsWith('..')) continue;
      const from = path.relative(CORE, file).split(path.sep).join('/');
      const to = target.split(path.sep).join('/');
      if (layerOf(to.includes('/') ? to : `${to}.ts`) > layerOf(from)) upward.push(`src/core/${from} -> src/core/${to}`);
    }
    const found = [...new Set(upward)].sort();
    console.log(`      ${KNOWN_UPWARD.length} known imports up the layers (KNOWN_UPWARD)`);
    assert.deepStrictEqual(found.filter((u) => !KNOWN_UPWARD.includes(u)), [], 'new imports up the layers: move the code down, or what it needs');
    assert.deepStrictEqual(KNOWN_UPWARD.filter((u) => !found.includes(u)), [], 'these no longer import upward: take them off KNOWN_UPWARD');
  });
});
