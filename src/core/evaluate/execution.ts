import path = require('path');
import type { LanguageId } from '../languages/languageIds';
import { makeScratchFolder, removeScratchFolder } from '../owned';
import { surfaceSimilarity } from '../similarity/surface';
import { buildAndRun, scratchFileName } from '../verify/singleFile';
import { timedOutAfter } from '../verify/timeout';
import type { ToolchainOverrides } from '../verify/toolchains';
import type { ItemSide } from './items';
import { callCheckProgram, generationProgram } from './programs';
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
      const program =
        task === 'output-prediction'
          ? callCheckProgram(lang, side.code, side.entryPoint, side.io.input, answer)
          : callCheckProgram(lang, side.code, side.entryPoint, answer, side.io.output);
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

/**
 * Judges one answer. A program answer runs as untrusted code: in its own scratch folder, under
 * the time limit with its whole process tree killed, its address space capped, and with an
 * environment without secrets (the verification toolchain layer does all of it). A completion
 * without tests is scored by exact match and edit similarity of the masked lines (CrossCodeEval).
 */
export async function judge(task: Task, lang: LanguageId, side: ItemSide, answer: string, options: ExecutionOptions): Promise<Judgement> {
  if (task === 'completion') {
    const target = normalised(side.completion?.target ?? '');
    const got = normalised(answer);
    return { passed: got === target, reason: got === target ? null : 'the lines differ from the masked ones', editSimilarity: surfaceSimilarity(got, target), processMs: 0 };
  }
  const made = judgeProgram(task, lang, side, answer);
  if ('none' in made) return { passed: false, reason: made.none, processMs: 0 };
  const dir = makeScratchFolder('codemorph-eval-');
  try {
    const outcome = await buildAndRun(lang, made.program, scratchFileName(lang, made.program), {
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
