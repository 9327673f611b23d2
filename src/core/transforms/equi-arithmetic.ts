import type { Node } from 'web-tree-sitter';
import { cppTypeOf } from '../languages/cpp/types';
import { javaTypeOf } from '../languages/java/types';
import { pythonKindOf } from '../languages/python/kinds';
import type { TextEdit } from '../text/edits';
import type { UnitContext } from '../syntax/context';
import { catalogued } from './catalogue';
import { APPLICABLE, Method, Site } from './method';
import { TYPE_QUERIES } from '../syntax/declarations';
import {
  asBinary,
  Binary,
  binaryPrecedence,
  effectsOf,
  macroHazards,
  needsParens,
  PREC,
  sameExpression,
  unparenthesize,
} from '../syntax/expressions';
import { descendants, identifiersIn } from '../syntax/nodes';
import { NumType, numericType } from '../syntax/numeric';
import { wrapNeeded } from '../syntax/placement';

/**
 * Equivalent arithmetic, kept to identities proven exact per language and type. Evidence of a
 * type comes from literals and declarations (languages/<id>/numeric.ts, asked through syntax/numeric.ts); without it a site is declined.
 *
 * | identity                 | where                                   | why it is exact                                             |
 * |--------------------------|-----------------------------------------|-------------------------------------------------------------|
 * | `x * 2` -> `x + x`       | numbers everywhere; Python str too      | doubling is exact in IEEE floats; `x * 2` overflows (wraps, |
 * | `x + x` -> `x * 2`       | (x side-effect-free: it is read twice)  | is UB, panics) exactly when `x + x` does; `s * 2 == s + s`  |
 * | `i++` -> `i += 1`        | C, C++ (scalars), Java, Go; JS/TS on    | statement position only (the value is discarded); JS `++`  |
 * | `i += 1` -> `i++`        | proven numbers (strings concatenate)    | and `+=` differ on strings and BigInts, Java `+=` on String |
 * | `a - b` -> `-(b - a)`    | wrapping integers: Java, Go; C/C++ when | two's complement negation is exact mod 2^n; C signed `int` |
 * |                          | the arithmetic is unsigned or in `int`  | may overflow in `b - a` where `a - b` did not (a = INT_MIN),|
 * |                          | from small operands; Python ints        | Rust panics likewise; floats give -0.0 for +0.0 when a == b |
 * | `a + b` -> `b + a`,      | numbers; C/C++ integers only            | IEEE addition and multiplication commute; only the sign of |
 * | `a * b` -> `b * a`       | (both operands side-effect-free)        | a NaN may differ, which C's printf shows (`-nan`)           |
 *
 * Never: `x * 1`, `x + 0` (trivial), integer division or shifts (rounding of negatives),
 * strings with `+` (concatenation does not commute).
 */

interface Env {
  ctx: UnitContext;
  hazards: ReadonlySet<string>;
}

interface Plan {
  label: string;
  edits: TextEdit[];
}

// ---------------------------------------------------------------------------------------------
// What the operands are

/** A number by the evidence each language needs for `+` to be addition (not concatenation or a class operator). */
function numeric(env: Env, node: Node): NumType | null {
  // numericType asks JavaScript's and TypeScript's flow evidence (jsNumeric) itself
  return numericType(env.ctx.lang, node);
}

/** Read twice or reordered without changing anything: no calls, writes, awaits, bindings or macros that may hide them. */
function quiet(env: Env, node: Node): boolean {
  const effects = effectsOf(env.ctx.lang, node, env.hazards);
  if (['call', 'write', 'suspend', 'binding'].some((e) => effects.has(e as never))) return false;
  return !identifiersIn(node).some((n) => env.hazards.has(n));
}

function mayFail(env: Env, node: Node): boolean {
  const effects = effectsOf(env.ctx.lang, node, env.hazards);
  return ['trap', 'index', 'member', 'deref'].some((e) => effects.has(e as never));
}

function isLiteral(node: Node, value: string): boolean {
  const n = unparenthesize(node);
  return n.text === value && ['number_literal', 'integer_literal', 'decimal_integer_literal', 'int_literal', 'integer', 'number'].includes(n.type);
}

