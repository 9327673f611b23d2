import { findFunctions } from '../../languages/functions';
import { profileOf } from '../../languages/profiles';
import { mbppSetup } from '../harness';
import { BenchmarkRecord, listField, nonBlankLines, textField } from './fields';
import { composeParts, cutParts, FilePart } from './parts';
import type { BenchmarkFormat, Problem, ReadContext } from './problem';
import { proseTable, recordId, withTree } from './problem';
import { renameProse } from './problemText';

/**
 * MBPP, original (task_id, text, code, test_list, test_setup_code, challenge_test_list) and
 * sanitized (task_id, prompt, code, test_imports, test_list): the harness runs the setup, the code
 * and the asserts of test_list. The entry point is the code's function that the tests call.
 */

/**
 * The function of `code` the asserts call (the first one, in the order the code defines them);
 * failing that, the one they hand to a checker (`check(name)`, as a record exported from
 * HumanEval runs its check program).
 */
async function calledFunction(ctx: ReadContext, code: string, tests: readonly string[]): Promise<string | undefined> {
  const calls = tests.join('\n');
  return withTree(ctx.loader, 'python', code, (tree) => {
    const functions = findFunctions(tree.rootNode, profileOf('python')).filter((f) => f.container === null && f.node.parent?.type !== 'block');
    const called = functions.find((f) => new RegExp(`(?<![\\w.])${f.name}\\s*\\(`).test(calls));
    return (called ?? functions.find((f) => new RegExp(`(?<![\\w.])\\w+\\(\\s*${f.name}\\s*\\)`).test(calls)))?.name;
  });
}

export const mbpp: BenchmarkFormat = {
  id: 'mbpp',
  idField: 'task_id',
  required: ['task_id', 'code', 'test_list'],
  async read(rec: BenchmarkRecord, ctx: ReadContext): Promise<Problem | string> {
    const taskId = recordId(rec, 'task_id');
    if (taskId === undefined) return 'no task_id (a string or a number)';
    const code = textField(rec, 'code');
    if (code === undefined || code.trim() === '') return `task ${taskId} has no code (a non-empty string)`;
    const tests = listField(rec, 'test_list');
    if (!tests || tests.length === 0) return `task ${taskId} has no test_list (a list of assert lines)`;
    const challenge = listField(rec, 'challenge_test_list') ?? [];
    const entry = await calledFunction(ctx, code, tests);
    if (!entry) return `task ${taskId}: test_list calls none of the functions its code defines`;
    const setup = mbppSetup(rec);
    const parts: FilePart[] = [
      ...(setup.trim() ? [{ key: 'setup', text: setup }] : []),
      { key: 'code', text: code },
      ...tests.map((text, i) => ({ key: `test_list.${i}`, text })),
      ...challenge.map((text, i) => ({ key: `challenge_test_list.${i}`, text })),
    ];
    const composed = composeParts('python', parts);
    return {
      format: 'mbpp',
      taskId,
      lang: 'python',
      entryPoint: entry,
      composed,
      lines: nonBlankLines(code),
      fixedName: false,
      tested: true,
      checkOptions: { challenge: true },
      async rebuild(text, entryPoint, prose) {
        const cut = cutParts('python', composed, text);
        if (typeof cut === 'string') return cut;
        const out: BenchmarkRecord = { ...rec };
        // the problem statement names the function now and then ("write a function min_cost..."), its parameters too
        const table = proseTable(prose, entry, entryPoint);
        for (const field of ['text', 'prompt']) {
          const value = textField(rec, field);
          if (value !== undefined) out[field] = renameProse(value, table, 'doc');
        }
        out.code = cut.code.text;
        out.test_list = tests.map((_, i) => cut[`test_list.${i}`].text);
        if (listField(rec, 'challenge_test_list')) out.challenge_test_list = challenge.map((_, i) => cut[`challenge_test_list.${i}`].text);
        if (textField(rec, 'test_setup_code') !== undefined && cut.setup) out.test_setup_code = cut.setup.text;
        return out;
      },
    };
  },
};
