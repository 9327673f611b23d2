import fs = require('fs');
import path = require('path');
import { CodemorphError } from '../errors';
import type { LlmSetup } from '../llm/llmEngine';
import { addUsage, emptyUsage, UsageRecord } from '../llm/usage';
import { makeScratchFolder, removeScratchFolder } from '../owned';
import type { UnitContext } from '../transforms/context';
import type { Method, Site } from '../transforms/method';
import { insertionPoints } from '../transforms/shared/statements';
import { outputOf, runProcess } from '../verify/process';
import { timedOutAfter } from '../verify/timeout';
import { resolveTool, ToolchainOverrides } from '../verify/toolchains';

/** A wrong input/output pair for the hint, with how it was found. */
export interface Hint {
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
}

/** The text of a call starting at `open` (the `(`), with balanced brackets and strings skipped; null if unbalanced. */
function balancedCall(text: string, open: number): number | null {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      const close = text.indexOf(c, i + 1);
      if (close < 0) return null;
      i = close;
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
def __wrong(v):
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
__claim = eval(sys.argv[3]) if len(sys.argv) > 3 else __wrong(__real)
__ok = __claim != __real and eval(repr(__claim)) == __claim
print('\\x00CODEMORPH', repr(__real), '\\x00', repr(__claim), '\\x00', __ok)
`;

interface Probe {
  actual: string;
  claimed: string;
  wrong: boolean;
}

async function probe(file: string, call: string, claim: string | undefined, options: HintOptions): Promise<Probe> {
  const dir = makeScratchFolder('codemorph-mhc-');
  try {
    const unit = path.join(dir, 'unit.py');
    const driver = path.join(dir, 'probe.py');
    fs.writeFileSync(unit, options.bytes ? options.bytes(file) : file);
    fs.writeFileSync(driver, PROBE);
    const python = resolveTool('python', 'runtime', options.toolchains);
    const args = [...python.prefix, driver, unit, call, ...(claim === undefined ? [] : [claim])];
    // the values come back as text read as UTF-8, whatever the user's locale would have Python print
    const env = { ...process.env, PYTHONIOENCODING: 'utf-8' };
    const result = await runProcess(python.command, args, { cwd: dir, timeoutMs: options.timeoutMs, signal: options.signal, env });
    if (result.cancelled) throw new CodemorphError('cancelled', 'cancelled');
    const line = result.stdout.split('\n').find((l) => l.startsWith('\u0000CODEMORPH'));
    if (result.code !== 0 || !line) {
      const why = result.timedOut ? timedOutAfter(options.timeoutMs) : outputOf(result).trim().split('\n').pop() ?? 'no output';
      throw new CodemorphError('failed', `running ${call} failed: ${why}`);
    }
    const [, actual, claimed, ok] = line.split('\u0000').map((s) => s.trim());
    return { actual: actual.replace(/^CODEMORPH /, ''), claimed, wrong: ok === 'True' };
  } finally {
    removeScratchFolder(dir);
  }
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

/**
 * A wrong input/output pair for MHC, checked wrong by running the program: the model proposes the
 * value when an LLM is set up; when it proposes the true value, something that is not a value, or
 * nothing, a deterministic wrong value of the same type is used instead and the note says why.
 */
export async function makeHint(file: string, unitCode: string, call: string, options: HintOptions): Promise<Hint> {
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
    support: (lang) => (lang === 'python' ? { applicable: true } : { applicable: false, reason: 'MHC runs the function to check its hint, for Python only' }),
    findSites(ctx: UnitContext): Site[] {
      const body = (ctx.target ?? ctx.unitFunctions[0])?.body;
      if (!body) return [];
      const point = insertionPoints(ctx).find((p) => p.before.parent?.id === body.id);
      return point ? [{ start: point.offset, end: point.offset, label: `hint before line ${ctx.lineOf(point.offset)}`, data: point.indent, all: true }] : [];
    },
    apply(_ctx, site) {
      const text = `# Hint: ${hint.call} returns ${hint.claimed}\n${site.data as string}`;
      const how = hint.source === 'model' ? 'from the model' : `deterministic${hint.note ? ` (${hint.note})` : ''}`;
      return { edits: [{ start: site.start, end: site.start, text }], summary: `hint ${hint.call} returns ${hint.claimed} (really ${hint.actual}; ${how})` };
    },
  };
}
