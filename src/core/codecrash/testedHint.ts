import { CodemorphError } from '../errors';
import type { LanguageId } from '../languages/languageIds';
import { makeScratchFolder, removeScratchFolder } from '../owned';
import { splitTopLevel } from '../text/topLevel';
import { buildAndRun, scratchFileName } from '../verify/singleFile';
import { timedOutAfter } from '../verify/timeout';
import type { ToolchainOverrides } from '../verify/toolchains';
import { balancedCall, Hint } from './mhc';

/**
 * MHC outside Python, where no interpreter can be asked what a call returns: the hint comes from
 * the record's own test. A test that stops the program unless `f(args)` equals a literal
 * (`if (f(3) != 7) abort();`, `assert_eq!(f(3), 7)`, `assertEquals(7, f(3))`) says what the call
 * returns once the original program is run and exits 0; the hint then claims a different value of
 * the same kind, which is wrong by that run.
 */

/** A literal the hint can name and change: a number, a boolean, a string or a character. */
const LITERAL = String.raw`-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?[fFlLuU]*|true|false|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])'`;

/** Words an argument may hold besides literals: array and collection constructors of literals, not a test's variables. */
const ARGUMENT_WORDS = new Set(['new', 'int', 'long', 'double', 'float', 'char', 'bool', 'boolean', 'byte', 'short', 'String', 'string', 'std', 'vector', 'vec', 'Vec', 'true', 'false', 'List', 'of', 'Arrays', 'asList', 'to_string', 'to_owned', 'i32', 'i64', 'u32', 'u64', 'usize', 'f64', 'f32', 'str']);

/** Statements that stop the program when the comparison fails: the run's exit code then says it held. */
const STOPS = /\b(abort|assert\w*|panic|throw|exit|Error|Exception|fail)\b|assert_eq!|assert!/;

export interface TestedExample {
  /** The call as the test writes it, from the entry point's name on. */
  call: string;
  /** The literal the test requires it to return. */
  expected: string;
}

function literalArguments(call: string): boolean {
  const args = call.slice(call.indexOf('(') + 1, -1).replace(new RegExp(LITERAL, 'g'), '0');
  return (args.match(/[A-Za-z_]\w*/g) ?? []).every((w) => ARGUMENT_WORDS.has(w));
}

/** The calls of `entry` with literal arguments that the test compares with a literal, in order. */
export function testedExamples(text: string, entry: string): TestedExample[] {
  const out: TestedExample[] = [];
  const equal = String.raw`\s*(?:==|!=|===|!==)\s*`;
  for (const m of text.matchAll(new RegExp(`(?<![\\w$])${entry}\\s*\\(`, 'g'))) {
    const end = balancedCall(text, m.index + m[0].length - 1);
    if (end === null) continue;
    const call = text.slice(m.index, end);
    if (!literalArguments(call)) continue;
    const lineStart = text.lastIndexOf('\n', m.index) + 1;
    const lineEnd = text.indexOf('\n', end) < 0 ? text.length : text.indexOf('\n', end);
    // the statement that stops the program: on the comparison's line or in the block it opens
    let around = lineEnd;
    for (let i = 0; i < 2 && around < text.length; i++) around = text.indexOf('\n', around + 1) < 0 ? text.length : text.indexOf('\n', around + 1);
    if (!STOPS.test(text.slice(lineStart, around))) continue;
    // the call's own qualifier (`Solution.f`, `self::f`) stays out of the comparison's left side
    const before = text.slice(lineStart, m.index).replace(/[\w$]+\s*(?:\.|::)\s*$/, '');
    const after = new RegExp(`^${equal}(${LITERAL})(?![\\w.(\\[])`).exec(text.slice(end, lineEnd));
    const left = new RegExp(`(?<![\\w.])(${LITERAL})${equal}$`).exec(before);
    const macro = new RegExp(`(?:assert_eq!|assert\\.(?:strict)?[eE]qual|assertEquals)\\s*\\(\\s*(?:(${LITERAL})\\s*,\\s*)?$`).exec(before);
    const second = macro && !macro[1] ? new RegExp(`^\\s*,\\s*(${LITERAL})\\s*[,)]`).exec(text.slice(end, lineEnd)) : null;
    const expected = after?.[1] ?? left?.[1] ?? macro?.[1] ?? second?.[1];
    if (expected !== undefined) out.push({ call, expected });
  }
  return out;
}

/** A different literal of the same kind. */
export function wrongLiteral(expected: string): string {
  if (expected === 'true') return 'false';
  if (expected === 'false') return 'true';
  if (expected.startsWith('"')) {
    const inner = expected.slice(1, -1);
    const reversed = [...inner].reverse().join('');
    return !inner.includes('\\') && reversed !== inner ? `"${reversed}"` : `"${inner}a"`;
  }
  if (expected.startsWith("'")) return expected === "'a'" ? "'b'" : "'a'";
  const number = /^(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)(.*)$/.exec(expected)!;
  const value = Number(number[1]);
  if (/[.eE]/.test(number[1])) return `${value + 1.5}${number[2]}`;
  return `${value === -1 ? 2 : value + 1}${number[2]}`;
}

