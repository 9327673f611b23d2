import type { Rng } from '../../random';
import type { GarbageNames } from '../languageProfile';

/**
 * Python's garbage code for CodeCrash's GBC (codecrash/gbc.ts, for `codecrash.indentedGarbage`),
 * written for CodeMorph: dead branches and dead loops that are dead by construction. Conditions are literals only (a builtin such as `len` may be rebound by the
 * program), assignments only bind fresh names (assigning an existing name would make it local to
 * the function and break a read of the global or closure of that name), and nothing yields,
 * returns, breaks or declares `global`/`nonlocal`, so the shapes fit any statement position.
 */

/** Constantly false conditions without side effects or name lookups. */
const FALSE_CONDITIONS = [
  'False',
  '0',
  'None',
  "''",
  '()',
  '[]',
  'not True',
  '1 > 2',
  '0 != 0',
  '2 + 2 == 5',
  "'a' == 'b'",
  'None is not None',
  'True and False',
  'False or 0',
  '-1 > 0',
  "'x' in ''",
  '0.0',
  '3 < 3',
];

/** Empty iterables: a loop over one never runs its body. */
const EMPTY_ITERABLES = ['[]', '()', "''", '{}', '[][:]', "''.join([])"];

type Body = (n: GarbageNames, rng: Rng) => string[];

/** Statements for the inside of a dead block: each binds only fresh names. */
const BODIES: Body[] = [
  (n) => [`${n.temp()} = ${n.read}`],
  (n) => [`${n.temp()} = 0`],
  (n) => [`${n.temp()} = [${n.read}]`],
  (n) => [`${n.temp()} = ${n.read} if ${n.read} else None`],
  (n) => [`print(${n.read})`],
  (n) => {
    const t = n.temp();
    return [`${t} = ${n.read}`, `${t} = ${t} * 2`];
  },
  () => ['pass'],
  (n) => [`${n.temp()} = (${n.read}, ${n.read})`],
  (n) => [`${n.temp()} = str(${n.read})`],
  (n) => {
    const t = n.temp();
    return [`${t} = {}`, `${t}[0] = ${n.read}`];
  },
];

type Shape = (n: GarbageNames, rng: Rng, u: string) => string[];

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[rng.int(xs.length)];
const indented = (u: string, lines: string[]): string[] => lines.map((l) => u + l);
const body = (n: GarbageNames, rng: Rng, u: string): string[] => indented(u, pick(rng, BODIES)(n, rng));

/** The shapes: each returns its lines, the first unindented, the rest relative to it. */
const SHAPES: Shape[] = [
  (n, rng, u) => [`if ${pick(rng, FALSE_CONDITIONS)}:`, ...body(n, rng, u)],
  (n, rng, u) => [`while ${pick(rng, FALSE_CONDITIONS)}:`, ...body(n, rng, u)],
  (n, rng, u) => [`for ${n.temp()} in ${pick(rng, EMPTY_ITERABLES)}:`, ...body(n, rng, u)],
  (n, rng, u) => [`if ${pick(rng, FALSE_CONDITIONS)}:`, ...body(n, rng, u), `elif ${pick(rng, FALSE_CONDITIONS)}:`, ...body(n, rng, u)],
  (n, rng, u) => [`while ${pick(rng, FALSE_CONDITIONS)}:`, ...body(n, rng, u), `${u}while True:`, `${u}${u}pass`],
  (n, rng, u) => [`if ${pick(rng, FALSE_CONDITIONS)}:`, `${u}while True:`, ...indented(u, body(n, rng, u))],
  (n, rng, u) => [`for ${n.temp()} in ${pick(rng, EMPTY_ITERABLES)}:`, `${u}while True:`, `${u}${u}pass`],
  (n, rng, u) => ['try:', `${u}pass`, 'except Exception:', ...body(n, rng, u)],
  (n, rng, u) => [`if ${pick(rng, FALSE_CONDITIONS)}:`, `${u}for ${n.temp()} in ${pick(rng, EMPTY_ITERABLES)}:`, ...indented(u, body(n, rng, u))],
  (n, _rng, u) => [`def ${n.func()}():`, `${u}while True:`, `${u}${u}pass`],
  (n, rng, u) => {
    const f = n.func();
    return [`def ${f}():`, ...body(n, rng, u), `${u}return ${f}()`];
  },
  (n, _rng, u) => {
    const t = n.temp();
    return [`def ${n.func()}(${t}):`, `${u}while ${t} == ${t}:`, `${u}${u}${t} = ${t}`];
  },
  (n, rng, u) => [`def ${n.func()}():`, `${u}for ${n.temp()} in iter(int, 1):`, ...indented(u, body(n, rng, u))],
  (n) => {
    const f = n.func();
    return [`${f} = lambda: ${f}()`];
  },
  (n, rng, u) => [`while ${pick(rng, FALSE_CONDITIONS)}:`, `${u}if True:`, ...indented(u, body(n, rng, u))],
  (n, rng, u) => [`if ${pick(rng, FALSE_CONDITIONS)}:`, ...body(n, rng, u), 'else:', `${u}pass`],
];

/** How many shapes there are, for the tests and the docs. */
export const SHAPE_COUNT = SHAPES.length;

/** One random dead shape's lines (first unindented, the rest indented relative to it by `u`). */
export function deadShape(names: GarbageNames, rng: Rng, u: string): string[] {
  return pick(rng, SHAPES)(names, rng, u);
}
