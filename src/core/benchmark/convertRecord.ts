import { mbppSetup } from './harness';
import { PYTHON_SETUP, pythonCompletion } from './harness/humanevalX';
import { BenchmarkRecord, FormatId, listField, textField } from './formats/fields';
import type { BenchmarkOrigin } from './origin';

/**
 * "Export entries as…" into a format other than the one a Python entry was imported from: the
 * entry's written record (its `benchmark.record`, every field already matching the perturbed
 * code) rewritten into the other format's fields, so that format's harness runs it unchanged.
 * HumanEval and HumanEval-X Python hold the same parts (prompt, solution, a `check` program);
 * MBPP holds the whole code and assert lines. CRUXEval needs an input/output pair of `f`, which
 * only its own records carry: it is never a target here.
 */

/** The formats a Python record with tests converts between. */
const CONVERTIBLE = new Set<FormatId>(['humaneval', 'humaneval-x', 'mbpp']);

/** The record in `to`'s fields, or why it cannot be written so. */
export function convertRecord(origin: BenchmarkOrigin, entryPoint: string, to: FormatId): { record: BenchmarkRecord } | { refused: string } {
  const from = origin.format;
  const rec = origin.record;
  if (to === 'cruxeval') {
    return { refused: `perturbed from a ${from} record: a CRUXEval record is an input/output pair of f, which only CRUXEval records carry; export it as ${from} or codemorph` };
  }
  if (!CONVERTIBLE.has(from) || !CONVERTIBLE.has(to)) return { refused: `perturbed from a ${from} record; export it as ${from} or codemorph` };
  if (from === 'humaneval-x' && textField(rec, 'task_id') !== undefined && !/^python\//i.test(String(rec.task_id))) {
    return { refused: `perturbed from a non-Python humaneval-x record (${String(rec.task_id)}): only Python records convert; export it as humaneval-x or codemorph` };
  }
  const converted = from === 'mbpp' ? fromMbpp(rec, entryPoint, to) : fromHumanEval(rec, from === 'humaneval-x', entryPoint, to);
  // the records built here never hold a field named refused: it only says why not
  if (typeof converted.refused === 'string') return { refused: converted.refused };
  // what CodeMorph did stays, with the conversion said
  const info = rec.codemorph && typeof rec.codemorph === 'object' ? (rec.codemorph as Record<string, unknown>) : {};
  return { record: { ...converted, codemorph: { ...info, converted: { from, to, task_id: rec.task_id } } } };
}

/** "HumanEval/12" as `prefix`/12: each HumanEval-style format names its tasks "Prefix/N". */
function taskId(id: unknown, prefix: string): string {
  const text = String(id);
  const slash = text.indexOf('/');
  return `${prefix}/${slash >= 0 ? text.slice(slash + 1) : text}`;
}

/** HumanEval-X's Python test ends by calling `check(entry)`; HumanEval's harness and MBPP's asserts call it themselves. */
function withoutCheckCall(test: string, entry: string): string {
  const call = new RegExp(`^check\\(\\s*${entry}\\s*\\)[ \\t]*$`);
  return `${test
    .split('\n')
    .filter((line) => !call.test(line))
    .join('\n')
    .trimEnd()}\n`;
}

function fromHumanEval(rec: BenchmarkRecord, isX: boolean, entry: string, to: FormatId): BenchmarkRecord | { refused: string } {
  const prompt = textField(rec, 'prompt') ?? '';
  const solution = textField(rec, 'canonical_solution') ?? '';
  const test = textField(rec, 'test') ?? '';
  // HumanEval-X's evaluator keeps the solution up to its first line at column 0: that is what its record holds
  const body = isX ? ensureNewline(pythonCompletion(solution)) : solution;
  const checkProgram = isX ? withoutCheckCall(test, entry) : test;
  if (isX && to !== 'humaneval-x') {
    // HumanEval-X's evaluator imports modules before every program; the other harnesses do not
    const imports = preambleImports(`${prompt}${body}${checkProgram}`);
    return fromHumanEval({ ...rec, prompt: `${imports}${prompt}`, canonical_solution: body, test: checkProgram }, false, entry, to);
  }
  if (to === 'mbpp') {
    return {
      task_id: rec.task_id,
      text: docstringOf(prompt, entry),
      code: `${prompt}${body}`,
      test_list: [`check(${entry})`],
      // the test program only defines check (and its constants): run before the code, as MBPP's setup is
      test_setup_code: checkProgram,
      challenge_test_list: [],
    };
  }
  if (to === 'humaneval') {
    return { task_id: taskId(rec.task_id, 'HumanEval'), prompt, canonical_solution: body, test: checkProgram, entry_point: entry };
  }
  const x = forHumanEvalX(prompt, solution, entry);
  if ('refused' in x) return x;
  const signature = splitAtSignature(x.prompt, entry);
  if (typeof signature === 'string') return { refused: signature };
  return {
    task_id: taskId(rec.task_id, 'Python'),
    prompt: x.prompt,
    declaration: signature.head,
    canonical_solution: x.solution,
    test: `${test.trimEnd()}\n\ncheck(${entry})\n`,
  };
}

