import type { Node } from 'web-tree-sitter';
import type { LanguageId } from '../languages/languageIds';
import { PROFILES } from '../languages/profiles';
import { mayHoldDirective } from './bindings';
import { MEMBER_TYPES, nodesOfType, perTree } from './nodes';

/**
 * Expression helpers shared by the logic and arithmetic methods: what a binary node's parts are,
 * how tightly an expression binds (to know when a moved operand needs parentheses), and what an
 * expression may do when evaluated (to know when reordering or duplicating it is safe).
 */

// ---------------------------------------------------------------------------------------------
// Binary nodes

/** Kept per tree and shared by every caller (asBinary), so never changed. */
export interface Binary {
  readonly node: Node;
  readonly left: Node;
  readonly right: Node;
  /** The operator with its words joined by one space: `<`, `&&`, `not in`, `is not`. */
  readonly operator: string;
  /** Offsets of the operator's text (for Python's two-word operators, both words). */
  readonly opStart: number;
  readonly opEnd: number;
}

/**
 * A node as a binary expression with exactly two operands, or null (not binary, or a Python
 * comparison chain `a < b < c`, which is one node with three operands).
 */
export function asBinary(lang: LanguageId, node: Node): Binary | null {
  if (!PROFILES[lang].expressions.binaryKinds.includes(node.type)) return null;
  // kept per tree: every method's plan asks it of the same expressions, and each field is a call into wasm
  return perTree(node.tree, `binary:${node.id}`, () => readBinary(node));
}

function readBinary(node: Node): Binary | null {
  if (node.type === 'comparison_operator') {
    const operands = node.namedChildren.filter((c): c is Node => c !== null && c.type !== 'comment');
    if (operands.length !== 2) return null;
    const [left, right] = operands;
    const tokens = node.children.filter((c): c is Node => c !== null && c.startIndex >= left.endIndex && c.endIndex <= right.startIndex);
    if (tokens.length === 0) return null;
    const opStart = tokens[0].startIndex;
    const opEnd = tokens[tokens.length - 1].endIndex;
    const operator = node.text.slice(opStart - node.startIndex, opEnd - node.startIndex).split(/\s+/).join(' ');
    return { node, left, right, operator, opStart, opEnd };
  }
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  const op = node.childForFieldName('operator');
  if (!left || !right || !op) return null;
  return { node, left, right, operator: op.text, opStart: op.startIndex, opEnd: op.endIndex };
}

const COMPARISONS = new Set(['<', '>', '<=', '>=', '==', '!=', '===', '!==']);

/** Comparison operators whose operands can be swapped by mirroring the operator. */
export const MIRRORED: Readonly<Record<string, string>> = {
  '<': '>',
  '>': '<',
  '<=': '>=',
  '>=': '<=',
  '==': '==',
  '!=': '!=',
  '===': '===',
  '!==': '!==',
};

/** Value comparisons (`in`, `is`, `instanceof` and the like excluded). */
export function isComparison(op: string): boolean {
  return COMPARISONS.has(op);
}

export function isLogical(op: string): boolean {
  return op === '&&' || op === '||' || op === 'and' || op === 'or';
}

// ---------------------------------------------------------------------------------------------
// Precedence

/** Levels on one scale for every language; higher binds tighter. */
export const PREC = {
  sequence: 0,
  assignment: 2,
  conditional: 5,
  unary: 120,
  postfix: 150,
  primary: 200,
} as const;

/** How tightly `op` binds in the language (its expressions.precedence), or undefined where it is no binary operator of it. */
export function binaryPrecedence(lang: LanguageId, op: string): number | undefined {
  return PROFILES[lang].expressions.precedence[op];
}

/** Levels at which operands do not associate: Python chains them, Rust rejects `a == b == c`. */
function nonAssociative(lang: LanguageId, op: string): boolean {
  return PROFILES[lang].expressions.nonAssociativeComparisons && binaryPrecedence(lang, op) === 60;
}

function rightAssociative(op: string): boolean {
  return op === '**';
}

