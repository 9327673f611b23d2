import type { LanguageId } from '../languages/languageIds';
import type { Rng } from '../random';
import type { GarbageNames } from '../languages/languageProfile';

/**
 * GBC's garbage code for the languages with braces, written for CodeMorph: blocks that never run
 * and local functions that would loop forever but are never called. Conditions are literals only
 * (no name the program could rebind); what the blocks declare takes fresh names, and uses them
 * where the language rejects an unused variable; nothing returns, breaks or jumps, so a shape
 * fits before any statement of a function body (statements.ts's insertion points).
 */

export type BraceLanguage = Exclude<LanguageId, 'python'>;

interface Spelling {
  /** Constantly false `if` conditions. */
  falseConditions: readonly string[];
  /** Conditions for loops that never run: Java rejects a loop whose constant condition is false (its body is unreachable). */
  loopConditions?: readonly string[];
  /** Go and Rust write conditions without parentheses. */
  bare?: boolean;
  /** The loop that runs while a condition holds: Go's is `for`. */
  whileLoop?: string;
  /** The temporary variables' names: Rust's are snake case, with a leading `_` (never read). */
  tempBase?: string;
  declare(name: string, value: string): string[];
  /** A declared variable changed once more. */
  assign?(name: string): string[];
  array(name: string): string[];
  print?: string;
  loopForever: string;
  /** A counting loop that runs zero times, opened: `for (int i = 0; i < 0; i++) {`. */
  zeroLoop(name: string): string;
  /** A local function that would loop forever, never called; none in C (it goes before the function). */
  deadFunction?(name: string, u: string): string[];
}

const C_FALSE = ['0', '1 > 2', '0 != 0', '2 + 2 == 5', '!1', '-1 > 0', '3 < 3', "'a' == 'b'", '1 && 0', '0 || 0', 'sizeof(int) == 0'];
const TS_FALSE = ['false', '0', '1 > 2', '0 !== 0', '2 + 2 === 5', '!true', 'NaN', '-1 > 0', '[].length > 0', '3 < 3', 'true && false'];

/** JavaScript's and TypeScript's statements, the same in both. */
function scriptSpelling(): Omit<Spelling, 'falseConditions'> {
  return {
    declare: (n, v) => [`let ${n} = ${v};`],
    assign: (n) => [`${n} = ${n} + 1;`],
    array: (n) => [`let ${n} = [0, 0];`],
    print: 'console.log(0);',
    loopForever: 'while (true) {}',
    zeroLoop: (n) => `for (let ${n} = 0; ${n} < 0; ${n}++) {`,
    deadFunction: (n, u) => [`function ${n}() {`, `${u}while (true) {}`, '}'],
  };
}

const SPELLINGS: Record<BraceLanguage, Spelling> = {
  c: {
    falseConditions: C_FALSE,
    declare: (n, v) => [`int ${n} = ${v};`],
    assign: (n) => [`${n} = ${n} + 1;`],
    array: (n) => [`int ${n}[2] = {0, 0};`],
    loopForever: 'for (;;) {}',
    zeroLoop: (n) => `for (int ${n} = 0; ${n} < 0; ${n}++) {`,
  },
  cpp: {
    falseConditions: [...C_FALSE, 'false', '!true', 'true && false', 'nullptr != nullptr'],
    declare: (n, v) => [`int ${n} = ${v};`],
    assign: (n) => [`${n} = ${n} + 1;`],
    array: (n) => [`int ${n}[2] = {0, 0};`],
    loopForever: 'for (;;) {}',
    zeroLoop: (n) => `for (int ${n} = 0; ${n} < 0; ${n}++) {`,
    deadFunction: (n, u) => [`auto ${n} = []() {`, `${u}for (;;) {}`, '};', `(void)${n};`],
  },
  go: {
    falseConditions: ['false', '1 > 2', '0 != 0', '2+2 == 5', '!true', '"a" == "b"', 'true && false', '-1 > 0', 'len("") > 0', '3 < 3'],
    bare: true,
    whileLoop: 'for',
    declare: (n, v) => [`${n} := ${v}`, `_ = ${n}`],
    assign: (n) => [`${n} = ${n} + 1`],
    array: (n) => [`${n} := []int{0, 0}`, `_ = ${n}`],
    loopForever: 'for {\n}',
    zeroLoop: (n) => `for ${n} := 0; ${n} < 0; ${n}++ {`,
    deadFunction: (n, u) => [`${n} := func() {`, `${u}for {`, `${u}}`, '}', `_ = ${n}`],
  },
  rust: {
    falseConditions: ['false', '1 > 2', '0 != 0', '2 + 2 == 5', '!true', '"a" == "b"', 'true && false', '-1 > 0', '!"".is_empty()', '3 < 3'],
    bare: true,
    tempBase: '_tempvar',
    declare: (n, v) => [`let ${n} = ${v};`],
    array: (n) => [`let ${n} = [0; 2];`],
    print: 'println!("{}", 0);',
    loopForever: 'loop {}',
    zeroLoop: (n) => `for ${n} in 0..0 {`,
    deadFunction: (n, u) => ['#[allow(dead_code)]', `fn ${n.toLowerCase()}() {`, `${u}loop {}`, '}'],
  },
  java: {
    falseConditions: ['false', '1 > 2', '0 != 0', '2 + 2 == 5', '!true', 'true && false', '-1 > 0', '3 < 3', '"a".equals("b")'],
    loopConditions: ['"".length() > 0', 'Math.abs(0) > 0', 'new int[0].length > 0', 'Boolean.FALSE', '!"".isEmpty()'],
    declare: (n, v) => [`int ${n} = ${v};`],
    assign: (n) => [`${n} = ${n} + 1;`],
    array: (n) => [`int[] ${n} = {0, 0};`],
    print: 'System.out.println(0);',
    loopForever: 'while (true) {}',
    zeroLoop: (n) => `for (int ${n} = 0; ${n} < 0; ${n}++) {`,
    deadFunction: (n, u) => [`Runnable ${n} = () -> {`, `${u}while (true) {}`, '};'],
  },
  javascript: { ...scriptSpelling(), falseConditions: [...TS_FALSE, 'null', "''", 'undefined', "'a' === 'b'"] },
  // TypeScript rejects a comparison of two different literals as unintentional, and `null`,
  // `undefined` and `''` as conditions that are always falsy
  typescript: { ...scriptSpelling(), falseConditions: TS_FALSE },
};

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[rng.int(xs.length)];

