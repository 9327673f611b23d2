// Bundles the extension (in two parts, the editor layer and the engine: see below) and the CLI with
// esbuild and copies the tree-sitter wasm files beside them, so both find their grammars in dist/ at
// run time (the packaged VSIX has no node_modules).
import * as esbuild from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

// Grammar packages and the wasm each ships; the list is the single source of which files
// dist/ must hold (src/core/languages/languageIds.ts names them the same way).
const grammarFiles = [
  ['tree-sitter-python', 'tree-sitter-python.wasm'],
  ['tree-sitter-c', 'tree-sitter-c.wasm'],
  ['tree-sitter-cpp', 'tree-sitter-cpp.wasm'],
  ['tree-sitter-go', 'tree-sitter-go.wasm'],
  ['tree-sitter-rust', 'tree-sitter-rust.wasm'],
  ['tree-sitter-java', 'tree-sitter-java.wasm'],
  ['tree-sitter-javascript', 'tree-sitter-javascript.wasm'],
  ['tree-sitter-typescript', 'tree-sitter-typescript.wasm'],
  ['web-tree-sitter', 'web-tree-sitter.wasm'],
];

// Some packages do not export package.json, so find the folder through the lookup paths.
function packageDir(name) {
  for (const base of require.resolve.paths(name) ?? []) {
    const dir = join(base, name);
    if (existsSync(join(dir, 'package.json'))) return dir;
  }
  throw new Error(`${name} is not installed: run npm install`);
}

function copyWasm() {
  mkdirSync('dist', { recursive: true });
  for (const [pkg, file] of grammarFiles) {
    copyFileSync(join(packageDir(pkg), file), join('dist', file));
  }
}

// The warm checkers' helpers ship as source (src/core/verify/warm/<language>/), built on the user's
// machine with the workspace's own toolchain on first use (src/core/verify/warm/helper.ts).
const warmHelpers = [
  ['java', 'Checker.java'],
  ['go', 'checker.go'],
  ['python', 'checker.py'],
  ['typescript', 'checker.cjs'],
  ['javascript', 'checker.cjs'],
];

function copyWarmHelpers() {
  for (const [folder, file] of warmHelpers) {
    mkdirSync(join('dist', 'warm', folder), { recursive: true });
    copyFileSync(join('src', 'core', 'verify', 'warm', folder, file), join('dist', 'warm', folder, file));
  }
}

// esbuild would pick web-tree-sitter's ESM build, whose import.meta.url is empty in a CommonJS
// bundle; the package's own .cjs build has no such reference.
const webTreeSitterCjs = join(packageDir('web-tree-sitter'), 'web-tree-sitter.cjs');
const version = JSON.parse(readFileSync('package.json', 'utf8')).version;

/**
 * Fails the build when a bundle wraps a Node built-in or vscode in esbuild's namespace interop,
 * which `import * as fs from 'fs'` compiles to: it copies the module's every export into a new
 * object once per importing file: about 8 ms of a cold CLI start, and two thirds of the extension's
 * activation time before it was removed (issue 8). `import fs = require('fs')` is a plain require.
 * Development builds (the ones tests and CI use) are checked: minifying renames the helper.
 */
const namespaceCopies = {
  name: 'no-namespace-copies',
  setup(build) {
    build.onEnd((result) => {
      const file = build.initialOptions.outfile;
      if (result.errors.length > 0 || !existsSync(file)) return undefined;
      const copied = [...new Set([...readFileSync(file, 'utf8').matchAll(/__toESM\d*\(require\("([\w:/]+)"\)/g)].map((m) => m[1]))];
      if (copied.length === 0) return undefined;
      const text = `${file} copies the exports of ${copied.join(', ')} at load: import ${copied.length > 1 ? 'them' : 'it'} with \`import x = require('${copied[0]}')\`, not \`import * as x from '${copied[0]}'\``;
      return { errors: [{ text }] };
    });
  },
};

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: !production,
  minify: production,
  alias: { 'web-tree-sitter': webTreeSitterCjs },
  define: { CODEMORPH_VERSION: JSON.stringify(version) },
  logLevel: 'warning',
  plugins: [namespaceCopies],
};

