import { CodemorphError, inputError } from '../errors';
import type { ChatProvider, ChatRequest, ChatResponse, ModelChoice } from '../llm/chat';
import { bleu4 } from './bleu';
import { inputTypes } from './context';
import { ExampleOutcome, runExamples } from './examples';
import { seedProblem, SeedProblem } from './problems';
import { attemptOrReason, attemptVariant, scenarioFor } from './run';
import type { Scenario } from './scenarios';
import { readTestValues } from './testValues';
import type { ExecutionSettings } from './validator';

/**
 * The rewriting agents on one Python function of a source file, as the editor's "Rewrite problem
 * text…" uses them: the function's docstring is the statement, its body the canonical solution,
 * the examples its docstring states the tests. The function is made into a HumanEval record
 * (prompt up to the docstring, the rest as the solution), so the agents and the validator run
 * exactly as `codemorph rewrite` runs them on a benchmark.
 */
export interface DocstringRewriteRequest {
  /** The whole file. */
  text: string;
  /** The function: its name and the offsets of its definition in `text`. */
  fn: { name: string; start: number; end: number };
  scenarios: readonly Scenario[];
  seed: number;
  attempts: number;
  writer: ModelChoice;
  judge: ModelChoice;
  /** Absent where the workspace's code must not run (Restricted Mode): the judge alone validates. */
  execution?: ExecutionSettings;
  signal?: AbortSignal;
  /** Told before each attempt, for a progress line. */
  onAttempt?: (attempt: number, scenario: Scenario) => void;
}

export interface DocstringRewrite {
  /** The docstring in the file (its line's indentation, the quotes and the text) and its offsets there. */
  start: number;
  end: number;
  original: string;
  /** What replaces it: the same quotes and indentation around the rewritten statement. */
  replacement: string;
  statement: string;
  scenario: Scenario;
  /** The attempt that passed, and the reasons of those rejected before it. */
  attempts: number;
  rejected: string[];
  /** Whether the function's examples were run (false in Restricted Mode). */
  executed: boolean;
  bleu4: number;
}

/** Every request sent with the run's signal, so a cancel ends the one in flight. */
class Cancellable implements ChatProvider {
  constructor(
    private readonly inner: ChatProvider,
    private readonly signal: AbortSignal,
  ) {}
  get kind(): string {
    return this.inner.kind;
  }
  get model(): string {
    return this.inner.model;
  }
  complete(request: ChatRequest): Promise<ChatResponse> {
    stopIfCancelled(this.signal);
    return this.inner.complete({ ...request, signal: this.signal });
  }
}

function stopIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new CodemorphError('cancelled', 'cancelled');
}

function dedentBy(text: string, indent: string): string {
  return text
    .split('\n')
    .map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l.trimStart()))
    .join('\n');
}

/** An offset of the dedented function mapped back to the file: the same line, the same column plus what dedenting removed. */
function fileOffset(source: string, body: string, lineStart: number, at: number): number {
  const sourceLines = source.split('\n');
  const bodyLines = body.split('\n');
  const line = body.slice(0, at).split('\n').length - 1;
  const col = at - (body.lastIndexOf('\n', at - 1) + 1);
  let offset = lineStart;
  for (let i = 0; i < line; i++) offset += sourceLines[i].length + 1;
  return offset + (col === 0 ? 0 : col + sourceLines[line].length - bodyLines[line].length);
}

interface FunctionRecord {
  problem: SeedProblem;
  prompt: string;
  /** The docstring's region in the prompt: its line's indentation, the quotes and the text between them. */
  docAt: number;
  docEnd: number;
  /** The same region in the file. */
  fileStart: number;
  fileEnd: number;
  /** What the file indents the function's lines by beyond the prompt (a method's, a nested function's). */
  indent: string;
}

/**
 * The function as a HumanEval record. A top-level function keeps the code above it (imports,
 * helpers, constants), so its examples run as the file would; a method or nested function is
 * taken alone, dedented.
 */