const LOW: Record<string, number> = {
  // sequences and anything that is not a single expression
  comma_expression: PREC.sequence,
  sequence_expression: PREC.sequence,
  expression_list: PREC.sequence,
  lambda: PREC.sequence,
  yield: PREC.sequence,
  yield_expression: PREC.assignment,
  named_expression: PREC.sequence,
  // assignments
  assignment_expression: PREC.assignment,
  augmented_assignment_expression: PREC.assignment,
  compound_assignment_expr: PREC.assignment,
  assignment: PREC.sequence,
  augmented_assignment: PREC.sequence,
  arrow_function: PREC.assignment,
  lambda_expression: PREC.assignment,
  closure_expression: PREC.assignment,
  range_expression: PREC.assignment,
  return_expression: PREC.assignment,
  break_expression: PREC.assignment,
  // conditionals
  conditional_expression: PREC.conditional,
  ternary_expression: PREC.conditional,
  not_operator: 25,
  // relational-level expressions that are not binary_expression nodes
  instanceof_expression: 70,
  as_expression: 70,
  satisfies_expression: 70,
  type_cast_expression: 115,
  // prefix operators
  unary_expression: PREC.unary,
  unary_operator: PREC.unary,
  pointer_expression: PREC.unary,
  reference_expression: PREC.unary,
  cast_expression: PREC.unary,
  sizeof_expression: PREC.unary,
  type_assertion: PREC.unary,
  delete_expression: PREC.unary,
  new_expression: PREC.postfix,
  update_expression: PREC.unary,
};

/** How tightly an expression binds; primaries (names, literals, calls, parentheses) bind tightest. */
export function precedenceOf(lang: LanguageId, node: Node): number {
  const binary = asBinary(lang, node);
  if (binary) return binaryPrecedence(lang, binary.operator) ?? PREC.conditional;
  if (node.type === 'comparison_operator') return 60; // a chain
  if (node.type === 'await' || node.type === 'await_expression') {
    const form = PROFILES[lang].expressions.awaitForm;
    return form === 'postfix' ? PREC.postfix : form === 'prefix-above-unary' ? 130 : PREC.unary;
  }
  return LOW[node.type] ?? PREC.primary;
}

/**
 * Whether `operand`, placed as the `side` operand of a binary `op`, must be parenthesised to
 * keep its grouping: it binds more loosely than `op`, or as tightly on the side `op` does not
 * associate to (`c != (a == b)`, Python's `(a < b) == c`).
 */
export function needsParens(lang: LanguageId, operand: Node, op: string, side: 'left' | 'right'): boolean {
  const outer = binaryPrecedence(lang, op);
  if (outer === undefined) return true;
  const inner = precedenceOf(lang, operand);
  // JavaScript rejects a unary operand left of `**`; Rust reads `x as T < y` as generics.
  const rules = PROFILES[lang].expressions;
  if (op === '**' && side === 'left' && rules.unaryBeforePowerRejected && inner <= PREC.unary) return true;
  if (rules.castBeforeLessThanIsGenerics && operand.type === 'type_cast_expression' && side === 'left' && (op === '<' || op === '<<')) return true;
  if (inner > outer) return false;
  if (inner < outer) return true;
  if (nonAssociative(lang, op)) return true;
  return rightAssociative(op) ? side === 'left' : side === 'right';
}

export function parenthesize(text: string): string {
  return `(${text})`;
}

/** The expression inside any number of parentheses. */
export function unparenthesize(node: Node): Node {
  let current = node;
  while (current.type === 'parenthesized_expression') {
    const inner = current.namedChildren.filter((c): c is Node => c !== null && c.type !== 'comment');
    if (inner.length !== 1) break;
    current = inner[0];
  }
  return current;
}

/** Whether two expression texts are the same expression, spacing aside. */
export function sameExpression(a: string, b: string): boolean {
  return a.replace(/\s+/g, '') === b.replace(/\s+/g, '');
}

// ---------------------------------------------------------------------------------------------
// Effects

