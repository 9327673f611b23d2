import type { LanguageId } from '../languages/languageIds';
import { profileOf } from '../languages/profiles';

/**
 * The programs an answer is judged by, one per language: the answer with the item's test for a
 * written function, and the item's code with one checked call for a predicted value. Each exits
 * 0 when the answer is right and non-zero otherwise. The test follows the code as `dataset`
 * composes a record (Java's test class first, Go's package clause once).
 */

/** A function the model wrote, with the item's test after it. */
export function generationProgram(lang: LanguageId, answer: string, test: string, entry: string | null): string {
  const toolchain = profileOf(lang).toolchain;
  if (lang === 'python') {
    // HumanEval's format, not Python's: its tests define check(candidate) and leave the call to the harness
    const call = /^def check\(/m.test(test) && !/^check\(/m.test(test) && entry ? `\ncheck(${entry})\n` : '';
    return `${answer}\n\n${test}\n${call}`;
  }
  if (toolchain.packageClause) return `${toolchain.packageClause.ensure(answer)}\n\n${toolchain.packageClause.dropFrom(test)}\n`;
  // Java's runner starts the first class with a main: the test's goes first
  return toolchain.testFirst ? `${test}\n${answer}\n` : `${answer}\n\n${test}\n`;
}

/**
 * The item's code with a check that `entry(input)` equals `output`: output prediction checks the
 * model's output with the item's input, input prediction the model's input with the item's output.
 * Null for a language with no such check here.
 */
export function callCheckProgram(lang: LanguageId, code: string, entry: string, input: string, output: string): string | null {
  return profileOf(lang).toolchain.valueCheckProgram(code, entry, `${entry}(${input})`, output);
}

/** How the call a prediction task asks about is shown in the prompt, with `??` for the unknown part. */
export function shownCall(lang: LanguageId, entry: string, input: string, output: string): string {
  // a dataset format's, not the language's: CRUXEval, the prediction benchmark, is Python and shows
  // `assert f(x) == y`; the other languages have no published form, and get the bare comparison
  return lang === 'python' ? `assert ${entry}(${input}) == ${output}` : `${entry}(${input}) == ${output}`;
}

/** Where a docstring that starts at `at` (after blanks) ends, past its line; `at` when there is none. */
function pastDocstring(text: string, at: number): number {
  const m = /^\s*(?:[rRbBuU]{0,2})("""|''')/.exec(text.slice(at));
  if (!m) return at;
  const close = text.indexOf(m[1], at + m[0].length);
  if (close < 0) return at;
  const nl = text.indexOf('\n', close + 3);
  return nl < 0 ? text.length : nl + 1;
}

/** Brackets a C-family text opens and does not close, strings and comments aside (roughly: enough to close a class). */
function unclosedBraces(text: string): number {
  const bare = text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/[^\n]*/g, '')
    .replace(/"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`[^`]*`/g, '""');
  let depth = 0;
  for (const c of bare) {
    if (c === '{') depth++;
    else if (c === '}') depth--;
  }
  return depth;
}

/**
 * What a HumanEval-style harness appends to the prompt for an answer: the harness runs
 * prompt + completion, and an instruction-following model answers with the whole function. The
 * completion is what follows the prompt in the answer: after the repeated prompt, else after
 * the entry function's signature line (and, in Python, its docstring), else the answer as it is.
 * Braces the prompt opened (Java's class) and the answer left open are closed.
 */
export function completionAfterPrompt(lang: LanguageId, prompt: string, answer: string, entry: string | null): string {
  const repeated = prompt.trim() ? answer.indexOf(prompt.trim()) : -1;
  // a body indented under a header ending in `:` (Python) rather than between braces
  const indented = profileOf(lang).spelling.indentedBlocks;
  let completion = answer;
  if (repeated >= 0) completion = answer.slice(repeated + prompt.trim().length).replace(/^[^\S\n]*\n/, '');
  else if (entry) {
    const name = entry.replace(/[$]/g, '\\$');
    const header = profileOf(lang).definitionLine(name);
    const m = header.exec(answer);
    if (m) {
      let at = m.index;
      if (indented) {
        // the signature may span lines: it ends at the first line ending in a colon
        const colon = /:[^\S\n]*(?:#[^\n]*)?$/m.exec(answer.slice(at));
        at = colon ? at + colon.index + colon[0].length : at;
        at = answer[at] === '\n' ? at + 1 : at;
        at = pastDocstring(answer, at);
      } else {
        const nl = answer.indexOf('\n', at);
        at = nl < 0 ? answer.length : nl + 1;
      }
      completion = answer.slice(at);
    }
  }
  if (!indented) {
    const open = unclosedBraces(prompt + completion);
    if (open > 0) completion = `${completion.replace(/\s*$/, '\n')}${'}\n'.repeat(open)}`;
  }
  return completion;
}
