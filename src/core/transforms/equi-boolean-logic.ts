import type { Node } from 'web-tree-sitter';
import { profileOf } from '../languages/profiles';
import type { LanguageId } from '../languages/languageIds';
import { cppSafe, cppScalar } from '../languages/cpp/scalars';
import { pythonLayoutMatches } from '../languages/python/blockLayout';
import type { TextEdit } from '../text/edits';
import type { UnitContext } from '../syntax/context';
import { catalogued } from './catalogue';
import { APPLICABLE, Method, Site } from './method';
import {
  asBinary,
  binaryPrecedence,
  effectsOf,
  inBooleanContext,
  isBooleanValued,
  isLogical,
  isNullLiteral,
  macroHazards,
  negatedOperand,
  PREC,
  precedenceOf,
  unparenthesize,
} from '../syntax/expressions';
import { descendants, identifiersIn, namedChildren } from '../syntax/nodes';
import { isInteger, numericType } from '../syntax/numeric';
import { wrapNeeded } from '../syntax/placement';
import { SCALAR_QUERIES } from '../syntax/scalarQueries';
import { branchBlock, emptiness } from '../syntax/shapes';

/**
 * Equivalent boolean logic, five rewrites:
 * - push: `!(a && b)` to `!a || !b` (De Morgan, negation pushed into the operands);
 * - pull: `a && b` to `!(!a || !b)` (De Morgan the other way; `!a || !b` becomes `!(a && b)`);
 * - double: `!!x` to `x` where only its truth matters;
 * - complement: `!(a == b)` to `a != b`, and `!(i < n)` to `i >= n` for integers only
 *   (for floats `!(a < b)` and `a >= b` differ on NaN);
 * - flip: `if (c) A else B` to `if (!c) B else A`, only for an if with a plain else and two
 *   branches that do something.
 *
 * Evaluation order and short-circuiting are the same before and after each rewrite. What
 * changes is the value: Python's and JavaScript's and/or yield an operand, so an operand loses
 * its `!` only where just its truth matters; C's `!` and `||` yield 0 or 1; Go, Rust and Java
 * only have booleans. C++ classes may overload `!`, `&&` and `||`: their operands must be
 * comparisons, calls or variables of built-in types.
 */

const DUAL: Readonly<Record<string, string>> = { '&&': '||', '||': '&&', and: 'or', or: 'and' };

const COMPLEMENT: Readonly<Record<string, string>> = {
  '==': '!=', '!=': '==', '===': '!==', '!==': '===',
  '<': '>=', '>=': '<', '>': '<=', '<=': '>',
  is: 'is not', 'is not': 'is', in: 'not in', 'not in': 'in',
};

/** A rewritten expression with how tightly it binds. */
interface Piece {
  text: string;
  prec: number;
}

interface Env {
  ctx: UnitContext;
  hazards: ReadonlySet<string>;
}

function lang(env: Env): LanguageId {
  return env.ctx.lang;
}

/** How tightly a negation binds: `!x` is a prefix operator, Python's `not` sits between and and comparisons. */
function notPrec(env: Env): number {
  // 25: the precedence syntax/expressions.ts gives not_operator, between `and` and the comparisons
  return env.ctx.profile.expressions.negation.belowComparisons ? 25 : PREC.unary;
}

function negationText(env: Env, inner: string): string {
  return env.ctx.profile.expressions.negation.operator + inner;
}

