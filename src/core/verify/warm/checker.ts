import fs = require('fs');
import type { ChildProcess } from 'child_process';
import type { Socket } from 'net';
import { childProcess } from '../../lazyBuiltins';
import { ownGroup, releaseGroup } from '../../owned';
import { timedOutAfter } from '../timeout';

/** What a checker answers to a request: what the cold tool would have printed, or why it cannot stand for it. */
export interface WarmAnswer {
  id: number;
  code?: number;
  stdout?: string;
  stderr?: string;
  /** The checker cannot answer as the cold tool would (cgo, build constraints...): the cold tool runs, nothing is wrong. */
  unsupported?: string;
  /** The checker failed on the request. */
  error?: string;
  [field: string]: unknown;
}

/**
 * Why a checker gave no answer; the step then falls back to the cold tool. `missing`: the
 * toolchain it is built with is not installed (the cold tool says so in its own words);
 * `cancelled`: the run was.
 */
export class WarmFailure extends Error {
  constructor(
    readonly how: 'crashed' | 'hung' | 'failed' | 'cancelled' | 'missing',
    message: string,
  ) {
    super(message);
  }
}

/** How to start a checker's process. */
export interface StartCommand {
  command: string;
  args: string[];
  /** Its whole environment, secrets already taken out. */
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export interface CheckerLimits {
  /** Stopped after this long without a request (the editor's checkers; the CLI exits before). */
  idleMs: number;
  /** Building (first use) and starting it, up to its answer to `ping`. */
  startupMs: number;
}

/** How much of a checker's standard error is kept, to say why it died. */
const STDERR_KEPT = 2000;

/**
 * One long-lived checker process speaking JSON lines on its standard input and output: a request
 * `{"id":n,"op":...}` per line, an answer with the same id per line, one request at a time. The
 * process leads its own group, owned by the run as a standing group (../../owned.ts): every end
 * of the run kills it, the watchdog included. It never keeps Node alive on its own: its pipes are
 * referenced only while a request waits for its answer, and its idle timer is unref'd.
 */
export class WarmChecker {
  private child: ChildProcess | undefined;
  private nextId = 1;
  private pending: { id: number; child: ChildProcess; settle: (error: WarmFailure | null, answer?: WarmAnswer) => void } | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private lines = '';
  private stderrTail = '';
  private idleTimer: NodeJS.Timeout | undefined;
  /** Requests answered by the current process (a fresh one starts at 0). */
  answered = 0;

  constructor(
    /** How logs name it: "the warm Java checker". */
    readonly label: string,
    private readonly startCommand: (signal?: AbortSignal) => Promise<StartCommand>,
    private readonly limits: CheckerLimits,
  ) {}

