import type { ChildProcess } from 'child_process';
import { DatasetOptions, failedJob, processJob, workerDied } from '../core/dataset/process';
import type { Job } from '../core/dataset/records';
import type { Executor } from '../core/dataset/run';
import { CodemorphError, ErrorKind, RunStoppingError, stopsRun } from '../core/errors';
import type { GrammarLoader } from '../core/languages/grammarLoader';
import { childProcess } from '../core/lazyBuiltins';
import { markedEnv, ownProcess, releaseProcess } from '../core/owned';

interface Reply {
  index: number;
  line: string;
  /** Instead of a line: the error that stops the whole run (stopsRun), for the parent to stop with. */
  stop?: { kind: ErrorKind; message: string };
}

/**
 * The worker side: a child process started by `dataset --workers N` with the parent's own
 * arguments plus --worker-ipc. Engine state (grammars, caches) is per process, so each worker
 * loads its own; it takes one job at a time and answers with the output line.
 */
export function serveWorker(loader: GrammarLoader, options: DatasetOptions): Promise<number> {
  return new Promise(() => {
    // the parent gone (killed, or done) means no more work: exit now, and the exit hook of
    // core/owned.ts kills the compilers and tests of a record still running and removes its folder
    process.on('disconnect', () => process.exit(0));
    // a parent that stopped the run (another worker's refused key) may be gone before this
    // worker's answer (EPIPE): nobody wants it then, a failed send must not end in a stack trace,
    // and 'disconnect' ends the worker
    const reply = (message: Reply) => {
      if (process.connected) process.send?.(message, undefined, undefined, () => undefined);
    };
    process.on('message', (job: Job) => {
      processJob(loader, job, options).then(
        (line) => reply({ index: job.index, line }),
        (e) =>
          reply(
            stopsRun(e)
              ? { index: job.index, line: '', stop: { kind: e.kind, message: e.message } }
              : { index: job.index, line: failedJob(job, `line ${job.line}: ${(e as Error).message ?? e}`) },
          ),
      );
    });
  });
}

interface Slot {
  child: ChildProcess;
  job: Job | null;
  resolve: ((line: string) => void) | null;
  reject: ((error: Error) => void) | null;
}

/**
 * The parent side: N child processes (child_process.fork of this same CLI), each given one job at
 * a time. A worker that dies mid-record turns that record into an error line and is replaced.
 * Workers are owned (core/owned.ts): killed with this process however it ends; each owns, and
 * cleans up after, its own compilers and tests. They keep the environment (the LLM engine needs
 * its key), marked with this run so that what they start is found too.
 */
export function forkedExecutor(count: number, argv: readonly string[]): { execute: Executor; close(): void } {
  const script = require.main?.filename ?? process.argv[1];
  const idle: Slot[] = [];
  const all = new Set<Slot>();
  const waiting: ((slot: Slot) => void)[] = [];
  let closed = false;

  const release = (slot: Slot) => {
    const next = waiting.shift();
    if (next) next(slot);
    else idle.push(slot);
  };

  const spawn = (): Slot => {
    const child = childProcess().fork(script, ['dataset', ...argv, '--worker-ipc'], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], env: markedEnv(process.env) });
    if (child.pid !== undefined) ownProcess(child.pid);
    const slot: Slot = { child, job: null, resolve: null, reject: null };
    all.add(slot);
    child.on('message', (reply: Reply) => {
      const done = slot.resolve;
      const fail = slot.reject;
      slot.job = null;
      slot.resolve = null;
      slot.reject = null;
      release(slot);
      if (reply.stop) fail?.(reply.stop.kind === 'cancelled' ? new CodemorphError('cancelled', reply.stop.message) : new RunStoppingError(reply.stop.kind, reply.stop.message));
      else done?.(reply.line);
    });
    child.on('exit', (code, signal) => {
      all.delete(slot);
      if (child.pid !== undefined) releaseProcess(child.pid);
      if (closed) return;
      const job = slot.job;
      const done = slot.resolve;
      const index = idle.indexOf(slot);
      if (index >= 0) idle.splice(index, 1);
      release(spawn());
      if (job && done) done(workerDied(job, signal ?? `exit ${code}`));
    });
    return slot;
  };
  for (let i = 0; i < count; i++) idle.push(spawn());

  const acquire = (): Promise<Slot> => {
    const slot = idle.shift();
    return slot ? Promise.resolve(slot) : new Promise((resolve) => waiting.push(resolve));
  };

  return {
    execute: async (job) => {
      const slot = await acquire();
      return new Promise<string>((resolve, reject) => {
        slot.job = job;
        slot.resolve = resolve;
        slot.reject = reject;
        slot.child.send(job);
      });
    },
    close: () => {
      closed = true;
      // busy ones too: an error in the parent ends the run while records are still out
      for (const slot of all) if (slot.child.connected) slot.child.disconnect();
      for (const slot of all) slot.child.kill();
    },
  };
}