/** The operator complementing a comparison, where `!(a op b)` and `a complement b` are the same for these operands. */
function complementOf(env: Env, node: Node, truthOnly: boolean): string | null {
  const l = lang(env);
  const rules = env.ctx.profile;
  const b = asBinary(l, node);
  if (!b || node.type === 'comparison_operator' && namedChildren(node).length !== 2) return null;
  const op = COMPLEMENT[b.operator];
  if (!op) return null;
  switch (b.operator) {
    case 'is':
    case 'is not':
    case 'in':
    case 'not in':
      // Python's comparison_operator only: JavaScript's `in` (a binary_expression) has no `not in`
      return node.type === 'comparison_operator' ? op : null;
    case '==':
    case '!=':
    case '===':
    case '!==':
      // a class may define `==` and `!=` apart (C++ before 20, Python's __ne__): only built-in values, or a truth test in Python
      if (rules.variables.classValuesRunCode) return cppScalar(b.left, SCALAR_QUERIES) && cppScalar(b.right, SCALAR_QUERIES) ? op : null;
      if (rules.expressions.untypedOperatorMethods) return truthOnly || (builtinValue(env, b.left) && builtinValue(env, b.right)) ? op : null;
      return op;
    default:
      // numbers that are doubles are never integers (NaN): their orderings stay. Asked before isInteger, whose
      // flow evidence for such a language reads every declaration of a name in the file (a large file's cost)
      if (rules.expressions.integers === 'doubles') return null;
      return isInteger(l, b.left) && isInteger(l, b.right) ? op : null;
  }
}

/** A number, string or null literal by the evidence the language has, whose comparisons no class defines. */
function builtinValue(env: Env, node: Node): boolean {
  const n = unparenthesize(node);
  return numericType(lang(env), n) !== null || n.type === 'string' || isNullLiteral(n);
}

/**
 * The negation of `node`. `truthOnly`: the result's value only matters as true or false (a
 * condition, an operand of `!`); `normalised`: it becomes an operand of C's `&&`/`||`, which
 * yield 0 or 1 whatever their operands are. Null when no exact negation is known.
 */
function negate(env: Env, node: Node, truthOnly: boolean, normalised: boolean): Piece | null {
  const l = lang(env);
  const n = unparenthesize(node);
  const operand = negatedOperand(n);
  if (operand) {
    // booleans only, or a 0/1 (C) or bool (C++) from `&&`/`||` whatever their operands, makes `!` exact to drop
    const rules = env.ctx.profile.expressions;
    const drop = truthOnly || rules.booleanOnlyLogic || (normalised && !rules.logicalOperatorsYieldOperands) || isBooleanValued(l, operand);
    return drop ? { text: env.ctx.text(operand), prec: precedenceOf(l, operand) } : null;
  }
  const complement = complementOf(env, n, truthOnly);
  const b = asBinary(l, n);
  if (complement && b) {
    const text = env.ctx.source.slice(n.startIndex, b.opStart) + complement + env.ctx.source.slice(b.opEnd, n.endIndex);
    return { text, prec: precedenceOf(l, n) };
  }
  const inner = precedenceOf(l, n) < notPrec(env) ? `(${env.ctx.text(n)})` : env.ctx.text(n);
  return { text: negationText(env, inner), prec: notPrec(env) };
}

/** The operands of a chain of one logical operator (`a && b && c`), with the operator tokens between them. */
function chain(l: LanguageId, node: Node, op: string): { atoms: Node[]; ops: [number, number][] } {
  const b = asBinary(l, node);
  if (!b || b.operator !== op) return { atoms: [node], ops: [] };
  const left = chain(l, b.left, op);
  const right = chain(l, b.right, op);
  return { atoms: [...left.atoms, ...right.atoms], ops: [...left.ops, [b.opStart, b.opEnd], ...right.ops] };
}

/** The chain with every operand negated and the operator replaced by its dual, spacing kept. */
function dualChain(env: Env, node: Node, op: string, truthOnly: boolean): Piece | null {
  const l = lang(env);
  const { atoms, ops } = chain(l, node, op);
  const dual = DUAL[op];
  const dualPrec = binaryPrecedence(l, dual) ?? 0;
  let text = '';
  for (const [i, atom] of atoms.entries()) {
    const piece = negate(env, atom, truthOnly, true);
    if (!piece) return null;
    text += piece.prec <= dualPrec ? `(${piece.text})` : piece.text;
    if (i < ops.length) {
      const [start, end] = ops[i];
      text += env.ctx.source.slice(atom.endIndex, start) + dual + env.ctx.source.slice(end, atoms[i + 1].startIndex);
    }
  }
  return { text, prec: dualPrec };
}

