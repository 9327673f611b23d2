import type { Node } from 'web-tree-sitter';
import type { LanguageId } from '../languages/languageIds';
import { profileOf } from '../languages/profiles';
import type { UnitContext } from '../syntax/context';
import { catalogued } from './catalogue';
import { APPLICABLE, Method, Site } from './method';
import { joinIdentifier } from '../text/identifiers';
import { declarationOf, mayHoldDirective } from '../syntax/bindings';
import { declarationsOf } from '../syntax/declarations';
import { asBinary, CALL_TYPES, Effect, effectsOf, isLogical, macroHazards } from '../syntax/expressions';
import { declaredNames } from '../syntax/loops';
import { descendants, identifiersIn, identifiersWhere, namedChildren, nodesOfType } from '../syntax/nodes';
import { numericType } from '../syntax/numeric';
import { insertionPoints } from '../syntax/statements';

/**
 * Splits a long expression: a subexpression is computed into a named temporary on the line
 * before its statement, and the statement uses the name.
 *
 * The temporary is evaluated before everything else in the statement, so a subexpression
 * qualifies only where that changes nothing:
 * - it is evaluated exactly once, unconditionally, when the statement runs: never inside the
 *   right of `&&`/`||`/`??`/and/or, the branches of a conditional, a closure or comprehension,
 *   an optional chain, `sizeof`/`decltype`, or a loop condition (loops are not statements this
 *   splits); an if condition is evaluated once, so it qualifies;
 * - what the statement evaluates before it is free of side effects (and, where C, C++ and Go
 *   leave operand order unspecified, what it evaluates after it too), and cannot fail when the
 *   subexpression can; a subexpression that calls something must come first outright;
 * - its type is one the temporary can take: C writes the type out (from the declarations, or
 *   the site is declined); C++ `auto`, Java `var`, Go `:=`, Rust `let`, JavaScript and
 *   TypeScript `const` infer it, which gives the type the subexpression had (its integer
 *   promotions included); Rust keeps to numbers (no moves), Go and Java refuse constant-only
 *   subexpressions (untyped constants and constant expressions take their type from the context).
 */

const ARITHMETIC_OPS = new Set(['+', '-', '*', '/', '%', '//', '**', '<<', '>>', '>>>', '&', '|', '^', '&^', '@']);

/** Ancestors a hoisted subexpression must not be under: they evaluate it conditionally, repeatedly, later or never. */
const BARRIERS = new Set([
  'lambda', 'lambda_expression', 'arrow_function', 'function_expression', 'function', 'generator_function', 'closure_expression',
  'func_literal', 'generator_expression', 'list_comprehension', 'dictionary_comprehension', 'set_comprehension',
  'block', 'statement_block', 'compound_statement', 'if_expression', 'match_expression', 'loop_expression', 'while_expression',
  'for_expression', 'unsafe_block', 'async_block', 'macro_invocation', 'token_tree', 'sizeof_expression', 'alignof_expression',
  'decltype', 'typeof_expression', 'generic_expression', 'offsetof_expression', 'noexcept', 'switch_expression', 'lambda_capture_specifier',
  'class', 'object', 'template_argument_list', 'type_descriptor', 'gnu_asm_expression', 'statement_expression',
]);

const CONDITIONALS = new Set(['conditional_expression', 'ternary_expression']);

