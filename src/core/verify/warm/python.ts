import path = require('path');
import { eachAlone } from './eachAlone';
import type { WarmSpec } from './helper';

/**
 * The warm Python checker (python/checker.py): one interpreter, the step's own, running
 * `python -m py_compile <file>` as that command line would (runpy, as __main__) without starting
 * an interpreter per step. Programs and tests still run in an interpreter of their own: running
 * them in the checker would let one program's imports, globals and threads reach the next.
 */
export const PYTHON_SPEC: WarmSpec = {
  lang: 'python',
  label: 'Python',
  folder: 'python',
  sources: ['checker.py'],
  // a check that this interpreter can run the helper at all (a Python 2 cannot)
  build: (python, out) => ({ command: python, args: ['-m', 'py_compile', path.join(out, 'checker.py')], env: process.env }),
  start: (python, out, env) => ({
    command: python,
    args: [path.join(out, 'checker.py')],
    // as runProcess starts every interpreter; py_compile writes its .pyc all the same
    env: { ...env, PYTHONDONTWRITEBYTECODE: '1' },
  }),
  request: (args, cwd) => {
    if (args.length < 3 || args[0] !== '-m' || args[1] !== 'py_compile' || args.slice(2).some((a) => a.startsWith('-'))) return undefined;
    return { request: { op: 'module', module: 'py_compile', args: args.slice(2), cwd } };
  },
  // a beam round's py_compile checks in one exchange, each run as it is alone (checker.py's `batch`)
  batch: eachAlone,
  // the interpreter's own settings (warnings, encodings, paths) and the locale its messages are in
  envMatters: (name) => /^(PYTHON.*|PATH|HOME|LANG|LANGUAGE|LC_.*)$/.test(name),
  rssLimitBytes: 512 * 1024 * 1024,
};
