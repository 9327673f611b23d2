import type { Node } from 'web-tree-sitter';
import type { LanguageId } from '../languages/languageIds';
import { PROFILES } from '../languages/profiles';
import { plainAssignment } from '../languages/python/assignments';
import { TYPE_QUERIES } from './declarations';
import { asBinary, negatedOperand, unparenthesize } from './expressions';
import { allChildren, holdingWord, namedChildren, nodesOfType, perTree } from './nodes';

/**
 * Shapes of code that the methods make and that no person would write: empty branches,
 * constant tests, loops over a constant range of one pass or none, a loop split into three or
 * more copies, wrappers (a function whose whole body returns one expression) of trivial things
 * or of other wrappers. The quality detectors (quality/degenerate.ts) report them; the methods
 * ask the same questions to avoid making them. Everything here reads a tree and its language
 * only, so the detectors can run on any parse.
 */

// ---------------------------------------------------------------------------------------------
// Functions and wrappers

export function isComment(lang: LanguageId, node: Node): boolean {
  return PROFILES[lang].commentTypes.includes(node.type);
}

/** The function-like node around `node` (not `node` itself), or null at the top level. */
export function enclosingFunctionLike(lang: LanguageId, node: Node): Node | null {
  for (let p = node.parent; p; p = p.parent) if (PROFILES[lang].blocks.functionLike.includes(p.type)) return p;
  return null;
}

/** Whether a function is defined inside another function: a closure, a lambda, a nested def. */
export function isLocalFunction(lang: LanguageId, fn: Node): boolean {
  return enclosingFunctionLike(lang, fn) !== null;
}

function parameterList(lang: LanguageId, fn: Node): Node | null {
  if (PROFILES[lang].declaratorChain) {
    let d: Node | null = fn.childForFieldName('declarator');
    while (d && d.type !== 'function_declarator' && d.type !== 'abstract_function_declarator') d = d.childForFieldName('declarator');
    return d?.childForFieldName('parameters') ?? null;
  }
  return fn.childForFieldName('parameters') ?? fn.childForFieldName('parameter');
}

const DEFAULTED = new Set(['default_parameter', 'typed_default_parameter', 'assignment_pattern', 'optional_parameter']);
const PARAMETER_NAME_FIELDS = ['name', 'pattern', 'declarator'];

/** The names of a function's parameters and whether each has a default value. */
export function parametersOf(lang: LanguageId, fn: Node): { name: string; defaulted: boolean }[] {
  const list = parameterList(lang, fn);
  if (!list) return [];
  if (list.type === 'identifier') return [{ name: list.text, defaulted: false }];
  const out: { name: string; defaulted: boolean }[] = [];
  for (const p of namedChildren(list)) {
    if (isComment(lang, p)) continue;
    if (p.type === 'identifier') {
      out.push({ name: p.text, defaulted: false });
      continue;
    }
    if (p.type === 'parameter_declaration' && PROFILES[lang].voidParameters && p.text.trim() === 'void') continue;
    let name: Node | null = null;
    for (const field of PARAMETER_NAME_FIELDS) {
      name = p.childForFieldName(field);
      if (name) break;
    }
    // declarators wrap the name: `int *p`, `int a[]`, `&x`
    while (name && name.type !== 'identifier' && namedChildren(name).length > 0) {
      name = name.childForFieldName('declarator') ?? namedChildren(name).find((c) => c.type === 'identifier') ?? null;
    }
    if (!name) name = namedChildren(p).find((c) => c.type === 'identifier') ?? null;
    if (p.type === 'self_parameter') out.push({ name: 'self', defaulted: false });
    else out.push({ name: name?.text ?? p.text, defaulted: DEFAULTED.has(p.type) });
  }
  return out;
}

/** Whether the function is called with no arguments: no parameters, or only ones with defaults. */
export function takesNoArguments(lang: LanguageId, fn: Node): boolean {
  return parametersOf(lang, fn).every((p) => p.defaulted);
}

