import type { LanguageId } from '../../languages/languageIds';
import { crypto } from '../../lazyBuiltins';
import { secretNames } from '../../secretEnv';
import { childEnv, ProcessResult } from '../process';
import { StartCommand, WarmChecker, WarmFailure } from './checker';
import { GO_SPEC } from './go';
import { builtHelper, WarmSpec } from './helper';
import { JAVA_SPEC } from './java';
import { JAVASCRIPT_SPEC } from './javascript';
import { CPP_PCH, PrecompiledSpec, runPrecompiled } from './pch';
import { PYTHON_SPEC } from './python';
import { TYPESCRIPT_SPEC } from './typescript';

/**
 * The warm checkers of this process (docs/warm-checkers.md): one per language, project,
 * toolchain and environment, started by the first step that needs it and reused by every later
 * one (steps, functions, files, dataset records, editor runs), until it idles out, exceeds its
 * memory bound, fails twice, or the process ends. A dataset worker is a process of its own: it
 * has its own. Only compile and build steps reach here, so a run at the `syntax` level (the
 * editor's Restricted Mode) never starts one.
 */

/** Set to `off` (or 0, false, no) to check every step with the cold tools. */
export const WARM_VARIABLE = 'CODEMORPH_WARM_CHECKERS';

const SPECS: Partial<Record<LanguageId, WarmSpec>> = { java: JAVA_SPEC, go: GO_SPEC, python: PYTHON_SPEC, typescript: TYPESCRIPT_SPEC, javascript: JAVASCRIPT_SPEC };
/** Languages whose warm check is the cold compiler with precompiled headers (no process of its own: GCC has no server). */
const PRECOMPILED: Partial<Record<LanguageId, PrecompiledSpec>> = { cpp: CPP_PCH };

export interface WarmSettings {
  /** A checker without a request for this long stops (an editor left open); the next step starts it again. */
  idleMs: number;
  /** The longest a request may take before the checker is taken for hung, killed, and the cold tool runs (at most the step's own limit). */
  deadlineMs: number;
  /** Building the helper on first use and starting it. */
  startupMs: number;
  /** Checkers alive at once; starting one more stops the one unused longest. */
  maxCheckers: number;
  /** Overrides each language's resident-memory bound (tests). */
  rssLimitBytes?: number;
}

const settings: WarmSettings = { idleMs: 5 * 60_000, deadlineMs: 30_000, startupMs: 300_000, maxCheckers: 4 };

/** Changes how checkers started from now on behave (and, for the deadline and memory bound, those running). */
export function configureWarmCheckers(changes: Partial<WarmSettings>): void {
  Object.assign(settings, changes);
}

export function warmCheckersEnabled(): boolean {
  return !/^(off|0|false|no)$/i.test(process.env[WARM_VARIABLE] ?? '');
}

/** Whether `lang` has a warm checker at all. */
export function hasWarmChecker(lang: LanguageId): boolean {
  return SPECS[lang] !== undefined || PRECOMPILED[lang] !== undefined;
}

interface Entry {
  spec: WarmSpec;
  checker: WarmChecker;
  /** Requests it gave no answer to: one is forgiven (it is restarted), the second turns it off. */
  failures: number;
  disabled: boolean;
  /** Batches it gave no answer to: the second turns batching off for it (each step is then asked alone). */
  batchFailures: number;
  usedAt: number;
}

const pool = new Map<string, Entry>();

/** Steps answered by a warm checker and steps the cold tool stood in for after a failure, by language, in this process. */
const stats = { answered: new Map<LanguageId, number>(), fellBack: new Map<LanguageId, number>(), batched: new Map<LanguageId, number>() };

function count(map: Map<LanguageId, number>, lang: LanguageId): void {
  map.set(lang, (map.get(lang) ?? 0) + 1);
}

/**
 * How many steps of `lang` warm checkers answered, how many fell back to the cold tool after a
 * failure, and how many of those answered were answered in a batch, in this process.
 */
export function warmCounts(lang: LanguageId): { answered: number; fellBack: number; batched: number } {
  return { answered: stats.answered.get(lang) ?? 0, fellBack: stats.fellBack.get(lang) ?? 0, batched: stats.batched.get(lang) ?? 0 };
}

