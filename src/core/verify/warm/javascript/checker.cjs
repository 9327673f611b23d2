'use strict';
/*
 * The warm JavaScript checker of CodeMorph (docs/warm-checkers.md).
 *
 * One Node process, the very `node` the cold command runs (so V8's parser is the same), answering
 * one JSON line per request on standard input. A request stands for `node --check <file>`; the
 * checker answers only "clean" (exit 0, nothing printed), and only when it is sure the cold
 * command would say so. Everything else is answered `unsupported`, and the cold `node --check`
 * gives the verdict and its exact message (Node's own text, with its internal stack frames).
 *
 * Node's check_syntax (lib/internal/main/check_syntax.js) takes the file's format as its ES
 * module loader does, then compiles it: a module with ModuleWrap, anything else with the CommonJS
 * loader's wrapSafe (compileFunctionForCJSLoader: the source as the body of a function of
 * exports, require, module, __filename, __dirname). Here:
 *   - `.cjs`, or `.js` under a package.json whose "type" is "commonjs" or absent: compiled with
 *     vm.compileFunction and those five parameters; success is clean. (A "type"-less `.js` that
 *     compiles as CommonJS is CommonJS to Node's syntax detection too; a failure may be retried
 *     by Node as a module, which is why a failure is never an answer here.)
 *   - `.mjs`, or `.js` under "type": "module": compiled as a module with vm.SourceTextModule
 *     (the checker runs with --experimental-vm-modules); success is clean.
 *   - anything else: another extension, a shebang line or byte order mark, a (real) path Node
 *     would spell differently as a URL, a package.json that does not parse or has
 *     another "type", a folder named node_modules on the way up: `unsupported`.
 * A `batch` request ({"op":"batch","requests":[...]}) is answered with one answer per request, in
 * their order, each as it is alone. It ends when its standard input closes.
 */
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');
const readline = require('readline');
const vm = require('vm');
const { spawnSync } = require('child_process');

/** The CommonJS wrapper's parameters (Module.wrap, compileFunctionForCJSLoader). */
const CJS_PARAMETERS = ['exports', 'require', 'module', '__filename', '__dirname'];

/**
 * The variables that can make Node say something at start, and so key what quietStart remembers:
 * Node's own, OpenSSL's (a configuration or certificate file it loads) and libuv's.
 */
const START_VARIABLES = /^(NODE_|OPENSSL_|SSL_|UV_)/;

/**
 * What a quiet start depends on: those variables, and the files they name as they are now (a
 * bundle removed or replaced since makes a new key, so it is asked again).
 */
