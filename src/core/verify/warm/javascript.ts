import path = require('path');
import { eachAlone } from './eachAlone';
import type { WarmSpec } from './helper';

/**
 * The warm JavaScript checker (javascript/checker.cjs): one process of the `node` the cold
 * `node --check <file>` runs (the same V8 parser), compiling the file as Node's check_syntax would
 * (CommonJS through the module wrapper's parameters, a module through vm.SourceTextModule). It
 * answers only "clean"; a rejection, a format it is not sure of, anything unusual is answered
 * `unsupported` and the cold `node --check` gives the verdict and Node's own message.
 */
export const JAVASCRIPT_SPEC: WarmSpec = {
  lang: 'javascript',
  label: 'JavaScript',
  folder: 'javascript',
  sources: ['checker.cjs'],
  // a check that this node can run the helper at all
  build: (node, out) => ({ command: node, args: ['--check', path.join(out, 'checker.cjs')], env: withoutNodeOptions(process.env) }),
  start: (node, out, env) => ({
    command: node,
    // vm.SourceTextModule for `.mjs` files; its experimental warning would only reach the checker's log
    args: ['--experimental-vm-modules', '--no-warnings', path.join(out, 'checker.cjs')],
    env: withoutNodeOptions(env),
  }),
  request: (args, cwd, env) => {
    // only a bare `node --check <file>`: any other flag, or NODE_OPTIONS (which would reach the checker too), may change what node does
    if (args.length !== 2 || (args[0] !== '--check' && args[0] !== '-c') || args[1].startsWith('-')) return undefined;
    // (other NODE_* variables are the checker's own too: it asks once whether they make node print at start)
    if (env.NODE_OPTIONS) return undefined;
    return { request: { op: 'check', file: args[1], cwd } };
  },
  // a beam round's checks in one exchange, each as it is alone (checker.cjs's `batch`)
  batch: eachAlone,
  // Node's own settings
  envMatters: (name) => /^NODE_.*$/.test(name),
  rssLimitBytes: 512 * 1024 * 1024,
};

/** Node's options from the environment are the cold command's business: the checker runs without them. */
function withoutNodeOptions(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out = { ...env };
  delete out.NODE_OPTIONS;
  return out;
}