function functionRecord(text: string, fn: DocstringRewriteRequest['fn']): FunctionRecord | string {
  const lineStart = text.lastIndexOf('\n', fn.start - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))![0];
  const source = text.slice(lineStart, fn.end);
  const before = indent ? '' : text.slice(0, lineStart);
  const body = indent ? dedentBy(source, indent) : source;
  const name = fn.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const def = new RegExp(`^[ \\t]*(?:async[ \\t]+)?def[ \\t]+${name}[ \\t]*\\([\\s\\S]*?\\)[^:\\n]*:[ \\t]*\\n`, 'm').exec(body);
  const missing = `${fn.name} has no docstring to rewrite: put the problem statement in a """docstring""" as the function's first statement`;
  if (!def) return missing;
  const after = def.index + def[0].length;
  const doc = /^(\s*?)[ \t]*[rRuU]?("""|''')[\s\S]*?\2/.exec(body.slice(after));
  if (!doc) return missing;
  const docAt = after + doc[1].length;
  const docEnd = after + doc[0].length;
  // the rest of the docstring's line (its newline, usually) goes with the solution, as in HumanEval
  const lineEnd = body.indexOf('\n', docEnd);
  const cut = lineEnd < 0 ? body.length : lineEnd + 1;
  const rec = {
    task_id: fn.name,
    prompt: `${before}${body.slice(0, cut)}`,
    canonical_solution: `${body.slice(cut)}\n`,
    // the examples are checked by running the docstring (examples.ts); the harness only needs the function to load
    test: '\n\ndef check(candidate):\n    assert callable(candidate)\n',
    entry_point: fn.name,
  };
  const problem = seedProblem('humaneval', rec);
  if (typeof problem === 'string') return `${fn.name}: ${problem}`;
  return {
    problem,
    prompt: rec.prompt,
    docAt: before.length + docAt,
    docEnd: before.length + docEnd,
    fileStart: fileOffset(source, body, lineStart, docAt),
    fileEnd: fileOffset(source, body, lineStart, docEnd),
    indent,
  };
}

/** The calls the docstring's `>>>` examples and `assert` lines make: what the inputs' types are read from. */
function exampleSource(statement: string): string {
  const lines: string[] = [];
  for (const line of statement.split('\n')) {
    const t = line.trim();
    if (t.startsWith('>>> ') || t.startsWith('... ')) lines.push(t.slice(4));
    else if (t.startsWith('assert ')) lines.push(t);
  }
  return lines.join('\n');
}

/** A signature's parameter names, for Restricted Mode, where Python does not read the examples. */
function parameterNames(signature: string): string[] {
  const inside = /\(([\s\S]*)\)/.exec(signature)?.[1] ?? '';
  let depth = 0;
  let part = '';
  const parts: string[] = [];
  for (const ch of inside) {
    if (ch === ',' && depth === 0) {
      parts.push(part);
      part = '';
      continue;
    }
    if ('([{'.includes(ch)) depth++;
    if (')]}'.includes(ch)) depth--;
    part += ch;
  }
  parts.push(part);
  return parts.map((p) => /^\s*\**\s*([A-Za-z_]\w*)/.exec(p)?.[1]).filter((n): n is string => !!n && n !== 'self' && n !== 'cls');
}

/** Why the function's docstring cannot be rewritten (none, or empty), or undefined when it can: asked before any request is sent. */
export function docstringProblem(text: string, fn: DocstringRewriteRequest['fn']): string | undefined {
  const made = functionRecord(text, fn);
  if (typeof made === 'string') return made;
  if (!made.problem.statement.trim()) return `${fn.name}'s docstring is empty: write the problem statement in it first`;
  return undefined;
}

/**
 * Rewrites one function's docstring for a scenario of the pool: the scenario drawn with the seed
 * and the function's name, a rejected attempt made again with the next one, up to `attempts`.
 * Throws an input error when there is no docstring, a failed error when no attempt passed.
 */
export async function rewriteDocstring(request: DocstringRewriteRequest): Promise<DocstringRewrite> {
  const unfit = docstringProblem(request.text, request.fn);
  if (unfit) throw inputError(unfit);
  const made = functionRecord(request.text, request.fn) as FunctionRecord;
  const { problem } = made;
  const signal = request.signal;
  const wrap = (m: ModelChoice): ModelChoice => (signal ? { ...m, provider: new Cancellable(m.provider, signal) } : m);
  const writer = wrap(request.writer);
  const judge = wrap(request.judge);
  const execution = request.execution;

  let inputs: { name: string; type: string }[];
  let originalExamples: ExampleOutcome = { ok: false, why: 'not run' };
  if (execution) {
    // reading the examples only parses them; running them on the function does run it
    const values = await readTestValues(problem.solution, exampleSource(problem.statement), problem.entry, execution.toolchains, execution.timeoutMs);
    inputs = typeof values === 'string' ? [] : inputTypes(values);
    stopIfCancelled(signal);
    originalExamples = await runExamples(problem.solution, problem.statement, execution.toolchains, execution.timeoutMs);
  } else {
    inputs = parameterNames(problem.signature).map((name) => ({ name, type: 'Any' }));
  }
  const rejected: string[] = [];
  for (let attempt = 1; attempt <= request.attempts; attempt++) {
    stopIfCancelled(signal);
    const scenario = scenarioFor(request.scenarios, request.seed, problem.taskId, 1, 1, attempt);
    request.onAttempt?.(attempt, scenario);
    const result = await attemptOrReason(() => attemptVariant(problem, inputs, scenario, originalExamples, { writer, judge, execution }));
    if (typeof result === 'string') {
      rejected.push(result);
      continue;
    }
    const prompt = String(result.record.prompt);
    const region = prompt.slice(made.docAt, prompt.length - (made.prompt.length - made.docEnd));
    const replacement = region
      .split('\n')
      .map((l) => (l.trim() ? `${made.indent}${l}` : l))
      .join('\n');
    return {
      start: made.fileStart,
      end: made.fileEnd,
      original: request.text.slice(made.fileStart, made.fileEnd),
      replacement,
      statement: result.statement,
      scenario,
      attempts: attempt,
      rejected,
      executed: !!execution,
      bleu4: Number(bleu4(result.statement, problem.statement).toFixed(4)),
    };
  }
  throw new CodemorphError('failed', `no rewrite of ${request.fn.name}'s docstring passed in ${request.attempts} attempts (last: ${rejected[rejected.length - 1]})`);
}