/** Calls that only compute a value from their arguments (builtins and standard methods: the profile's pureCalls). */
function pureCall(ctx: UnitContext, node: Node): boolean {
  if (!['call', 'call_expression', 'method_invocation'].includes(node.type)) return false;
  const l = ctx.lang;
  const pure = ctx.profile.expressions.pureCalls;
  const fn = node.childForFieldName('function');
  const name = node.type === 'method_invocation' ? node.childForFieldName('name')?.text : fn?.type === 'identifier' ? fn.text : undefined;
  const member =
    node.type === 'method_invocation'
      ? node.childForFieldName('name')?.text
      : fn && ['field_expression', 'member_expression', 'attribute', 'selector_expression'].includes(fn.type)
        ? namedChildren(fn)[namedChildren(fn).length - 1]?.text
        : undefined;
  const object = node.type === 'method_invocation' ? node.childForFieldName('object')?.text : fn ? namedChildren(fn)[0]?.text : undefined;
  // a builtin, unless the file binds its name
  if (fn?.type === 'identifier' && pure.functions.includes(name ?? '') && !rebinds(l, node, name!)) return true;
  // a method: Java's method_invocation, or a call of C++'s or Rust's field_expression
  if (member !== undefined && pure.methods.includes(member) && (node.type === 'method_invocation' || fn?.type === 'field_expression')) return true;
  // a method of the library object: Java's method_invocation, or a call of JavaScript's member_expression
  const library = pure.library;
  return library !== null && object === library.object && library.methods.includes(member ?? '') && (node.type === 'method_invocation' || fn?.type === 'member_expression');
}

/** Whether the file binds `name` itself (so a builtin of that name may be something else). */
function rebinds(l: LanguageId, at: Node, name: string): boolean {
  let root = at;
  while (root.parent) root = root.parent;
  return identifiersWhere(root, name, `${l} declares`, (n) => declarationOf(l, n) !== null).length > 0;
}

interface Env {
  ctx: UnitContext;
  hazards: ReadonlySet<string>;
}

/** Effects of evaluating `node`, with calls the language knows to be pure left out. */
function effects(env: Env, node: Node): Set<Effect> {
  const l = env.ctx.lang;
  const out = effectsOf(l, node, env.hazards);
  if (out.has('call')) {
    const calls = descendants(node, (n) => CALL_TYPES.has(n.type));
    const hidden = identifiersIn(node).some((n) => env.hazards.has(n));
    if (!hidden && calls.length > 0 && calls.every((c) => pureCall(env.ctx, c))) out.delete('call');
  }
  return out;
}

function acts(e: Set<Effect>): boolean {
  return e.has('call') || e.has('write') || e.has('suspend') || e.has('binding');
}

/** Whether evaluating `node` may fail; Rust float arithmetic never panics. */
function fails(env: Env, node: Node): boolean {
  const e = effects(env, node);
  // stays: Rust's trapping `+ - *` are its integers' overflow checks; other languages' traps (Python's
  // float `/` by zero, `**` overflow) may come from floats, so no profile fact would say this of Rust alone yet.
  // Rechecked (issue 35): the honest fact, float arithmetic never traps, holds of C, C++, Java, Go and JavaScript
  // too, and asking it there would drop their float `/` traps and change those methods' output
  if (env.ctx.lang === 'rust' && e.has('trap') && numericType(env.ctx.lang, node)?.family === 'float') e.delete('trap');
  return e.has('trap') || e.has('index') || e.has('member') || e.has('deref');
}

// ---------------------------------------------------------------------------------------------
// Statements and the expressions they evaluate once

