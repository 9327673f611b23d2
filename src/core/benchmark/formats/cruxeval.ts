import { findFunctions } from '../../languages/functions';
import { profileOf } from '../../languages/profiles';
import { BenchmarkRecord, nonBlankLines, textField } from './fields';
import { composeParts, cutParts } from './parts';
import type { BenchmarkFormat, Problem, ReadContext } from './problem';
import { recordId, renamed, withTree } from './problem';

/**
 * CRUXEval (id, code, input, output): the check is `assert f(input) == output`, and its scoring
 * looks for `f(` in a model's answer, so the function keeps the name `f` (function-rename is left
 * out of the search); `input` is renamed along with it should it ever hold the call text.
 */
const ENTRY = 'f';

export const cruxEval: BenchmarkFormat = {
  id: 'cruxeval',
  idField: 'id',
  required: ['id', 'code', 'input', 'output'],
  async read(rec: BenchmarkRecord, ctx: ReadContext): Promise<Problem | string> {
    const id = recordId(rec, 'id');
    if (id === undefined) return 'no id (a string or a number)';
    const code = textField(rec, 'code');
    const input = textField(rec, 'input');
    const output = textField(rec, 'output');
    if (code === undefined || code.trim() === '') return `record ${id} has no code (a non-empty string)`;
    if (input === undefined || output === undefined) return `record ${id} needs input and output (Python expressions as strings)`;
    const defined = await withTree(ctx.loader, 'python', code, (tree) => findFunctions(tree.rootNode, profileOf('python')).some((f) => f.name === ENTRY && f.container === null));
    if (!defined) return `record ${id}: its code defines no function f, which the check calls`;
    const composed = composeParts('python', [
      { key: 'code', text: code },
      { key: 'check', text: `assert f(${input}) == ${output}\n` },
    ]);
    return {
      format: 'cruxeval',
      taskId: id,
      lang: 'python',
      entryPoint: ENTRY,
      composed,
      lines: nonBlankLines(code),
      fixedName: true,
      tested: true,
      checkOptions: {},
      async rebuild(text, entryPoint) {
        const cut = cutParts('python', composed, text);
        if (typeof cut === 'string') return cut;
        return { ...rec, code: cut.code.text, input: renamed(input, ENTRY, entryPoint) };
      },
    };
  },
};
