import { childProcess } from '../lazyBuiltins';
import { markedEnv, ownGroup, releaseGroup } from '../owned';
import { withoutSecrets } from '../secretEnv';

export interface ProcessOptions {
  cwd: string;
  timeoutMs: number;
  /** The environment to start from (this process's by default); secrets are always taken out of it. */
  env?: NodeJS.ProcessEnv;
  input?: string;
  signal?: AbortSignal;
  /** Output beyond this many characters per stream is cut (a runaway test must not eat memory). */
  maxOutput?: number;
}

export interface ProcessResult {
  command: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  cancelled: boolean;
  /** Set when the executable could not be started at all (ENOENT: not installed). */
  spawnError?: NodeJS.ErrnoException;
  durationMs: number;
}

const DEFAULT_MAX_OUTPUT = 1 << 20;

/**
 * How long output is still read after the command exited and its group was killed. Only a child
 * that left the group (setsid) can hold the pipes open that long: what it wrote by then is kept,
 * and the step does not wait for it (it is killed with the run's other escapees, ../owned.ts).
 */
const OUTPUT_AFTER_EXIT_MS = 500;

/**
 * The environment every child gets: without secrets (../secretEnv.ts), with this run's mark (so a
 * child that leaves its group is still found, ../owned.ts).
 */
export function childEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return markedEnv(withoutSecrets(env));
}

/**
 * Runs a command in its own process group and kills the whole group when the timeout fires,
 * when the caller cancels, and after it exits (so nothing it started lingers). Compilers and
 * tests run workspace code: they must never outlive the step that started them, nor see a secret.
 * The group is owned (../owned.ts) while it runs, so the run's end by a signal or a crash kills it too.
 */
export function runProcess(command: string, args: readonly string[], options: ProcessOptions): Promise<ProcessResult> {
  const started = Date.now();
  const max = options.maxOutput ?? DEFAULT_MAX_OUTPUT;
  const display = [command, ...args].join(' ');
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    let cancelled = false;
    let settled = false;
    let drain: NodeJS.Timeout | undefined;
    const child = childProcess().spawn(command, args, {
      cwd: options.cwd,
      // Python trusts a .pyc whose source has the same size and mtime second: a step rewriting
      // `a + b` as `a - b` within a second of the one before would import that step's bytecode
      env: { ...childEnv(options.env), PYTHONDONTWRITEBYTECODE: '1' },
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    if (child.pid !== undefined) ownGroup(child.pid);
    const killGroup = () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // the group is already gone
      }
    };
    // a timer beyond 2^31 - 1 ms would fire after 1 ms (Node's TimeoutOverflowWarning)
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, Math.min(options.timeoutMs, 2 ** 31 - 1));
    const onAbort = () => {
      cancelled = true;
      killGroup();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) onAbort();

    const finish = (code: number | null, signal: NodeJS.Signals | null, spawnError?: NodeJS.ErrnoException) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(drain);
      options.signal?.removeEventListener('abort', onAbort);
      killGroup();
      if (child.pid !== undefined) releaseGroup(child.pid);
      resolve({ command: display, code, signal, stdout, stderr, timedOut, cancelled, spawnError, durationMs: Date.now() - started });
    };

    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (stdout.length < max) stdout += chunk.slice(0, max - stdout.length);
    });
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < max) stderr += chunk.slice(0, max - stderr.length);
    });
    child.on('error', (err: NodeJS.ErrnoException) => finish(null, null, err));
    child.on('exit', (code, signal) => {
      // what it started in the background ends with it
      killGroup();
      drain = setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
        finish(code, signal);
      }, OUTPUT_AFTER_EXIT_MS);
    });
    child.on('close', (code, signal) => finish(code, signal));
    child.stdin.on('error', () => undefined); // a program that exits without reading its input
    child.stdin.end(options.input ?? '');
  });
}

export function succeeded(result: ProcessResult): boolean {
  return result.code === 0 && !result.timedOut && !result.cancelled && !result.spawnError;
}

/** Compiler or test output in a form fit for a message: stderr first, trimmed. */
export function outputOf(result: ProcessResult, limit = 4000): string {
  const text = [result.stderr.trim(), result.stdout.trim()].filter(Boolean).join('\n');
  return text.length > limit ? `${text.slice(0, limit)}\n…` : text;
}
