import fs = require('fs');
import os = require('os');
import path = require('path');
import type { ChildProcess } from 'child_process';
import type { Socket } from 'net';
import { childProcess } from './lazyBuiltins';
import { withoutSecrets } from './secretEnv';
import { WATCHDOG_SCRIPT } from './watchdog';

/**
 * Everything this process started that must not outlive it: the process groups of running
 * compilers and tests, dataset workers, scratch folders. One registry per process, so that every
 * way a run ends stops all of it:
 * - a step's end kills its group (runProcess), a run's end removes its folder (Verifier.dispose);
 * - any exit of this process (normal end, error, process.exit from a signal handler, a dataset
 *   worker whose parent went away) kills and removes what is left, in an 'exit' hook;
 * - SIGKILL of this process (or a crash past the hook) is covered by the watchdog (./watchdog.ts),
 *   started with the first thing owned, so a run that starts nothing starts no watchdog either.
 * Children that leave their process group are found by the run mark every child's environment
 * carries (RUN_VARIABLE); the watchdog kills them when the run ends.
 */

/** Holds the run marks of every CodeMorph process a child descends from, ':'-separated. */
export const RUN_VARIABLE = 'CODEMORPH_RUN';

const groups = new Set<number>();
/** Groups that live across steps (warm checkers, ./verify/warm): owned like the others, but no step is running in them. */
const standing = new Set<number>();
const processes = new Set<number>();
const folders = new Set<string>();
let token: string | undefined;
/** null: could not be started (the registry still works in this process; SIGKILL is then not covered). */
let watchdog: ChildProcess | null | undefined;
let hooked = false;
/** Whether a child was started since the watchdog last looked for escaped ones. */
let startedSinceSweep = false;

/** This process's run mark: unique to it, not a secret (it only names the run). */
function runToken(): string {
  token ??= `${process.pid.toString(36)}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 10)}`;
  return token;
}

/** `env` with this run's mark added (after the marks of the runs that started this process, if any). */
export function markedEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const inherited = env[RUN_VARIABLE];
  return { ...env, [RUN_VARIABLE]: inherited ? `${inherited}:${runToken()}` : runToken() };
}

function startWatchdog(): ChildProcess | null {
  if (process.platform === 'win32') return null;
  try {
    // a plain environment: no key, no NODE_OPTIONS (a --require or --inspect meant for the user's Node)
    const env: NodeJS.ProcessEnv = { PATH: withoutSecrets().PATH ?? '' };
    if (process.versions.electron) env.ELECTRON_RUN_AS_NODE = '1';
    const child = childProcess().spawn(process.execPath, ['-e', WATCHDOG_SCRIPT, String(process.pid), runToken()], {
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
      env,
      // holds no folder of the user's (nor a mount point) open
      cwd: '/',
    });
    child.on('error', () => {
      watchdog = null;
    });
    child.stdin!.on('error', () => undefined);
    // it must not keep this process alive: it ends when this process does
    child.unref();
    (child.stdin as Socket).unref();
    return child;
  } catch {
    return null;
  }
}

/** Starts the watchdog and the exit hook with the first thing owned. */
function own(): void {
  if (!hooked) {
    hooked = true;
    process.on('exit', stopEverything);
  }
  watchdog ??= startWatchdog();
}

function tell(op: string, arg: string | number): void {
  if (!watchdog) return;
  try {
    watchdog.stdin!.write(`${JSON.stringify([op, arg])}\n`);
  } catch {
    // the watchdog is gone: this process still cleans up after itself
  }
}

/**
 * A process group just started (its leader's pid). A `standing` group outlives the step that
 * started it (a warm checker serves many steps): it does not hold back `sweepEscaped`.
 */
export function ownGroup(pgid: number, kind: 'step' | 'standing' = 'step'): void {
  own();
  (kind === 'standing' ? standing : groups).add(pgid);
  startedSinceSweep = true;
  tell('g', pgid);
}

/** The group was killed and reaped. */
export function releaseGroup(pgid: number): void {
  if (groups.delete(pgid) || standing.delete(pgid)) tell('G', pgid);
}

/** A child process outside any owned group (a dataset worker: it cleans up after its own children). */
export function ownProcess(pid: number): void {
  own();
  processes.add(pid);
  tell('p', pid);
}

export function releaseProcess(pid: number): void {
  if (processes.delete(pid)) tell('P', pid);
}

/** A new scratch folder in the system's temporary folder, removed however the run ends. */
export function makeScratchFolder(prefix: string): string {
  own();
  // absolute: the watchdog runs in another folder (TMPDIR may be relative)
  const dir = path.resolve(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  folders.add(dir);
  tell('d', dir);
  return dir;
}

export function removeScratchFolder(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  if (folders.delete(dir)) tell('D', dir);
}

/**
 * Asks the watchdog to kill children that escaped their group and outlived their step. Only
 * while no step runs: a step's own children are left alone, but a build server it starts is not
 * told from an escapee until the step is over.
 */
export function sweepEscaped(): void {
  if (groups.size > 0 || !startedSinceSweep) return;
  startedSinceSweep = false;
  tell('s', 0);
}

/**
 * Kills every owned group and process and removes every owned folder, now (synchronous, so it
 * can run in an 'exit' hook); the editor calls it on deactivation, the CLI on SIGINT and SIGTERM.
 */
export function stopEverything(): void {
  for (const pgid of [...groups, ...standing]) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  for (const pid of processes) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  for (const dir of folders) {
    try {
      fs.rmSync(dir, { recursive: true, force: true });
      tell('D', dir);
    } catch {
      // left to the watchdog, which tries again when this process has gone
    }
  }
  for (const pgid of [...groups, ...standing]) tell('G', pgid);
  for (const pid of processes) tell('P', pid);
  groups.clear();
  standing.clear();
  processes.clear();
  folders.clear();
  // all of them, orphans or not: the group kills above are not done yet, so an escaped child's
  // parent may still be alive, and a sweep of orphans only would pass it over for good
  startedSinceSweep = false;
  tell('S', 0);
}
