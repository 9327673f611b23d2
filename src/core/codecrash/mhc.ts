import fs = require('fs');
import path = require('path');
import { CodemorphError } from '../errors';
import type { LlmSetup } from '../llm/llmEngine';
import { addUsage, emptyUsage, UsageRecord } from '../llm/usage';
import { makeScratchFolder, removeScratchFolder } from '../owned';
import type { UnitContext } from '../syntax/context';
import { APPLICABLE, Method, Site } from '../transforms/method';
import { insertionPoints } from '../syntax/statements';
import { outputOf, runProcess } from '../verify/process';
import { timedOutAfter } from '../verify/timeout';
import { resolveTool, ToolchainOverrides } from '../verify/toolchains';

/**
 * Which prediction the hint misleads: `output`, a wrong result for the example call; `input`, a
 * wrong input for the example's result (a call that, run, returns something else).
 */
export type HintTask = 'output' | 'input';
export const HINT_TASKS: readonly HintTask[] = ['output', 'input'];

/** A wrong input/output pair for the hint, with how it was found: the hint says `call` returns `claimed`, and it returns `actual`. */
export interface Hint {
  task?: HintTask;
  /** For an input hint: the example call whose result the hint keeps. */
  given?: string;
  call: string;
  claimed: string;
  actual: string;
  /** "model" when the LLM's value was used, "deterministic" otherwise; why, when the model's was not. */
  source: 'model' | 'deterministic';
  note: string | null;
  usage: UsageRecord | null;
}

export interface HintOptions {
  toolchains: ToolchainOverrides;
  /**
   * The file's bytes for its text (its encoding and line endings, ../sourceForm.ts): Python reads
   * the probed copy by its coding declaration, so a Latin-1 file written as UTF-8 would run with
   * mojibake in its strings and the hint would name values the program never returns.
   */
  bytes?: (text: string) => Buffer;
  timeoutMs: number;
  llm?: LlmSetup;
  signal?: AbortSignal;
  /** output (the default) or input: see HintTask. */
  task?: HintTask;
}

/** Where a call starting at `open` (the `(`) ends, with balanced brackets and strings (and their escapes) skipped; null if unbalanced. */
export function balancedCall(text: string, open: number): number | null {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
      if (i >= text.length) return null;
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    if (c === ')' || c === ']' || c === '}') depth--;
    if (depth === 0) return i + 1;
  }
  return null;
}

