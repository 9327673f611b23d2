import type { Node } from 'web-tree-sitter';
import type { LanguageId } from '../languages/languageIds';
import { profileOf } from '../languages/profiles';
import { cppTypeOf } from '../languages/cpp/types';
import { cArithmeticType } from '../languages/c/helperTypes';
import { cppCapturable } from '../languages/cpp/captures';
import { goExpressionType } from '../languages/go/expressionTypes';
import { javaArithmeticType } from '../languages/java/arithmetic';
import { javaCapturable, javaConstantExpression } from '../languages/java/captures';
import { javaImport, javaNameTaken } from '../languages/java/imports';
import { rustClosureFits, rustClosureSafe } from '../languages/rust/closures';
import type { Rng } from '../random';
import type { TextEdit } from '../text/edits';
import type { UnitContext } from '../syntax/context';
import { catalogued } from './catalogue';
import { APPLICABLE, Method, Site } from './method';
import { TYPE_QUERIES } from '../syntax/declarations';
import { asBinary, parenthesize, unparenthesize } from '../syntax/expressions';
import {
  ARITHMETIC_OPS,
  C_HELPER_QUERIES,
  closureLines,
  declaredAround,
  frameDependent,
  freeNames,
  hasGoto,
  helperShows,
  inConstantOrUnevaluated,
  insertLocal,
  localSpot,
  losesNarrowing,
  LocalSpot,
  ParamHelper,
  paramHelper,
  pickName,
  subjectWord,
  writesOrSuspends,
} from '../syntax/helpers';
import { inHelper, inLoop, inRustFnItem, isWholeValue } from '../syntax/shapes';
import { reindented } from '../syntax/loops';
import { descendants } from '../syntax/nodes';

/**
 * Moves an arithmetic expression into a helper and calls it in its place. The call is a
 * primary expression, so the call site needs no parentheses; the expression keeps its
 * evaluation point because the helper is called exactly where the expression was. The helper
 * takes what the expression reads as parameters (syntax/helpers.ts, paramHelper): a static
 * function in C (its result type following C's usual arithmetic conversions: `char + char` is
 * int, `long * int` is long) and Java (by the expression's promoted type), a nested def in
 * Python, an arrow function or a generic lambda at the top of the function in JavaScript,
 * TypeScript and C++, a function next to it in Go (typed from declarations). Where none can
 * be written (Rust; a local of unknown type), a closure of no arguments is defined before the
 * statement, outside any loop, and never for an expression that is already all of a
 * variable's value (the variable names it already): C++ `auto` lambdas, Rust closures,
 * Python, JavaScript and TypeScript infer the result, Go's func literal declares it, Java uses
 * Int/Long/DoubleSupplier. Expressions too small to name are declined (a name and 0, 1 or 2:
 * `i + 1`, `n / 2`), and so is code in a helper an earlier step made.
 */

type Form = 'closure' | 'lambda' | 'param';

interface Plan {
  form: Form;
  expr: Node;
  /** What the call replaces: the expression with any parentheses around it that only group it. */
  replace: Node;
  /** The result type where the form needs one (Go, Java, C). */
  type?: string;
  spot?: LocalSpot;
  helper?: ParamHelper;
}

const JAVA_SUPPLIERS: Record<string, { type: string; call: string }> = {
  int: { type: 'IntSupplier', call: 'getAsInt' },
  long: { type: 'LongSupplier', call: 'getAsLong' },
  double: { type: 'DoubleSupplier', call: 'getAsDouble' },
};

function arithmeticOperator(lang: LanguageId, node: Node): string | null {
  const b = asBinary(lang, node);
  if (!b) return null;
  return ARITHMETIC_OPS.has(b.operator) || b.operator === '>>>' ? b.operator : null;
}

/** Whether a `+` chain joins strings: one of its operands (through `+` and parentheses) is a string literal. */
function joinsStrings(lang: LanguageId, node: Node): boolean {
  const b = asBinary(lang, unparenthesize(node));
  if (!b) return profileOf(lang).expressions.stringKinds.includes(unparenthesize(node).type);
  return b.operator === '+' && (joinsStrings(lang, b.left) || joinsStrings(lang, b.right));
}

/** C++ `out << x` and `in >> x` on streams: shifts whose leftmost operand is not a known number. */
function streamShift(lang: LanguageId, node: Node): boolean {
  const op = arithmeticOperator(lang, node);
  if (!profileOf(lang).expressions.streamShifts || (op !== '<<' && op !== '>>')) return false;
  let left = node;
  for (let b = asBinary(lang, unparenthesize(left)); b; b = asBinary(lang, unparenthesize(left))) left = b.left;
  const leaf = unparenthesize(left);
  return !(leaf.type === 'number_literal' || (leaf.type === 'identifier' && cppTypeOf(leaf, leaf.text, TYPE_QUERIES) === 'arithmetic'));
}

