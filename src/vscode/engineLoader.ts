import path = require('path');
import type * as EngineApi from './engine';

/**
 * Why the editor reaches src/core through `engine()`: activation must stay under 50 ms, and almost
 * all of that was Node loading one bundle holding the whole engine (26 transforms, similarity,
 * search, verification, the openai package, web-tree-sitter's glue). So the build makes two
 * bundles (scripts/build.mjs): dist/extension.js, the editor layer that activation loads, and
 * dist/engine.js (from ./engine.ts), required here the first time a command or view needs it.
 *
 * Editor code imports src/core only with `import type`, except these tiny dependency-free modules,
 * which are deliberately allowed in the editor bundle (the build fails on any other):
 *   core/languages/languageIds.ts  language ids, file extensions, editor id -> language
 *   core/text/edits.ts             minimalEdit: the one-range edit between two texts
 *   core/text/lines.ts             line arithmetic
 *   core/sorted.ts                 binary search (lines.ts uses it)
 * They hold no state and no classes, so their second copy in dist/engine.js is harmless (errors,
 * by contrast, are compared by instanceof and come only from the engine).
 *
 * The file is found beside this module under the same name in both builds: dist/engine.js next to
 * dist/extension.js in the bundled extension (esbuild keeps `__dirname` as the bundle's folder),
 * and out/src/vscode/engine.js next to out/src/vscode/engineLoader.js when tsc compiles the tests.
 * A computed path, so esbuild leaves this require alone instead of bundling the engine back in.
 */
let loaded: typeof EngineApi | undefined;

/** The engine if something has loaded it already: logging a line or deactivating must not load it just to find nothing there. */
export function loadedEngine(): typeof EngineApi | undefined {
  return loaded;
}

export function engine(): typeof EngineApi {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require(path.join(__dirname, 'engine.js')) as typeof EngineApi;
  return loaded;
}