/** The expression a statement evaluates first and once, that a temporary may be taken from; null for others. */
function valueOf(ctx: UnitContext, stmt: Node): Node | null {
  const l = ctx.lang;
  const first = (n: Node) => namedChildren(n).find((c) => c.type !== 'comment') ?? null;
  const single = (n: Node | null) => (n && namedChildren(n).length === 1 ? namedChildren(n)[0] : null);
  switch (stmt.type) {
    case 'expression_statement': {
      const x = first(stmt);
      if (!x) return null;
      // Rust's if and return are expressions (no other grammar has these nodes)
      if (x.type === 'if_expression') return ifCondition(l, x);
      if (x.type === 'return_expression') return first(x);
      if (['assignment', 'augmented_assignment', 'assignment_expression', 'augmented_assignment_expression', 'compound_assignment_expr'].includes(x.type)) {
        let right = x.childForFieldName('right');
        while (right && right.type === 'assignment') right = right.childForFieldName('right');
        return right;
      }
      return ['update_expression', 'for_expression', 'while_expression', 'loop_expression', 'match_expression', 'block'].includes(x.type) ? null : x;
    }
    case 'return_statement':
      return first(stmt);
    case 'declaration': {
      const declarators = stmt.childrenForFieldName('declarator');
      if (declarators.length !== 1 || declarators[0]?.type !== 'init_declarator') return null;
      if (/\b(static|constexpr|constinit|thread_local|extern|register)\b/.test(stmt.text.slice(0, declarators[0].startIndex - stmt.startIndex))) return null;
      return declarators[0].childForFieldName('value');
    }
    case 'local_variable_declaration': {
      const declarators = stmt.childrenForFieldName('declarator');
      return declarators.length === 1 ? (declarators[0]?.childForFieldName('value') ?? null) : null;
    }
    case 'lexical_declaration':
    case 'variable_declaration': {
      const declarators = namedChildren(stmt).filter((c) => c.type === 'variable_declarator');
      return declarators.length === 1 ? declarators[0].childForFieldName('value') : null;
    }
    case 'short_var_declaration':
    case 'assignment_statement':
      return stmt.childForFieldName('right');
    case 'var_declaration': {
      const spec = single(stmt);
      return spec?.type === 'var_spec' && spec.childrenForFieldName('name').length === 1 ? spec.childForFieldName('value') : null;
    }
    case 'let_declaration':
      return stmt.childForFieldName('value');
    case 'if_statement':
      return ifCondition(l, stmt);
    default:
      // a Rust block's value: its last expression
      if (ctx.profile.blocks.blockExpressions && stmt.parent?.type === 'block' && stmt.parent.lastNamedChild?.id === stmt.id && !NOT_VALUES.has(stmt.type) && !stmt.type.endsWith('_item')) {
        return stmt;
      }
      return null;
  }
}

const NOT_VALUES = new Set([
  'let_declaration', 'expression_statement', 'empty_statement', 'if_expression', 'match_expression', 'block', 'loop_expression',
  'while_expression', 'for_expression', 'unsafe_block', 'async_block', 'macro_invocation', 'attribute_item', 'line_comment', 'block_comment',
]);

function ifCondition(l: LanguageId, node: Node): Node | null {
  if (node.childForFieldName('initializer')) return null; // Go's `if x := f(); ...`
  const condition = node.childForFieldName('condition');
  if (!condition || condition.type === 'let_condition' || condition.type === 'let_chain') return null;
  if (condition.type === 'condition_clause') {
    if (condition.childForFieldName('initializer')) return null;
    const value = condition.childForFieldName('value');
    return value && value.type !== 'declaration' ? value : null;
  }
  return condition;
}

// ---------------------------------------------------------------------------------------------
// Where a subexpression stands

interface Standing {
  before: Node[];
  after: Node[];
}

/** What the statement evaluates besides `e` on the way up to `root`, split by source order; null where `e` is not evaluated once, first thing. */
function standingOf(ctx: UnitContext, e: Node, root: Node): Standing | null {
  const l = ctx.lang;
  const before: Node[] = [];
  const after: Node[] = [];
  let child = e;
  for (let a = e.parent; a; child = a, a = a.parent) {
    if (BARRIERS.has(a.type) || profileOf(l).blocks.functionScopes.includes(a.type)) return null;
    // `a?.b(...)` skips its arguments when a is null
    if (a.children.some((c) => c?.type === 'optional_chain' || c?.type === '?.')) return null;
    if (a.type === 'call_expression' && descendants(a.childForFieldName('function') ?? a, (n) => n.type === 'optional_chain').length > 0) return null;
    const b = asBinary(l, a);
    if (b && (isLogical(b.operator) || b.operator === '??') && b.left.id !== child.id) return null;
    if (CONDITIONALS.has(a.type)) {
      // `x if c else y` (Python's, without fields) has its condition second
      const condition = a.childForFieldName('condition') ?? (ctx.profile.expressions.conditionalForm === 'inline-if' ? namedChildren(a)[1] : null);
      if (!condition || condition.id !== child.id) return null;
    }
    for (const sibling of namedChildren(a)) {
      if (sibling.id === child.id) continue;
      (sibling.endIndex <= child.startIndex ? before : after).push(sibling);
    }
    if (a.id === root.id) return { before, after };
  }
  return null;
}

