import path = require('path');
import type { LanguageId } from '../languages/languageIds';
import { makeScratchFolder, removeScratchFolder } from '../owned';
import { surfaceSimilarity } from '../similarity/surface';
import { buildAndRun, scratchFileName } from '../verify/singleFile';
import { timedOutAfter } from '../verify/timeout';
import type { ToolchainOverrides } from '../verify/toolchains';
import type { ItemSide } from './items';
import { callCheckProgram, completionAfterPrompt, generationProgram } from './programs';
import type { PublishedSide } from './published';
import type { BenchmarkRecord } from '../benchmark/formats';
import { harnessProgram, HarnessProgram, runProgram } from '../benchmark/harness';
import type { Task } from './prompts';

export interface ExecutionOptions {
  timeoutMs: number;
  /** Address-space cap of the answer's program, in MB (ulimit -v). */
  memoryMb: number;
  toolchains: ToolchainOverrides;
  signal?: AbortSignal;
}

export interface Judgement {
  passed: boolean;
  /** Why it failed, in one line (null when it passed). */
  reason: string | null;
  /** Completion without tests: edit similarity of the answer to the masked lines. */
  editSimilarity?: number;
  /** Wall time of the answer's build and run. */
  processMs: number;
}

/** The program that checks an answer on one side, or why there is none. */
export function judgeProgram(task: Task, lang: LanguageId, side: ItemSide, answer: string): { program: string } | { none: string } {
  switch (task) {
    case 'generation':
      return side.test ? { program: generationProgram(lang, answer, side.test, side.entryPoint) } : { none: 'the item has no test' };
    case 'output-prediction':
    case 'input-prediction': {
      if (!side.io || !side.entryPoint) return { none: 'the item has no call with a known result' };
      const code = `${side.setup ?? ''}${side.code}`;
      const program =
        task === 'output-prediction'
          ? callCheckProgram(lang, code, side.entryPoint, side.io.input, answer)
          : callCheckProgram(lang, code, side.entryPoint, answer, side.io.output);
      return program === null ? { none: `${lang} has no value check here` } : { program };
    }
    case 'completion':
      return { none: 'completion is scored by its masked lines' };
  }
}