function wrapped(l: LanguageId, node: Node, piece: Piece): string {
  return wrapNeeded(l, node, piece.prec) ? `(${piece.text})` : piece.text;
}

/** Expressions this method leaves alone: comments inside, macros that may expand to operators, names bound inside. */
function untouchable(env: Env, node: Node): boolean {
  if (descendants(node, (n) => env.ctx.profile.commentTypes.includes(n.type)).length > 0) return true;
  if (identifiersIn(node).some((name) => env.hazards.has(name))) return true;
  return effectsOf(lang(env), node).has('binding');
}

function inMacro(node: Node): boolean {
  for (let n = node.parent; n; n = n.parent) if (n.type === 'macro_invocation' || n.type === 'token_tree') return true;
  return false;
}

/** Whether a Python or JavaScript and/or (or a negation) may change value here: its value is used, and it is not a boolean. */
function valueMatters(env: Env, node: Node): boolean {
  return env.ctx.profile.expressions.logicalOperatorsYieldOperands && !onlyTruth(lang(env), node);
}

/** inBooleanContext, and C++ conditions, which stand in a condition_clause (`if (init; cond)`). */
function onlyTruth(l: LanguageId, node: Node): boolean {
  let current = node;
  while (current.parent?.type === 'parenthesized_expression') current = current.parent;
  const parent = current.parent;
  if (parent?.type === 'condition_clause' && parent.childForFieldName('value')?.id === current.id) return true;
  if (parent && negatedOperand(parent)) return true;
  const b = parent ? asBinary(l, parent) : null;
  if (b && isLogical(b.operator)) return onlyTruth(l, parent!);
  return inBooleanContext(l, node);
}

interface Plan {
  label: string;
  edits: TextEdit[];
}

function edit(node: Node, text: string): TextEdit {
  return { start: node.startIndex, end: node.endIndex, text };
}

/** push: `!(a && b)` to `!a || !b`. */
function planPush(env: Env, node: Node): Plan | null {
  const l = lang(env);
  const operand = negatedOperand(node);
  const inner = operand && unparenthesize(operand);
  const b = inner && asBinary(l, inner);
  if (!b || !isLogical(b.operator)) return null;
  const { atoms } = chain(l, inner!, b.operator);
  if (env.ctx.profile.variables.classValuesRunCode && !atoms.every((a) => cppSafe(a, SCALAR_QUERIES))) return null;
  // dropping an operand's `!` is exact where only the result's truth matters (and always in C, Go, Rust, Java)
  const piece = dualChain(env, inner!, b.operator, onlyTruth(l, node));
  if (!piece) return null;
  return { label: 'De Morgan', edits: [edit(node, wrapped(l, node, piece))] };
}

/** pull: `a && b` to `!(!a || !b)`. */
function planPull(env: Env, node: Node): Plan | null {
  const l = lang(env);
  const b = asBinary(l, node);
  if (!b || !isLogical(b.operator)) return null;
  // the top of a chain only, and not the operand of a negation (that is push's)
  let up = node.parent;
  if (up && asBinary(l, up)?.operator === b.operator) return null;
  while (up?.type === 'parenthesized_expression') up = up.parent;
  if (up && negatedOperand(up)) return null;
  const { atoms } = chain(l, node, b.operator);
  if (env.ctx.profile.variables.classValuesRunCode && !atoms.every((a) => cppSafe(a, SCALAR_QUERIES))) return null;
  if (valueMatters(env, node) && !isBooleanValued(l, node)) return null;
  const piece = dualChain(env, node, b.operator, true);
  if (!piece) return null;
  const text = negationText(env, `(${piece.text})`);
  return { label: 'De Morgan', edits: [edit(node, wrapped(l, node, { text, prec: notPrec(env) }))] };
}