/** Whether the statement's own target or head is evaluated before its value: `a[f()] = ...`, `x += ...`. */
function headBefore(stmt: Node, value: Node): Node[] {
  const out: Node[] = [];
  const visit = (n: Node) => {
    for (const c of namedChildren(n)) {
      if (c.startIndex >= value.startIndex) break;
      if (c.endIndex <= value.startIndex) out.push(c);
      else visit(c);
    }
  };
  visit(stmt);
  return out.filter((n) => n.type !== 'comment');
}

// ---------------------------------------------------------------------------------------------
// The temporary's declaration

/** Names that are compile-time constants or may be (Java `final`, C and C++ `const`, Go `const`, macros, ALL_CAPS). */
function constantName(l: LanguageId, id: Node): boolean {
  if (/^[A-Z][A-Z0-9_]*$/.test(id.text)) return true;
  switch (profileOf(l).expressions.namedConstants) {
    case 'const-declarations': {
      // found by binding: the declaration is a const_spec (Go's grammar alone has it)
      let root = id;
      while (root.parent) root = root.parent;
      const decls = identifiersWhere(root, id.text, `${l} declares`, (n) => declarationOf(l, n) !== null);
      return decls.length === 0 || decls.some((d) => d.parent?.type === 'const_spec');
    }
    case 'qualified-declarations': {
      const decls = declarationsOf(l, id, id.text);
      return decls.length === 0 || decls.some((d) => /\b(final|const|constexpr|static)\b/.test(d.node.text.slice(0, (d.typeNode?.endIndex ?? d.node.startIndex) - d.node.startIndex)));
    }
    default:
      // no constant expressions (null), or Rust's const items, which syntax/ does not read (only its let bindings): only the capitals say one
      return false;
  }
}

/** An untyped constant shifted (`1 << n`) takes its type from where it is used (Go). */
function contextTyped(l: LanguageId, e: Node): boolean {
  return (
    descendants(e, (n) => {
      const b = asBinary(l, n);
      return b !== null && (b.operator === '<<' || b.operator === '>>') && descendants(b.left, (x) => x.type === 'identifier').every((id) => constantName(l, id));
    }).length > 0
  );
}

function declaration(env: Env, e: Node, name: string): string | null {
  const text = env.ctx.text(e);
  const temporary = env.ctx.profile.switches.temporary;
  if (temporary) return temporary(name, text);
  // the language writes the type out (C): the subexpression's, where it is known
  const t = numericType(env.ctx.lang, e);
  return t?.spelling ? `${t.spelling} ${name} = ${text};` : null;
}

/** Whether the temporary can hold exactly what the subexpression produced, in this language. */
function typeable(env: Env, e: Node): boolean {
  const l = env.ctx.lang;
  const ids = descendants(e, (n) => n.type === 'identifier');
  // the type is written out (C): it must be known
  if (env.ctx.profile.switches.temporary === null) return numericType(l, e)?.spelling != null;
  // a read moves what is not Copy (Rust): numbers only
  if (env.ctx.profile.variables.readsMove) return numericType(l, e) !== null && ids.length > 0;
  const { expressions, variables } = env.ctx.profile;
  if (expressions.constantExpressions) {
    // a constant expression (array bounds, template arguments, case labels, narrowing) must stay one
    const reads = ['field_access', 'array_access', 'method_invocation', 'index_expression', 'selector_expression', 'call_expression', 'subscript_expression', 'field_expression'];
    const variable = ids.some((id) => !constantName(l, id)) || descendants(e, (n) => reads.includes(n.type)).length > 0;
    // declaring a variable of class type runs its constructors (C++): numbers only
    if (variables.classValuesRunCode && numericType(l, e) === null) return false;
    return variable && !(expressions.untypedConstants && contextTyped(l, e));
  }
  return ids.length > 0 || descendants(e, (n) => n.type === 'member_expression' || n.type === 'attribute').length > 0;
}

