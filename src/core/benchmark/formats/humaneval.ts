import { BenchmarkRecord, nonBlankLines, textField } from './fields';
import type { BenchmarkFormat, Problem, ReadContext } from './problem';
import { recordId, renamed } from './problem';
import { cutPromptFile, openPromptFile } from './promptRecord';

/**
 * HumanEval (task_id, prompt, canonical_solution, test, entry_point), and HumanEval+ records that
 * add extra inputs (base_input, plus_input, atol): the harness runs prompt + completion + test +
 * check(entry_point), and EvalPlus compares the results on the extra inputs with the reference
 * solution's. The extra inputs are arguments, not names: they are kept as they are.
 */
export const humanEval: BenchmarkFormat = {
  id: 'humaneval',
  idField: 'task_id',
  required: ['task_id', 'prompt', 'canonical_solution', 'test', 'entry_point'],
  async read(rec: BenchmarkRecord, ctx: ReadContext): Promise<Problem | string> {
    const taskId = recordId(rec, 'task_id');
    const prompt = textField(rec, 'prompt');
    const solution = textField(rec, 'canonical_solution');
    const test = textField(rec, 'test');
    const entry = textField(rec, 'entry_point');
    if (taskId === undefined) return 'no task_id (a string or a number)';
    for (const [field, value] of [['prompt', prompt], ['canonical_solution', solution], ['test', test], ['entry_point', entry]] as const) {
      if (value === undefined || (field !== 'test' && value.trim() === '')) return `task ${taskId} has no ${field} (a string)`;
    }
    const file = await openPromptFile(ctx.loader, 'python', entry!, prompt!, solution!, [], [{ key: 'test', text: test! }]);
    if (typeof file === 'string') return `task ${taskId}: ${file} (entry_point ${entry})`;
    return {
      format: 'humaneval',
      taskId,
      lang: 'python',
      entryPoint: entry!,
      composed: file.composed,
      lines: nonBlankLines(solution!),
      fixedName: false,
      tested: true,
      checkOptions: { reference: rec },
      async rebuild(text, entryPoint) {
        const cut = await cutPromptFile(ctx.loader, 'python', file, text, entryPoint);
        if (typeof cut === 'string') return cut;
        return {
          ...rec,
          prompt: renamed(cut.code.prompt, entry!, entryPoint),
          canonical_solution: cut.code.solution,
          test: cut.parts.test.text,
          entry_point: entryPoint,
        };
      },
    };
  },
};
