import { findFunctions } from '../../languages/functions';
import type { LanguageId } from '../../languages/languageIds';
import { profileOf } from '../../languages/profiles';
import { humanEvalXLanguage } from '../harness';
import { BenchmarkRecord, nonBlankLines, textField } from './fields';
import type { FilePart } from './parts';
import type { BenchmarkFormat, Problem, ReadContext } from './problem';
import { proseTable, recordId, renamed, withTree } from './problem';
import { renameCode, renameProse } from './problemText';
import { cutPromptFile, declarationFor, openPromptFile } from './promptRecord';

/**
 * HumanEval-X (task_id like "CPP/0", prompt, declaration, canonical_solution, test, example_test;
 * Go records may add import, docstring and test_setup). There is no entry_point field: the entry
 * point is the function the prompt leaves open. The language comes from the task id.
 */

/** Fields that hold code the engine works on, or text that is written from it. */
const REWRITTEN = new Set(['task_id', 'prompt', 'canonical_solution', 'test', 'declaration', 'test_setup', 'import']);

/** HumanEvalPack's natural-language fields. */
const PROSE = new Set(['docstring', 'instruction']);

/** The function whose body the prompt opens: the last one that starts inside the prompt and goes on past it. */
async function openFunction(ctx: ReadContext, lang: LanguageId, prompt: string, solution: string): Promise<string | undefined> {
  const text = prompt + solution;
  return withTree(ctx.loader, lang, text, (tree) => {
    const open = findFunctions(tree.rootNode, profileOf(lang)).filter((f) => f.start < prompt.length && f.end >= prompt.length);
    open.sort((a, b) => b.start - a.start);
    return open[0]?.name;
  });
}

function goSetup(rec: BenchmarkRecord, test: string): FilePart[] {
  const setup = textField(rec, 'test_setup');
  if (setup !== undefined) return [{ key: 'setup', text: setup }];
  const testify = /\bassert\./.test(test) ? '\n    "github.com/stretchr/testify/assert"' : '';
  return [{ key: 'setup', text: `package main\n\nimport (\n    "testing"${testify}\n)\n` }];
}

export const humanEvalX: BenchmarkFormat = {
  id: 'humaneval-x',
  idField: 'task_id',
  required: ['task_id', 'prompt', 'declaration', 'canonical_solution', 'test'],
  async read(rec: BenchmarkRecord, ctx: ReadContext): Promise<Problem | string> {
    const taskId = recordId(rec, 'task_id');
    if (taskId === undefined) return 'no task_id (a string or a number)';
    const lang = humanEvalXLanguage(taskId) ?? ctx.lang;
    if (!lang) return `cannot tell the language of task ${taskId}: its id has no language prefix (CPP/, Go/, Java/, JavaScript/, Python/, Rust/); pass --lang`;
    const prompt = textField(rec, 'prompt');
    const solution = textField(rec, 'canonical_solution');
    const test = textField(rec, 'test');
    for (const [field, value] of [['prompt', prompt], ['canonical_solution', solution], ['test', test]] as const) {
      if (value === undefined || value.trim() === '') return `task ${taskId} has no ${field} (a string)`;
    }
    const entry = await openFunction(ctx, lang, prompt!, solution!);
    if (!entry) return `task ${taskId}: no function is left open at the end of its prompt`;
    // the format's, not the language's: HumanEval-X's Go records keep the package and imports their tests need apart (test_setup)
    const before = lang === 'go' ? goSetup(rec, test!) : [];
    const file = await openPromptFile(ctx.loader, lang, entry, prompt!, solution!, before, [{ key: 'test', text: test! }]);
    if (typeof file === 'string') return `task ${taskId}: ${file}`;
    return {
      format: 'humaneval-x',
      taskId,
      lang,
      entryPoint: entry,
      composed: file.composed,
      lines: nonBlankLines(solution!),
      fixedName: false,
      tested: true,
      checkOptions: {},
      async rebuild(text, entryPoint, prose) {
        const cut = await cutPromptFile(ctx.loader, lang, file, text, entryPoint);
        if (typeof cut === 'string') return cut;
        const rename = (t: string) => renamed(t, entry, entryPoint);
        const table = proseTable(prose, entry, entryPoint);
        const out: BenchmarkRecord = {};
        for (const [field, value] of Object.entries(rec)) {
          // other text about the function (example_test) calls it by its new name; its description
          // (HumanEvalPack's docstring, instruction) and signature follow every rename
          if (typeof value !== 'string' || REWRITTEN.has(field)) out[field] = value;
          else if (PROSE.has(field)) out[field] = renameProse(value, table, 'doc');
          else if (field === 'signature') out[field] = renameCode(value, table.to);
          else out[field] = rename(value);
        }
        out.prompt = rename(cut.code.prompt);
        out.canonical_solution = cut.code.solution;
        out.test = cut.parts.test.text;
        const declaration = textField(rec, 'declaration');
        if (declaration !== undefined) out.declaration = declarationFor(declaration, file.header, cut.code.header, rename);
        if (textField(rec, 'test_setup') !== undefined) out.test_setup = cut.parts.setup.text;
        return out;
      },
    };
  },
};