/** double: `!!x` to `x`; complement: `!(a == b)` to `a != b`. */
function planNegation(env: Env, node: Node): Plan | null {
  const l = lang(env);
  const operand = negatedOperand(node);
  if (!operand) return null;
  const inner = unparenthesize(operand);
  const twice = negatedOperand(inner);
  if (twice) {
    if (env.ctx.profile.variables.classValuesRunCode && !cppSafe(twice, SCALAR_QUERIES)) return null;
    const exact = onlyTruth(l, node) || env.ctx.profile.expressions.booleanOnlyLogic || isBooleanValued(l, twice);
    if (!exact) return null;
    const piece = { text: env.ctx.text(twice), prec: precedenceOf(l, twice) };
    return { label: 'double negation', edits: [edit(node, wrapped(l, node, piece))] };
  }
  const op = complementOf(env, inner, onlyTruth(l, node));
  const b = asBinary(l, inner);
  if (!op || !b) return null;
  const text = env.ctx.source.slice(inner.startIndex, b.opStart) + op + env.ctx.source.slice(b.opEnd, inner.endIndex);
  return { label: 'negated comparison', edits: [edit(node, wrapped(l, node, { text, prec: precedenceOf(l, inner) }))] };
}

// ---------------------------------------------------------------------------------------------
// flip

/** Statements that may follow `if (c)` without braces whatever comes after them (no dangling else). */
const CLOSED_STATEMENTS = new Set([
  'expression_statement', 'return_statement', 'break_statement', 'continue_statement', 'throw_statement', 'goto_statement',
]);

interface Branches {
  condition: Node;
  /** What the negation replaces: the condition, or its value part (Go and C++ initialisers stay). */
  test: Node;
  consequence: Node;
  alternative: Node;
}

function branchesOf(env: Env, node: Node): Branches | null {
  const l = lang(env);
  const condition = node.childForFieldName('condition');
  const consequence = node.childForFieldName('consequence');
  const alt = node.childForFieldName('alternative');
  if (!condition || !consequence || !alt) return null;
  let test = condition;
  if (condition.type === 'condition_clause') {
    const value = condition.childForFieldName('value');
    if (!value || value.type === 'declaration') return null;
    test = value;
  }
  if (condition.type === 'let_condition' || condition.type === 'let_chain') return null;
  let alternative: Node | null = alt;
  if (env.ctx.profile.blocks.elifClauses) {
    if (namedChildren(node).some((c) => c.type === 'elif_clause')) return null;
    alternative = alt.childForFieldName('body');
    if (!alternative || !pythonLayoutMatches(env.ctx.source, consequence, alternative)) return null;
  } else if (alt.type === 'else_clause') {
    alternative = namedChildren(alt).find((c) => !env.ctx.profile.commentTypes.includes(c.type)) ?? null;
  }
  if (!alternative || alternative.type === profileOf(l).blocks.ifKind) return null; // an else-if chain
  // the old else branch now follows `if (...)`: an unbraced statement there must not take an else that is not its own
  const blocks = profileOf(l).blocks.blockKinds;
  if (!blocks.includes(alternative.type) && !CLOSED_STATEMENTS.has(alternative.type)) return null;
  if (!blocks.includes(consequence.type) && !CLOSED_STATEMENTS.has(consequence.type)) return null;
  return { condition, test, consequence, alternative };
}

/** Where a branch starts with the comments that sit on their own lines right before it. */
function leadingComments(env: Env, node: Node): number {
  let start = node.startIndex;
  for (let prev = node.previousSibling; prev && env.ctx.profile.commentTypes.includes(prev.type); prev = prev.previousSibling) {
    const lineStart = env.ctx.source.lastIndexOf('\n', prev.startIndex - 1) + 1;
    if (!/^[ \t]*$/.test(env.ctx.source.slice(lineStart, prev.startIndex))) break;
    start = prev.startIndex;
  }
  return start;
}

