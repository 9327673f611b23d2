import { isLanguageId, LanguageId } from '../../languages/languageIds';
import { profileOf } from '../../languages/profiles';
import { scratchFileName } from '../../verify/singleFile';
import { BenchmarkRecord, FormatId, listField, textField } from '../formats/fields';
import { humanEvalXProgram } from './humanevalX';
import { livecodebenchProgram } from '../formats/livecodebench';
import { CheckResult } from '../../verify/singleFile';
import { checkProgram, HarnessProgram, HarnessRun, runProgram, StepsProgram } from './program';
import { PLUS_CHECK, pythonCheck, pythonRun } from './python';

export { checkProgram, runProgram } from './program';
export type { HarnessProgram, HarnessRun } from './program';

/**
 * The reference runner: a record of a benchmark format, assembled into the program that format's
 * own harness runs (HumanEval's prompt + completion + test + check(entry_point), MBPP's setup,
 * code and test_list, ...), built and run with the language's toolchain. Verification runs each
 * perturbed candidate through it, and the tests run every written record through it.
 */
export interface AssembleOptions {
  /** A completion in place of the record's canonical solution (HumanEval, HumanEval-X) or code. */
  completion?: string;
  /**
   * HumanEval+ extra inputs: the record whose solution gives the expected results (EvalPlus
   * compares with the ground truth); the record itself when unset.
   */
  reference?: BenchmarkRecord;
  /** HumanEval-X: run `example_test` instead of `test`. */
  exampleTest?: boolean;
  /** MBPP: run challenge_test_list after test_list. */
  challenge?: boolean;
}

function humanEvalProgram(rec: BenchmarkRecord, options: AssembleOptions): StepsProgram | string {
  const prompt = textField(rec, 'prompt');
  const solution = options.completion ?? textField(rec, 'canonical_solution');
  const test = textField(rec, 'test');
  const entry = textField(rec, 'entry_point');
  if (prompt === undefined || solution === undefined || test === undefined || !entry) return 'the record needs prompt, canonical_solution, test and entry_point';
  const program: StepsProgram = {
    kind: 'steps',
    lang: 'python',
    files: { 'main.py': `${prompt}${solution}\n${test}\ncheck(${entry})\n` },
    build: [pythonCheck('main.py')],
    exec: [pythonRun('main.py')],
  };
  const inputs = [...(arrayField(rec, 'base_input') ?? []), ...(arrayField(rec, 'plus_input') ?? [])];
  if (inputs.length === 0) return program;
  const reference = options.reference ?? rec;
  const refPrompt = textField(reference, 'prompt') ?? '';
  const refSolution = textField(reference, 'canonical_solution') ?? '';
  const refEntry = textField(reference, 'entry_point') ?? entry;
  const atol = typeof rec.atol === 'number' ? rec.atol : 0;
  program.files['expected.py'] = `${refPrompt}${refSolution}\n`;
  program.files['candidate.py'] = `${prompt}${solution}\n`;
  program.files['inputs.json'] = JSON.stringify(inputs);
  program.files['plus_check.py'] = PLUS_CHECK;
  program.exec.push(pythonRun('plus_check.py', 'expected.py', refEntry, 'candidate.py', entry, String(atol)));
  return program;
}

function arrayField(rec: BenchmarkRecord, field: string): unknown[] | undefined {
  const value = rec[field];
  return Array.isArray(value) ? value : undefined;
}

/** MBPP's setup: `test_setup_code` (original) or `test_imports` (sanitized). */
export function mbppSetup(rec: BenchmarkRecord): string {
  return textField(rec, 'test_setup_code') ?? (listField(rec, 'test_imports') ?? []).join('\n');
}

function mbppProgram(rec: BenchmarkRecord, options: AssembleOptions): StepsProgram | string {
  const code = options.completion ?? textField(rec, 'code');
  const tests = listField(rec, 'test_list');
  if (code === undefined || !tests) return 'the record needs code and test_list';
  const challenge = options.challenge ? (listField(rec, 'challenge_test_list') ?? []) : [];
  const program = `${mbppSetup(rec)}\n${code}\n${[...tests, ...challenge].join('\n')}\n`;
  return { kind: 'steps', lang: 'python', files: { 'main.py': program }, build: [pythonCheck('main.py')], exec: [pythonRun('main.py')] };
}