/** The statements of a block, comments left out (Go's block holds a statement_list). */
export function blockStatements(lang: LanguageId, block: Node): Node[] {
  let holder = block;
  if (PROFILES[lang].blocks.listInsideBlock) holder = namedChildren(block).find((c) => c.type === 'statement_list') ?? block;
  return namedChildren(holder).filter((c) => !isComment(lang, c));
}

const RETURNS = new Set(['return_statement', 'return_expression']);
const NESTED_DEFINITIONS = new Set(['function_definition', 'function_declaration', 'function_item']);

/** The expression a `return` statement gives back (Go's single-value list unwrapped). */
function returnedValue(stmt: Node): Node | null {
  let inner: Node | null = stmt;
  if (inner.type === 'expression_statement') inner = namedChildren(inner)[0] ?? null;
  if (!inner || !RETURNS.has(inner.type)) return null;
  let value: Node | null = namedChildren(inner)[0] ?? null;
  if (value?.type === 'expression_list') value = namedChildren(value).length === 1 ? namedChildren(value)[0] : null;
  return value;
}

/**
 * What a function's whole body amounts to when it only returns one expression, possibly after
 * defining functions of its own: the expression, and those definitions. Null for any other body.
 */
export function wrapperBody(lang: LanguageId, fn: Node): { value: Node; nested: Node[] } | null {
  const body = fn.childForFieldName('body');
  if (!body) return null;
  if (!PROFILES[lang].blocks.blockKinds.includes(body.type) && body.type !== 'compound_statement' && body.type !== 'statement_block' && body.type !== 'block') {
    return { value: body, nested: [] };
  }
  const statements = blockStatements(lang, body);
  const nested: Node[] = [];
  let i = 0;
  while (i < statements.length && NESTED_DEFINITIONS.has(statements[i].type)) nested.push(statements[i++]);
  if (statements.length - i !== 1) return null;
  const last = statements[i];
  const value = returnedValue(last);
  if (value) return { value, nested };
  // a Rust block's tail expression is its value
  if (PROFILES[lang].spelling.valueAsLastExpression && !last.type.endsWith('_statement') && last.type !== 'let_declaration' && !last.type.endsWith('_item')) {
    return { value: last, nested };
  }
  return null;
}

/** A function whose body only returns one expression (no definitions of its own). */
export function isWrapper(lang: LanguageId, fn: Node): boolean {
  const w = wrapperBody(lang, fn);
  return w !== null && w.nested.length === 0;
}

/** The name a function is known by: its declared name, or the variable a closure or lambda is assigned to. */
export function functionName(lang: LanguageId, fn: Node): string | null {
  const own = fn.childForFieldName('name');
  if (own) return own.text;
  if (PROFILES[lang].declaratorChain) {
    let d: Node | null = fn.childForFieldName('declarator');
    while (d && d.childForFieldName('declarator')) d = d.childForFieldName('declarator');
    if (d && fn.type === 'function_definition') return d.text;
  }
  let p = fn.parent;
  if (p?.type === 'expression_list') p = p.parent;
  if (!p) return null;
  switch (p.type) {
    case 'variable_declarator':
      return p.childForFieldName('name')?.text ?? null;
    case 'init_declarator':
      return p.childForFieldName('declarator')?.text ?? null;
    case 'let_declaration':
      return p.childForFieldName('pattern')?.text ?? null;
    case 'assignment':
      return p.childForFieldName('left')?.type === 'identifier' ? p.childForFieldName('left')!.text : null;
    case 'short_var_declaration': {
      const left = namedChildren(p.childForFieldName('left') ?? p);
      return left.length === 1 ? left[0].text : null;
    }
    default:
      return null;
  }
}

const LITERALS = new Set([
  'integer', 'float', 'string', 'true', 'false', 'none', 'number_literal', 'string_literal', 'char_literal', 'raw_string_literal',
  'int_literal', 'float_literal', 'interpreted_string_literal', 'rune_literal', 'nil', 'integer_literal', 'boolean_literal',
  'decimal_integer_literal', 'hex_integer_literal', 'decimal_floating_point_literal', 'character_literal', 'null_literal', 'number',
  'null', 'undefined', 'nullptr', 'concatenated_string', 'template_string',
]);

