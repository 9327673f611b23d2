import type { Node } from 'web-tree-sitter';
import type { LanguageId } from '../languages/languageIds';
import type { Rng } from '../random';
import type { TextEdit } from '../text/edits';
import type { UnitContext } from './context';
import { APPLICABLE, Method, Site } from './method';
import { STRING_KINDS } from './shared/bindings';
import { cppTypeOf } from './shared/declarations';
import { asBinary, BINARY_TYPES, parenthesize, unparenthesize } from './shared/expressions';
import {
  ARITHMETIC_OPS,
  cArithmeticType,
  closureLines,
  cppCapturable,
  declaredAround,
  frameDependent,
  freeNames,
  goExpressionType,
  hasGoto,
  inConstantOrUnevaluated,
  insertHelper,
  insertLocal,
  javaArithmeticType,
  javaCapturable,
  javaConstantExpression,
  javaImport,
  javaNameTaken,
  localSpot,
  LocalSpot,
  pickName,
  pythonFunctionReadsFrame,
  rustClosureFits,
  rustClosureSafe,
  StaticHelper,
  staticHelper,
  staticHelperLines,
  subjectWord,
  tsNarrowingHazard,
  writesOrSuspends,
} from './shared/helpers';
import { reindented } from './shared/loops';
import { descendants } from './shared/nodes';

/**
 * Moves an arithmetic expression into a closure or a function and calls it in its place. The
 * call is a primary expression, so the call site needs no parentheses; the expression keeps its
 * evaluation point because the closure is called exactly where the expression was. Result
 * types: C++ `auto` lambdas, Rust closures, Python, JavaScript and TypeScript infer them; Go's
 * func literal declares the type read from declarations; Java uses Int/Long/DoubleSupplier by
 * the expression's promoted type (or a typed static helper when a captured local is not
 * effectively final); C gets a static helper whose result type follows C's usual arithmetic
 * conversions (`char + char` is int, `long * int` is long).
 */

type Form = 'closure' | 'lambda' | 'static';

interface Plan {
  form: Form;
  expr: Node;
  /** What the call replaces: the expression with any parentheses around it that only group it. */
  replace: Node;
  /** The result type where the form needs one (Go, Java, C). */
  type?: string;
  spot?: LocalSpot;
  helper?: StaticHelper;
}

const JAVA_SUPPLIERS: Record<string, { type: string; call: string }> = {
  int: { type: 'IntSupplier', call: 'getAsInt' },
  long: { type: 'LongSupplier', call: 'getAsLong' },
  double: { type: 'DoubleSupplier', call: 'getAsDouble' },
};

function arithmeticOperator(lang: LanguageId, node: Node): string | null {
  const b = asBinary(lang, node);
  if (!b) return null;
  return ARITHMETIC_OPS.has(b.operator) || (b.operator === '>>>' && lang !== 'python') ? b.operator : null;
}

/** Whether a `+` chain joins strings: one of its operands (through `+` and parentheses) is a string literal. */
function joinsStrings(lang: LanguageId, node: Node): boolean {
  const b = asBinary(lang, unparenthesize(node));
  if (!b) return STRING_KINDS[lang].includes(unparenthesize(node).type);
  return b.operator === '+' && (joinsStrings(lang, b.left) || joinsStrings(lang, b.right));
}

/** C++ `out << x` and `in >> x` on streams: shifts whose leftmost operand is not a known number. */
function streamShift(lang: LanguageId, node: Node): boolean {
  const op = arithmeticOperator(lang, node);
  if (lang !== 'cpp' || (op !== '<<' && op !== '>>')) return false;
  let left = node;
  for (let b = asBinary(lang, unparenthesize(left)); b; b = asBinary(lang, unparenthesize(left))) left = b.left;
  const leaf = unparenthesize(left);
  return !(leaf.type === 'number_literal' || (leaf.type === 'identifier' && cppTypeOf(leaf, leaf.text) === 'arithmetic'));
}

function isArithmetic(lang: LanguageId, node: Node): boolean {
  return arithmeticOperator(lang, node) !== null && !joinsStrings(lang, node) && !streamShift(lang, node);
}