  /** The running process's id (its group's), if one runs. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Sends one request (after those before it are answered); starts the process first if none runs. */
  request(payload: Record<string, unknown>, deadlineMs: number, signal?: AbortSignal): Promise<WarmAnswer> {
    const run = this.queue.then(async () => {
      if (signal?.aborted) throw new WarmFailure('cancelled', 'cancelled');
      await this.ensureStarted(signal);
      return this.exchange(payload, deadlineMs, signal, `${timedOutAfter(deadlineMs)} and was killed`);
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Resident memory of the process, in bytes (Linux; undefined elsewhere or when none runs). */
  rssBytes(): number | undefined {
    const pid = this.pid;
    if (pid === undefined) return undefined;
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'latin1');
      const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
      return kb ? Number(kb[1]) * 1024 : undefined;
    } catch {
      return undefined;
    }
  }

  /** Kills the process (its whole group); the next request starts a new one. */
  stop(): void {
    clearTimeout(this.idleTimer);
    const child = this.child;
    this.child = undefined;
    if (child?.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }

  private async ensureStarted(signal?: AbortSignal): Promise<void> {
    if (this.child) return;
    const started = Date.now();
    const start = await this.startCommand(signal);
    const child = childProcess().spawn(start.command, start.args, {
      cwd: start.cwd,
      env: start.env,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child = child;
    this.answered = 0;
    this.lines = '';
    this.stderrTail = '';
    const spawnFailed = new Promise<WarmFailure>((resolve) =>
      child.once('error', (e: NodeJS.ErrnoException) => resolve(new WarmFailure(e.code === 'ENOENT' ? 'missing' : 'failed', `could not start (${e.message})`))),
    );
    if (child.pid === undefined) {
      this.child = undefined;
      throw await spawnFailed;
    }
    child.on('error', () => undefined);
    const pid = child.pid;
    ownGroup(pid, 'standing');
    child.unref();
    child.stdin!.on('error', () => undefined);
    (child.stdin as Socket).unref();
    (child.stderr as Socket).unref();
    this.reference(false);
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => this.onOutput(chunk));
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-STDERR_KEPT);
    });
    child.on('exit', (code, sig) => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // the group went with it
      }
      releaseGroup(pid);
      if (this.child === child) this.child = undefined;
      // a process stopped (`stop`) may exit after its successor took a request: only its own request fails with it
      if (this.pending?.child !== child) return;
      const why = this.stderrTail.trim().split('\n').pop();
      this.pending.settle(new WarmFailure('crashed', `crashed (exited with ${sig ?? `code ${code}`}${why ? `: ${why}` : ''})`));
    });
    const budget = Math.max(1000, this.limits.startupMs - (Date.now() - started));
    try {
      await this.exchange({ op: 'ping' }, budget, signal, `did not start: ${timedOutAfter(this.limits.startupMs)}`);
      this.answered = 0;
    } catch (e) {
      this.stop();
      throw e;
    }
  }

  private exchange(payload: Record<string, unknown>, deadlineMs: number, signal: AbortSignal | undefined, hangMessage: string): Promise<WarmAnswer> {
    const child = this.child;
    if (!child) return Promise.reject(new WarmFailure('crashed', 'crashed (exited before the request)'));
    clearTimeout(this.idleTimer);
    const id = this.nextId++;
    this.reference(true);
    return new Promise<WarmAnswer>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.stop();
        settle(new WarmFailure('hung', hangMessage));
      }, Math.min(deadlineMs, 2 ** 31 - 1));
      const onAbort = () => {
        // a request cannot be taken back from the checker: it goes, the next step starts another
        this.stop();
        settle(new WarmFailure('cancelled', 'cancelled'));
      };
      const settle = (error: WarmFailure | null, answer?: WarmAnswer) => {
        if (this.pending?.id !== id) return;
        this.pending = undefined;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.reference(false);
        if (this.child) {
          this.idleTimer = setTimeout(() => this.stop(), this.limits.idleMs);
          this.idleTimer.unref();
        }
        if (error) reject(error);
        else resolve(answer!);
      };
      this.pending = { id, child, settle };
      signal?.addEventListener('abort', onAbort, { once: true });
      child.stdin!.write(`${JSON.stringify({ id, ...payload })}\n`);
    });
  }

  private onOutput(chunk: string): void {
    this.lines += chunk;
    for (let nl = this.lines.indexOf('\n'); nl >= 0; nl = this.lines.indexOf('\n')) {
      const line = this.lines.slice(0, nl).trim();
      this.lines = this.lines.slice(nl + 1);
      if (!line) continue;
      let answer: WarmAnswer;
      try {
        answer = JSON.parse(line) as WarmAnswer;
      } catch {
        this.stop();
        this.pending?.settle(new WarmFailure('failed', `answered something that is not JSON (${line.slice(0, 80)})`));
        return;
      }
      if (!this.pending || answer.id !== this.pending.id) continue;
      if (typeof answer.error === 'string') {
        // whatever went wrong inside may have left it in a bad state: a fresh one serves the next step
        this.stop();
        this.pending.settle(new WarmFailure('failed', `failed (${answer.error})`));
        continue;
      }
      this.answered++;
      this.pending.settle(null, answer);
    }
  }

  /** Keeps Node alive while an answer is awaited, and only then. */
  private reference(on: boolean): void {
    const out = this.child?.stdout as Socket | undefined;
    if (!out) return;
    if (on) out.ref();
    else out.unref();
  }
}
