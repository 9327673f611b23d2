import fs = require('fs');
import path = require('path');
import type { WarmSpec } from './helper';

/**
 * The warm Java checker (java/Checker.java): one JVM running javac in-process. Bounded in memory
 * by its heap (-Xmx) and, from outside, by its resident size; C1 only and the serial collector,
 * which start faster and use less memory than the defaults and compile as fast once warm
 * (measured on JDK 17: about 25 ms of CPU per small file, against 1.6 s for a cold javac).
 * Programs and tests still run in a `java` of their own: a JVM start is about 0.2 s of CPU, and
 * running them in the checker would need System.exit and standard streams intercepted, which
 * JDK 17 allows only through the deprecated SecurityManager (gone in JDK 24), and would let one
 * program's threads and statics reach the next (docs/warm-checkers.md).
 */
export const JAVA_SPEC: WarmSpec = {
  lang: 'java',
  label: 'Java',
  folder: 'java',
  sources: ['Checker.java'],
  build: (javac, out) => ({ command: javac, args: ['-d', out, '-encoding', 'UTF-8', '-nowarn', path.join(out, 'Checker.java')], env: process.env }),
  start: (javac, out, env) => ({
    command: javaBeside(javac),
    args: ['-Xmx512m', '-Xss4m', '-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1', '-XX:-UsePerfData', '-cp', out, 'Checker'],
    env,
  }),
  // javac writes its classes in-process as it would from the command line: a build is a check that writes
  request: (args, cwd, env) => javacRequest(args, cwd, env),
  batch: (requests) => javacBatch(requests),
  // javac's default class path, the JVM's options and the charset its messages are printed in
  envMatters: (name) => /^(CLASSPATH|JAVA_TOOL_OPTIONS|JDK_JAVA_OPTIONS|_JAVA_OPTIONS|PATH|HOME|LANG|LANGUAGE|LC_.*)$/.test(name),
  rssLimitBytes: 1024 * 1024 * 1024,
};

/** The `java` of the JDK a javac belongs to (the `javac` on PATH is usually a link into it). */
function javaBeside(javac: string): string {
  try {
    const java = path.join(path.dirname(fs.realpathSync(javac)), 'java');
    if (fs.existsSync(java)) return java;
  } catch {
    // fall through: the javac is gone, and starting fails with a clear message
  }
  return path.join(path.dirname(javac), 'java');
}

/** javac options whose value is a path or a list of paths (made absolute: the checker's JVM has its own working folder). */
const PATH_OPTIONS = new Set([
  '-d',
  '-s',
  '-h',
  '-cp',
  '-classpath',
  '--class-path',
  '-sourcepath',
  '--source-path',
  '-processorpath',
  '--processor-path',
  '--module-path',
  '-p',
  '--module-source-path',
  '--upgrade-module-path',
  '--system',
]);
const CLASS_PATH_OPTIONS = new Set(['-cp', '-classpath', '--class-path']);
/** Options with a value that is not a path. */
const VALUE_OPTIONS = new Set(['-encoding', '--release', '-source', '--source', '-target', '--target', '-processor', '--add-modules', '--limit-modules', '--module', '-m', '-Xmaxerrs', '-Xmaxwarns']);
/** Options without a value. */
const FLAG_OPTIONS = /^(-nowarn|-g(:.*)?|-deprecation|-parameters|-Werror|-Xlint(:.*)?|-Xdoclint(:.*)?|-proc:\w+|-implicit:\w+|-verbose|-Xdiags:\w+|-A.*|--enable-preview|-XD.*)$/;

/**
 * The checker's request for a javac command line run in `cwd`, or undefined when it is not one
 * the checker can stand for (an option it does not know: the cold javac runs). Paths are made
 * absolute, and the class path javac would take from its working folder (`.`, or $CLASSPATH) is
 * given explicitly; `output` turns the answer's file names back into those javac would have printed.
 */
