import path = require('path');
import type { CheckResult } from '../../verify/singleFile';
import type { RecordChecks, ScratchRun } from '../../verify/verifier';
import { checkProgram, harnessProgram, HarnessProgram, runProgram } from '../harness';
import type { BenchmarkRecord } from './fields';
import type { Problem } from './problem';

function failure(output: string): CheckResult {
  return { ok: false, commands: [], output, timedOut: false, cancelled: false, processMs: 0 };
}

/** Runs each program in a folder of its own (their files share names), until one fails. */
async function each(programs: readonly HarnessProgram[], run: ScratchRun, step: (program: HarnessProgram, run: ScratchRun) => Promise<CheckResult>): Promise<CheckResult> {
  const out: CheckResult = { ok: true, commands: [], output: '', timedOut: false, cancelled: false, processMs: 0 };
  for (let i = 0; i < programs.length; i++) {
    const result = await step(programs[i], i === 0 ? run : { ...run, dir: path.join(run.dir, `program-${i}`) });
    out.commands.push(...result.commands);
    out.processMs += result.processMs;
    if (!result.ok) return { ...result, commands: out.commands, processMs: out.processMs };
  }
  return out;
}

/** HumanEval-X's example_test runs apart from its test, with the same code: the record must pass both. */
function programsOf(problem: Problem, rec: BenchmarkRecord): HarnessProgram[] | string {
  const main = harnessProgram(problem.format, rec, problem.checkOptions, problem.lang);
  if (typeof main === 'string') return main;
  const example = rec.example_test;
  if (problem.format !== 'humaneval-x' || typeof example !== 'string' || example.trim() === '') return [main];
  const second = harnessProgram(problem.format, rec, { ...problem.checkOptions, exampleTest: true }, problem.lang);
  return typeof second === 'string' ? second : [main, second];
}

/**
 * A record's own checks for the verifier: each candidate file is cut back into the record's fields
 * and assembled as the format's harness assembles a record, so a step passes only when the record
 * that would be written passes its own tests (HumanEval-X's example_test as well as its test).
 */
export function problemChecks(problem: Problem): RecordChecks {
  const programsFor = async (text: string, entry: string | null): Promise<HarnessProgram[] | string> => {
    const rec = await problem.rebuild(text, entry ?? problem.entryPoint);
    return typeof rec === 'string' ? rec : programsOf(problem, rec);
  };
  const checks: RecordChecks = {
    async compile(text: string, entry: string | null, run: ScratchRun) {
      const programs = await programsFor(text, entry);
      return typeof programs === 'string' ? failure(programs) : each(programs, run, checkProgram);
    },
  };
  if (problem.tested) {
    // the verifier builds a candidate (compile) just before it tests it, in the same folders
    checks.test = async (text: string, entry: string | null, run: ScratchRun) => {
      const programs = await programsFor(text, entry);
      return typeof programs === 'string' ? failure(programs) : each(programs, run, (program, where) => runProgram(program, where, { built: true }));
    };
  } else checks.untested = 'no test ran: the record has no test';
  return checks;
}