function isArithmetic(lang: LanguageId, node: Node): boolean {
  return arithmeticOperator(lang, node) !== null && !joinsStrings(lang, node) && !streamShift(lang, node);
}

/** The arithmetic expressions not inside a larger one (parentheses aside); string concatenation is not arithmetic. */
function candidates(ctx: UnitContext): Node[] {
  return ctx.nodes(ctx.profile.expressions.binaryKinds).filter((node) => {
    if (!isArithmetic(ctx.lang, node) || !ctx.inFunctionBody(node) || inRustFnItem(ctx.lang, node)) return false;
    let parent = node.parent;
    while (parent?.type === 'parenthesized_expression') parent = parent.parent;
    return !(parent && isArithmetic(ctx.lang, parent));
  });
}

/** The expression and the parentheses around it that only group it (not those an if or while needs). */
function replaced(node: Node): Node {
  let t = node;
  while (t.parent?.type === 'parenthesized_expression' && t.parent.namedChildren.length === 1) {
    const outer = t.parent.parent;
    if (!outer || /(_statement|switch_expression|catch_clause|_clause)$/.test(outer.type)) break;
    t = t.parent;
  }
  return t;
}

/** `i + 1`, `n / 2`, `len(xs) - 1`: one operator between a name (or a field, or a call) and 0, 1 or 2. */
function tooSmall(ctx: UnitContext, expr: Node): boolean {
  const b = asBinary(ctx.lang, unparenthesize(expr));
  if (!b) return false;
  const small = (n: Node) => /^[0-2](\.0*)?$/.test(unparenthesize(n).text);
  const plain = (n: Node) => asBinary(ctx.lang, unparenthesize(n)) === null;
  return (small(b.left) && plain(b.right)) || (small(b.right) && plain(b.left));
}

function plan(ctx: UnitContext, expr: Node): Plan | null {
  if (expr.hasError || inConstantOrUnevaluated(ctx, expr)) return null;
  if (writesOrSuspends(ctx, expr) || frameDependent(ctx, expr)) return null;
  // string concatenation and formatting are not arithmetic
  const strings = ctx.profile.expressions.stringKinds;
  if (descendants(expr, (n) => strings.includes(n.type)).length > 0) return null;
  const names = freeNames(ctx, expr).map((o) => o.name);
  if (names.length === 0 || tooSmall(ctx, expr)) return null;
  if (inHelper(ctx.lang, expr, ctx.target?.node)) return null;
  // a Python function that reads its frame (locals(), vars()) would see the helper as a new local
  if (helperShows(ctx, expr, expr.text)) return null;
  const base = { expr, replace: replaced(expr) };
  let type: string | null = null;
  // the helper declares its result type: found as the language types arithmetic, or the expression is declined
  switch (ctx.profile.helpers.resultTypes) {
    case 'usual-arithmetic-conversions':
      type = cArithmeticType(ctx, expr, C_HELPER_QUERIES);
      if (!type || descendants(expr, (n) => n.type === 'pointer_expression').length > 0) return null;
      break;
    case 'binary-numeric-promotion':
      type = javaArithmeticType(expr, TYPE_QUERIES);
      if (!type || javaConstantExpression(expr, TYPE_QUERIES)) return null;
      break;
    case 'declared-operands':
      type = goExpressionType(ctx, expr, TYPE_QUERIES);
      if (!type || type === 'untyped' || type === 'string') return null;
      break;
  }
  if (!losesNarrowing(ctx, expr)) {
    const helper = paramHelper(ctx, expr, type);
    // a helper that takes nothing is a closure: not for what a variable already names
    if (helper && (helper.params.length > 0 || !isWholeValue(base.replace))) return { ...base, form: 'param', type: type ?? undefined, helper };
  }
  // a closure of no arguments: never for what a variable already names, nor in a loop
  if (!ctx.profile.helpers.closure || isWholeValue(base.replace)) return null;
  if (ctx.profile.helpers.functionalInterfaces) {
    const supplier = JAVA_SUPPLIERS[type!];
    const capturable = names.every((n) => javaCapturable(expr, n, TYPE_QUERIES));
    if (!supplier || !capturable || javaNameTaken(ctx.root, ctx.words, supplier.type, `java.util.function.${supplier.type}`, TYPE_QUERIES)) return null;
    const local = localPlan(ctx, base);
    return local && { ...local, form: 'lambda', type: type! };
  }
  const local = localPlan(ctx, base);
  return local && { ...local, type: type ?? undefined };
}

