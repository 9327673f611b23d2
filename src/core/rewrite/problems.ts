import type { BenchmarkRecord } from '../benchmark/formats';
import { listField, textField } from '../benchmark/formats/fields';
import { mbppSetup } from '../benchmark/harness';
import type { LanguageId } from '../languages/languageIds';

/** The formats whose problem statement `rewrite` can rewrite. */
export const REWRITE_FORMATS = ['humaneval', 'humaneval-x', 'mbpp'] as const;
export type RewriteFormat = (typeof REWRITE_FORMATS)[number];

/**
 * One seed problem as the rewriting agents see it: the statement they rewrite, and everything
 * that must stay as it is (the signature, the canonical solution, the tests).
 */
export interface SeedProblem {
  format: RewriteFormat;
  lang: LanguageId;
  taskId: string | number;
  record: BenchmarkRecord;
  entry: string;
  /** The function's header as the model must keep it (`def f(xs: list) -> int:`). */
  signature: string;
  /** The natural-language statement the agents rewrite: HumanEval's docstring, MBPP's text. */
  statement: string;
  /** The program defining the entry point with its canonical solution. */
  solution: string;
  /** The test text whose calls say what the inputs are. */
  tests: string;
  /**
   * The inputs' types when the record itself says them (a typed signature, or literals read from
   * tests that are not Python's: humanevalXProblem.ts); absent, Python reads them from `tests`.
   */
  inputs?: { name: string; type: string }[];
  /**
   * How the statement's examples are validated: `run` on the canonical solution by Python
   * (examples.ts), or `kept`, each of the original's kept as written and none added, where they
   * are in another language's syntax (the record's own example test holds the original's).
   */
  examples: 'run' | 'kept';
  /** The program the statement's examples run on, for a record with another statement. */
  solutionOf(record: BenchmarkRecord): string;
  /** The record with another statement in place of this one, or why it cannot take it. */
  withStatement(statement: string): BenchmarkRecord | string;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Lines without their common indentation (the first line, after the opening quotes, aside). */
export function dedent(lines: string[]): string[] {
  const indents = lines.filter((l) => l.trim()).map((l) => /^[ \t]*/.exec(l)![0].length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(Math.min(cut, /^[ \t]*/.exec(l)![0].length)));
}

/**
 * HumanEval (and HumanEval-X's Python records, whose entry point is the function the prompt
 * leaves open): the docstring of the entry function in `prompt`. Only the text between its quotes
 * is replaced, so the signature, the imports and any helper the prompt defines stay byte for byte.
 */
export function humanEvalProblem(rec: BenchmarkRecord, format: 'humaneval' | 'humaneval-x' = 'humaneval'): SeedProblem | string {
  const prompt = textField(rec, 'prompt');
  const solution = textField(rec, 'canonical_solution');
  const test = textField(rec, 'test');
  const entry = format === 'humaneval' ? textField(rec, 'entry_point') : lastDef(prompt ?? '');
  const taskId = rec.task_id as string | number;
  if (format === 'humaneval-x' && prompt !== undefined && !entry) return 'its prompt defines no function';
  if (prompt === undefined || solution === undefined || test === undefined || !entry) return 'the record needs prompt, canonical_solution, test and entry_point';
  const def = new RegExp(`^[ \\t]*(?:async[ \\t]+)?def[ \\t]+${escapeRegExp(entry)}[ \\t]*\\([\\s\\S]*?\\)[^:\\n]*:[ \\t]*\\n`, 'm').exec(prompt);
  if (!def) return `its prompt does not define ${entry}`;
  const after = def.index + def[0].length;
  const doc = /^(\s*?)([ \t]*)([rRuU]?)("""|''')([\s\S]*?)\4/.exec(prompt.slice(after));
  if (!doc) return `${entry} has no docstring to rewrite`;
  const [whole, lead, indent, prefix, quote, body] = doc;
  const start = after + lead.length;
  const end = after + whole.length;
  const lines = body.split('\n');
  const statement = [lines[0].trim(), ...dedent(lines.slice(1))].join('\n').replace(/^\n+/, '').replace(/\s+$/, '');
  return {
    format,
    lang: 'python',
    taskId,
    record: rec,
    entry,
    signature: def[0].trim(),
    statement,
    solution: `${prompt}${solution}`,
    tests: test,
    examples: 'run',
    solutionOf: (r) => `${String(r.prompt)}${String(r.canonical_solution)}`,
    withStatement(text) {
      if (text.includes(quote)) return `the rewritten statement holds the docstring's closing quotes (${quote})`;
      if (text.endsWith('\\')) return 'the rewritten statement ends with a backslash, which would escape the closing quotes';
      const body = text
        .replace(/\s+$/, '')
        .split('\n')
        .map((l, i) => (i === 0 || !l.trim() ? l.trimEnd() : `${indent}${l}`))
        .join('\n');
      const docstring = `${indent}${prefix}${quote}${body}\n${indent}${quote}`;
      return { ...rec, prompt: prompt.slice(0, start) + docstring + prompt.slice(end) };
    },
  };
}

/** MBPP: the statement is `text` (original) or `prompt` (sanitized); the entry point is the code's function the asserts call. */
function mbppProblem(rec: BenchmarkRecord): SeedProblem | string {
  const code = textField(rec, 'code');
  const tests = listField(rec, 'test_list');
  const field = textField(rec, 'text') !== undefined ? 'text' : textField(rec, 'prompt') !== undefined ? 'prompt' : undefined;
  if (code === undefined || !tests || !tests.length) return 'the record needs code and test_list';
  if (!field) return 'the record has no problem statement (text or prompt)';
  const calls = tests.join('\n');
  const entry = [...code.matchAll(/^def[ \t]+(\w+)[ \t]*\(/gm)].map((m) => m[1]).find((name) => new RegExp(`(?<![\\w.])${name}\\s*\\(`).test(calls));
  if (!entry) return 'test_list calls none of the functions its code defines';
  const signature = new RegExp(`^def[ \\t]+${entry}[ \\t]*\\([\\s\\S]*?\\)[^:\\n]*:`, 'm').exec(code)![0];
  const statement = textField(rec, field)!;
  const named = new RegExp(`\\b${entry}\\b`).test(statement);
  const solution = `${mbppSetup(rec)}\n${code}\n`;
  return {
    format: 'mbpp',
    lang: 'python',
    taskId: rec.task_id as string | number,
    record: rec,
    entry,
    signature,
    statement,
    solution,
    tests: calls,
    examples: 'run',
    solutionOf: () => solution,
    withStatement(text) {
      // the asserts call the function by its name: a statement that named it must still
      if (named && !new RegExp(`\\b${entry}\\b`).test(text)) return `the rewritten statement no longer names the function ${entry}, which the tests call`;
      return { ...rec, [field]: text.replace(/\s+$/, '') };
    },
  };
}

/** The function a HumanEval-X Python prompt leaves open: its last top-level `def`. */
function lastDef(prompt: string): string | undefined {
  return [...prompt.matchAll(/^(?:async[ \t]+)?def[ \t]+(\w+)[ \t]*\(/gm)].pop()?.[1];
}

/** HumanEval's or MBPP's seed problem (HumanEval-X, whose other languages need a parse: humanevalXProblem.ts). */
export function seedProblem(format: Exclude<RewriteFormat, 'humaneval-x'>, rec: BenchmarkRecord): SeedProblem | string {
  return format === 'humaneval' ? humanEvalProblem(rec) : mbppProblem(rec);
}