/** Where a shape may go: `local` shapes declare a name for the whole block, so only the function's own body takes them. */
export interface Spot {
  /** Whether the spot is a statement of the function's body itself, not of a block nested in it. */
  body: boolean;
}

type Body = (s: Spelling, n: GarbageNames) => string[];

/** What goes inside a dead block: literals only, since a parameter's type is not known here. */
const BODIES: Body[] = [
  (s, n) => s.declare(n.temp(), '0'),
  (s, n) => s.declare(n.temp(), '1'),
  (s, n) => {
    const t = n.temp();
    return s.assign ? [...s.declare(t, '0'), ...s.assign(t)] : s.declare(t, '2');
  },
  (s, n) => s.array(n.temp()),
  (s, n) => (s.print ? [s.print] : s.declare(n.temp(), '-1')),
];

type Shape = (s: Spelling, n: GarbageNames, rng: Rng, u: string) => string[];

const indented = (u: string, lines: readonly string[]): string[] => lines.flatMap((l) => l.split('\n')).map((l) => u + l);
const test = (s: Spelling, c: string): string => (s.bare ? c : `(${c})`);
const block = (s: Spelling, n: GarbageNames, rng: Rng, u: string): string[] => indented(u, pick(rng, BODIES)(s, n));

const SHAPES: Shape[] = [
  (s, n, rng, u) => [`if ${test(s, pick(rng, s.falseConditions))} {`, ...block(s, n, rng, u), '}'],
  (s, n, rng, u) => [`${s.whileLoop ?? 'while'} ${test(s, pick(rng, s.loopConditions ?? s.falseConditions))} {`, ...block(s, n, rng, u), '}'],
  (s, n, rng, u) => [`if ${test(s, pick(rng, s.falseConditions))} {`, ...block(s, n, rng, u), `} else if ${test(s, pick(rng, s.falseConditions))} {`, ...block(s, n, rng, u), '}'],
  (s, _n, rng, u) => [`if ${test(s, pick(rng, s.falseConditions))} {`, ...indented(u, [s.loopForever]), '}'],
  (s, _n, rng, u) => [`${s.whileLoop ?? 'while'} ${test(s, pick(rng, s.loopConditions ?? s.falseConditions))} {`, ...indented(u, [s.loopForever]), '}'],
  (s, n, rng, u) => [s.zeroLoop(n.temp()), ...block(s, n, rng, u), '}'],
  (s, n, rng, u) => [`if ${test(s, pick(rng, s.falseConditions))} {`, ...indented(u, [s.zeroLoop(n.temp()), ...block(s, n, rng, u), '}']), '}'],
  (s, n, rng, u) => [`${s.whileLoop ?? 'while'} ${test(s, pick(rng, s.loopConditions ?? s.falseConditions))} {`, ...indented(u, [`if ${test(s, pick(rng, s.falseConditions))} {`, ...block(s, n, rng, u), '}']), '}'],
];

/** Shapes that declare a local function: only at the body's own statements (a block's would be the same, but reads oddly). */
const LOCAL_SHAPES: Shape[] = [(s, n, _rng, u) => s.deadFunction!(n.func(), u)];

/** How many shapes a language draws from, for the tests and the docs. */
export function braceShapeCount(lang: BraceLanguage): number {
  return SHAPES.length + (SPELLINGS[lang].deadFunction ? LOCAL_SHAPES.length : 0);
}

/** The fresh-name family of the language's temporaries (`TempVar`, Rust `_tempvar`). */
export function tempBase(lang: BraceLanguage): string {
  return SPELLINGS[lang].tempBase ?? 'TempVar';
}

/** One random dead shape's lines for `lang` (first unindented, the rest indented relative to it by `u`). */
export function braceGarbage(lang: BraceLanguage, names: GarbageNames, rng: Rng, u: string, spot: Spot): string[] {
  const s = SPELLINGS[lang];
  const shapes = spot.body && s.deadFunction ? [...SHAPES, ...LOCAL_SHAPES] : SHAPES;
  return pick(rng, shapes)(s, names, rng, u);
}

/** Every shape once (the tests compile them all), each with the first of its choices. */
export function everyBraceShape(lang: BraceLanguage, names: GarbageNames, u: string): string[][] {
  const first = { int: () => 0, pick: <T>(xs: readonly T[]) => xs[0] } as unknown as Rng;
  const s = SPELLINGS[lang];
  const shapes = s.deadFunction ? [...SHAPES, ...LOCAL_SHAPES] : SHAPES;
  return shapes.map((shape) => shape(s, names, first, u));
}
