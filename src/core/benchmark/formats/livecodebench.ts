import { findFunctions } from '../../languages/functions';
import { profileOf } from '../../languages/profiles';
import { BenchmarkRecord, nonBlankLines, textField } from './fields';
import { composeParts, cutParts } from './parts';
import type { BenchmarkFormat, Problem, ReadContext } from './problem';
import { recordId, withTree } from './problem';

/**
 * LiveCodeBench's code execution records (question_id, id, function_name, code, input, output,
 * with contest_id, contest_date, difficulty, problem_id, numsteps kept as they are): its output
 * prediction task, the one CodeCrash perturbs. `input` is the whole call, keyword arguments
 * included (`countPairs(nums = [1, 2], k = 3)`), `output` a literal, and the check is
 * `assert <input> == <output>` after the code. The code uses `List`, `Counter`, `inf`... without
 * importing them (LiveCodeBench runs it after imports of its own), so the check runs after the
 * imports below. The entry point may be renamed: the call in `input` follows it, and so do its
 * keyword arguments when a parameter is renamed, since the call is part of the perturbed file.
 */

/** The standard library names the records' code takes for granted. */
export const LIVECODEBENCH_IMPORTS = [
  'from typing import *',
  'from collections import *',
  'from functools import *',
  'from itertools import *',
  'from heapq import *',
  'from bisect import *',
  'from math import inf, gcd, lcm, comb, factorial, sqrt, isqrt, ceil, floor, log, log2',
  'import math, heapq, bisect, itertools, functools, collections, string, re',
  '',
].join('\n');

/** The call of `entry` that `input` is: `entry(...)` and nothing after it. */
function isCallOf(input: string, entry: string): boolean {
  const text = input.trim();
  return text.startsWith(`${entry}(`) && text.endsWith(')');
}

/** A record's call as the arguments of `entry` (as they appear between its parentheses) and the result; null when it is no call of `entry`. */
export function liveCodeBenchIo(rec: BenchmarkRecord, entry: string): { input: string; output: string } | null {
  const input = textField(rec, 'input')?.trim();
  const output = textField(rec, 'output');
  if (input === undefined || output === undefined || !isCallOf(input, entry)) return null;
  return { input: input.slice(entry.length + 1, -1).trim(), output };
}

/** The program LiveCodeBench's harness runs for a record: imports, code, the assert. */
export function livecodebenchProgram(code: string, input: string, output: string): string {
  return `${LIVECODEBENCH_IMPORTS}${code}${code.endsWith('\n') ? '' : '\n'}assert ${input.trim()} == ${output}\n`;
}

export const liveCodeBench: BenchmarkFormat = {
  id: 'livecodebench',
  idField: 'id',
  required: ['question_id', 'id', 'function_name', 'code', 'input', 'output'],
  async read(rec: BenchmarkRecord, ctx: ReadContext): Promise<Problem | string> {
    const id = recordId(rec, 'id');
    if (id === undefined) return 'no id (a string or a number)';
    const code = textField(rec, 'code');
    const entry = textField(rec, 'function_name');
    const input = textField(rec, 'input');
    const output = textField(rec, 'output');
    if (code === undefined || code.trim() === '') return `record ${id} has no code (a non-empty string)`;
    if (entry === undefined || !/^[A-Za-z_]\w*$/.test(entry)) return `record ${id} has no function_name (the name of the function its input calls)`;
    if (input === undefined || output === undefined) return `record ${id} needs input and output (Python source text as strings)`;
    if (!isCallOf(input, entry)) return `record ${id}: its input is not a call of ${entry} (like ${entry}(nums = [1, 2]))`;
    const defined = await withTree(ctx.loader, 'python', code, (tree) => findFunctions(tree.rootNode, profileOf('python')).some((f) => f.name === entry && f.container === null));
    if (!defined) return `record ${id}: its code defines no top-level function ${entry}, which its input calls`;
    const expected = ` == ${output}\n`;
    const composed = composeParts('python', [
      { key: 'setup', text: LIVECODEBENCH_IMPORTS },
      { key: 'code', text: code },
      { key: 'check', text: `assert ${input.trim()}${expected}` },
    ]);
    return {
      format: 'livecodebench',
      taskId: id,
      lang: 'python',
      entryPoint: entry,
      composed,
      lines: nonBlankLines(code),
      fixedName: false,
      tested: true,
      checkOptions: {},
      async rebuild(text, entryPoint) {
        const cut = cutParts('python', composed, text);
        if (typeof cut === 'string') return cut;
        // the call is read back from the check, where every rename reached it
        const check = cut.check.text;
        if (!check.startsWith('assert ') || !check.endsWith(expected)) return `the check is no longer assert <call> == ${output}`;
        const call = check.slice('assert '.length, -expected.length);
        if (!isCallOf(call, entryPoint)) return `the check no longer calls ${entryPoint}`;
        return { ...rec, function_name: entryPoint, code: cut.code.text, input: call };
      },
    };
  },
};