// ---------------------------------------------------------------------------------------------

interface Candidate {
  stmt: Node;
  e: Node;
  indent: string;
}

/** The candidates in source order. */
function candidates(env: Env): Candidate[] {
  const ctx = env.ctx;
  const l = ctx.lang;
  // Go and C++ reject a goto that jumps over a declaration (goto_statement is C's, C++'s and Go's)
  if (ctx.nodes(['goto_statement']).length > 0) return [];
  const out: Candidate[] = [];
  for (const point of insertionPoints(ctx)) {
    const stmt = point.before;
    let value = valueOf(ctx, stmt);
    // Go's single value in a list is the whole value
    while (value && value.type === 'expression_list' && namedChildren(value).length === 1) value = namedChildren(value)[0];
    if (!value) continue;
    if (descendants(stmt, (n) => n.type === 'named_expression').length > 0) continue; // Python's := binds in the statement
    // a declared name in scope in its own initialiser (C, C++, Java, JavaScript) may not be read by the temporary; Rust and Go shadow after it
    const declared = new Set(ctx.profile.variables.inScopeInOwnInitializer ? declaredNames(l, stmt) : []);
    const head = headBefore(stmt, value);
    for (const e of descendants(value, (n) => n.id !== value.id && isArithmetic(l, n), (n) => BARRIERS.has(n.type))) {
      // `a + b` of `a + b + c` is a prefix of one chain, not a part of its own
      const parent = asBinary(l, e.parent!);
      if (parent && parent.left.id === e.id && parent.operator === asBinary(l, e)!.operator) continue;
      if (!ctx.inUnit(e) || descendants(e, (n) => ctx.profile.commentTypes.includes(n.type)).length > 0) continue;
      if (identifiersIn(e).some((n) => env.hazards.has(n) || declared.has(n))) continue;
      if (insideMacroCall(env, e)) continue;
      const standing = standingOf(ctx, e, value);
      if (!standing) continue;
      const own = effects(env, e);
      if (own.has('write') || own.has('suspend') || own.has('binding')) continue;
      const before = [...head, ...standing.before];
      const unordered = ctx.profile.expressions.unspecifiedOperandOrder;
      if (before.some((n) => acts(effects(env, n)))) continue;
      if (unordered && standing.after.some((n) => acts(effects(env, n)))) continue;
      // a call in the subexpression must not move before anything the statement reads
      if (acts(own) && before.some((n) => n.type !== 'comment' && descendants(n, (d) => d.type === 'identifier').length > 0 && !plainTarget(stmt, n))) continue;
      if (fails(env, e) && before.some((n) => fails(env, n))) continue;
      if (!typeable(env, e)) continue;
      out.push({ stmt, e, indent: point.indent });
    }
  }
  return out;
}

/** The assigned name of `x = ...`, which is not read. */
function plainTarget(stmt: Node, n: Node): boolean {
  const a = namedChildren(stmt)[0];
  return a !== undefined && (a.type === 'assignment' || a.type === 'assignment_expression') && a.childForFieldName('left')?.id === n.id && n.type === 'identifier';
}

function isArithmetic(l: LanguageId, n: Node): boolean {
  const b = asBinary(l, n);
  return b !== null && ARITHMETIC_OPS.has(b.operator);
}