/**
 * `x * 2` -> `x + x` and back need `x * 2` and `x + x` to be the same operation on x's type.
 * C, Go and Java multiply numbers only, so a product proves x a number there; a sum does so in C
 * only (Java and Go concatenate strings). Python's strings double either way.
 */
function doubles(env: Env, x: Node, fromProduct: boolean): boolean {
  const rules = env.ctx.profile.expressions;
  if (!quiet(env, x)) return false;
  if (fromProduct ? rules.multiplicationNumbersOnly : rules.additionNumbersOnly) return true;
  if (rules.stringRepetition) {
    const n = unparenthesize(x);
    return numericType(env.ctx.lang, n) !== null || (n.type === 'identifier' && pythonKindOf(n, n.text, TYPE_QUERIES) === 'str') || n.type === 'string';
  }
  return numeric(env, x) !== null;
}

// ---------------------------------------------------------------------------------------------
// Identities

function short(text: string): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length > 40 ? `${line.slice(0, 37)}...` : line;
}

function replaced(env: Env, node: Node, text: string, prec: number, label: string): Plan {
  const wrap = wrapNeeded(env.ctx.lang, node, prec);
  let out = wrap ? `(${text})` : text;
  // `x - -(b - a)`, not `x --(b - a)`
  const before = env.ctx.source[node.startIndex - 1] ?? '';
  if (/[-+]/.test(before) && /^[-+]/.test(out)) out = ` ${out}`;
  return { label: `${label}: \`${short(env.ctx.text(node))}\``, edits: [{ start: node.startIndex, end: node.endIndex, text: out }] };
}

/** `x * 2` or `2 * x` to `x + x`. */
function planDouble(env: Env, b: Binary): Plan | null {
  if (b.operator !== '*') return null;
  const x = isLiteral(b.right, '2') ? b.left : isLiteral(b.left, '2') ? b.right : null;
  if (!x || isLiteral(x, '2') || !doubles(env, x, true)) return null;
  const l = env.ctx.lang;
  const text = env.ctx.text(x);
  const plus = binaryPrecedence(l, '+') ?? PREC.unary;
  const left = needsParens(l, x, '+', 'left') ? `(${text})` : text;
  const right = needsParens(l, x, '+', 'right') ? `(${text})` : text;
  return replaced(env, b.node, `${left} + ${right}`, plus, 'doubling as a sum');
}

/** `x + x` to `x * 2`. */
function planSumOfSame(env: Env, b: Binary): Plan | null {
  if (b.operator !== '+' || !sameExpression(env.ctx.text(b.left), env.ctx.text(b.right)) || !doubles(env, b.left, false)) return null;
  const l = env.ctx.lang;
  // a string literal doubled stays a sum (`'ab' + 'ab'`, not `'ab' * 2`): only a name or a number becomes a product
  if (env.ctx.profile.expressions.stringRepetition && numericType(l, b.left) === null && unparenthesize(b.left).type !== 'identifier') return null;
  const text = env.ctx.text(b.left);
  const left = needsParens(l, b.left, '*', 'left') ? `(${text})` : text;
  // Rust has no integer literal for floats
  const two = env.ctx.profile.expressions.integerLiteralsNeverFloat && numericType(l, b.left)?.family === 'float' ? '2.0' : '2';
  return replaced(env, b.node, `${left} * ${two}`, binaryPrecedence(l, '*') ?? PREC.unary, 'sum as doubling');
}