/** One step's cold command, which a warm checker may stand for. */
export interface WarmCall {
  lang: LanguageId;
  /** The cold command's executable: the toolchain the checker is built with. */
  tool: string;
  args: readonly string[];
  cwd: string;
  /** The cold command's environment (secrets are taken out here, as runProcess does). */
  env: NodeJS.ProcessEnv;
  /** `check`: only the verdict and messages are wanted; `build`: what the command writes is used after. */
  purpose: 'check' | 'build';
  /** The project's root ('' for a lone file): each project has its own checker. */
  project: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Told, in one line, when the checker failed and the cold tool stood in (the run's log). */
  onNote?: (line: string) => void;
}

/**
 * A checker per language, project, toolchain, and environment as far as it matters to the checker;
 * and per set of secret names, so that a variable marked secret after a checker started is not
 * left in the environment of the one that serves the next step.
 */
function keyOf(spec: WarmSpec, call: WarmCall, env: NodeJS.ProcessEnv): string {
  const hash = crypto().createHash('sha256');
  for (const name of Object.keys(env).sort()) if (spec.envMatters(name)) hash.update(`${name}=${env[name]}\0`);
  hash.update(secretNames(call.env).join('\0'));
  return `${call.lang}\0${call.project}\0${call.tool}\0${hash.digest('hex')}`;
}

function entryFor(spec: WarmSpec, call: WarmCall): Entry {
  const env = childEnv(call.env);
  const key = keyOf(spec, call, env);
  let entry = pool.get(key);
  if (!entry) {
    if (pool.size >= settings.maxCheckers) {
      const oldest = [...pool.entries()].sort((a, b) => a[1].usedAt - b[1].usedAt)[0];
      oldest[1].checker.stop();
      pool.delete(oldest[0]);
    }
    const start = async (signal?: AbortSignal): Promise<StartCommand> => {
      const out = await builtHelper(spec, call.tool, signal);
      return { ...spec.start(call.tool, out, env), cwd: out };
    };
    entry = { spec, checker: new WarmChecker(`the warm ${spec.label} checker`, start, settings), failures: 0, disabled: false, batchFailures: 0, usedAt: 0 };
    pool.set(key, entry);
  }
  entry.usedAt = Date.now();
  return entry;
}

/**
 * Runs a step's check in its warm checker, or with `cold` (the command it stands for) when the
 * language has none, they are turned off, the checker cannot answer this one (`unsupported`), or
 * it fails. A failure (crash, hang past the deadline, an error) is said in one line through
 * `onNote`; the checker is started again for the next step, and after a second failure the cold
 * tool checks every later step of this checker's project.
 */
export async function runWarm(call: WarmCall, cold: () => Promise<ProcessResult>): Promise<ProcessResult> {
  if (!warmCheckersEnabled()) return cold();
  const precompiledSpec = PRECOMPILED[call.lang];
  if (precompiledSpec) return runWithPrecompiled(precompiledSpec, call, cold);
  const spec = SPECS[call.lang];
  if (!spec) return cold();
  // asked each time (a few file-system calls): the workspace may change its toolchain under a running editor
  if (spec.supports && !spec.supports(call.tool)) return cold();
  const asked = spec.request(call.args, call.cwd, call.env, call.purpose);
  if (!asked) return cold();
  // the cold command line, as runProcess records it: a record is the same whichever answered
  const command = [call.tool, ...call.args].join(' ');
  const entry = entryFor(spec, call);
  if (entry.disabled) return cold();
  const started = Date.now();
  let answer;
  try {
    answer = await entry.checker.request(asked.request, Math.min(call.timeoutMs, settings.deadlineMs), call.signal);
  } catch (e) {
    if (!(e instanceof WarmFailure)) throw e;
    if (e.how === 'cancelled') return { command, code: null, signal: null, stdout: '', stderr: '', timedOut: false, cancelled: true, durationMs: Date.now() - started };
    // not installed: the cold tool says so, as a user can act on it
    if (e.how === 'missing') return cold();
    entry.failures++;
    count(stats.fellBack, call.lang);
    const last = entry.failures >= 2;
    if (last) {
      entry.disabled = true;
      entry.checker.stop();
    }
    const next = last ? `; it failed twice, so ${spec.label} steps are checked by the cold tool from now on` : '; it is restarted for the next step';
    call.onNote?.(`${entry.checker.label} ${e.message}: this step was checked by the cold tool (${command})${next}`);
    return cold();
  }
  if (typeof answer.unsupported === 'string') return cold();
  count(stats.answered, call.lang);
  const rss = entry.checker.rssBytes();
  const bound = settings.rssLimitBytes ?? spec.rssLimitBytes;
  if (rss !== undefined && rss > bound) {
    entry.checker.stop();
    call.onNote?.(`${entry.checker.label} uses ${mib(rss)} of memory, over its bound of ${mib(bound)}: a fresh one serves the next step`);
  }
  const shown = asked.output ?? ((text: string) => text);
  return {
    command,
    code: answer.code ?? 0,
    signal: null,
    stdout: shown(answer.stdout ?? ''),
    stderr: shown(answer.stderr ?? ''),
    timedOut: false,
    cancelled: false,
    durationMs: Date.now() - started,
  };
}

/** Whether `lang`'s warm checker can check many lone files in one request (runWarmBatch); false when checkers are off. */
export function canBatch(lang: LanguageId): boolean {
  return warmCheckersEnabled() && SPECS[lang]?.batch !== undefined;
}

/**
 * Many steps' `check` calls (lone files, each in a folder of its own, same tool and environment as
 * far as the checker is concerned) in one request to their warm checker. Per call, what its cold
 * command would have given when the batch says it compiles without a word; undefined when that is
 * not known (a rejection, a warning, a file the batch cannot take, a failed batch): the caller
 * then runs that step's own check (runWarm), whose verdict and messages are its own. A batch
 * that fails says nothing in the log: the steps asked alone say what they meet.
 */
export async function runWarmBatch(calls: readonly WarmCall[]): Promise<(ProcessResult | undefined)[]> {
  const none = calls.map(() => undefined);
  const first = calls[0];
  if (!first || !canBatch(first.lang)) return none;
  const spec = SPECS[first.lang]!;
  if (spec.supports && !spec.supports(first.tool)) return none;
  const asked = calls.map((call) => (call.purpose === 'check' && call.project === '' ? spec.request(call.args, call.cwd, call.env, call.purpose) : undefined));
  // those the first one's checker serves (the others are asked alone, by their own checker)
  const key = keyOf(spec, first, childEnv(first.env));
  const together = calls.map((call, i) => asked[i] !== undefined && (call === first || keyOf(spec, call, childEnv(call.env)) === key));
  const entry = entryFor(spec, first);
  const requests = asked.filter((_a, i) => together[i]).map((a) => a!.request);
  if (entry.disabled || entry.batchFailures >= 2 || requests.length < 2) return none;
  const batch = spec.batch!(requests);
  if (!batch) return none;
  const started = Date.now();
  let clean: boolean[] | undefined;
  try {
    clean = batch.clean(await entry.checker.request(batch.request, Math.min(first.timeoutMs, settings.deadlineMs), first.signal));
  } catch (e) {
    if (!(e instanceof WarmFailure)) throw e;
    // nothing is wrong with the checker: each step finds out alone (and says so, or stops the run)
    if (e.how === 'cancelled' || e.how === 'missing') return none;
  }
  if (!clean) {
    entry.batchFailures++;
    entry.checker.stop();
    return none;
  }
  const rss = entry.checker.rssBytes();
  const bound = settings.rssLimitBytes ?? spec.rssLimitBytes;
  if (rss !== undefined && rss > bound) {
    entry.checker.stop();
    first.onNote?.(`${entry.checker.label} uses ${mib(rss)} of memory, over its bound of ${mib(bound)}: a fresh one serves the next step`);
  }
  const durationMs = Date.now() - started;
  let k = 0;
  return calls.map((call, i) => {
    if (!together[i] || !clean![k++]) return undefined;
    count(stats.answered, call.lang);
    count(stats.batched, call.lang);
    // recorded as the cold command line, as runWarm does
    return { command: [call.tool, ...call.args].join(' '), code: 0, signal: null, stdout: '', stderr: '', timedOut: false, cancelled: false, durationMs };
  });
}

/** Failures of precompiled-header checks, per language, project and compiler: the second turns them off there. */
const precompiledFailures = new Map<string, number>();

async function runWithPrecompiled(spec: PrecompiledSpec, call: WarmCall, cold: () => Promise<ProcessResult>): Promise<ProcessResult> {
  const key = `${call.lang}\0${call.project}\0${call.tool}`;
  if ((precompiledFailures.get(key) ?? 0) >= 2) return cold();
  const label = `the warm ${spec.label} checker`;
  const command = [call.tool, ...call.args].join(' ');
  const started = Date.now();
  let result: ProcessResult | undefined;
  try {
    result = await runPrecompiled(spec, call.tool, call.args, call.cwd, call.env, Math.min(call.timeoutMs, settings.deadlineMs), call.signal);
  } catch (e) {
    if (!(e instanceof WarmFailure)) throw e;
    if (e.how === 'cancelled' && call.signal?.aborted) return { command, code: null, signal: null, stdout: '', stderr: '', timedOut: false, cancelled: true, durationMs: Date.now() - started };
    // cancelled by no one who asked for this step (a shared build stopped): the cold tool answers it
    if (e.how === 'missing' || e.how === 'cancelled') return cold();
    const failures = (precompiledFailures.get(key) ?? 0) + 1;
    precompiledFailures.set(key, failures);
    count(stats.fellBack, call.lang);
    const next = failures >= 2 ? `; it failed twice, so ${spec.label} steps are checked by the cold tool from now on` : '; it is tried again for the next step';
    call.onNote?.(`${label} ${e.message}: this step was checked by the cold tool (${command})${next}`);
    return cold();
  }
  if (!result) return cold();
  count(stats.answered, call.lang);
  // recorded as the cold command line: a record is the same whichever answered
  return { ...result, command, durationMs: Date.now() - started };
}

function mib(bytes: number): string {
  return `${Math.round(bytes / 2 ** 20)} MiB`;
}

/** The processes of the running checkers, by language (tests, and what a log may show). */
export function runningWarmCheckers(): { lang: LanguageId; pid: number; answered: number }[] {
  const out: { lang: LanguageId; pid: number; answered: number }[] = [];
  for (const entry of pool.values()) {
    const pid = entry.checker.pid;
    if (pid !== undefined) out.push({ lang: entry.spec.lang, pid, answered: entry.checker.answered });
  }
  return out;
}

/** Stops every checker and forgets them (and their failures): the editor's deactivation, a test's end. */
export function stopWarmCheckers(): void {
  for (const entry of pool.values()) entry.checker.stop();
  pool.clear();
  precompiledFailures.clear();
}