/** Whether a call's arguments are all literals (a call inside a loop passes a variable the probe cannot see). */
function literalArguments(call: string): boolean {
  const args = call
    .slice(call.indexOf('(') + 1, -1)
    .replace(/[rbuf]*('''|"""|'|")(?:\\.|(?!\1)[\s\S])*?\1/gi, '0')
    .replace(/\b[A-Za-z_]\w*\s*=(?!=)/g, '');
  return (args.match(/[A-Za-z_]\w*/g) ?? []).every((w) => w === 'True' || w === 'False' || w === 'None');
}

/**
 * The calls of the entry point with literal arguments in `text` (a CRUXEval test
 * `assert f('abc') == 'cba'`, or calls elsewhere in the file), as source text, in order.
 */
export function exampleCalls(text: string, entry: string): string[] {
  const found: string[] = [];
  const re = new RegExp(`(?<![\\w.])${entry}\\s*\\(`, 'g');
  for (const m of text.matchAll(re)) {
    const before = text.slice(Math.max(0, m.index - 4), m.index);
    if (/def\s*$/.test(before)) continue;
    const end = balancedCall(text, m.index + m[0].length - 1);
    if (end !== null && literalArguments(text.slice(m.index, end))) found.push(text.slice(m.index, end));
  }
  return [...new Set(found)];
}

/** A wrong value of the same type as `v` (Python, shared by both probes). */
const WRONG_VALUE = `def __wrong(v):
    if isinstance(v, bool): return not v
    if isinstance(v, int): return v + 1 if v != -1 else 2
    if isinstance(v, float): return v + 1.5
    if isinstance(v, str): return v[::-1] if v[::-1] != v else v + 'a'
    if isinstance(v, list): return v[:-1] if v else [0]
    if isinstance(v, tuple): return v[:-1] if v else (0,)
    if isinstance(v, dict): return {} if v else {'a': 0}
    if isinstance(v, set): return set() if v else {0}
    if v is None: return 0
    return None
`;

/**
 * The probe: runs the file as a module (not as __main__, so a main guard stays quiet), calls the
 * entry point, and prints the real value's repr and a claimed wrong value, both after a marker so
 * the program's own prints cannot be mistaken for them. With a claim, it checks the claim differs
 * from the real value; without one, it derives a wrong value of the same type and checks that.
 */
const PROBE = `
import runpy, sys
__ns = runpy.run_path(sys.argv[1], run_name='codemorph_probe')
__real = eval(sys.argv[2], __ns)
${WRONG_VALUE}__claim = eval(sys.argv[3]) if len(sys.argv) > 3 else __wrong(__real)
__ok = __claim != __real and eval(repr(__claim)) == __claim
print('\\x00CODEMORPH', repr(__real), '\\x00', repr(__claim), '\\x00', __ok)
`;

/**
 * The input probe: runs the file as the output probe does, takes the example call's real result,
 * then calls the entry point on the claimed arguments (or, without a claim, on the example's
 * arguments with one of them changed: the output probe's wrong value, then a few more of its
 * type, each argument in turn, fresh each time since a call may change its arguments) and keeps
 * the first that runs and returns something else. It prints the real result, the wrong call's
 * arguments and what that call returns.
 */
const INPUT_PROBE = `
import runpy, sys
__ns = runpy.run_path(sys.argv[1], run_name='codemorph_probe')
__entry, __given = sys.argv[2], sys.argv[3]
__real = eval(__entry + '(' + __given + ')', __ns)
${WRONG_VALUE}def __variants(v):
    out = [__wrong(v)]
    if isinstance(v, (str, list, tuple)) and not isinstance(v, bool):
        out += [v[1:], v + v[-1:], v[:1] + v] if v else []
    elif isinstance(v, (int, float)) and not isinstance(v, bool):
        out += [v - 1, v * 2 + 1, 0]
    return [w for w in out if not (type(w) == type(v) and w == v)]
def __fresh(text):
    return eval('(lambda *a, **k: (list(a), k))(' + text + ')', __ns)
def __source(a, k):
    return ', '.join([repr(v) for v in a] + [n + '=' + repr(v) for n, v in k.items()])
def __try(text):
    try:
        got = eval(__entry + '(' + text + ')', __ns)
    except Exception:
        return False, None
    return got != __real, got
def __candidates():
    a, k = __fresh(__given)
    for i in range(len(a)):
        for j in range(len(__variants(__fresh(__given)[0][i]))):
            a, k = __fresh(__given)
            a[i] = __variants(a[i])[j]
            yield __source(a, k)
    for n in list(k):
        for j in range(len(__variants(__fresh(__given)[1][n]))):
            a, k = __fresh(__given)
            k[n] = __variants(k[n])[j]
            yield __source(a, k)
__claim, __got = None, None
def __literal(v):
    try:
        return eval(repr(v)) == v
    except Exception:
        return False
for text in ([sys.argv[4]] if len(sys.argv) > 4 else __candidates()):
    a, k = __fresh(text)
    if not all(__literal(v) for v in a + list(k.values())): continue
    ok, got = __try(text)
    if ok:
        __claim, __got = text, got
        break
print('\\x00CODEMORPH', repr(__real), '\\x00', __claim if __claim is not None else '', '\\x00', repr(__got), '\\x00', __claim is not None)
`;

interface Probe {
  actual: string;
  claimed: string;
  wrong: boolean;
}

/** The probe's marker line's fields (after the marker), or the error of the run. */
async function runProbe(file: string, script: string, argv: readonly string[], what: string, options: HintOptions): Promise<string[]> {
  const dir = makeScratchFolder('codemorph-mhc-');
  try {
    const unit = path.join(dir, 'unit.py');
    const driver = path.join(dir, 'probe.py');
    fs.writeFileSync(unit, options.bytes ? options.bytes(file) : file);
    fs.writeFileSync(driver, script);
    const python = resolveTool('python', 'runtime', options.toolchains);
    const args = [...python.prefix, driver, unit, ...argv];
    // the values come back as text read as UTF-8, whatever the user's locale would have Python print
    const env = { ...process.env, PYTHONIOENCODING: 'utf-8' };
    const result = await runProcess(python.command, args, { cwd: dir, timeoutMs: options.timeoutMs, signal: options.signal, env });
    if (result.cancelled) throw new CodemorphError('cancelled', 'cancelled');
    const line = result.stdout.split('\n').find((l) => l.startsWith('\u0000CODEMORPH'));
    if (result.code !== 0 || !line) {
      const why = result.timedOut ? timedOutAfter(options.timeoutMs) : outputOf(result).trim().split('\n').pop() ?? 'no output';
      throw new CodemorphError('failed', `running ${what} failed: ${why}`);
    }
    const fields = line.split('\u0000').map((s) => s.trim());
    return [fields[1].replace(/^CODEMORPH /, ''), ...fields.slice(2)];
  } finally {
    removeScratchFolder(dir);
  }
}

async function probe(file: string, call: string, claim: string | undefined, options: HintOptions): Promise<Probe> {
  const [actual, claimed, ok] = await runProbe(file, PROBE, [call, ...(claim === undefined ? [] : [claim])], call, options);
  return { actual, claimed, wrong: ok === 'True' };
}

interface InputProbe {
  /** The example call's real result. */
  real: string;
  /** The wrong arguments, and what the call on them returns; null when none was found. */
  args: string | null;
  returns: string;
}

async function inputProbe(file: string, entry: string, given: string, claim: string | undefined, options: HintOptions): Promise<InputProbe> {
  const [real, args, returns, ok] = await runProbe(file, INPUT_PROBE, [entry, given, ...(claim === undefined ? [] : [claim])], `${entry}(${given})`, options);
  return { real, args: ok === 'True' ? args : null, returns };
}

/** The model's answer as one Python literal: code fences and a leading "Answer:" stripped. */
function literalOf(answer: string): string {
  const fenced = /```(?:python)?\s*([\s\S]*?)```/.exec(answer);
  const text = (fenced ? fenced[1] : answer).trim();
  return (text.split('\n').find((l) => l.trim()) ?? '').replace(/^(answer|output|return value)\s*[:=]\s*/i, '').trim();
}

async function modelClaim(setup: LlmSetup, code: string, call: string, signal?: AbortSignal): Promise<{ claim: string; usage: UsageRecord }> {
  const usage = emptyUsage();
  const response = await setup.perturber.provider.complete({
    messages: [
      {
        role: 'system',
        content: 'You write misleading hints for code-reasoning benchmarks. Answer with one Python literal and nothing else.',
      },
      {
        role: 'user',
        content:
          `Here is a Python function:\n\n${code}\n\nGive a plausible but WRONG value for ${call}: ` +
          'a value of the right type that the call does not return. Reply with the Python literal only.',
      },
    ],
    temperature: setup.perturber.temperature,
    maxTokens: 200,
    signal,
  });
  addUsage(usage, setup.perturber.provider.model, response.usage, setup.prices);
  return { claim: literalOf(response.text), usage };
}

/** The entry point and the arguments of an example call `f(...)`. */
function splitCall(call: string): { entry: string; args: string } {
  const open = call.indexOf('(');
  return { entry: call.slice(0, open).trim(), args: call.slice(open + 1, -1).trim() };
}

/** The model's wrong arguments as they go between the parentheses (a whole call it gave is cut to its arguments). */
function argumentsOf(answer: string, entry: string): string {
  const text = literalOf(answer).replace(/^(arguments?|input)\s*[:=]\s*/i, '');
  const call = new RegExp(`^(?:assert\\s+)?${entry}\\s*\\(`).exec(text);
  if (!call) return text;
  const end = balancedCall(text, call[0].length - 1);
  return end === null ? text : text.slice(call[0].length, end - 1).trim();
}

async function modelArguments(setup: LlmSetup, code: string, call: string, output: string, signal?: AbortSignal): Promise<{ claim: string; usage: UsageRecord }> {
  const usage = emptyUsage();
  const { entry } = splitCall(call);
  const response = await setup.perturber.provider.complete({
    messages: [
      {
        role: 'system',
        content: 'You write misleading hints for code-reasoning benchmarks. Answer with Python arguments and nothing else.',
      },
      {
        role: 'user',
        content:
          `Here is a Python function:\n\n${code}\n\n${call} returns ${output}. Give plausible but WRONG arguments for ${entry}: ` +
          `arguments of the right types for which ${entry} does NOT return ${output}. Reply with the arguments only, as they go between the parentheses.`,
      },
    ],
    temperature: setup.perturber.temperature,
    maxTokens: 200,
    signal,
  });
  addUsage(usage, setup.perturber.provider.model, response.usage, setup.prices);
  return { claim: argumentsOf(response.text, entry), usage };
}

/**
 * A wrong input for MHC's input form, checked wrong by running the program: the hint keeps the
 * example's result and names a call that, run, returns something else (and raises nothing). The
 * model proposes the arguments when an LLM is set up; when they are not wrong, not arguments, or
 * missing, each of the example's arguments in turn is made wrong (as the output form's values
 * are) until one call returns something else, and the note says why.
 */
async function makeInputHint(file: string, unitCode: string, call: string, options: HintOptions): Promise<Hint> {
  const { entry, args } = splitCall(call);
  let note: string | null = null;
  let usage: UsageRecord | null = null;
  const hint = (probed: InputProbe, source: Hint['source']): Hint => ({
    task: 'input',
    given: call,
    call: `${entry}(${probed.args})`,
    claimed: probed.real,
    actual: probed.returns,
    source,
    note,
    usage,
  });
  if (options.llm) {
    const real = (await inputProbe(file, entry, args, undefined, options)).real;
    const answer = await modelArguments(options.llm, unitCode, call, real, options.signal);
    usage = answer.usage;
    if (answer.claim && !answer.claim.includes('\n')) {
      try {
        const checked = await inputProbe(file, entry, args, answer.claim, options);
        if (checked.args !== null) return hint(checked, 'model');
        note = `the model's arguments ${answer.claim} give ${real} too, or raise`;
      } catch (e) {
        if (e instanceof CodemorphError && e.kind === 'cancelled') throw e;
        note = `the model's answer ${JSON.stringify(answer.claim.slice(0, 60))} is not Python arguments`;
      }
    } else note = 'the model gave no arguments';
  }
  const checked = await inputProbe(file, entry, args, undefined, options);
  if (checked.args === null) throw new CodemorphError('failed', `no wrong input could be derived for ${call}: every changed argument gives ${checked.real} too, or raises`);
  return hint(checked, 'deterministic');
}

/**
 * A wrong input/output pair for MHC, checked wrong by running the program: the model proposes the
 * value when an LLM is set up; when it proposes the true value, something that is not a value, or
 * nothing, a deterministic wrong value of the same type is used instead and the note says why.
 */
export async function makeHint(file: string, unitCode: string, call: string, options: HintOptions): Promise<Hint> {
  if (options.task === 'input') return makeInputHint(file, unitCode, call, options);
  let note: string | null = null;
  let usage: UsageRecord | null = null;
  if (options.llm) {
    const answer = await modelClaim(options.llm, unitCode, call, options.signal);
    usage = answer.usage;
    if (answer.claim && !answer.claim.includes('\n')) {
      try {
        const checked = await probe(file, call, answer.claim, options);
        if (checked.wrong) return { call, claimed: checked.claimed, actual: checked.actual, source: 'model', note: null, usage };
        note = `the model's value ${answer.claim} is the real result`;
      } catch (e) {
        if (e instanceof CodemorphError && e.kind === 'cancelled') throw e;
        note = `the model's answer ${JSON.stringify(answer.claim.slice(0, 60))} is not a Python value`;
      }
    } else note = 'the model gave no value';
  }
  const checked = await probe(file, call, undefined, options);
  if (!checked.wrong) throw new CodemorphError('failed', `no wrong value could be derived for ${call} (it returns ${checked.actual})`);
  return { call, claimed: checked.claimed, actual: checked.actual, source: 'deterministic', note, usage };
}

/** The MHC step for a hint already made: one comment before the entry function's first statement. */
export function mhcMethod(hint: Hint): Method {
  return {
    id: 'mhc',
    category: 'basic',
    description: 'CodeCrash MHC: a hint comment giving a wrong input/output pair',
    support: () => APPLICABLE,
    findSites(ctx: UnitContext): Site[] {
      const body = (ctx.target ?? ctx.unitFunctions[0])?.body;
      if (!body) return [];
      // Go's body holds its statements in a statement_list
      const point = insertionPoints(ctx).find((p) => p.before.parent?.id === body.id || (p.before.parent?.type === 'statement_list' && p.before.parent.parent?.id === body.id));
      return point ? [{ start: point.offset, end: point.offset, label: `hint before line ${ctx.lineOf(point.offset)}`, data: point.indent, all: true }] : [];
    },
    apply(ctx, site) {
      const text = `${ctx.profile.lineComment} Hint: ${hint.call} returns ${hint.claimed}\n${site.data as string}`;
      const how = hint.source === 'model' ? 'from the model' : `deterministic${hint.note ? ` (${hint.note})` : ''}`;
      const really = hint.task === 'input' ? `a wrong input: it returns ${hint.actual}, ${hint.given} returns ${hint.claimed}` : `really ${hint.actual}`;
      return { edits: [{ start: site.start, end: site.start, text }], summary: `hint ${hint.call} returns ${hint.claimed} (${really}; ${how})` };
    },
  };
}