/** The arithmetic expressions not inside a larger one (parentheses aside); string concatenation is not arithmetic. */
function candidates(ctx: UnitContext): Node[] {
  return ctx.nodes(BINARY_TYPES[ctx.lang]).filter((node) => {
    if (!isArithmetic(ctx.lang, node) || !ctx.inFunctionBody(node)) return false;
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

function plan(ctx: UnitContext, expr: Node): Plan | null {
  if (expr.hasError || inConstantOrUnevaluated(ctx, expr)) return null;
  if (writesOrSuspends(ctx, expr) || frameDependent(ctx, expr)) return null;
  // string concatenation and formatting are not arithmetic
  if (descendants(expr, (n) => STRING_KINDS[ctx.lang].includes(n.type)).length > 0) return null;
  const names = freeNames(ctx, expr).map((o) => o.name);
  if (names.length === 0) return null;
  const base = { expr, replace: replaced(expr) };
  switch (ctx.lang) {
    case 'c':
      return staticPlan(ctx, base, cArithmeticType(ctx, expr));
    case 'java': {
      const type = javaArithmeticType(expr);
      if (!type || javaConstantExpression(expr)) return null;
      const supplier = JAVA_SUPPLIERS[type];
      const capturable = names.every((n) => javaCapturable(expr, n));
      if (supplier && capturable && !javaNameTaken(ctx, supplier.type, `java.util.function.${supplier.type}`)) {
        const local = localPlan(ctx, base);
        if (local) return { ...local, form: 'lambda', type };
      }
      return staticPlan(ctx, base, type);
    }
    case 'go': {
      const type = goExpressionType(ctx, expr);
      if (!type || type === 'untyped' || type === 'string') return null;
      const local = localPlan(ctx, base);
      return local && { ...local, type };
    }
    default:
      return localPlan(ctx, base);
  }
}

function localPlan(ctx: UnitContext, base: { expr: Node; replace: Node }): Plan | null {
  const { expr } = base;
  const spot = localSpot(ctx, expr);
  if (!spot) return null;
  const names = freeNames(ctx, expr).map((o) => o.name);
  if (declaredAround(ctx, spot.statement, expr, new Set(names))) return null;
  switch (ctx.lang) {
    case 'python':
      if (pythonFunctionReadsFrame(ctx, expr) || /\\\r?\n/.test(expr.text)) return null;
      break;
    case 'cpp':
      if (hasGoto(ctx, expr) || !cppCapturable(ctx, expr, names)) return null;
      break;
    case 'go':
      if (hasGoto(ctx, expr)) return null;
      break;
    case 'rust': {
      if (!rustClosureSafe(expr)) return null;
      const captured = new Set(names);
      if (descendants(expr, (n) => n.type === 'self').length > 0) captured.add('self');
      if (!rustClosureFits(spot.statement, expr, captured)) return null;
      break;
    }
    case 'typescript':
      if (tsNarrowingHazard(ctx, expr)) return null;
      break;
  }
  return { ...base, form: 'closure', spot };
}

function staticPlan(ctx: UnitContext, base: { expr: Node; replace: Node }, type: string | null): Plan | null {
  if (!type) return null;
  if (ctx.lang === 'c' && descendants(base.expr, (n) => n.type === 'pointer_expression').length > 0) return null;
  const helper = staticHelper(ctx, base.expr, base.expr);
  return helper && { ...base, form: 'static', type, helper };
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
  if (plan.form === 'static') return `${name}(${plan.helper!.args.join(', ')})`;
  return `${name}()`;
}

export const extractArithmetic: Method = {
  id: 'extract-arithmetic',
  category: 'decomposition',
  description: 'move an arithmetic expression into a new function or closure',
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
    let body = reindented(ctx, expr.startIndex, expr.endIndex, ctx.lang === 'python' ? ctx.indentUnit : '');
    if (ctx.lang === 'python' && body.includes('\n')) body = parenthesize(body);
    const edits: TextEdit[] = [];
    if (p.form === 'static') edits.push(insertHelper(p.helper!.helperAt, staticHelperLines(ctx, p.helper!, p.type!, name, body)));
    else {
      const types = { goResult: p.type, javaInterface: p.type && JAVA_SUPPLIERS[p.type]?.type };
      edits.push(insertLocal(p.spot!, closureLines(ctx, name, body, types)));
      if (p.form === 'lambda') {
        const imp = javaImport(ctx, `java.util.function.${JAVA_SUPPLIERS[p.type!].type}`);
        if (imp) edits.push(imp);
      }
    }
    edits.push({ start: p.replace.startIndex, end: p.replace.endIndex, text: callOf(p, name) });
    return { edits, summary: `moved \`${expr.text.replace(/\s+/g, ' ').slice(0, 40)}\` into \`${name}\`` };
  },
};
