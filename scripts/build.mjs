// Bundles the extension and the CLI with esbuild and copies the tree-sitter wasm files beside
// them, so both find their grammars in dist/ at run time (the packaged VSIX has no node_modules).
import * as esbuild from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
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

// esbuild would pick web-tree-sitter's ESM build, whose import.meta.url is empty in a CommonJS
// bundle; the package's own .cjs build has no such reference.
const webTreeSitterCjs = join(packageDir('web-tree-sitter'), 'web-tree-sitter.cjs');
const version = JSON.parse(readFileSync('package.json', 'utf8')).version;

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
};

const builds = [
  { ...common, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] },
  { ...common, entryPoints: ['src/cli.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
];

copyWasm();
if (watch) {
  for (const options of builds) {
    const ctx = await esbuild.context(options);
    await ctx.watch();
  }
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
}