// The extension is split in two bundles so activation stays cheap (issue 8: under 50 ms):
// dist/extension.js is only the editor layer (src/extension.ts, src/vscode/**), what VS Code loads
// on activation; dist/engine.js (src/vscode/engine.ts) is everything the editor uses from src/core
// (transforms, similarity, search, verification, the openai client, web-tree-sitter), required on
// first use by engine() in src/vscode/engineLoader.ts. The editor bundle may hold only these
// dependency-free core modules; anything else from src/core or node_modules fails the build, since
// it would silently put the engine back on the activation path.
const EDITOR_CORE_ALLOWED = ['src/core/languages/languageIds.ts', 'src/core/text/edits.ts', 'src/core/text/lines.ts', 'src/core/sorted.ts', 'src/core/search/stepCounts.ts', 'src/core/text/plural.ts', 'src/core/round.ts'];

/** Each language's import-free name and extensions (src/core/languages/<id>/identity.ts), which languageIds.ts reads. */
const LANGUAGE_IDENTITY = /^src\/core\/languages\/[a-z]+\/identity\.ts$/;

/** Checks what esbuild put into dist/extension.js (its metafile) against the split above. */
const editorOnly = {
  name: 'editor-only',
  setup(build) {
    build.onEnd((result) => {
      if (!result.metafile) return undefined;
      const stray = Object.keys(result.metafile.inputs).filter(
        (input) =>
          input === 'src/vscode/engine.ts' ||
          input.includes('node_modules/') ||
          (input.startsWith('src/core/') && !EDITOR_CORE_ALLOWED.includes(input) && !LANGUAGE_IDENTITY.test(input)),
      );
      if (stray.length === 0) return undefined;
      const shown = stray.slice(0, 5).join(', ') + (stray.length > 5 ? ` and ${stray.length - 5} more` : '');
      const text =
        `dist/extension.js would load the engine on activation: it includes ${shown}. In src/vscode and src/extension.ts, ` +
        'import src/core with `import type` and use values through engine() (src/vscode/engineLoader.ts), exporting them ' +
        'from src/vscode/engine.ts; only a tiny dependency-free module may join EDITOR_CORE_ALLOWED in scripts/build.mjs.';
      return { errors: [{ text }] };
    });
  },
};

const builds = [
  { ...common, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'], metafile: true, plugins: [...common.plugins, editorOnly] },
  { ...common, entryPoints: ['src/vscode/engine.ts'], outfile: 'dist/engine.js' },
  // the CLI: a small launcher (dist/cli.js, src/cliLauncher.ts) that starts the bundle from V8's code cache
  { ...common, entryPoints: ['src/cli.ts'], outfile: 'dist/cli-main.js' },
  { ...common, entryPoints: ['src/cliLauncher.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
];

const CODE_CACHE = join('dist', 'cli-main.cache');

// One whole-file perturbation per language, so the cache holds what every language's runs compile.
const CACHE_RUNS = [
  ['python', 'inventory.py'],
  ['c', 'rle.c'],
  ['cpp', 'routes.cpp'],
  ['go', 'ledger.go'],
  ['rust', 'wordstats.rs'],
  ['java', 'GradeBook.java'],
  ['javascript', 'cart.js'],
  ['typescript', 'intervals.ts'],
];

/**
 * Runs the CLI over the examples in this process and saves the code V8 compiled for it as
 * dist/cli-main.cache (see src/cliLauncher.ts). Without it the CLI works the same, only starts slower,
 * so a failure here is a warning, not a failed build.
 */
async function buildCodeCache() {
  rmSync(CODE_CACHE, { force: true });
  try {
    const launcher = require('../dist/cli.js');
    const loaded = launcher.loadBundle(false);
    const io = { out: () => undefined, err: () => undefined };
    for (const [lang, file] of CACHE_RUNS) {
      const args = ['perturb', join('examples', lang, file), '--seed', '1', '--verify', 'syntax', '--json'];
      const code = await loaded.main(args, io);
      if (code !== 0) throw new Error(`codemorph ${args.join(' ')} exited with ${code}`);
    }
    launcher.saveCodeCache(loaded);
  } catch (e) {
    console.warn(`warning: no code cache for the CLI (it starts slower): ${e.message}`);
  }
}

copyWasm();
copyWarmHelpers();
if (watch) {
  // rebuilt bundles would not match it anyway
  rmSync(CODE_CACHE, { force: true });
  for (const options of builds) {
    const ctx = await esbuild.context(options);
    await ctx.watch();
  }
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
  await buildCodeCache();
}