function cruxEvalProgram(rec: BenchmarkRecord, options: AssembleOptions): StepsProgram | string {
  const code = options.completion ?? textField(rec, 'code');
  const input = textField(rec, 'input');
  const output = textField(rec, 'output');
  if (code === undefined || input === undefined || output === undefined) return 'the record needs code, input and output';
  const program = `${code}\nassert f(${input}) == ${output}\n`;
  return { kind: 'steps', lang: 'python', files: { 'main.py': program }, build: [pythonCheck('main.py')], exec: [pythonRun('main.py')] };
}

function liveCodeBenchProgram(rec: BenchmarkRecord, options: AssembleOptions): StepsProgram | string {
  const code = options.completion ?? textField(rec, 'code');
  const input = textField(rec, 'input');
  const output = textField(rec, 'output');
  if (code === undefined || input === undefined || output === undefined) return 'the record needs code, input and output';
  const program = livecodebenchProgram(code, input, output);
  return { kind: 'steps', lang: 'python', files: { 'main.py': program }, build: [pythonCheck('main.py')], exec: [pythonRun('main.py')] };
}

/** A CodeMorph record's code and its test as one file; Java's test comes first (the runner starts the first class with a main). */
export function codemorphFile(code: string, test: string, lang: LanguageId): string {
  if (profileOf(lang).toolchain.testFirst) return `${test}${test.endsWith('\n') ? '' : '\n'}${code}`;
  return `${code}${code.endsWith('\n') ? '\n' : '\n\n'}${test}`;
}

function codemorphProgram(rec: BenchmarkRecord, lang: LanguageId | undefined, options: AssembleOptions): HarnessProgram | string {
  const code = options.completion ?? textField(rec, 'code');
  const test = textField(rec, 'test');
  const language = textField(rec, 'language') ?? lang;
  if (code === undefined || !test) return 'the record needs code and test';
  if (!language || !isLanguageId(language)) return 'the record needs a language';
  const text = codemorphFile(code, test, language);
  return { kind: 'file', lang: language, fileName: scratchFileName(language, text), text };
}

/** The language of a HumanEval-X record, from its task id ("CPP/0" is C++). */
export function humanEvalXLanguage(taskId: unknown): LanguageId | undefined {
  const prefix = typeof taskId === 'string' ? taskId.split('/')[0].toLowerCase() : '';
  return ({ python: 'python', cpp: 'cpp', 'c++': 'cpp', java: 'java', javascript: 'javascript', js: 'javascript', go: 'go', rust: 'rust' } as Record<string, LanguageId>)[prefix];
}

/**
 * The program a record's own harness runs. `lang` is needed where the record does not say it
 * (a HumanEval-X task id without a language prefix, a CodeMorph record without `language`).
 */
export function harnessProgram(format: FormatId, rec: BenchmarkRecord, options: AssembleOptions = {}, lang?: LanguageId): HarnessProgram | string {
  switch (format) {
    case 'humaneval':
      return humanEvalProgram(rec, options);
    case 'humaneval-x': {
      const language = humanEvalXLanguage(rec.task_id) ?? lang;
      if (!language) return `cannot tell the language of task ${String(rec.task_id)}: its id has no language prefix (CPP/, Go/, Java/, JavaScript/, Python/, Rust/); pass --lang`;
      return humanEvalXProgram(rec, language, options);
    }
    case 'mbpp':
      return mbppProgram(rec, options);
    case 'cruxeval':
      return cruxEvalProgram(rec, options);
    case 'livecodebench':
      return liveCodeBenchProgram(rec, options);
    case 'codemorph':
      return codemorphProgram(rec, lang, options);
  }
}

/** Assembles and runs a record as its format's harness does: passed, or the output that says why not. */
export async function runRecord(format: FormatId, rec: BenchmarkRecord, run: HarnessRun, options: AssembleOptions = {}, lang?: LanguageId): Promise<CheckResult> {
  const program = harnessProgram(format, rec, options, lang);
  if (typeof program === 'string') return { ok: false, commands: [], output: program, timedOut: false, cancelled: false, processMs: 0 };
  return runProgram(program, run);
}

/** Checks that a record compiles as its format's harness assembles it. */
export async function checkRecord(format: FormatId, rec: BenchmarkRecord, run: HarnessRun, options: AssembleOptions = {}, lang?: LanguageId): Promise<CheckResult> {
  const program = harnessProgram(format, rec, options, lang);
  if (typeof program === 'string') return { ok: false, commands: [], output: program, timedOut: false, cancelled: false, processMs: 0 };
  return checkProgram(program, run);
}