/**
 * What evaluating an expression may do besides producing a value:
 * - call: runs code (calls, constructors, macros, closures, blocks, `in`/`instanceof` hooks);
 * - index / member / deref: reads through a subscript, a field or a pointer (may fail or be a guard's target);
 * - trap: may fail at run time (division, modulo, shifts or overflow where they panic or raise, checked casts);
 * - write: assigns or increments, or receives from a channel;
 * - suspend: await, yield;
 * - binding: introduces a name (`x instanceof T t`, Python's `:=`).
 */
export type Effect = 'call' | 'index' | 'member' | 'deref' | 'trap' | 'write' | 'suspend' | 'binding';

/** Node kinds whose evaluation runs code: calls, constructors, macros, closures, blocks and the like. */
export const CALL_TYPES = new Set([
  'call', 'call_expression', 'method_invocation', 'object_creation_expression', 'new_expression', 'macro_invocation',
  'lambda', 'lambda_expression', 'arrow_function', 'function_expression', 'function', 'generator_function', 'class',
  'closure_expression', 'func_literal', 'method_reference', 'generator_expression', 'list_comprehension',
  'dictionary_comprehension', 'set_comprehension', 'try_expression', 'block', 'if_expression', 'match_expression',
  'loop_expression', 'while_expression', 'for_expression', 'unsafe_block', 'async_block', 'const_block',
  'delete_expression', 'throw_expression', 'statement_expression', 'object', 'switch_expression', 'template_function',
]);
const INDEX_TYPES = new Set(['subscript', 'subscript_expression', 'array_access', 'index_expression', 'slice_expression']);
const WRITE_TYPES = new Set([
  'assignment', 'augmented_assignment', 'named_expression', 'assignment_expression', 'augmented_assignment_expression',
  'compound_assignment_expr', 'update_expression',
]);
const SUSPEND_TYPES = new Set(['await', 'await_expression', 'yield', 'yield_expression', 'co_await_expression', 'co_yield_statement']);

/** Operators that may raise, panic or be undefined at run time: division and remainder everywhere, and the language's own. */
function trapping(lang: LanguageId, op: string): boolean {
  if (op === '/' || op === '%' || op === '//') return true;
  return PROFILES[lang].expressions.trappingOperators.includes(op);
}

function prefixOperator(node: Node): string {
  const op = node.childForFieldName('operator') ?? node.children.find((c) => c !== null && !c.isNamed) ?? null;
  return op ? op.text : '';
}

const JAVA_PRIMITIVES = new Set(['integral_type', 'floating_point_type', 'boolean_type']);

/** The effects of one node, not counting its children. */
function ownEffects(lang: LanguageId, node: Node, hazardNames: ReadonlySet<string>, out: Set<Effect>): void {
  const type = node.type;
  if (CALL_TYPES.has(type)) out.add('call');
  if (INDEX_TYPES.has(type)) out.add('index');
  if (MEMBER_TYPES.has(type)) out.add('member');
  if (WRITE_TYPES.has(type)) out.add('write');
  if (SUSPEND_TYPES.has(type)) out.add('suspend');
  if (type === 'named_expression') out.add('binding');
  if (type === 'identifier' && hazardNames.has(node.text)) out.add('call');
  // Go's `x.(T)` panics when x holds another type (only Go's grammar has type_assertion_expression)
  if (type === 'type_assertion_expression') out.add('trap');
  if (type === 'cast_expression' && PROFILES[lang].expressions.checkedCasts) {
    const target = node.childForFieldName('type');
    if (!target || !JAVA_PRIMITIVES.has(target.type)) out.add('trap');
  }
  if (type === 'instanceof_expression') {
    if (node.childForFieldName('name') || node.namedChildren.some((c) => c !== null && c.type.endsWith('pattern'))) out.add('binding');
  }
  if (type === 'let_condition') out.add('binding');
  if (type === 'pointer_expression' && prefixOperator(node) === '*') out.add('deref');
  if (type === 'unary_expression') {
    const op = prefixOperator(node);
    if (op === '*') out.add('deref');
    if (op === '<-') out.add('write');
    if (op === 'delete') out.add('write');
    if (op === '-' && PROFILES[lang].expressions.negationTraps) out.add('trap');
  }
  const binary = asBinary(lang, node);
  if (binary) {
    if (trapping(lang, binary.operator)) out.add('trap');
    // `in` runs __contains__ / the proxy's `has`, `instanceof` runs Symbol.hasInstance; both throw on bad operands.
    if (binary.operator === 'in' || binary.operator === 'not in' || binary.operator === 'instanceof') out.add('call');
  }
}