export function javacRequest(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): { request: Record<string, unknown>; output: (text: string) => string } | undefined {
  const abs = (p: string) => path.resolve(cwd, p);
  const list = (value: string) =>
    value
      .split(path.delimiter)
      .map((p) => (p ? abs(p) : p))
      .join(path.delimiter);
  const out: string[] = [];
  /** Source files named relatively, as javac's messages would name them. */
  const relative = new Map<string, string>();
  let classPath = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (PATH_OPTIONS.has(arg) && i + 1 < args.length) {
      out.push(arg, list(args[++i]));
      if (CLASS_PATH_OPTIONS.has(arg)) classPath = true;
    } else if (VALUE_OPTIONS.has(arg) && i + 1 < args.length) {
      out.push(arg, args[++i]);
    } else if (FLAG_OPTIONS.test(arg)) {
      out.push(arg);
    } else if (arg.startsWith('@')) {
      // an argument file's own paths are relative to the working folder too: only absolute ones are safe
      const file = abs(arg.slice(1));
      if (!argFileIsAbsolute(file)) return undefined;
      out.push(`@${file}`);
    } else if (!arg.startsWith('-') && arg.endsWith('.java')) {
      out.push(abs(arg));
      if (!path.isAbsolute(arg)) relative.set(abs(arg), arg);
    } else {
      return undefined;
    }
  }
  if (!classPath) out.unshift('-cp', env.CLASSPATH ? list(env.CLASSPATH) : cwd);
  // javac names a file as its command line did: those made absolute above are named as they were given
  const names = [...relative.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const shown = names.length ? new RegExp(`(^|\\s)(${names.join('|')})(?=[:\\s]|$)`, 'gm') : undefined;
  const output = (text: string) => (shown ? text.replace(shown, (_all, before: string, file: string) => before + relative.get(file)!) : text);
  return { request: { op: 'javac', args: out }, output };
}

function argFileIsAbsolute(file: string): boolean {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return false;
  }
  const words = text.match(/'[^']*'|"[^"]*"|\S+/g) ?? [];
  return words.every((w) => {
    const unquoted = w.replace(/^['"]|['"]$/g, '');
    return unquoted.startsWith('-') || path.isAbsolute(unquoted);
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * One javac task for many lone files' compile checks (Checker.java's `javac-batch`): only requests
 * of the shape singleFile.ts makes (`javac -d <classes> -encoding <charset> -nowarn <file>`, the
 * class path its own folder) in one charset, of files that declare no package of their own (each
 * is given one); the others are answered false (asked alone).
 */
function javacBatch(requests: readonly Record<string, unknown>[]): ReturnType<NonNullable<WarmSpec['batch']>> {
  let charset: string | undefined;
  const files: string[] = [];
  const at: number[] = [];
  requests.forEach((request, i) => {
    const args = request.args as string[];
    const [cp, cwd, d, , e, encoding, nowarn, file] = args;
    const shaped = args.length === 8 && cp === '-cp' && d === '-d' && e === '-encoding' && nowarn === '-nowarn' && file.endsWith('.java') && path.dirname(file) === cwd;
    if (!shaped || (charset !== undefined && encoding !== charset) || !withoutPackage(file)) return;
    charset = encoding;
    at.push(i);
    files.push(file);
  });
  if (files.length === 0) return undefined;
  return {
    request: { op: 'javac-batch', encoding: charset, files },
    clean: (answer) => {
      const clean = answer.clean;
      if (!Array.isArray(clean) || clean.length !== files.length) return undefined;
      const out = requests.map(() => false);
      at.forEach((i, k) => (out[i] = clean[k] === true));
      return out;
    },
  };
}

/** Whether a file can be given a package (the word `package` nowhere in it, nor the batch's own package names). */
function withoutPackage(file: string): boolean {
  try {
    return !/\bpackage\b|codemorph_batch/.test(fs.readFileSync(file, 'latin1'));
  } catch {
    return false;
  }
}