function localPlan(ctx: UnitContext, base: { expr: Node; replace: Node }): Plan | null {
  const { expr } = base;
  const spot = localSpot(ctx, expr);
  if (!spot || inLoop(ctx.lang, spot.statement)) return null;
  const names = freeNames(ctx, expr).map((o) => o.name);
  if (declaredAround(ctx, spot.statement, expr, new Set(names))) return null;
  if (helperShows(ctx, expr, expr.text)) return null;
  // a goto may not jump over the closure's declaration (C++, Go)
  if (ctx.profile.blocks.gotoMayNotSkipDeclarations && hasGoto(ctx, expr)) return null;
  switch (ctx.profile.helpers.closureCaptures) {
    case 'declared-variables':
      if (!cppCapturable(expr, names, TYPE_QUERIES)) return null;
      break;
    case 'borrows': {
      if (!rustClosureSafe(expr, TYPE_QUERIES)) return null;
      const captured = new Set(names);
      if (descendants(expr, (n) => n.type === 'self').length > 0) captured.add('self');
      if (!rustClosureFits(spot.statement, expr, captured, TYPE_QUERIES)) return null;
      break;
    }
    // effectively final locals only (Java): plan() asked javaCapturable before the supplier's closure
  }
  // the type checker narrows a name by the tests around it, which the closure's body no longer stands under (TypeScript)
  if (losesNarrowing(ctx, expr)) return null;
  return { ...base, form: 'closure', spot };
}

// ---------------------------------------------------------------------------------------------
// Text

function resultName(ctx: UnitContext, expr: Node, rng: Rng): string {
  const w = subjectWord(ctx, expr);
  const op = arithmeticOperator(ctx.lang, expr) ?? '';
  const byOp: Record<string, string[][]> = {
    '+': [[w, 'sum'], ['combined', w], ['total', w]],
    '-': [[w, 'difference'], ['reduced', w], ['remaining', w]],
    '*': [['scaled', w], [w, 'product'], ['weighted', w]],
    '/': [[w, 'ratio'], [w, 'quotient'], [w, 'fraction']],
    '%': [[w, 'remainder'], [w, 'modulo'], ['wrapped', w]],
    '**': [[w, 'power'], ['raised', w]],
    '<<': [['shifted', w], [w, 'bits']],
    '&': [['masked', w], [w, 'bits'], [w, 'flags']],
  };
  const key = { '//': '/', '>>': '<<', '>>>': '<<', '|': '&', '^': '&', '&^': '&' }[op] ?? op;
  return pickName(ctx, rng, byOp[key] ?? [[w, 'result'], ['computed', w]]);
}

function callOf(plan: Plan, name: string): string {
  if (plan.form === 'lambda') return `${name}.${JAVA_SUPPLIERS[plan.type!].call}()`;
  if (plan.form === 'param') return plan.helper!.call(name);
  return `${name}()`;
}

export const extractArithmetic: Method = {
  ...catalogued('extract-arithmetic'),
  support: () => APPLICABLE,

  findSites(ctx: UnitContext): Site[] {
    const sites: Site[] = [];
    for (const expr of candidates(ctx)) {
      const p = plan(ctx, expr);
      if (!p) continue;
      const label = `\`${expr.text.replace(/\s+/g, ' ').slice(0, 40)}\` at line ${ctx.lineOf(expr.startIndex)}`;
      sites.push({ start: expr.startIndex, end: expr.endIndex, label });
    }
    return sites;
  },

  apply(ctx, site, rng) {
    const expr = candidates(ctx).find((n) => n.startIndex === site.start && n.endIndex === site.end);
    const p = expr ? plan(ctx, expr) : null;
    if (!expr || !p) throw new Error(`extract-arithmetic: no expression at ${site.start}`);
    const name = resultName(ctx, expr, rng);
    // one level deeper where the helper's body is an indented block (Python's def)
    let body = reindented(ctx, expr.startIndex, expr.endIndex, ctx.profile.spelling.indentedBlocks ? ctx.indentUnit : '');
    // an expression ended by its line
    if (ctx.profile.spelling.indentedBlocks && body.includes('\n')) body = parenthesize(body);
    const edits: TextEdit[] = [];
    if (p.form === 'param') edits.push(...p.helper!.define(name, body));
    else {
      const types = { result: p.type, iface: p.type && JAVA_SUPPLIERS[p.type]?.type };
      edits.push(insertLocal(p.spot!, closureLines(ctx, name, body, types)));
      if (p.form === 'lambda') {
        const imp = javaImport(ctx.root, `java.util.function.${JAVA_SUPPLIERS[p.type!].type}`, TYPE_QUERIES);
        if (imp) edits.push(imp);
      }
    }
    edits.push({ start: p.replace.startIndex, end: p.replace.endIndex, text: callOf(p, name) });
    return { edits, summary: `moved \`${expr.text.replace(/\s+/g, ' ').slice(0, 40)}\` into \`${name}\`` };
  },
};