/** Everything evaluating `node` may do (see Effect); empty for a side-effect-free, non-failing read. */
export function effectsOf(lang: LanguageId, node: Node, hazardNames: ReadonlySet<string> = NO_NAMES): Set<Effect> {
  const out = new Set<Effect>();
  const visit = (n: Node) => {
    ownEffects(lang, n, hazardNames, out);
    for (const child of n.namedChildren) if (child) visit(child);
  };
  visit(node);
  return out;
}

const NO_NAMES: ReadonlySet<string> = new Set();

/** Whether evaluating `node` changes nothing: no calls, writes, awaits or new bindings. */
export function isSideEffectFree(lang: LanguageId, node: Node, hazardNames?: ReadonlySet<string>): boolean {
  const effects = effectsOf(lang, node, hazardNames);
  return !effects.has('call') && !effects.has('write') && !effects.has('suspend') && !effects.has('binding');
}

/** Whether evaluating `node` can neither change anything nor fail: reads of names and literals, and safe operators. */
export function isPure(lang: LanguageId, node: Node, hazardNames?: ReadonlySet<string>): boolean {
  return effectsOf(lang, node, hazardNames).size === 0;
}

/**
 * Names that look like variables but may hide code, for C and C++: object-like macros of this
 * file whose body is more than a literal, a name or a parenthesised expression, and `errno`.
 * Function-like macros are calls in the tree already.
 */
export function macroHazards(lang: LanguageId, root: Node): ReadonlySet<string> {
  if (!PROFILES[lang].preprocessor) return new Set();
  // once per tree: methods ask this for every expression they look at
  return perTree(root.tree, `macro-hazards:${root.id}`, () => {
    const names = new Set<string>(['errno']);
    for (const n of nodesOfType(root, ['preproc_def'], mayHoldDirective)) {
      const name = n.childForFieldName('name');
      const value = n.childForFieldName('value')?.text.trim() ?? '';
      const literalOrName = /^(-?[\w.]+|'(\\.|[^'])*'|"(\\.|[^"])*")$/s.test(value);
      // A parenthesised body is one operand, unless it calls, assigns or increments.
      const plainGroup = /^\([^()]*\)$/s.test(value) && !/\+\+|--|[^=!<>]=[^=]/.test(value);
      const atomic = value === '' || literalOrName || plainGroup;
      if (name && !atomic) names.add(name.text);
    }
    return names;
  });
}

/** The file's C and C++ macro definitions by name (the last one of a name), read once per tree. */
export function macroDefinitions(root: Node): Map<string, Node> {
  return perTree(root.tree, 'macro-definitions', () => {
    const defs = new Map<string, Node>();
    for (const def of nodesOfType(root.tree.rootNode, ['preproc_def', 'preproc_function_def'], mayHoldDirective)) {
      const name = def.childForFieldName('name')?.text;
      if (name) defs.set(name, def);
    }
    return defs;
  });
}

// ---------------------------------------------------------------------------------------------
// Boolean structure

const NULL_TYPES = new Set(['null', 'nullptr', 'null_literal', 'none', 'nil', 'undefined']);
const NULL_WORDS = new Set(['NULL', 'nullptr', 'None', 'nil', 'null', 'undefined']);

export function isNullLiteral(node: Node): boolean {
  const inner = unparenthesize(node);
  return NULL_TYPES.has(inner.type) || ((inner.type === 'identifier' || inner.type === 'constant') && NULL_WORDS.has(inner.text));
}

/**
 * Whether a test checks nullness or a type, so that another operand may rely on it:
 * `p != NULL`, `x is not None`, `typeof x === 'number'`, `o instanceof T`.
 */
