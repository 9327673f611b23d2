import * as assert from 'assert';
import { ChildProcess, spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { perturb } from '../../src/core/engine';
import { makeScratchFolder, markedEnv, stopEverything, sweepEscaped } from '../../src/core/owned';
import { DEFAULT_SEARCH } from '../../src/core/search/types';
import { runProcess } from '../../src/core/verify/process';
import { loader, REPO } from '../support/harness';

/**
 * A run owns every process it starts (issue 28): however `codemorph` ends (normal end, error,
 * SIGINT, SIGTERM, SIGKILL, the editor's cancel or deactivation) no compiler, test or worker it
 * started is left running and no scratch folder is left in $TMPDIR. Real CLI processes, real test
 * commands that never end, real signals; each test has its own marker in its command lines to
 * find its processes by (in /proc), and its own TMPDIR to find its folders in.
 */

const CLI = path.join(REPO, 'dist', 'cli.js');
const FUNCTION = 'def add(a, b):\n    total = a + b\n    if total > 100:\n        return 100\n    return total\n';

let serial = 0;
function marker(): string {
  return `cmfault${process.pid}x${Date.now() % 1_000_000}x${serial++}`;
}

/** Processes whose command line holds `text` (this one aside), as "pid command"; with `whole`, as one whole argument. */
function processesWith(text: string, whole = false): string[] {
  const found: string[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    let cmdline: string;
    try {
      cmdline = fs.readFileSync(`/proc/${name}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (whole ? cmdline.split('\0').includes(text) : cmdline.includes(text)) found.push(`${name} ${cmdline.split('\0').join(' ').trim()}`);
  }
  return found;
}

async function until(what: string, check: () => boolean, boundMs = 60_000): Promise<void> {
  const end = Date.now() + boundMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until nothing of the run is left: no process with the marker, nothing in its TMPDIR. */
async function nothingLeft(mark: string, tmp: string): Promise<void> {
  try {
    await until('the run to leave nothing behind', () => processesWith(mark).length === 0 && fs.readdirSync(tmp).length === 0);
  } finally {
    // whatever a failing run left is killed here, by pid, so one failure does not spoil the machine
    for (const line of processesWith(mark)) {
      try {
        process.kill(Number(line.split(' ')[0]), 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }
  }
  assert.deepStrictEqual(processesWith(mark), []);
  assert.deepStrictEqual(fs.readdirSync(tmp), []);
}

interface Started {
  child: ChildProcess;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
}

function startCli(args: string[], cwd: string, tmp: string): Started {
  const child = spawn(process.execPath, [CLI, ...args], { cwd, env: { ...process.env, TMPDIR: tmp }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stderr })));
  return { child, exit };
}

/** Whether a process leads its own session (it has left the test's process group), from /proc/<pid>/stat. */
function leadsSession(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // after "pid (comm)": state, ppid, pgrp, session
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[3]) === pid;
  } catch {
    return false;
  }
}

/**
 * Whether the test command's processes run, the escaped one already out of the test's group (the
 * CLI's own command line holds the marker too, but not as a whole argument).
 */
function testRuns(mark: string, looping = true): boolean {
  const escaped = processesWith(`${mark}-escaped`, true).filter((p) => leadsSession(Number(p.split(' ')[0])));
  return (!looping || processesWith(`${mark}-loop`, true).length > 0) && escaped.length > 0;
}

/** A test command that never ends, with a child that leaves its session (setsid) as a daemon would. */
function endlessTest(mark: string): string {
  return `setsid python3 -c 'import time; time.sleep(600)' ${mark}-escaped & python3 -c 'while True: pass' ${mark}-loop`;
}

describe('faults: a run owns every process it starts', function () {
  this.timeout(180_000);
  let dir: string;
  let tmp: string;
  let file: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-faults-procs-'));
    tmp = path.join(dir, 'tmp');
    fs.mkdirSync(tmp);
    file = path.join(dir, 'work', 'ops.py');
    fs.mkdirSync(path.dirname(file));
    fs.writeFileSync(file, FUNCTION);
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    it(`${signal} mid-test kills the test's whole tree (an escaped child too), removes the scratch folder and exits ${code}`, async () => {
      const mark = marker();
      const run = startCli(['perturb', file, '--verify', 'test', '--test-cmd', endlessTest(mark), '--quiet'], dir, tmp);
      await until('the test and its escaped child to run', () => testRuns(mark));
      assert.strictEqual(fs.readdirSync(tmp).length, 1, 'no scratch folder while the test runs');
      run.child.kill(signal);
      const ended = await run.exit;
      assert.strictEqual(ended.code, code, ended.stderr);
      await nothingLeft(mark, tmp);
    });
  }

  it('SIGKILL of the CLI mid-test: the tree and the scratch folder go all the same', async () => {
    const mark = marker();
    const run = startCli(['perturb', file, '--verify', 'test', '--test-cmd', endlessTest(mark), '--quiet'], dir, tmp);
    await until('the test and its escaped child to run', () => testRuns(mark));
    run.child.kill('SIGKILL');
    assert.strictEqual((await run.exit).signal, 'SIGKILL');
    await nothingLeft(mark, tmp);
  });

  it('a normal end leaves no process (escaped ones included) and no folder', async () => {
    const mark = marker();
    const test = `setsid python3 -c 'import time; time.sleep(600)' ${mark}-escaped & true`;
    const run = startCli(['perturb', file, '--verify', 'test', '--test-cmd', test, '--max-iter', '2', '--quiet'], dir, tmp);
    const ended = await run.exit;
    assert.strictEqual(ended.code, 0, ended.stderr);
    await nothingLeft(mark, tmp);
  });

  it('an error end (tests fail on the original) leaves no process and no folder', async () => {
    const mark = marker();
    const test = `setsid python3 -c 'import time; time.sleep(600)' ${mark}-escaped & exit 1`;
    const run = startCli(['perturb', file, '--verify', 'test', '--test-cmd', test, '--quiet'], dir, tmp);
    const ended = await run.exit;
    assert.strictEqual(ended.code, 2, ended.stderr);
    assert.match(ended.stderr, /tests fail on the original/);
    await nothingLeft(mark, tmp);
  });

  it('SIGKILL of a `dataset --workers 2` parent mid-record: the workers and their tests go', async () => {
    const mark = marker();
    const rows = fs.readFileSync(path.join(REPO, 'test', 'fixtures', 'cruxeval', 'python.jsonl'), 'utf8').split('\n').filter(Boolean).slice(0, 4);
    const input = path.join(dir, 'in.jsonl');
    fs.writeFileSync(input, `${rows.join('\n')}\n`);
    const test = `python3 -c 'while True: pass' ${mark}-loop`;
    const run = startCli(['dataset', input, '--out', path.join(dir, 'out.jsonl'), '--workers', '2', '--verify', 'test', '--test-cmd', test, '--quiet'], dir, tmp);
    await until('both workers to be in a test', () => processesWith(`${mark}-loop`, true).length >= 2);
    // the workers' command lines hold the marker too (they run the parent's arguments)
    assert.ok(processesWith(mark).filter((p) => p.includes('--worker-ipc')).length >= 2, processesWith(mark).join('\n'));
    run.child.kill('SIGKILL');
    await run.exit;
    await nothingLeft(mark, tmp);
  });

  it('a step ends when its command does, though an escaped child holds its output open; the child goes at the next sweep', async () => {
    const duration = `600.${process.pid}${serial++}`;
    // the command ends only once the child has left the group (it says so with a file)
    const command = `setsid sh -c 'touch escaped; exec sleep ${duration}' & while [ ! -e escaped ]; do sleep 0.05; done; echo done`;
    const result = await runProcess('/bin/sh', ['-c', command], { cwd: dir, timeoutMs: 60_000 });
    assert.deepStrictEqual([result.code, result.timedOut, result.stdout], [0, false, 'done\n']);
    await until('the escaped child to run (until the sweep)', () => processesWith(duration, true).length === 1);
    sweepEscaped();
    await nothingLeft(duration, tmp);
  });

  it('stopEverything kills an escaped child whose parent still runs (not an orphan yet, as just after the group kill)', async () => {
    const mark = marker();
    // the watchdog runs from the first thing owned
    makeScratchFolder('codemorph-faults-');
    // a parent that stays alive (no owned group kills it) and a child that left its group
    const parent = spawn('/bin/sh', ['-c', `setsid python3 -c 'import time; time.sleep(600)' ${mark}-escaped & wait`], { env: markedEnv(process.env), stdio: 'ignore' });
    try {
      await until('the escaped child to run', () => testRuns(mark, false));
      stopEverything();
      await nothingLeft(mark, tmp);
    } finally {
      parent.kill('SIGKILL');
    }
  });

  describe('in the engine, as the editor calls it', () => {
    let savedTmp: string | undefined;
    beforeEach(() => {
      savedTmp = process.env.TMPDIR;
      process.env.TMPDIR = tmp;
    });
    afterEach(() => {
      if (savedTmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = savedTmp;
    });

    function run(mark: string, signal?: AbortSignal) {
      return perturb(loader, {
        lang: 'python',
        text: FUNCTION,
        filePath: file,
        selector: {},
        search: { ...DEFAULT_SEARCH, seed: 1 },
        verify: { level: 'test', toolchains: {}, timeoutMs: 120_000, testCmd: endlessTest(mark) },
        mu: 0.5,
        signal,
      });
    }

    it('cancel kills the test tree and removes the scratch folder', async () => {
      const mark = marker();
      const abort = new AbortController();
      const running = run(mark, abort.signal).then(
        () => 'finished',
        (e: Error) => e.message,
      );
      await until('the test and its escaped child to run', () => testRuns(mark));
      abort.abort();
      assert.strictEqual(await running, 'cancelled');
      await nothingLeft(mark, tmp);
    });

    it('deactivation (stopEverything) kills what runs and removes the scratch folders at once', async () => {
      const mark = marker();
      const running = run(mark).then(
        () => 'finished',
        (e: Error) => e.message,
      );
      await until('the test and its escaped child to run', () => testRuns(mark));
      stopEverything();
      assert.deepStrictEqual(fs.readdirSync(tmp), [], 'the scratch folder is removed synchronously');
      await running;
      await nothingLeft(mark, tmp);
    });
  });
});