/** Whether `a - b` and `-(b - a)` agree for these operands (see the table above). */
function negatable(env: Env, b: Binary): boolean {
  const l = env.ctx.lang;
  const x = numericType(l, b.left);
  const y = numericType(l, b.right);
  // JavaScript's numbers are never integers (family `number`)
  if (!x || !y || x.family !== 'int' || y.family !== 'int') return false;
  const rules = env.ctx.profile.expressions;
  // Rust's `b - a` may panic where `a - b` did not
  if (rules.trappingOperators.includes('-')) return false;
  if (rules.signedOverflowUndefined) {
    const result = numericType(l, b.node);
    if (!result || result.family !== 'int') return false;
    if (result.unsigned && result.rank >= 3) return true;
    // int arithmetic on operands that cannot reach int's limits
    const small = (n: Node, t: NumType) => t.rank < 3 || (unparenthesize(n).type === 'number_literal' && Math.abs(Number(unparenthesize(n).text.replace(/[uUlL']/g, ''))) < 32768);
    return small(b.left, x) && small(b.right, y);
  }
  // Java's and Go's integers wrap, Python's are unbounded
  return true;
}

/** `a - b` to `-(b - a)`. */
function planNegatedDifference(env: Env, b: Binary): Plan | null {
  if (b.operator !== '-' || !quiet(env, b.left) || !quiet(env, b.right)) return null;
  if ((mayFail(env, b.left) && mayFail(env, b.right)) || !negatable(env, b)) return null;
  const l = env.ctx.lang;
  const a = env.ctx.text(b.left);
  const c = env.ctx.text(b.right);
  const left = needsParens(l, b.right, '-', 'left') ? `(${c})` : c;
  const right = needsParens(l, b.left, '-', 'right') ? `(${a})` : a;
  return replaced(env, b.node, `-(${left} - ${right})`, PREC.unary, 'negated difference');
}

/** `a + b` to `b + a`, `a * b` to `b * a`. */
function planCommute(env: Env, b: Binary): Plan | null {
  if (b.operator !== '+' && b.operator !== '*') return null;
  if (sameExpression(env.ctx.text(b.left), env.ctx.text(b.right))) return null;
  if (!quiet(env, b.left) || !quiet(env, b.right) || (mayFail(env, b.left) && mayFail(env, b.right))) return null;
  const l = env.ctx.lang;
  const x = numeric(env, b.left);
  const y = numeric(env, b.right);
  if (!x || !y) return null;
  if (env.ctx.profile.expressions.nanSignShows && (x.family !== 'int' || y.family !== 'int')) return null;
  const a = env.ctx.text(b.left);
  const c = env.ctx.text(b.right);
  const left = needsParens(l, b.right, b.operator, 'left') ? `(${c})` : c;
  const right = needsParens(l, b.left, b.operator, 'right') ? `(${a})` : a;
  const text = `${left}${env.ctx.source.slice(b.left.endIndex, b.right.startIndex)}${right}`;
  return replaced(env, b.node, text, binaryPrecedence(l, b.operator) ?? PREC.unary, 'commuted');
}

// ---------------------------------------------------------------------------------------------
// Increments

/** Whether an expression's value is discarded: a statement of its own, a for loop's update, or a comma list there. */
function statementPosition(node: Node): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (parent.type === 'expression_statement') return true;
  if (parent.type === 'for_statement') {
    const update = parent.childForFieldName('update') ?? parent.childForFieldName('increment');
    return update !== null && update.id === node.id;
  }
  if (parent.type === 'comma_expression' || parent.type === 'sequence_expression') return statementPosition(parent);
  return false;
}

/** Targets `x++` and `x += 1` treat alike, by what the language's `++` and `+=` take. */
function incrementable(env: Env, target: Node, compound: boolean): boolean {
  const l = env.ctx.lang;
  const rules = env.ctx.profile;
  if (identifiersIn(target).some((n) => env.hazards.has(n))) return false;
  if (rules.expressions.incrementIsAddingOne) return true;
  if (rules.variables.classValuesRunCode) {
    // C++: a built-in number but `bool` (whose `++` is gone), or a pointer; no class's operators
    const t = numericType(l, target);
    if (t) return !/^(const )?bool$/.test(t.spelling ?? '');
    return target.type === 'identifier' && cppTypeOf(target, target.text, TYPE_QUERIES) === 'pointer';
  }
  if (rules.variables.objectOperandsRunCode) {
    // Java: `+=` concatenates to a String and unboxes boxed numbers
    if (!compound) return true; // `++` only takes numbers, and so does `+= 1` on them
    if (target.type !== 'identifier') return numericType(l, target) !== null;
    const t = javaTypeOf(target, target.text, TYPE_QUERIES);
    return t !== null && !['String', 'boolean', 'other'].includes(t);
  }
  // JavaScript: a name proven a number (strings and BigInts take `+=` otherwise); Python and Rust have no `++`
  return target.type === 'identifier' && numericType(l, target) !== null;
}

/** Go's increments and assignments are statements, never values (node kinds of its grammar alone). */
const STATEMENT_KINDS: ReadonlySet<string> = new Set(['inc_statement', 'dec_statement', 'assignment_statement']);

/** `i++` to `i += 1`. */
function planIncrement(env: Env, node: Node): Plan | null {
  if (!STATEMENT_KINDS.has(node.type) && !statementPosition(node)) return null;
  // Go's inc_statement has no `argument` field: its one named child is the target
  const target = node.childForFieldName('argument') ?? node.namedChildren[0];
  const up = node.children.some((c) => c !== null && c.type === '++');
  if (!target || !incrementable(env, target, false)) return null;
  const text = `${env.ctx.text(target)} ${up ? '+' : '-'}= 1`;
  return { label: `${up ? 'increment' : 'decrement'} as compound assignment: \`${short(env.ctx.text(node))}\``, edits: [{ start: node.startIndex, end: node.endIndex, text }] };
}

/** `i += 1` to `i++`. */
function planCompound(env: Env, node: Node): Plan | null {
  if (!STATEMENT_KINDS.has(node.type) && !statementPosition(node)) return null;
  const op = node.childForFieldName('operator')?.text;
  let target = node.childForFieldName('left');
  let value = node.childForFieldName('right');
  // Go's assignment_statement assigns expression lists (`a, b = 1, 2`)
  if (node.type === 'assignment_statement') {
    const single = (list: Node | null) => (list && list.namedChildren.length === 1 ? list.namedChildren[0] : null);
    target = single(target);
    value = single(value);
  }
  if ((op !== '+=' && op !== '-=') || !target || !value || !isLiteral(value, '1') || unparenthesize(value).id !== value.id) return null;
  if (!incrementable(env, target, true)) return null;
  const text = `${env.ctx.text(target)}${op === '+=' ? '++' : '--'}`;
  return { label: `compound assignment as ${op === '+=' ? 'increment' : 'decrement'}: \`${short(env.ctx.text(node))}\``, edits: [{ start: node.startIndex, end: node.endIndex, text }] };
}

// ---------------------------------------------------------------------------------------------

function inMacro(node: Node): boolean {
  for (let n = node.parent; n; n = n.parent) if (n.type === 'macro_invocation' || n.type === 'token_tree') return true;
  return false;
}

function hasComment(ctx: UnitContext, node: Node): boolean {
  return descendants(node, (n) => ctx.profile.commentTypes.includes(n.type)).length > 0;
}

export const equiArithmetic: Method = {
  ...catalogued('equi-arithmetic'),
  support: () => APPLICABLE,

  findSites(ctx: UnitContext): Site[] {
    const l = ctx.lang;
    const env: Env = { ctx, hazards: macroHazards(l, ctx.root) };
    const { nodes: increments, compoundAssignments } = ctx.profile.expressions.increments;
    const types = [...new Set([...ctx.profile.expressions.binaryKinds, ...increments, ...compoundAssignments])];
    const sites: Site[] = [];
    for (const node of ctx.nodes(types)) {
      if (!ctx.inFunctionBody(node) || inMacro(node) || hasComment(ctx, node)) continue;
      let plan: Plan | null = null;
      if (increments.includes(node.type)) plan = planIncrement(env, node);
      else if (compoundAssignments.includes(node.type)) plan = planCompound(env, node);
      else {
        const b = asBinary(l, node);
        if (b) plan = planDouble(env, b) ?? planSumOfSame(env, b) ?? planNegatedDifference(env, b) ?? planCommute(env, b);
      }
      if (plan) sites.push({ start: node.startIndex, end: node.endIndex, label: `${plan.label} at line ${ctx.lineOf(node.startIndex)}`, data: { edits: plan.edits } });
    }
    return sites;
  },

  apply(_ctx, site) {
    const { edits } = site.data as { edits: TextEdit[] };
    return { edits, summary: `rewrote ${site.label.replace(/: `/, ' `')}` };
  },
};