export function isNullOrTypeTest(lang: LanguageId, node: Node): boolean {
  const inner = unparenthesize(node);
  if (inner.type === 'instanceof_expression') return true;
  const binary = asBinary(lang, inner);
  if (!binary) return false;
  if (binary.operator === 'is' || binary.operator === 'is not' || binary.operator === 'instanceof') return true;
  if (!['==', '!=', '===', '!=='].includes(binary.operator)) return false;
  if (isNullLiteral(binary.left) || isNullLiteral(binary.right)) return true;
  const isTypeof = (n: Node) => {
    const u = unparenthesize(n);
    return u.type === 'unary_expression' && prefixOperator(u) === 'typeof';
  };
  return isTypeof(binary.left) || isTypeof(binary.right);
}

/** The operand of a logical negation (`!x`, `not x`), or null. */
export function negatedOperand(node: Node): Node | null {
  if (node.type === 'not_operator') return node.childForFieldName('argument');
  if (node.type === 'unary_expression' && prefixOperator(node) === '!') {
    return node.childForFieldName('argument') ?? node.namedChildren[0] ?? null;
  }
  return null;
}

/** The operands of a tree of `&&`/`||`/`!` (and parentheses): the tests it is made of. */
export function booleanAtoms(lang: LanguageId, node: Node): Node[] {
  const inner = unparenthesize(node);
  const binary = asBinary(lang, inner);
  if (binary && isLogical(binary.operator)) return [...booleanAtoms(lang, binary.left), ...booleanAtoms(lang, binary.right)];
  const negated = negatedOperand(inner);
  if (negated) return booleanAtoms(lang, negated);
  return [inner];
}

/** Whether the expression is a boolean whatever its operands: a comparison, a negation, `true`/`false`, or and/or of those. */
export function isBooleanValued(lang: LanguageId, node: Node): boolean {
  const inner = unparenthesize(node);
  if (['true', 'false', 'boolean_literal', 'not_operator'].includes(inner.type)) return true;
  if (inner.type === 'comparison_operator' || inner.type === 'instanceof_expression') return true;
  if (inner.type === 'unary_expression' && prefixOperator(inner) === '!') return true;
  const binary = asBinary(lang, inner);
  if (!binary) return false;
  if (isLogical(binary.operator)) return isBooleanValued(lang, binary.left) && isBooleanValued(lang, binary.right);
  return isComparison(binary.operator) || binary.operator === 'in' || binary.operator === 'instanceof';
}

const CONDITION_PARENTS = new Set([
  'if_statement', 'elif_clause', 'while_statement', 'do_statement', 'for_statement', 'if_clause', 'assert_statement',
  'conditional_expression', 'ternary_expression', 'if_expression', 'while_expression',
]);

/**
 * Whether only the truth of the expression's value matters where it stands: an if/while/for
 * condition, a ternary's condition, the operand of a negation, or an operand of and/or that is
 * itself in such a place. (Python's and JavaScript's and/or yield an operand, not a boolean.)
 */
export function inBooleanContext(lang: LanguageId, node: Node): boolean {
  let current = node;
  let parent = current.parent;
  while (parent && parent.type === 'parenthesized_expression') {
    current = parent;
    parent = current.parent;
  }
  if (!parent) return false;
  if (negatedOperand(parent)) return true;
  const binary = asBinary(lang, parent);
  if (binary && isLogical(binary.operator)) return inBooleanContext(lang, parent);
  if (!CONDITION_PARENTS.has(parent.type)) return false;
  const condition = parent.childForFieldName('condition');
  if (condition) return condition.startIndex === current.startIndex && condition.endIndex === current.endIndex;
  // Python's `a if cond else b` has no field names: the condition is the second operand.
  if (parent.type === 'conditional_expression') return parent.namedChildren[1]?.startIndex === current.startIndex;
  if (parent.type === 'assert_statement' || parent.type === 'if_clause') return parent.namedChildren[0]?.startIndex === current.startIndex;
  return false;
}