function startKey() {
  const hash = crypto.createHash('sha256');
  for (const name of Object.keys(process.env).filter((n) => START_VARIABLES.test(n)).sort()) {
    const value = process.env[name];
    hash.update(`${name}=${value}\0`);
    if (!path.isAbsolute(value)) continue;
    try {
      const stat = fs.statSync(value);
      hash.update(`${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}:${stat.mode}\0`);
    } catch {
      hash.update('-\0');
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Whether a cold `node --check` of a clean file prints nothing and exits 0 in this environment: its
 * NODE_* variables can make Node say something at start (an unreadable NODE_EXTRA_CA_CERTS, a
 * pending deprecation), which no compile here would see. Asked of this very file (a clean .cjs), by
 * the node that started the checker, once per environment: the probe is a second Node start, as
 * long as the checker's own, so a quiet answer is remembered in the checker's folder (which is this
 * node's: helper.ts keys it by the executable) under startKey. A noisy one is asked again each
 * time. When it is not quiet, every request goes cold.
 */
function quietStart() {
  const remembered = path.join(__dirname, `quiet-start-${startKey()}`);
  if (fs.existsSync(remembered)) return undefined;
  const probe = spawnSync(process.execPath, ['--check', __filename], { env: process.env, encoding: 'utf8', timeout: 60_000 });
  if (probe.status === 0 && probe.stdout === '' && probe.stderr === '') {
    try {
      fs.writeFileSync(remembered, '');
    } catch {
      // a read-only cache: the next checker asks again
    }
    return undefined;
  }
  return `node --check prints at start in this environment (${(probe.stderr || probe.stdout || `exit ${probe.status}`).trim().split('\n')[0]})`;
}

const noisy = quietStart();

function unsupported(why) {
  return { unsupported: why };
}

/**
 * The package.json "type" that governs a `.js` file, as Node's getPackageScopeConfig finds it
 * ('commonjs', 'module', or 'none' when no package.json names one), or undefined when in doubt.
 */
function packageType(file) {
  let dir = path.dirname(file);
  for (;;) {
    // Node stops at a node_modules folder; such files are not CodeMorph's steps
    if (path.basename(dir) === 'node_modules') return undefined;
    const pjson = path.join(dir, 'package.json');
    let text;
    try {
      text = fs.readFileSync(pjson, 'utf8');
    } catch (e) {
      if (!e || e.code !== 'ENOENT') return undefined;
      text = undefined;
    }
    if (text !== undefined) {
      let config;
      try {
        config = JSON.parse(text);
      } catch {
        return undefined;
      }
      if (config === null || typeof config !== 'object' || Array.isArray(config)) return undefined;
      if (config.type === undefined) return 'none';
      if (config.type === 'commonjs' || config.type === 'module') return config.type;
      return undefined;
    }
    const parent = path.dirname(dir);
    if (parent === dir) return 'none';
    dir = parent;
  }
}

/** The format Node's check_syntax would compile `file` in, or undefined when in doubt. */
function formatOf(file) {
  const ext = path.extname(file);
  if (ext === '.cjs') return 'commonjs';
  if (ext === '.mjs') return 'module';
  if (ext !== '.js') return undefined;
  const type = packageType(file);
  if (type === undefined) return undefined;
  return type === 'module' ? 'module' : 'commonjs';
}

/** What a cold `node --check <file>` run in `cwd` gives, when it is certainly exit 0 and nothing printed. */
function check(request) {
  if (typeof request.file !== 'string' || typeof request.cwd !== 'string') return unsupported('not a file');
  // Node takes the main file's real path (Module._resolveFilename): its package scope is the real file's
  let file;
  try {
    file = fs.realpathSync(path.resolve(request.cwd, request.file));
    if (!fs.statSync(file).isFile()) return unsupported('not a file');
  } catch {
    return unsupported('not a readable file');
  }
  // a name whose file: URL Node would spell with escapes (or a Windows path): left to Node
  if (!/^[A-Za-z0-9._/@+,=~ -]+$/.test(file)) return unsupported('an unusual file name');
  const format = formatOf(file);
  if (format === undefined) return unsupported('a module format in doubt');
  const source = fs.readFileSync(file, 'utf-8');
  if (source.startsWith('#!') || source.startsWith('\uFEFF')) return unsupported('a shebang line or byte order mark');
  try {
    if (format === 'commonjs') {
      vm.compileFunction(source, CJS_PARAMETERS, { filename: file });
    } else {
      if (typeof vm.SourceTextModule !== 'function') return unsupported('no vm.SourceTextModule');
      new vm.SourceTextModule(source, { identifier: file });
    }
  } catch {
    // a rejection (or a CommonJS failure Node retries as a module): its verdict and message are the cold node's
    return unsupported('not clean');
  }
  return { code: 0, stdout: '', stderr: '' };
}

function answerOne(request) {
  if (noisy) return unsupported(noisy);
  if (request && request.op === 'check') return check(request);
  return unsupported('unknown request');
}

function answer(message) {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

const input = readline.createInterface({ input: process.stdin, terminal: false });
input.on('line', (line) => {
  line = line.trim();
  if (!line) return;
  let request = {};
  try {
    request = JSON.parse(line);
    if (request.op === 'ping') answer({ id: request.id, pong: true });
    else if (request.op === 'batch') answer({ id: request.id, answers: request.requests.map(answerOne) });
    else answer({ id: request.id, ...answerOne(request) });
  } catch (e) {
    // the checker's own failure: the cold tool stands in, and a fresh checker serves the next step
    answer({ id: request.id, error: e && e.stack ? String(e.stack).split('\n').slice(0, 3).join(' | ') : String(e) });
  }
});
input.on('close', () => process.exit(0));