export function isLiteral(node: Node): boolean {
  return LITERALS.has(node.type) || (node.type === 'identifier' && ['NULL', 'None'].includes(node.text));
}

/** Literals a test against which only says whether a value is there: 0, null, nil, None, true, false. */
function isEmptyValue(node: Node): boolean {
  return isLiteral(node) && /^(0|0\.0|null|nil|None|NULL|nullptr|undefined|true|false|True|False)$/.test(node.text);
}

const TRUTH_TESTS = new Set(['==', '!=', '===', '!==', 'is', 'is not']);

/**
 * What an expression tests or gives once parentheses, negations and comparisons with 0, null
 * or a boolean are taken away: `!(x != 0)` is about `x`.
 */
export function coreOf(lang: LanguageId, node: Node): Node {
  let n = unparenthesize(node);
  for (;;) {
    const negated = negatedOperand(n);
    if (negated) {
      n = unparenthesize(negated);
      continue;
    }
    const b = asBinary(lang, n);
    if (b && TRUTH_TESTS.has(b.operator)) {
      if (isEmptyValue(unparenthesize(b.right))) {
        n = unparenthesize(b.left);
        continue;
      }
      if (isEmptyValue(unparenthesize(b.left))) {
        n = unparenthesize(b.right);
        continue;
      }
    }
    return n;
  }
}

const ACCESSES = new Set(['attribute', 'field_expression', 'selector_expression', 'member_expression', 'field_access', 'scoped_identifier', 'self', 'this']);

/** A name, a literal or a field: nothing a helper of no arguments could add a meaning to. */
export function isTrivialExpression(lang: LanguageId, node: Node): boolean {
  const core = coreOf(lang, node);
  if (core.type === 'identifier' || isLiteral(core) || ACCESSES.has(core.type)) return true;
  return false;
}

/** The name a call calls, when it is a plain name (or a Java functional interface's method on one). */
export function calleeName(lang: LanguageId, call: Node): string | null {
  if (call.type === 'method_invocation') {
    const object = call.childForFieldName('object');
    if (!object) return call.childForFieldName('name')?.text ?? null;
    const method = call.childForFieldName('name')?.text ?? '';
    return object.type === 'identifier' && /^(getAs\w+|get|test|apply|run|call)$/.test(method) ? object.text : null;
  }
  if (call.type !== 'call_expression' && call.type !== 'call') return null;
  const fn = call.childForFieldName('function');
  return fn?.type === 'identifier' ? fn.text : null;
}

const CALLS = new Set(['call_expression', 'call', 'method_invocation']);

export function isCall(node: Node): boolean {
  return CALLS.has(node.type);
}

/** The arguments of a call (named, comments left out). */
export function callArguments(lang: LanguageId, call: Node): Node[] {
  const args = call.childForFieldName('arguments');
  return args ? namedChildren(args).filter((a) => !isComment(lang, a)) : [];
}

