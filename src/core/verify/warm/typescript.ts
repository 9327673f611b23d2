import fs = require('fs');
import path = require('path');
import { eachAlone } from './eachAlone';
import type { WarmSpec } from './helper';

/**
 * The warm TypeScript checker (typescript/checker.cjs): one Node process holding the workspace's
 * own compiler (the `typescript` package next to the resolved tsc) and the program of its last
 * check, so a step parses only the file that changed. It stands for `tsc ... --pretty false
 * <files>` (the compile check, and the build for the test level, whose emitted files it writes as
 * tsc does). A native tsc (typescript 7, CodeMorph's own) has no compiler API: the cold tsc runs.
 */
export const TYPESCRIPT_SPEC: WarmSpec = {
  lang: 'typescript',
  label: 'TypeScript',
  folder: 'typescript',
  sources: ['checker.cjs'],
  // a check that this Node can run the helper at all
  build: (_tsc, out) => ({ command: nodeCommand(), args: ['--check', path.join(out, 'checker.cjs')], env: nodeEnv(process.env) }),
  start: (tsc, out, env) => ({ command: nodeCommand(), args: [path.join(out, 'checker.cjs'), tsc], env: nodeEnv(env) }),
  supports: (tsc) => compilerApiOf(tsc) !== undefined,
  request: (args, cwd) => {
    if (args.length === 0 || args.some((a) => a.startsWith('@'))) return undefined;
    return { request: { op: 'tsc', args: [...args], cwd } };
  },
  // a beam round's tsc checks in one exchange, each compiled as it is alone (checker.cjs's `batch`)
  batch: eachAlone,
  // Node's own settings (NODE_OPTIONS, a heap limit) and TypeScript's
  envMatters: (name) => /^(NODE_.*|TSC_.*|TS_.*)$/.test(name),
  rssLimitBytes: 1024 * 1024 * 1024,
};

/** The Node that runs CodeMorph (in the editor, Electron's, run as Node). */
function nodeCommand(): string {
  return process.execPath;
}

function nodeEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return process.versions.electron ? { ...env, ELECTRON_RUN_AS_NODE: '1' } : { ...env };
}

/**
 * The JavaScript compiler next to a tsc (`<package>/bin/tsc` -> `<package>/lib/typescript.js`),
 * or undefined when there is none: typescript 7 is a native binary behind a Node wrapper.
 */
export function compilerApiOf(tsc: string): string | undefined {
  try {
    const library = path.join(path.dirname(path.dirname(fs.realpathSync(tsc))), 'lib', 'typescript.js');
    return fs.existsSync(library) ? library : undefined;
  } catch {
    return undefined;
  }
}