type RunOptions = { toolchains: ToolchainOverrides; timeoutMs: number; signal?: AbortSignal };

/** Builds and runs the program in a scratch folder of its own; a cancel stops the hint. */
async function buildAndRunScratch(lang: LanguageId, program: string, options: RunOptions) {
  const dir = makeScratchFolder('codemorph-mhc-');
  try {
    const outcome = await buildAndRun(lang, program, scratchFileName(lang, program), { dir, overrides: options.toolchains, timeoutMs: options.timeoutMs, signal: options.signal });
    if (outcome.run?.cancelled) throw new CodemorphError('cancelled', 'cancelled');
    return outcome;
  } finally {
    removeScratchFolder(dir);
  }
}

/** Whether the program built, ran and stopped with an error (its test failed). */
async function testFails(lang: LanguageId, program: string, options: RunOptions): Promise<boolean> {
  const { built, run } = await buildAndRunScratch(lang, program, options);
  return built.ok && !!run && run.code !== 0 && !run.timedOut;
}

/** The original must pass its test: that run is what the hint's claim is checked against. */
async function originalPasses(lang: LanguageId, program: string, example: TestedExample, options: RunOptions): Promise<void> {
  const { built, run } = await buildAndRunScratch(lang, program, options);
  if (built.ok && run && run.code === 0) return;
  const why = !run || !built.ok ? 'it does not build' : run.timedOut ? timedOutAfter(options.timeoutMs) : run.code === null ? `it is killed by ${run.signal}` : `it exits with ${run.code}`;
  throw new CodemorphError('failed', `mhc runs the original to learn what ${example.call} returns, and ${why}: the test must pass on the original`);
}

/**
 * The hint for a language other than Python: the first tested example, made wrong, once the
 * original program has run and passed its test (which is what makes the claim wrong).
 */
export async function testedHint(lang: LanguageId, program: string, examples: readonly TestedExample[], options: RunOptions): Promise<Hint> {
  const [example] = examples;
  await originalPasses(lang, program, example, options);
  return { task: 'output', call: example.call, claimed: wrongLiteral(example.expected), actual: example.expected, source: 'deterministic', note: 'from the test, which passed on the original', usage: null };
}

/**
 * Wrong arguments for a tested call, nearest first: each argument that is a literal of its own
 * (a number, a boolean, a string, a character) changed as wrongLiteral changes a value, then a
 * number made 0; collections and expressions stay as they are.
 */
export function wrongCalls(call: string): string[] {
  const open = call.indexOf('(');
  const args = call.slice(open + 1, -1);
  const out: string[] = [];
  for (const arg of splitTopLevel(args, { quotes: true })) {
    const literal = arg.text.trim();
    if (!new RegExp(`^(?:${LITERAL})$`).test(literal)) continue;
    const at = open + 1 + arg.start + arg.text.indexOf(literal);
    const changes = [wrongLiteral(literal)];
    if (/^-?\d/.test(literal) && !/^-?0(?:\.0*)?[fFlLuU]*$/.test(literal)) changes.push(literal.replace(/^-?[\d.]+(?:[eE][-+]?\d+)?/, '0'));
    for (const changed of changes) out.push(call.slice(0, at) + changed + call.slice(at + literal.length));
  }
  return [...new Set(out)].filter((c) => c !== call);
}

/**
 * MHC's input form outside Python: the hint keeps a tested example's result and names another
 * call (one literal argument changed). The claim is checked wrong by execution: the program with
 * the test's call changed to it builds and fails its test, where the original passes; so the
 * changed call does not return the example's result (or stops the program). Only the test's
 * occurrence of the call is changed, never the unit's own code (`unit`, offsets in `program`).
 */
export async function testedInputHint(lang: LanguageId, program: string, examples: readonly TestedExample[], unit: { start: number; end: number }, options: RunOptions): Promise<Hint> {
  await originalPasses(lang, program, examples[0], options);
  const tried: string[] = [];
  for (const example of examples.slice(0, 3)) {
    let at = -1;
    for (let i = program.indexOf(example.call); i >= 0; i = program.indexOf(example.call, i + 1)) {
      if (i + example.call.length <= unit.start || i >= unit.end) {
        at = i;
        break;
      }
    }
    if (at < 0) continue;
    for (const wrong of wrongCalls(example.call).slice(0, 4)) {
      tried.push(wrong);
      const changed = program.slice(0, at) + wrong + program.slice(at + example.call.length);
      if (!(await testFails(lang, changed, options))) continue;
      return {
        task: 'input',
        given: example.call,
        call: wrong,
        claimed: example.expected,
        actual: `something other than ${example.expected}`,
        source: 'deterministic',
        note: 'the test fails on it, and passes on the original',
        usage: null,
      };
    }
  }
  const call = examples[0].call;
  if (!tried.length) throw new CodemorphError('failed', `no wrong input could be derived for ${call}: no tested call of the test has an argument that is a number, a boolean, a string or a character to change`);
  throw new CodemorphError('failed', `no wrong input could be derived for ${call}: the test still passes (or does not build) with each of ${tried.join(', ')}`);
}