/** Whether a call is the whole value of a declaration or of a plain assignment: `x := f()`, `x = f()`. */
export function isWholeValue(node: Node): boolean {
  let child = node;
  let p = node.parent;
  while (p && (p.type === 'parenthesized_expression' || p.type === 'expression_list')) {
    if (p.type === 'expression_list' && namedChildren(p).length !== 1) return false;
    child = p;
    p = p.parent;
  }
  if (!p) return false;
  switch (p.type) {
    case 'variable_declarator':
    case 'init_declarator':
    case 'let_declaration':
      return p.childForFieldName('value')?.id === child.id;
    case 'short_var_declaration':
    case 'assignment_statement':
    case 'assignment_expression':
    case 'assignment':
      return p.childForFieldName('right')?.id === child.id && (p.childForFieldName('operator')?.text ?? '=') === '=';
    default:
      return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Branches and constant tests

/** The block of a branch: the block itself, or what an else clause holds. */
export function branchBlock(lang: LanguageId, branch: Node): Node | null {
  if (branch.type === 'else_clause') {
    const body = branch.childForFieldName('body') ?? namedChildren(branch).find((c) => !isComment(lang, c)) ?? null;
    return body && PROFILES[lang].blocks.blockKinds.includes(body.type) ? body : null;
  }
  return PROFILES[lang].blocks.blockKinds.includes(branch.type) ? branch : null;
}

/** Whether the statements are all the placeholder an empty block holds (Python's `pass`); false where the language has none. */
export function onlyPlaceholders(lang: LanguageId, statements: readonly Node[]): boolean {
  const placeholder = PROFILES[lang].blocks.placeholderStatement;
  return placeholder !== null && statements.every((s) => s.type === placeholder);
}

/** Whether a block does nothing (Python: only `pass`), and whether a comment says why. */
export function emptiness(lang: LanguageId, source: string, block: Node, from = block.startIndex): { empty: boolean; commented: boolean } {
  const statements = blockStatements(lang, block);
  const placeholder = PROFILES[lang].blocks.placeholderStatement;
  const empty = placeholder !== null ? statements.every((s) => s.type === placeholder) : statements.length === 0;
  if (!empty) return { empty, commented: false };
  // an indented block's comments may lie outside its node (Python's before its first statement): its text says
  if (PROFILES[lang].spelling.indentedBlocks) return { empty, commented: source.slice(from, block.endIndex).includes(PROFILES[lang].lineComment) };
  return { empty, commented: namedChildren(block).some((c) => isComment(lang, c)) };
}

/** The value of a test written with constants only (`true`, `1`, `not True`, `!(false)`), or null. */
export function constantTruth(lang: LanguageId, node: Node): boolean | null {
  let n = unparenthesize(node);
  if (n.type === 'condition_clause') {
    const value = n.childForFieldName('value');
    if (!value || n.childForFieldName('initializer')) return null;
    n = unparenthesize(value);
  }
  const negated = negatedOperand(n);
  if (negated) {
    const inner = constantTruth(lang, negated);
    return inner === null ? null : !inner;
  }
  const text = n.text;
  if (['true', 'false', 'boolean_literal'].includes(n.type) || n.type === 'none') return /^(true|True)$/.test(text);
  if (['number_literal', 'integer', 'int_literal', 'integer_literal', 'decimal_integer_literal', 'number'].includes(n.type) && /^\d+$/.test(text)) {
    return Number(text) !== 0;
  }
  return null;
}

/** The test of an if, a while, a do-while or a Go for, or null (Go's `for {}`, C's `for (;;)`, for-each loops). */
export function testOf(lang: LanguageId, node: Node): Node | null {
  if (PROFILES[lang].loops.headerClauses && node.type === 'for_statement') {
    const clause = namedChildren(node).find((c) => c.type === 'for_clause');
    if (clause) return clause.childForFieldName('condition');
    return namedChildren(node).find((c) => c.type !== 'block' && c.type !== 'range_clause' && !isComment(lang, c)) ?? null;
  }
  const cond = node.childForFieldName('condition');
  return cond && cond.type !== ';' ? cond : null;
}

// ---------------------------------------------------------------------------------------------
// Loops

/** The body of a loop. */
export function loopBody(node: Node): Node | null {
  return node.childForFieldName('body');
}

/** Whether a loop runs for ever unless it breaks: `while True`, `for (;;)`, Go's `for {}`, Rust's `loop`. */
export function isEndless(lang: LanguageId, loop: Node): boolean {
  if (loop.type === 'loop_expression') return true;
  if (loop.type === 'do_statement') return constantTruth(lang, loop.childForFieldName('condition') ?? loop) === true;
  if (loop.type === 'for_statement' && !PROFILES[lang].loops.iterating.includes(loop.type)) {
    if (PROFILES[lang].loops.headerClauses) {
      const clause = namedChildren(loop).find((c) => c.type === 'for_clause');
      const test = testOf(lang, loop);
      if (namedChildren(loop).some((c) => c.type === 'range_clause')) return false;
      return test === null ? (clause === undefined || clause.childForFieldName('condition') === null) : constantTruth(lang, test) === true;
    }
    const test = testOf(lang, loop);
    return test === null || constantTruth(lang, test) === true;
  }
  const test = testOf(lang, loop);
  return test !== null && constantTruth(lang, test) === true;
}

/** A loop over consecutive integers: its variable and the texts of its first and end values (end excluded). */
export interface CountedRange {
  variable: string;
  start: string;
  end: string;
  inclusive: boolean;
  loop: Node;
}

function numberText(node: Node | null): string | null {
  return node ? node.text.replace(/\s+/g, '') : null;
}

/** `i < b` or `b > i` (and `<=`, `>=`): the end and whether it is included. */
function upperBound(lang: LanguageId, test: Node, variable: string): { end: string; inclusive: boolean } | null {
  const b = asBinary(lang, unparenthesize(test));
  if (!b) return null;
  const isVar = (n: Node) => unparenthesize(n).type === 'identifier' && unparenthesize(n).text === variable;
  if (isVar(b.left) && (b.operator === '<' || b.operator === '<=')) return { end: numberText(b.right)!, inclusive: b.operator === '<=' };
  if (isVar(b.right) && (b.operator === '>' || b.operator === '>=')) return { end: numberText(b.left)!, inclusive: b.operator === '>=' };
  return null;
}

/** The variable a C-like, Java, JavaScript or Go for header declares with its first value. */
function headerStart(lang: LanguageId, init: Node | null): { variable: string; start: string } | null {
  if (!init) return null;
  if (init.type === 'short_var_declaration') {
    const left = namedChildren(init.childForFieldName('left') ?? init);
    const right = namedChildren(init.childForFieldName('right') ?? init);
    return left.length === 1 && right.length === 1 ? { variable: left[0].text, start: numberText(right[0])! } : null;
  }
  const declarators = namedChildren(init).filter((c) => c.type === 'init_declarator' || c.type === 'variable_declarator');
  if (declarators.length !== 1) return null;
  const d = declarators[0];
  const name = d.childForFieldName('declarator') ?? d.childForFieldName('name');
  const value = d.childForFieldName('value');
  return name?.type === 'identifier' && value ? { variable: name.text, start: numberText(value)! } : null;
}

/** The range of a counted for loop (C-like, Java, JavaScript, Go, Python's range, Rust's `a..b`), or null. */
export function countedRange(lang: LanguageId, loop: Node): CountedRange | null {
  const counted = PROFILES[lang].loops.counted;
  if (counted === 'range-call' && loop.type === 'for_statement') {
    const left = loop.childForFieldName('left');
    const right = loop.childForFieldName('right');
    if (left?.type !== 'identifier' || right?.type !== 'call' || right.childForFieldName('function')?.text !== 'range') return null;
    const args = callArguments(lang, right);
    if (args.length === 1) return { variable: left.text, start: '0', end: numberText(args[0])!, inclusive: false, loop };
    if (args.length === 2 || (args.length === 3 && args[2].text === '1')) {
      return { variable: left.text, start: numberText(args[0])!, end: numberText(args[1])!, inclusive: false, loop };
    }
    return null;
  }
  if (counted === 'range-expression' && loop.type === 'for_expression') {
    const pattern = loop.childForFieldName('pattern');
    const range = loop.childForFieldName('value');
    if (pattern?.type !== 'identifier' || range?.type !== 'range_expression') return null;
    const bounds = namedChildren(range);
    const op = allChildren(range).find((c) => !c.isNamed)?.type;
    if (bounds.length !== 2 || (op !== '..' && op !== '..=')) return null;
    return { variable: pattern.text, start: numberText(bounds[0])!, end: numberText(bounds[1])!, inclusive: op === '..=', loop };
  }
  if (loop.type !== 'for_statement') return null;
  const holder = PROFILES[lang].loops.headerClauses ? namedChildren(loop).find((c) => c.type === 'for_clause') : loop;
  if (!holder) return null;
  const start = headerStart(lang, holder.childForFieldName('initializer') ?? holder.childForFieldName('init'));
  const test = testOf(lang, loop);
  if (!start || !test) return null;
  const bound = upperBound(lang, test, start.variable);
  return bound ? { ...start, ...bound, loop } : null;
}

/**
 * Counted ranges among a block's statements, including the while forms a for loop takes after
 * for-while (`{ i := a; for i < b {...} }`, Python's `i = a` then `while i < b:`), in order.
 */
export function rangesIn(lang: LanguageId, statements: readonly Node[]): CountedRange[] {
  const out: CountedRange[] = [];
  // a loop standing as a statement is an expression statement where loops are expressions (Rust)
  const expressionLoops = PROFILES[lang].blocks.blockExpressions;
  statements.forEach((stmt, i) => {
    let s = stmt;
    if (expressionLoops && s.type === 'expression_statement') s = namedChildren(s)[0] ?? s;
    if (PROFILES[lang].loops.kinds.includes(s.type)) {
      const r = countedRange(lang, s);
      if (r) out.push(r);
      else if (PROFILES[lang].variables.declaredByAssignment && s.type === 'while_statement' && i > 0) {
        const start = assignedStart(statements[i - 1]);
        const test = testOf(lang, s);
        const bound = start && test ? upperBound(lang, test, start.variable) : null;
        if (start && bound) out.push({ ...start, ...bound, loop: s });
      }
      return;
    }
    if (PROFILES[lang].blocks.blockKinds.includes(s.type) || s.type === 'compound_statement') {
      const inner = blockStatements(lang, s);
      const loop = inner[inner.length - 1];
      const first = inner[0];
      if (inner.length !== 2 || !loop) return;
      const l = expressionLoops && loop.type === 'expression_statement' ? (namedChildren(loop)[0] ?? loop) : loop;
      if (!PROFILES[lang].loops.kinds.includes(l.type)) return;
      const start = declaredStart(lang, first);
      const test = testOf(lang, l);
      const bound = start && test ? upperBound(lang, test, start.variable) : null;
      if (start && bound) out.push({ ...start, ...bound, loop: l });
    }
  });
  return out;
}

/** The variable a plain assignment (where assignments declare: languages/python/assignments.ts) starts, and its start. */
function assignedStart(stmt: Node): { variable: string; start: string } | null {
  const a = plainAssignment(stmt, TYPE_QUERIES);
  return a ? { variable: a.name, start: numberText(a.value)! } : null;
}

function declaredStart(lang: LanguageId, stmt: Node): { variable: string; start: string } | null {
  // only Rust's grammar has let_declaration
  if (stmt.type === 'let_declaration') {
    let pattern = stmt.childForFieldName('pattern');
    if (pattern?.type === 'mut_pattern') pattern = namedChildren(pattern)[0] ?? null;
    const value = stmt.childForFieldName('value');
    return pattern?.type === 'identifier' && value ? { variable: pattern.text, start: numberText(value)! } : null;
  }
  if (PROFILES[lang].variables.declaredByAssignment) return assignedStart(stmt);
  return headerStart(lang, stmt);
}

/**
 * Chains of loops over adjacent ranges of one variable (`[a, m)` then `[m, b)`), the loops
 * of each chain in order: what splitting a loop leaves, once per split.
 */
export function splitChains(ranges: readonly CountedRange[]): CountedRange[][] {
  const chains: CountedRange[][] = [];
  const used = new Set<number>();
  ranges.forEach((r, i) => {
    if (used.has(i)) return;
    const chain = [r];
    used.add(i);
    for (let j = i + 1; j < ranges.length; j++) {
      const last = chain[chain.length - 1];
      if (!used.has(j) && ranges[j].variable === last.variable && ranges[j].start === last.end && !last.inclusive) {
        chain.push(ranges[j]);
        used.add(j);
      }
    }
    if (chain.length > 1) chains.push(chain);
  });
  return chains;
}

/** The number of passes of a counted loop whose bounds are integer literals, or null. */
export function constantPasses(range: CountedRange): number | null {
  if (!/^-?\d+$/.test(range.start) || !/^-?\d+$/.test(range.end)) return null;
  return Math.max(0, Number(range.end) - Number(range.start) + (range.inclusive ? 1 : 0));
}

/** The if kinds of a language, with Python's elif. */
export function ifKinds(lang: LanguageId): readonly string[] {
  return PROFILES[lang].blocks.elifClauses ? ['if_statement', 'elif_clause'] : [PROFILES[lang].blocks.ifKind];
}

/**
 * Whether code at `node` lies in a helper rather than in code of the program's own making: in
 * a closure or lambda of no arguments, or in a function whose whole body returns one
 * expression (the unit's own function, `target`, aside). Methods that add code stay out of
 * them: junk inside a wrapper, or a closure inside a closure, is noise on noise.
 */
export function inHelper(lang: LanguageId, node: Node, target?: Node): boolean {
  const fn = PROFILES[lang].blocks.functionLike.includes(node.type) ? node : enclosingFunctionLike(lang, node);
  if (!fn || (target && fn.startIndex === target.startIndex && fn.endIndex === target.endIndex)) return false;
  if (isLocalFunction(lang, fn) && takesNoArguments(lang, fn)) return true;
  return isWrapper(lang, fn);
}

// ---------------------------------------------------------------------------------------------
// Unused variables

/** A variable set to a literal where it is declared: the name node, or null for any other statement. */
function literalDeclaration(lang: LanguageId, stmt: Node): Node | null {
  const one = (list: Node | null) => (list && list.type === 'expression_list' ? (namedChildren(list).length === 1 ? namedChildren(list)[0] : null) : list);
  switch (stmt.type) {
    case 'expression_statement': {
      const a = PROFILES[lang].variables.declaredByAssignment ? namedChildren(stmt)[0] : null;
      if (a?.type !== 'assignment' || a.childForFieldName('type')) return null;
      const left = a.childForFieldName('left');
      const right = a.childForFieldName('right');
      return left?.type === 'identifier' && right && isLiteral(right) ? left : null;
    }
    case 'short_var_declaration': {
      const left = one(stmt.childForFieldName('left'));
      const right = one(stmt.childForFieldName('right'));
      return left?.type === 'identifier' && right && isLiteral(right) ? left : null;
    }
    case 'let_declaration': {
      const pattern = stmt.childForFieldName('pattern');
      const value = stmt.childForFieldName('value');
      return pattern?.type === 'identifier' && value && isLiteral(value) ? pattern : null;
    }
    case 'declaration':
    case 'local_variable_declaration':
    case 'lexical_declaration':
    case 'variable_declaration': {
      const ds = namedChildren(stmt).filter((c) => c.type === 'init_declarator' || c.type === 'variable_declarator');
      if (ds.length !== 1) return null;
      let name = ds[0].childForFieldName('declarator') ?? ds[0].childForFieldName('name');
      while (name?.type === 'pointer_declarator') name = name.childForFieldName('declarator');
      const value = ds[0].childForFieldName('value');
      return name?.type === 'identifier' && value && isLiteral(value) ? name : null;
    }
    default:
      return null;
  }
}

/**
 * The variables of a function (not of the functions inside it) that are set to a literal and
 * never read, as their name nodes: what insert-variables adds. Go's `_ = x` is not a read.
 */
export function unusedLiterals(lang: LanguageId, fn: Node): Node[] {
  const body = fn.childForFieldName('body');
  if (!body) return [];
  const declarations: Node[] = [];
  const mentions = new Map<string, number>();
  // declarations of this function only; reads anywhere in it, closures included
  const visit = (n: Node, own: boolean) => {
    const inner = own && !(n.id !== fn.id && PROFILES[lang].blocks.functionLike.includes(n.type));
    const d = inner ? literalDeclaration(lang, n) : null;
    if (d) declarations.push(d);
    if (n.type === 'identifier') mentions.set(n.text, (mentions.get(n.text) ?? 0) + 1);
    if (PROFILES[lang].variables.blankAssignment && n.type === 'assignment_statement' && n.childForFieldName('left')?.text === '_') return;
    for (const c of namedChildren(n)) visit(c, inner);
  };
  visit(body, true);
  return declarations.filter((d) => (mentions.get(d.text) ?? 0) <= 1);
}

/** The ids of the loops under `scope` that are halves of a split (in a chain of adjacent ranges). */
export function splitLoopIds(lang: LanguageId, scope: Node): Set<number> {
  const ids = new Set<number>();
  const blockTypes = new Set([...PROFILES[lang].blocks.blockKinds, 'compound_statement', 'statement_list']);
  const visit = (n: Node) => {
    if (blockTypes.has(n.type)) {
      const statements = namedChildren(n).filter((c) => !isComment(lang, c) && c.type !== 'statement_list');
      for (const chain of splitChains(rangesIn(lang, statements))) for (const r of chain) ids.add(r.loop.id);
    }
    for (const c of namedChildren(n)) visit(c);
  };
  visit(scope);
  return ids;
}

/**
 * Function kinds whose name lies in their own node (a declared name, a C declarator): any other
 * (a lambda, a closure) may be named by the variable it is assigned to, outside its node.
 */
const NAMED_INSIDE = new Set(['function_definition', 'function_declaration', 'method_declaration', 'function_item', 'constructor_declaration', 'method_definition', 'generator_function_declaration']);

/**
 * Whether a wrapper defined in the file (a function that only returns an expression) is called
 * `name`, once per tree and name. Only the parts of the file holding the name are read: listing
 * every wrapper of a 5 MB file walked all of it, on every step that asked.
 */
export function isWrapperName(lang: LanguageId, root: Node, name: string): boolean {
  return perTree(root.tree, `wrapper named:${lang}:${name}`, () =>
    nodesOfType(root, PROFILES[lang].blocks.functionLike, holdingWord([name]), {
      keepRoot: (r) => !NAMED_INSIDE.has(r.type),
      // what a region's functions are called is a fact about it: only a region with a function of that name is walked
      question: {
        key: `wrapper named ${name}`,
        keep: (fn) => functionName(lang, fn) === name && isWrapper(lang, fn),
        index: { key: `function-like names ${lang}`, of: (fn) => functionName(lang, fn), value: name },
      },
    }).length > 0,
  );
}

/**
 * Whether an expression says something a helper's name could add to: not a name, a literal or
 * a field (tested against 0 or null at most), nor a call of another wrapper with plain arguments.
 */
export function worthAHelper(lang: LanguageId, root: Node, expr: Node): boolean {
  if (isTrivialExpression(lang, expr)) return false;
  const core = coreOf(lang, expr);
  if (!isCall(core)) return true;
  const name = calleeName(lang, core);
  const plain = callArguments(lang, core).every((a) => a.type === 'identifier' || isLiteral(a));
  return !(name && plain && isWrapperName(lang, root, name));
}

/** Whether a node stands in a loop of its function (a closure defined there is made again at every pass). */
export function inLoop(lang: LanguageId, node: Node): boolean {
  for (let p = node.parent; p && !PROFILES[lang].blocks.functionLike.includes(p.type); p = p.parent) if (PROFILES[lang].loops.kinds.includes(p.type)) return true;
  return false;
}

/**
 * Whether a node sits in a Rust `fn` nested in the unit's function: a closure helper goes to the top
 * of the unit's function, and a nested fn item cannot capture it (E0434).
 */
export function inRustFnItem(lang: LanguageId, node: Node): boolean {
  if (!PROFILES[lang].variables.nestedFunctionsSeeNoLocals) return false;
  const fn = enclosingFunctionLike(lang, node);
  return fn !== null && fn.type === 'function_item' && isLocalFunction(lang, fn);
}