/**
 * HumanEval-X's Python evaluator keeps a completion only up to its first line at column 0: what
 * follows the function in the solution moves into the prompt, just before the function, when it
 * only defines things (a function looks its globals up when it runs); statements there are refused.
 */
function forHumanEvalX(prompt: string, solution: string, entry: string): { prompt: string; solution: string } | { refused: string } {
  const own = pythonCompletion(solution);
  const after = solution.slice(own.length).trim();
  if (!after) return { prompt, solution };
  if (after.split('\n').some((line) => /^\S/.test(line) && !/^(?:def|async\s+def|class|import|from)\b|^[@#)\]}]/.test(line))) {
    return { refused: `its code goes on past ${entry} with statements, which HumanEval-X's Python evaluator drops (it keeps a completion up to its first line at column 0); export it as humaneval or codemorph` };
  }
  const def = new RegExp(`^(?:@.*\\n)*(?:async[ \\t]+)?def[ \\t]+${entry}[ \\t]*\\(`, 'm').exec(prompt);
  if (!def) return { refused: `no top-level function ${entry} in the prompt` };
  return { prompt: `${prompt.slice(0, def.index)}${after}\n\n\n${prompt.slice(def.index)}`, solution: `${own.trimEnd()}\n` };
}

/** Names HumanEval-X's Python preamble brings in with `from typing import *` and `from collections import *`. */
const STAR_NAMES: Record<string, string[]> = {
  typing: ['List', 'Tuple', 'Dict', 'Set', 'FrozenSet', 'Optional', 'Any', 'Union', 'Callable', 'Iterable', 'Iterator', 'Sequence', 'Type'],
  collections: ['Counter', 'defaultdict', 'deque', 'OrderedDict', 'namedtuple'],
};

/** The imports of HumanEval-X's Python preamble (PYTHON_SETUP) that `code` uses and does not make itself, one per line. */
export function preambleImports(code: string): string {
  const lines: string[] = [];
  for (const line of PYTHON_SETUP.split('\n')) {
    const plain = /^\s*import (\w+)(?: as (\w+))?$/.exec(line);
    if (plain) {
      const name = plain[2] ?? plain[1];
      const used = new RegExp(`(?<![\\w.])${name}\\.`).test(code);
      const made = new RegExp(`^\\s*import [\\w, ]*\\b${plain[1]}\\b${plain[2] ? ` as ${plain[2]}\\b` : ''}`, 'm').test(code);
      if (used && !made && !lines.includes(line.trim())) lines.push(line.trim());
      continue;
    }
    const star = /^from (\w+) import \*$/.exec(line);
    const names = star ? (STAR_NAMES[star[1]] ?? []) : [];
    const missing = names.filter((n) => new RegExp(`(?<![\\w.])${n}\\b`).test(code) && !new RegExp(`^\\s*(?:from [\\w.]+ import [^\\n]*\\b${n}\\b|(?:def|class) ${n}\\b|${n}\\s*=)`, 'm').test(code));
    if (missing.length) lines.push(`from ${star![1]} import ${missing.join(', ')}`);
  }
  return lines.length ? `${lines.join('\n')}\n\n\n` : '';
}

function fromMbpp(rec: BenchmarkRecord, entry: string, to: FormatId): BenchmarkRecord | { refused: string } {
  const lf = (t: string) => t.replace(/\r\n?/g, '\n');
  const code = lf(textField(rec, 'code') ?? '');
  const tests = (listField(rec, 'test_list') ?? []).map(lf);
  const text = lf(textField(rec, 'text') ?? textField(rec, 'prompt') ?? '').trim();
  const setup = lf(mbppSetup(rec)).trim();
  const signature = splitAtSignature(code, entry);
  if (typeof signature === 'string') return { refused: signature };
  const prompt = `${setup ? `${setup}\n\n\n` : ''}${signature.head}${docstring(text, signature.indent)}`;
  const canonical = ensureNewline(signature.body);
  const asserts = tests.map((t) => t.split('\n').map((line) => (line.trim() ? `    ${line}` : line)).join('\n'));
  // the asserts call the function by its name, which the harness defines before check runs
  const test = `\n\ndef check(candidate):\n${asserts.join('\n')}\n`;
  if (to === 'humaneval') return { task_id: taskId(rec.task_id, 'HumanEval'), prompt, canonical_solution: canonical, test, entry_point: entry };
  const x = forHumanEvalX(prompt, canonical, entry);
  if ('refused' in x) return x;
  const declaration = splitAtSignature(x.prompt, entry);
  if (typeof declaration === 'string') return { refused: declaration };
  return { task_id: taskId(rec.task_id, 'Python'), prompt: x.prompt, declaration: declaration.head, canonical_solution: x.solution, test: `${test}\ncheck(${entry})\n` };
}

function ensureNewline(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}

/** The problem text as a docstring at the body's indentation, escaped so that any text stays one string literal. */
function docstring(text: string, indent: string): string {
  if (!text) return '';
  const escaped = text.replace(/\\/g, '\\\\').replace(/"""/g, '\\"\\"\\"').replace(/"$/, '\\"');
  const lines = escaped.split('\n').map((line, i) => (i === 0 || !line.trim() ? line : `${indent}${line}`));
  return lines.length === 1 ? `${indent}"""${lines[0]}"""\n` : `${indent}"""${lines.join('\n')}\n${indent}"""\n`;
}

/** The docstring of `entry` in a prompt, dedented: what a model reads as the problem (MBPP's text). */
function docstringOf(prompt: string, entry: string): string {
  const signature = splitAtSignature(prompt, entry);
  if (typeof signature === 'string') return '';
  const found = /^\s*[rRuU]?("""|''')([\s\S]*?)\1/.exec(signature.body);
  if (!found) return '';
  const lines = found[2].split('\n');
  const rest = lines.slice(1).filter((l) => l.trim());
  const margin = Math.min(...rest.map((l) => l.length - l.trimStart().length), Infinity);
  return [lines[0], ...lines.slice(1).map((l) => (Number.isFinite(margin) ? l.slice(margin) : l))].join('\n').trim();
}

interface Signature {
  /** Everything up to and with the line that ends the `def` header. */
  head: string;
  /** The body's indentation. */
  indent: string;
  /** The rest: the body (moved to its own line when it sat on the header's), and what follows the function. */
  body: string;
}

/**
 * Splits Python code at the end of the top-level `def entry(...):` header, scanning brackets and
 * strings so that defaults, annotations and lambdas in the parameters do not end it early.
 */
export function splitAtSignature(code: string, entry: string): Signature | string {
  const start = new RegExp(`^(?:async[ \\t]+)?def[ \\t]+${entry}[ \\t]*\\(`, 'm').exec(code);
  if (!start) return `no top-level function ${entry} in the code`;
  let depth = 0;
  let i = start.index;
  let colon = -1;
  while (i < code.length && colon < 0) {
    const ch = code[i];
    if (ch === '#') {
      while (i < code.length && code[i] !== '\n') i++;
      continue;
    }
    if (ch === '"' || ch === "'") {
      const quote = code.startsWith(ch.repeat(3), i) ? ch.repeat(3) : ch;
      i += quote.length;
      while (i < code.length && !code.startsWith(quote, i)) i += code[i] === '\\' ? 2 : 1;
      i += quote.length;
      continue;
    }
    if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) depth--;
    else if (ch === ':' && depth === 0) colon = i;
    i++;
  }
  if (colon < 0) return `the header of ${entry} does not end`;
  const eol = code.indexOf('\n', colon);
  const lineEnd = eol < 0 ? code.length : eol;
  const inline = code.slice(colon + 1, lineEnd).trim();
  const after = eol < 0 ? '' : code.slice(eol + 1);
  if (inline && !inline.startsWith('#')) {
    // `def f(x): return x`: the statements go to a line of their own, where a docstring can precede them
    return { head: `${code.slice(0, colon + 1)}\n`, indent: '    ', body: `    ${inline}\n${after}` };
  }
  const first = after.split('\n').find((l) => l.trim() && !l.trim().startsWith('#')) ?? '    ';
  return { head: code.slice(0, lineEnd + 1) + (eol < 0 ? '\n' : ''), indent: /^[ \t]*/.exec(first)![0] || '    ', body: after };
}