function planFlip(env: Env, node: Node): Plan | null {
  const l = lang(env);
  const br = branchesOf(env, node);
  if (!br || untouchable(env, br.test)) return null;
  // a branch that does nothing would become an empty then-branch: `if (!c) {} else { ... }`
  const idle = (b: Node) => {
    const block = branchBlock(l, b);
    return block !== null && emptiness(l, env.ctx.source, block).empty;
  };
  if (idle(br.consequence) || idle(br.alternative)) return null;
  const test = unparenthesize(br.test);
  const dropped = negatedOperand(test);
  // a condition needs no parentheses of its own, except where Go and Rust need them around composite literals
  const piece = dropped && !env.ctx.profile.expressions.conditionLiteralsNeedParens ? { text: env.ctx.text(unparenthesize(dropped)), prec: PREC.primary } : negate(env, test, true, true);
  if (!piece) return null;
  // C-like conditions keep their own parentheses; Go, Rust and Python conditions have none
  const parenthesised = br.test.type === 'parenthesized_expression' && !env.ctx.profile.switches.bareConditions;
  const condition = parenthesised ? `(${piece.text})` : piece.text;
  const conditionEdit = parenthesised ? edit(br.test, condition) : edit(br.test, piece.text);
  // comments on their own lines just before a branch travel with it
  const consequence = { start: leadingComments(env, br.consequence), end: br.consequence.endIndex };
  const alternative = { start: leadingComments(env, br.alternative), end: br.alternative.endIndex };
  const slice = (span: { start: number; end: number }) => env.ctx.source.slice(span.start, span.end);
  const swap = [{ ...consequence, text: slice(alternative) }, { ...alternative, text: slice(consequence) }];
  return { label: 'flipped if/else', edits: [conditionEdit, ...swap] };
}

/**
 * The negation of an if's tested expression, for a method that turns `if (c) continue; rest`
 * into `if (!c) { rest }`: exact where only its truth matters, a complemented comparison where
 * one is safe, `!(c)` otherwise; null where this method would leave the expression alone.
 */
export function negatedTest(ctx: UnitContext, test: Node): string | null {
  const env: Env = { ctx, hazards: macroHazards(ctx.lang, ctx.root) };
  if (untouchable(env, test)) return null;
  const inner = unparenthesize(test);
  const dropped = negatedOperand(inner);
  if (dropped && !ctx.profile.expressions.conditionLiteralsNeedParens) return ctx.text(unparenthesize(dropped));
  // `a or b` reads better negated as `not a and not b`, each operand's own negation simplified
  const b = asBinary(ctx.lang, inner);
  if (b && DUAL[b.operator] && !(ctx.profile.variables.classValuesRunCode && !cppSafe(inner, SCALAR_QUERIES))) {
    const dual = dualChain(env, inner, b.operator, true);
    if (dual) return dual.text;
  }
  return negate(env, inner, true, true)?.text ?? null;
}

// ---------------------------------------------------------------------------------------------

function short(text: string): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length > 40 ? `${line.slice(0, 37)}...` : line;
}

export const equiBooleanLogic: Method = {
  ...catalogued('equi-boolean-logic'),
  support: () => APPLICABLE,

  findSites(ctx: UnitContext): Site[] {
    const l = ctx.lang;
    const env: Env = { ctx, hazards: macroHazards(l, ctx.root) };
    const types = [...new Set([ctx.profile.expressions.negation.node, ...ctx.profile.expressions.binaryKinds, ctx.profile.blocks.ifKind])];
    const sites: Site[] = [];
    for (const node of ctx.nodes(types)) {
      if (!ctx.inFunctionBody(node) || inMacro(node)) continue;
      let plan: Plan | null = null;
      if (node.type === profileOf(l).blocks.ifKind) plan = planFlip(env, node);
      else if (untouchable(env, node)) continue;
      else if (negatedOperand(node)) plan = planPush(env, node) ?? planNegation(env, node);
      else plan = planPull(env, node);
      if (!plan) continue;
      const what = node.type === profileOf(l).blocks.ifKind ? `if at line ${ctx.lineOf(node.startIndex)}` : `\`${short(ctx.text(node))}\``;
      sites.push({ start: node.startIndex, end: node.endIndex, label: `${plan.label}: ${what}`, data: { edits: plan.edits } });
    }
    return sites;
  },

  apply(ctx, site) {
    const { edits } = site.data as { edits: TextEdit[] };
    return { edits, summary: `${site.label.replace(/^[^:]*/, (k) => k.toLowerCase())} at line ${ctx.lineOf(site.start)}` };
  },
};