/** Scratch folders have random names: a reason must not depend on them (the same run gives the same report). */
function stable(text: string): string {
  return text.replace(/(?:\/[^\s/:'"]+)*\/codemorph-[a-z]+-[A-Za-z0-9]{6}\/(?:[^\s/:'"]+\/)*/g, '');
}


/** The line of a failed run's output that says what went wrong: the last of a traceback, else the first. */
function mainLine(output: string): string {
  const lines = stable(output).split('\n').filter((l) => l.trim());
  if (!lines.length) return 'no output';
  const pick = lines[0].startsWith('Traceback') ? lines[lines.length - 1] : lines.find((l) => /Error|error|panic|assert/i.test(l)) ?? lines[0];
  return pick.length > 160 ? `${pick.slice(0, 159)}…` : pick.trim();
}

/** Lines compared as a reader would: trailing spaces and blank lines do not count. */
function normalised(lines: string): string {
  return lines
    .split('\n')
    .map((l) => l.replace(/\s+$/, ''))
    .filter((l) => l !== '')
    .join('\n');
}

/** Leading blanks of the first non-blank line. */
function indentOf(text: string): string {
  return /^(?:[^\S\n]*\n)*([^\S\n]*)/.exec(text)![1];
}

/** The answer's lines at the masked lines' indentation, when the model gave them less (it often strips the first line's). */
function reindented(answer: string, target: string): string {
  const want = indentOf(target);
  const got = indentOf(answer);
  if (got.length >= want.length || !want.startsWith(got)) return answer;
  const add = want.slice(got.length);
  return answer
    .split('\n')
    .map((l) => (l.trim() ? add + l : l))
    .join('\n');
}

/** A published side's record with the whole code in the field its harness takes it from; null where the harness cuts a whole file (HumanEval-X's Python evaluator). */
function recordWithCode(lang: LanguageId, h: PublishedSide, code: string): BenchmarkRecord | null {
  switch (h.format) {
    case 'humaneval':
      return { ...h.record, prompt: '', canonical_solution: code };
    case 'humaneval-x':
      // the format's, not the language's: HumanEval-X evaluates its Python records with a harness of their own
      return lang === 'python' ? null : { ...h.record, prompt: '', canonical_solution: code };
    default:
      return { ...h.record, code };
  }
}

/** The program a published side's harness runs for an answer (HumanEval's prompt + completion + test, MBPP's setup + code + asserts...). */
function harnessFor(task: Task, lang: LanguageId, side: ItemSide, h: PublishedSide, answer: string): HarnessProgram | string {
  if (task !== 'generation') return `${task} of a ${h.format} record is judged by its value check`;
  const completion = h.format === 'humaneval' || h.format === 'humaneval-x' ? completionAfterPrompt(lang, side.prompt ?? '', answer, side.entryPoint) : answer;
  return harnessProgram(h.format, h.record, { completion }, lang);
}

type Runnable = { file: string } | { harness: HarnessProgram };

/** Runs one answer's program as untrusted code in a scratch folder of its own, removed afterwards. */
async function execute(lang: LanguageId, runnable: Runnable, options: ExecutionOptions): Promise<Judgement> {
  const dir = makeScratchFolder('codemorph-eval-');
  try {
    if ('harness' in runnable) {
      const result = await runProgram(runnable.harness, { dir: path.join(dir, 'run'), toolchains: options.toolchains, timeoutMs: options.timeoutMs, signal: options.signal, memoryMb: options.memoryMb });
      if (result.ok) return { passed: true, reason: null, processMs: result.processMs };
      const reason = result.timedOut ? `${timedOutAfter(options.timeoutMs)} and was killed` : `fails: ${mainLine(result.output)}`;
      return { passed: false, reason, processMs: result.processMs };
    }
    const program = runnable.file;
    const outcome = await buildAndRun(lang, program, scratchFileName(lang, program), {
      dir: path.join(dir, 'run'),
      overrides: options.toolchains,
      timeoutMs: options.timeoutMs,
      signal: options.signal,
      memoryMb: options.memoryMb,
      nearFile: undefined,
    });
    const processMs = outcome.built.processMs + (outcome.run?.durationMs ?? 0);
    if (!outcome.built.ok) {
      const why = outcome.built.timedOut ? `the build ${timedOutAfter(options.timeoutMs)}` : `does not build: ${mainLine(outcome.built.output)}`;
      return { passed: false, reason: why, processMs };
    }
    const run = outcome.run!;
    if (run.timedOut) return { passed: false, reason: `${timedOutAfter(options.timeoutMs)} and was killed`, processMs };
    if (run.code === 0 && !run.signal) return { passed: true, reason: null, processMs };
    const how = run.signal ? `killed by ${run.signal}` : `exit ${run.code}`;
    // a runtime error's own line comes last (Python's traceback, Node's stack comes first)
    return { passed: false, reason: `fails (${how}): ${mainLine(run.stderr.trim() ? run.stderr : run.stdout)}`, processMs };
  } finally {
    removeScratchFolder(dir);
  }
}

/**
 * A completion answer put back into its program and run with the side's tests, or null when the
 * side has none (it is then scored by its masked lines alone).
 */
function completionRunnable(lang: LanguageId, side: ItemSide, answer: string): Runnable | null {
  const c = side.completion;
  if (!c || !side.around) return null;
  const lines = reindented(answer.endsWith('\n') ? answer : `${answer}\n`, c.target);
  const code = side.around.before + c.prefix + lines + c.suffix + side.around.after;
  if (side.harness) {
    const rec = recordWithCode(lang, side.harness, code);
    if (!rec) return null;
    const program = harnessProgram(side.harness.format, rec, {}, lang);
    return typeof program === 'string' ? null : { harness: program };
  }
  return side.test ? { file: generationProgram(lang, code, side.test, side.entryPoint) } : null;
}

/**
 * Judges one answer. A program answer runs as untrusted code: in its own scratch folder, under
 * the time limit with its whole process tree killed, its address space capped, and with an
 * environment without secrets (the verification toolchain layer does all of it). A published
 * record's answer runs through its format's own harness. A completion is put back into its
 * program and scored by the item's tests when it has them; otherwise by exact match of the
 * masked lines (CrossCodeEval). Its edit similarity to the masked lines is reported either way.
 */
export async function judge(task: Task, lang: LanguageId, side: ItemSide, answer: string, options: ExecutionOptions): Promise<Judgement> {
  if (task === 'completion') {
    const target = normalised(side.completion?.target ?? '');
    const got = normalised(answer);
    const editSimilarity = surfaceSimilarity(got, target);
    const runnable = completionRunnable(lang, side, answer);
    if (runnable) return { ...(await execute(lang, runnable, options)), editSimilarity };
    return { passed: got === target, reason: got === target ? null : 'the lines differ from the masked ones', editSimilarity, processMs: 0 };
  }
  if (side.harness && task === 'generation') {
    const program = harnessFor(task, lang, side, side.harness, answer);
    if (typeof program === 'string') return { passed: false, reason: program, processMs: 0 };
    return execute(lang, { harness: program }, options);
  }
  const made = judgeProgram(task, lang, side, answer);
  if ('none' in made) return { passed: false, reason: made.none, processMs: 0 };
  return execute(lang, { file: made.program }, options);
}
