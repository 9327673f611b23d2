import type { Node } from 'web-tree-sitter';
import type { BenchmarkRecord } from '../benchmark/formats';
import { textField } from '../benchmark/formats/fields';
import { withTree } from '../benchmark/formats/problem';
import { humanEvalXLanguage } from '../benchmark/harness';
import { findFunctions } from '../languages/functions';
import type { GrammarLoader } from '../languages/grammarLoader';
import { profileOf } from '../languages/profiles';
import { commentStatement } from './commentStatement';
import { inferType, renderUnion } from './inputTypes';
import { humanEvalProblem, SeedProblem } from './problems';
import { signatureInputs, testLiterals } from './signatureInputs';

/**
 * HumanEval-X: a Python record is HumanEval's (its docstring); in the other languages the
 * statement is the comment before the function the prompt leaves open (C++'s at the top, Java's
 * javadoc in the class, Go's `//` lines). Only that comment changes in `prompt` (and in Go's
 * `docstring` field, which repeats it); the includes, the signature and the tests stay byte for
 * byte. The inputs' types are the signature's where the language declares them, else (JavaScript)
 * read from the literals the tests pass, as Python's are.
 */
export async function humanEvalXProblem(rec: BenchmarkRecord, loader: GrammarLoader): Promise<SeedProblem | string> {
  const taskId = rec.task_id as string | number;
  const lang = humanEvalXLanguage(taskId);
  if (!lang) return `cannot tell the language of task ${String(taskId)}: its id has no language prefix (CPP/, Go/, Java/, JavaScript/, Python/, Rust/)`;
  // the format's, not the language's: HumanEval-X's Python records are HumanEval's, statement in the docstring
  if (lang === 'python') return humanEvalProblem(rec, 'humaneval-x');
  const prompt = textField(rec, 'prompt');
  const solution = textField(rec, 'canonical_solution');
  const test = textField(rec, 'test');
  if (prompt === undefined || solution === undefined || test === undefined) return 'the record needs prompt, canonical_solution and test';
  const found = await withTree(loader, lang, prompt + solution, (tree) => {
    const open = findFunctions(tree.rootNode, profileOf(lang))
      .filter((f) => f.start < prompt.length && f.end >= prompt.length)
      .sort((a, b) => b.start - a.start)[0];
    if (!open) return undefined;
    return { entry: open.name, start: open.start, comment: statementComment(tree.rootNode, open.start) };
  });
  if (!found) return 'no function is left open at the end of its prompt';
  const { entry, start, comment } = found;
  if (!comment) return `${entry} has no comment before it to rewrite`;
  const lineStart = prompt.lastIndexOf('\n', start - 1) + 1;
  const signature = prompt.slice(lineStart).trim();
  const statement = commentStatement(prompt.slice(comment.start, comment.end));
  if (!statement.text) return `the comment before ${entry} is empty`;
  let inputs = signatureInputs(lang, signature, entry);
  if (inputs.some((i) => i.type === '')) {
    const values = await testLiterals(loader, lang, test, entry, inputs.map((i) => i.name));
    inputs = inputs.map((i) => (i.type ? i : { name: i.name, type: renderUnion(inferType(values[i.name] ?? [])) }));
  }
  const docstring = textField(rec, 'docstring');
  const before = prompt.slice(comment.start, comment.end);
  return {
    format: 'humaneval-x',
    lang,
    taskId,
    record: rec,
    entry,
    signature,
    statement: statement.text,
    solution: prompt + solution,
    tests: test,
    inputs,
    examples: 'kept',
    solutionOf: (r) => `${String(r.prompt)}${String(r.canonical_solution)}`,
    withStatement(text) {
      const after = statement.render(text);
      if (typeof after !== 'string') return after.error;
      const out: BenchmarkRecord = { ...rec, prompt: prompt.slice(0, comment.start) + after + prompt.slice(comment.end) };
      // Go's records repeat the comment as `docstring` (with its newline): it follows the prompt
      if (docstring !== undefined && docstring.trim() === before.trim()) out.docstring = docstring.replace(before.trim(), after.trim());
      return out;
    },
  };
}

/**
 * The comment that states the problem: the last one before the function (a run of line comments
 * on consecutive lines counts as one), as offsets into the text.
 */
function statementComment(root: Node, before: number): { start: number; end: number } | undefined {
  const comments: Node[] = [];
  const walk = (node: Node) => {
    if (node.startIndex >= before) return;
    if (node.type.endsWith('comment') && node.endIndex <= before) {
      comments.push(node);
      return;
    }
    for (const child of node.namedChildren) if (child) walk(child);
  };
  walk(root);
  if (!comments.length) return undefined;
  let first = comments.length - 1;
  const isLine = (n: Node) => n.text.startsWith('//');
  if (isLine(comments[first])) {
    while (first > 0 && isLine(comments[first - 1]) && comments[first - 1].endPosition.row + 1 === comments[first].startPosition.row) first--;
  }
  return { start: comments[first].startIndex, end: comments[comments.length - 1].endIndex };
}