/** C and C++ function-like macros of the file may stringify or re-evaluate their arguments. */
function insideMacroCall(env: Env, e: Node): boolean {
  if (!env.ctx.profile.preprocessor) return false;
  const macros = new Set(nodesOfType(env.ctx.root, ['preproc_function_def'], mayHoldDirective).map((n) => n.childForFieldName('name')?.text ?? ''));
  for (let p = e.parent; p; p = p.parent) {
    if (p.type === 'call_expression' && macros.has(p.childForFieldName('function')?.text ?? '')) return true;
  }
  return false;
}

const WORDS: Record<string, readonly (readonly string[])[]> = {
  '+': [['sum'], ['subtotal'], ['combined'], ['partial', 'sum']],
  '-': [['difference'], ['delta'], ['gap'], ['spread']],
  '*': [['product'], ['scaled'], ['weighted'], ['term']],
  '/': [['quotient'], ['ratio'], ['share'], ['portion']],
  '//': [['quotient'], ['ratio'], ['share'], ['portion']],
  '%': [['remainder'], ['leftover'], ['residue'], ['modulus']],
  '**': [['power'], ['raised'], ['exponential']],
};
const OTHER_WORDS = [['bits'], ['masked'], ['shifted'], ['partial']];
const TEXT_WORDS = [['text'], ['message'], ['caption'], ['line']];
const STRING_TYPES = new Set(['string', 'string_literal', 'interpreted_string_literal', 'raw_string_literal', 'template_string']);

function short(text: string): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length > 40 ? `${line.slice(0, 37)}...` : line;
}

export const expressionDiv: Method = {
  ...catalogued('expression-div'),
  support: () => APPLICABLE,

  findSites(ctx: UnitContext): Site[] {
    const env: Env = { ctx, hazards: macroHazards(ctx.lang, ctx.root) };
    return candidates(env).map(({ stmt, e, indent }) => ({
      start: e.startIndex,
      end: e.endIndex,
      label: `\`${short(ctx.text(e))}\` into a temporary at line ${ctx.lineOf(e.startIndex)}`,
      data: { stmt: stmt.startIndex, indent, operator: asBinary(ctx.lang, e)?.operator ?? '' },
    }));
  },

  apply(ctx, site, rng) {
    const d = site.data as { stmt: number; indent: string; operator: string };
    const e = ctx.root.descendantForIndex(site.start, Math.max(site.start, site.end - 1));
    let node: Node | null = e;
    while (node && !(node.startIndex === site.start && node.endIndex === site.end && isArithmetic(ctx.lang, node))) node = node.parent;
    if (!node) throw new Error(`expression-div: no expression at ${site.start}`);
    const strings = d.operator === '+' && descendants(node, (n) => STRING_TYPES.has(n.type)).length > 0;
    const words = strings ? TEXT_WORDS : (WORDS[d.operator] ?? OTHER_WORDS);
    const name = ctx.freshName(
      words.map((w) => joinIdentifier(w, ctx.profile.naming)),
      rng,
    );
    const decl = declaration({ ctx, hazards: new Set() }, node, name);
    if (!decl) throw new Error('expression-div: no declaration for the temporary');
    // `(a * b)` becomes the bare name, except where the parentheses belong to the statement (`if (...)`)
    let [start, end] = [site.start, site.end];
    const parens = node.parent;
    if (parens?.type === 'parenthesized_expression' && namedChildren(parens).length === 1 && parens.parent) {
      const owner = parens.parent.type;
      if (!owner.endsWith('_statement') && owner !== 'condition_clause' && !owner.endsWith('_expression_statement')) [start, end] = [parens.startIndex, parens.endIndex];
    }
    const text = `${decl}\n${d.indent}${ctx.source.slice(d.stmt, start)}${name}`;
    return {
      edits: [{ start: d.stmt, end, text }],
      summary: `moved \`${short(ctx.text(node))}\` into \`${name}\` at line ${ctx.lineOf(d.stmt)}`,
    };
  },
};
