import type { Node } from 'web-tree-sitter';
import type { FunctionInfo } from '../languages/functions';
import type { LanguageId } from '../languages/languageIds';
import { javaFieldDeclarations } from '../languages/java/declarations';
import { ELEMENT, FIELD, javaLiteralType, javaTypeOf } from '../languages/java/types';
import type { JavaType } from '../languages/java/types';
import { rustIsMutableNumber } from '../languages/rust/types';
import type { Rng } from '../random';
import type { TextEdit } from '../text/edits';
import { lowerBound, upperBound } from '../sorted';
import { lineEnd, lineStart } from '../text/lines';
import type { UnitContext } from './context';
import { joinIdentifier, splitIdentifier } from '../text/identifiers';
import { C_TYPE_DEFINITIONS, declarationOf, mayHoldDirective, mayHoldTypeDefinition, Occurrence, occurrencesIn } from './bindings';
import { declarationsOf, TYPE_QUERIES } from './declarations';
import { asBinary, effectsOf, isNullLiteral, macroDefinitions, macroHazards, unparenthesize } from './expressions';
import { FUNCTION_TYPES } from './loops';
import { allOf, ancestor, descendants, fieldName, holdingWord, namedChildren, nodesOfType, perTree, spanOf, stableTest } from './nodes';
import { InsertionPoint, insertionPoints } from './statements';
import { Attached } from '../attached';

/**
 * What the methods that add a function or a closure share (insert-junk-function, extract-if,
 * extract-arithmetic): where a new function goes next to the unit's function, where a local
 * closure goes before a statement, which variables an expression reads, whether a closure may
 * capture them, and the types a typed helper (C, Java) needs for its parameters and result.
 */

// ---------------------------------------------------------------------------------------------
// Names

/** A fresh name from word lists, in the file's naming style; a list that says a word twice (`total_sum`, `bits_bits`) is left out. */
export function pickName(ctx: UnitContext, rng: Rng, candidates: readonly (readonly string[])[]): string {
  const sound = candidates.filter((words) => new Set(words).size === words.length);
  return ctx.freshName(
    (sound.length > 0 ? sound : candidates).map((words) => joinIdentifier(words, ctx.profile.naming)),
    rng,
  );
}

/**
 * Words that say nothing about what an expression is about: function words, and the words the
 * methods' own names are made of (`no_index_yet`, `scaled_value`), which a later step would
 * otherwise take for a subject (`is_yet_set`).
 */
const WEAK_WORDS = new Set(
  `get set is has the of to num tmp temp yet applies matches match missing differs flagged eligible qualifies changed rule result
  computed wrapped divided scaled weighted masked shifted reduced combined`.split(/\s+/),
);

/**
 * A word naming what an expression is about: the last meaningful word of its first variable
 * (`maxScore` gives `score`). Called functions (an extracted helper among them), `self`, builtins
 * (`Math`) and words of fewer than three letters are passed over.
 */
export function subjectWord(ctx: UnitContext, node: Node, fallback = 'value'): string {
  for (const o of occurrencesIn(node, ctx.lang)) {
    if (o.role !== 'plain' && o.role !== 'member') continue;
    if (ctx.profile.reserved.has(o.name) || ['self', 'this', 'cls'].includes(o.name) || isCallee(o)) continue;
    const words = splitIdentifier(o.name).filter((w) => /^[a-z]+$/.test(w) && w.length > 2 && !WEAK_WORDS.has(w));
    if (words.length > 0) return words[words.length - 1];
  }
  return fallback;
}

/** Whether an occurrence is the name a call calls (`f(x)`, `obj.f(x)`). */
function isCallee(o: Occurrence): boolean {
  const callee = o.role === 'member' ? o.node.parent : o.node;
  const call = callee?.parent;
  return !!callee && !!call && /call|invocation/.test(call.type) && ['function', 'name', 'method', 'macro'].includes(fieldName(callee) ?? '');
}

// ---------------------------------------------------------------------------------------------
// Where a new function goes

export interface HelperSpot {
  offset: number;
  /** Indentation of the helper's first and last lines. */
  indent: string;
  /**
   * before: at the start of the unit's function (the helper precedes it and becomes part of the
   * unit); after: at its end; inside: as the first statement of its body (a nested function).
   */
  where: 'before' | 'after' | 'inside';
  /** A member of a class, impl or struct (static where the language says so), not a free function. */
  member: boolean;
  /** Blank lines between the helper and the function it sits next to. */
  gap: number;
  /** The function the helper sits next to. */
  host: FunctionInfo;
}

/** Node kinds whose named children are top-level or class-level definitions a function may sit among. */
const DEFINITION_HOLDERS: Record<LanguageId, readonly string[]> = {
  python: ['module', 'block'],
  c: ['translation_unit', 'preproc_if', 'preproc_ifdef', 'preproc_else', 'preproc_elif', 'declaration_list'],
  cpp: ['translation_unit', 'declaration_list', 'field_declaration_list', 'preproc_if', 'preproc_ifdef', 'preproc_else', 'preproc_elif'],
  go: ['source_file'],
  rust: ['source_file', 'declaration_list', 'block'],
  java: ['class_body', 'interface_body', 'enum_body_declarations'],
  javascript: ['program', 'statement_block', 'class_body'],
  typescript: ['program', 'statement_block', 'class_body'],
};

/** Whether a function's definition may have a sibling definition next to it, and whether that sibling is a member. */
function siblingKind(ctx: UnitContext, fn: FunctionInfo): { ok: boolean; member: boolean } {
  const parent = fn.outer.parent;
  if (!parent || !DEFINITION_HOLDERS[ctx.lang].includes(parent.type)) return { ok: false, member: false };
  return ctx.profile.helpers.siblingDefinition(parent);
}

const pointsCache = new Attached<UnitContext, { points: InsertionPoint[]; offsets: number[] }>('insertion points');

/**
 * The unit's insertion points, computed once per context (every candidate site asks). Python's
 * `match` keeps its case clauses in a block too: nothing can go between them.
 */
function pointsOf(ctx: UnitContext): { points: InsertionPoint[]; offsets: number[] } {
  let found = pointsCache.get(ctx);
  if (!found) {
    const points = insertionPoints(ctx).filter((p) => p.before.type !== 'case_clause');
    pointsCache.set(ctx, (found = { points, offsets: points.map((p) => p.offset) }));
  }
  return found;
}

/** TypeScript overload signatures: they must stay right before their implementation. */
const OVERLOAD_SIGNATURES = ['function_signature', 'method_signature', 'abstract_method_signature'];

function isCommentLine(ctx: UnitContext, line: string): boolean {
  const t = line.trim();
  if (t.startsWith(ctx.profile.lineComment)) return true;
  return ctx.profile.blockComments && (t.startsWith('/*') || t.startsWith('*') || t.endsWith('*/'));
}

/** The text of the line before the one `offset` is on ('' on the first line). */
function previousLine(source: string, offset: number): string {
  const start = lineStart(source, offset);
  if (start === 0) return '';
  return source.slice(lineStart(source, start - 1), start - 1);
}

/** Blank lines above a definition, as the file separates definitions (1 or 2; the language's style between top-level ones, 2 in Python). */
function gapAbove(ctx: UnitContext, outer: Node): number {
  let blanks = 0;
  let at = lineStart(ctx.source, outer.startIndex);
  while (at > 0) {
    const prev = lineStart(ctx.source, at - 1);
    if (ctx.source.slice(prev, at - 1).trim() !== '') break;
    blanks++;
    at = prev;
  }
  const topLevel = ctx.profile.spelling.topLevelBlankLines;
  if (at === 0) return !outer.parent?.parent ? topLevel : 1;
  const opener = /[{:]\s*$/.test(ctx.source.slice(lineStart(ctx.source, at - 1), at - 1));
  if (opener || blanks === 0) return outer.parent?.type === 'module' ? topLevel : 1;
  return Math.min(blanks, 2);
}

/**
 * The places a new function may go next to `fn`, best first. `before` needs the line above
 * the function to be neither a comment (it describes the function) nor an attribute, pragma or
 * overload signature (those bind to what follows); `after` needs the rest of the function's
 * last line empty. With `callable`, only places from which the function's body can call the
 * helper: C needs a definition before its use, so a C helper goes below a comment if it must;
 * a nested function is only visible in its own body.
 */
export function helperSpots(ctx: UnitContext, fn: FunctionInfo, options: { callable?: boolean } = {}): HelperSpot[] {
  const spots: HelperSpot[] = [];
  const outer = fn.outer;
  const inUnit = (offset: number) => ctx.unit.start <= offset && offset <= ctx.unit.end;
  const { ok, member } = siblingKind(ctx, fn);
  const indent = ctx.indentOf(outer);
  const ownLine = ctx.source.slice(lineStart(ctx.source, outer.startIndex), outer.startIndex) === indent;
  const declaredAbove = options.callable && ctx.profile.helpers.declaredBeforeUse;
  if (ok && ownLine) {
    const above = previousLine(ctx.source, outer.startIndex);
    const bound = /^\s*(#\[|#\s*pragma|@)/.test(above) || OVERLOAD_SIGNATURES.includes(outer.previousNamedSibling?.type ?? '');
    const described = isCommentLine(ctx, above);
    const gap = gapAbove(ctx, outer);
    if (!bound && (!described || declaredAbove) && inUnit(outer.startIndex)) {
      spots.push({ offset: outer.startIndex, indent, where: 'before', member, gap, host: fn });
    }
    const rest = ctx.source.slice(outer.endIndex, lineEnd(ctx.source, outer.endIndex));
    if (!declaredAbove && rest.trim() === '' && inUnit(outer.endIndex)) {
      spots.push({ offset: outer.endIndex, indent, where: 'after', member, gap, host: fn });
    }
  }
  if (ctx.profile.helpers.nestedFunctions && fn.body && !options.callable) {
    // the first point among the body's own statements: they lie within the body's span
    const statements = bodyStatements(ctx, fn.body);
    const { points, offsets } = pointsOf(ctx);
    let first: InsertionPoint | undefined;
    for (let i = lowerBound(offsets, statements.startIndex); i < points.length && points[i].offset <= statements.endIndex; i++) {
      const parent = points[i].before.parent;
      if (parent && sameNode(statements, parent)) {
        first = points[i];
        break;
      }
    }
    if (first && inUnit(first.offset)) {
      spots.push({ offset: first.offset, indent: first.indent, where: 'inside', member: false, gap: 1, host: fn });
    }
  }
  return spots;
}

/** The node whose children are a body's statements (Python's block is the body itself). */
function bodyStatements(ctx: UnitContext, body: Node): Node {
  if (ctx.profile.blocks.listInsideBlock) return namedChildren(body).find((c) => c.type === 'statement_list') ?? body;
  return body;
}

function sameNode(a: Node, b: Node): boolean {
  return a.startIndex === b.startIndex && a.endIndex === b.endIndex && a.type === b.type;
}

/** Whether the function opens its body on a line of its own (Allman style), which a helper next to it copies. */
export function opensOnOwnLine(ctx: UnitContext, fn: FunctionInfo): boolean {
  const body = fn.body;
  // an indented block has no brace to place (and Go's must end the header's line)
  if (!body || ctx.profile.spelling.indentedBlocks) return false;
  return ctx.source.slice(lineStart(ctx.source, body.startIndex), body.startIndex).trim() === '';
}

/**
 * The edit that inserts a helper at a spot. `lines` are the helper's lines, indented relative
 * to the helper's first line with the file's indent unit; blank lines stay empty.
 */
export function insertHelper(spot: Pick<HelperSpot, 'offset' | 'indent' | 'where' | 'gap'>, lines: readonly string[]): TextEdit {
  const body = lines.map((l, i) => (i === 0 || l === '' ? l : spot.indent + l)).join('\n');
  const blank = '\n'.repeat(spot.gap + 1);
  switch (spot.where) {
    case 'before':
      return { start: spot.offset, end: spot.offset, text: `${body}${blank}${spot.indent}` };
    case 'after':
      return { start: spot.offset, end: spot.offset, text: `${blank}${spot.indent}${body}` };
    case 'inside':
      return { start: spot.offset, end: spot.offset, text: `${body}\n\n${spot.indent}` };
  }
}

/**
 * The function whose sibling a helper for code at `node` becomes: the unit's function for a
 * function unit, else the outermost named function around the node (for Java, the method of the
 * innermost class around the node, so the helper is in scope).
 */
export function hostFunction(ctx: UnitContext, node: Node): FunctionInfo | undefined {
  const holds = (f: FunctionInfo) => f.start <= node.startIndex && node.endIndex <= f.end;
  if (!ctx.profile.helpers.methodsOnly) {
    // the target is one of the file's functions; else the first around the node is the outermost
    if (ctx.unitKind === 'function') return ctx.target && holds(ctx.target) ? ctx.target : undefined;
    return ctx.functions.find(holds);
  }
  // Java definitions are their nodes: one that holds the node touches it
  const around = ctx.functionsTouching(spanOf(node)).filter(holds);
  const cls = ancestor(node, ['class_body', 'interface_body', 'enum_body', 'enum_body_declarations']);
  const host = cls ? around.find((f) => ancestor(f.outer, [cls.type])?.startIndex === cls.startIndex) : undefined;
  return host && (ctx.unitKind !== 'function' || host === ctx.target) ? host : undefined;
}

/** A static helper (C, Java): where it goes and the locals it takes, as typed parameters and as call arguments. */
export interface StaticHelper {
  helperAt: HelperSpot & { allman: boolean };
  params: string[];
  args: string[];
}

/**
 * A static helper next to the function around `at` that computes `expr` from the locals it
 * reads, passed as arguments; null where there is no such function or spot, or a local's type
 * is unknown (C: or not visible at the helper).
 */
export function staticHelper(ctx: UnitContext, at: Node, expr: Node): StaticHelper | null {
  const host = hostFunction(ctx, at);
  if (!host) return null;
  const spot = staticSpot(ctx, host);
  if (!spot) return null;
  let params: string[];
  let args: string[];
  // a C parameter is a declarator around its name, copied from the local's declaration, whose types must be declared above the helper
  if (ctx.profile.declaratorChain) {
    args = localNames(ctx, expr);
    const typed = args.map((n) => cParameter(ctx, expr, n));
    if (typed.some((p) => p === null) || !cVisibleAt(ctx, expr, spot.offset)) return null;
    params = typed as string[];
  } else {
    const typed = javaParameters(ctx, expr);
    if (!typed) return null;
    params = typed;
    args = params.map((p) => p.slice(p.lastIndexOf(' ') + 1));
  }
  return { helperAt: { ...spot, allman: opensOnOwnLine(ctx, host) }, params, args };
}

const staticSpots = new Attached<UnitContext, Map<FunctionInfo, HelperSpot | null>>('static helper spots');

/** Where a static helper for code in `host` goes: the same for every site in the function, so found once per context. */
function staticSpot(ctx: UnitContext, host: FunctionInfo): HelperSpot | null {
  let byHost = staticSpots.get(ctx);
  if (!byHost) staticSpots.set(ctx, (byHost = new Map()));
  let spot = byHost.get(host);
  if (spot === undefined) byHost.set(host, (spot = helperSpots(ctx, host, { callable: true }).find((s) => s.where !== 'inside') ?? null));
  return spot;
}

/** The lines of a static helper returning `body`, its braces placed the way its host function's are. */
export function staticHelperLines(ctx: UnitContext, helper: StaticHelper, type: string, name: string, body: string): string[] {
  const params = helper.params.length > 0 ? helper.params.join(', ') : ctx.profile.voidParameters ? 'void' : '';
  const head = `${ctx.profile.helpers.privateFunction} ${type} ${name}(${params})`;
  const ret = `${ctx.indentUnit}return ${body};`;
  return helper.helperAt.allman ? [head, '{', ret, '}'] : [`${head} {`, ret, '}'];
}

// ---------------------------------------------------------------------------------------------
// Where a local closure goes

export interface LocalSpot {
  /** Offset of the statement the closure's definition goes before. */
  offset: number;
  indent: string;
  statement: Node;
}

const CLASS_LIKE = ['class_body', 'class_definition', 'class_specifier', 'struct_specifier', 'declaration_list', 'field_declaration_list'];

/**
 * The statement before which a closure for `node` can be defined: the innermost statement of a
 * block around it that begins its own line, with no function or class boundary in between.
 */
export function localSpot(ctx: UnitContext, node: Node): LocalSpot | null {
  const { points, offsets } = pointsOf(ctx);
  let best: LocalSpot | null = null;
  // the latest statement around the node: points are in offset order, and a statement starts at its point
  for (let i = upperBound(offsets, node.startIndex) - 1; i >= 0; i--) {
    const p = points[i];
    if (p.before.startIndex <= node.startIndex && node.endIndex <= p.before.endIndex) {
      best = { offset: p.offset, indent: p.indent, statement: p.before };
      break;
    }
  }
  if (!best) return null;
  for (let n: Node | null = node; n && n.id !== best.statement.id; n = n.parent) {
    if (FUNCTION_TYPES[ctx.lang].includes(n.type) || CLASS_LIKE.includes(n.type)) return null;
  }
  return best;
}

export function insertLocal(spot: LocalSpot, lines: readonly string[]): TextEdit {
  const text = lines.map((l, i) => (i === 0 || l === '' ? l : spot.indent + l)).join('\n');
  return { start: spot.offset, end: spot.offset, text: `${text}\n${spot.indent}` };
}

/**
 * The lines that define a local closure of no arguments returning `body` (the language's
 * `helpers.closure`): `result` is its result type where the language writes one (Go), `iface`
 * the functional interface it implements (Java). Only for a language that has closures.
 */
export function closureLines(ctx: UnitContext, name: string, body: string, types: { result?: string; iface?: string }): string[] {
  const closure = ctx.profile.helpers.closure;
  if (!closure) throw new Error(`closureLines: ${ctx.profile.name} has no closures`);
  return closure(name, body, types, ctx.indentUnit);
}

// ---------------------------------------------------------------------------------------------
// What an expression reads

/**
 * The variables (and functions) an expression reads by plain name, declared outside it: every
 * `plain` identifier that no declaration inside the expression binds, in source order, once.
 */
export function freeNames(ctx: UnitContext, node: Node): Occurrence[] {
  const all = occurrencesIn(node, ctx.lang);
  const inner = new Set<string>();
  for (const o of all) if (o.role === 'plain' && declarationOf(ctx.lang, o.node)) inner.add(o.name);
  const seen = new Set<string>();
  const out: Occurrence[] = [];
  for (const o of all) {
    if (o.role !== 'plain' || inner.has(o.name) || seen.has(o.name)) continue;
    seen.add(o.name);
    out.push(o);
  }
  return out;
}

/**
 * Whether the statement declares, outside `node`, one of `names` in a scope that begins inside
 * the statement and covers the node: `int x = 1, y = x * 2;`, a comprehension's or lambda's
 * variable, a for loop's variable. A closure defined before the statement would not see such a
 * name. (Names whose scope began earlier, Python locals and JavaScript `var`, are the same
 * variables before the statement.)
 */
export function declaredAround(ctx: UnitContext, statement: Node, node: Node, names: ReadonlySet<string>): boolean {
  for (const o of occurrencesIn(statement, ctx.lang)) {
    if (o.role !== 'plain' || !names.has(o.name)) continue;
    if (o.start >= node.startIndex && o.end <= node.endIndex) continue;
    const d = declarationOf(ctx.lang, o.node);
    if (d && d.scope.start >= statement.startIndex && d.scope.start <= node.startIndex && node.endIndex <= d.scope.end) return true;
  }
  return false;
}

/**
 * Whether moving the expression into another function may change what it does: names tied to
 * the current frame or line, and (C, C++) calls of the file's macros whose bodies use them.
 */
export function frameDependent(ctx: UnitContext, node: Node): boolean {
  const bad = new Set(ctx.profile.helpers.frameNames);
  const words = node.text.match(/[A-Za-z_$][\w$]*/g) ?? [];
  if (words.some((w) => bad.has(w))) return true;
  // builtins that read the calling frame (Python's): a helper has a frame of its own
  if (ctx.profile.helpers.frameCalls?.test(node.text)) return true;
  if (ctx.profile.preprocessor) {
    const macros = macroDefinitions(ctx.root);
    return words.some((w) => /__LINE__|__func__|__FUNCTION__|__PRETTY_FUNCTION__|__COUNTER__/.test(macros.get(w)?.text ?? ''));
  }
  return false;
}

/**
 * Whether the function around `node` reads all of its locals (the language's `localsReaders`:
 * Python's locals(), vars(), exec, eval), which would then also see a helper defined in its body.
 */
function readsOwnLocals(ctx: UnitContext, node: Node): boolean {
  const readers = ctx.profile.helpers.localsReaders;
  if (!readers) return false;
  const fn = ancestor(node, ctx.profile.functionTypes);
  return !fn || readers.test(fn.text);
}

/**
 * Whether a helper defined in the function around `node` (or a line moved into one) would change
 * what the function does: the function reads all of its locals (the language's `localsReaders`:
 * Python's locals(), vars()), which would then show the helper, or `text` holds a line a backslash
 * continues, which reindenting could break.
 */
export function helperShows(ctx: UnitContext, node: Node, text: string): boolean {
  if (readsOwnLocals(ctx, node)) return true;
  return ctx.profile.backslashContinuations && /\\\r?\n/.test(text);
}

/** Whether evaluating the expression writes, suspends or binds a name: such an expression stays where it is. */
export function writesOrSuspends(ctx: UnitContext, node: Node): boolean {
  const effects = effectsOf(ctx.lang, node);
  return effects.has('write') || effects.has('suspend') || effects.has('binding');
}

// ---------------------------------------------------------------------------------------------
// Capture rules per language

/** Go rejects a goto that jumps over a variable declaration; C++ one that jumps over an initialisation. */
export function hasGoto(ctx: UnitContext, node: Node): boolean {
  const fn = ancestor(node, ctx.profile.functionTypes);
  return fn !== null && descendants(fn, (n) => n.type === 'goto_statement').length > 0;
}

/** C++17 lambdas cannot capture structured bindings or variable-length arrays. */
export function cppCapturable(ctx: UnitContext, at: Node, names: readonly string[]): boolean {
  return names.every((name) =>
    declarationsOf('cpp', at, name).every((d) => {
      if (d.kind === 'other') return false;
      if (!d.array) return true;
      return descendants(d.node, (n) => n.type === 'array_declarator').every((a) => {
        const size = a.childForFieldName('size');
        return size === null || size.type === 'number_literal';
      });
    }),
  );
}

/** Rust methods that only read their receiver: a closure calling them borrows the receiver shared. */
const RUST_READ_METHODS = new Set(
  `len is_empty contains contains_key starts_with ends_with is_some is_none is_ok is_err abs pow powi powf sqrt min max
  get first last iter chars bytes as_str trim to_lowercase to_uppercase is_ascii_digit is_ascii_alphabetic is_alphabetic
  is_numeric is_alphanumeric is_whitespace is_uppercase is_lowercase signum floor ceil round count sum clone to_string
  wrapping_add wrapping_sub wrapping_mul checked_add checked_sub checked_mul saturating_add saturating_sub rem_euclid
  div_euclid unwrap_or copied cloned keys values is_nan is_finite len_utf8 to_digit`.split(/\s+/),
);

/**
 * Whether a Rust expression can become the body of a `||` closure that is called once right
 * away: it writes nothing, takes no `&mut`, calls no macro, uses no `?`/return/break/await, and
 * calls only methods known to read their receiver when the receiver is a captured place.
 */
export function rustClosureSafe(node: Node): boolean {
  let ok = true;
  const visit = (n: Node) => {
    if (!ok) return;
    switch (n.type) {
      case 'macro_invocation':
      case 'try_expression':
      case 'return_expression':
      case 'break_expression':
      case 'continue_expression':
      case 'await_expression':
      case 'assignment_expression':
      case 'compound_assignment_expr':
      case 'closure_expression':
      case 'unsafe_block':
      case 'block':
      case 'let_condition':
      case 'let_chain':
      case 'yield_expression':
        ok = false;
        return;
      case 'reference_expression':
        if (n.children.some((c) => c?.type === 'mutable_specifier')) ok = false;
        break;
      case 'call_expression': {
        const callee = n.childForFieldName('function');
        if (callee?.type === 'field_expression') {
          const method = callee.childForFieldName('field')?.text ?? '';
          const receiver = callee.childForFieldName('value');
          if (!RUST_READ_METHODS.has(method) && receiver && isPlace(receiver)) ok = false;
        }
        break;
      }
    }
    for (const c of namedChildren(n)) visit(c);
  };
  visit(node);
  return ok;
}

/** A Rust place expression rooted in a variable: `x`, `self.items`, `v[i]`, `*r`. */
function isPlace(n: Node): boolean {
  const inner = unparenthesize(n);
  switch (inner.type) {
    case 'identifier':
    case 'self':
      return true;
    case 'field_expression':
      return isPlace(inner.childForFieldName('value') ?? inner);
    case 'index_expression':
      return isPlace(inner.namedChildren[0] ?? inner);
    case 'unary_expression':
      return isPlace(inner.namedChildren[0] ?? inner);
    default:
      return false;
  }
}

/** The variable a Rust place expression starts from (`self` for `self.x`), or null. */
function placeRoot(n: Node): string | null {
  const inner = unparenthesize(n);
  switch (inner.type) {
    case 'identifier':
    case 'self':
      return inner.text;
    case 'field_expression':
      return placeRoot(inner.childForFieldName('value') ?? inner);
    case 'index_expression':
    case 'unary_expression':
    case 'reference_expression':
      return inner.namedChildren[0] ? placeRoot(inner.namedChildren[0]) : null;
    default:
      return null;
  }
}

/** Nodes between a moved Rust expression and its statement that evaluate nothing else first. */
const RUST_TRANSPARENT = new Set(['parenthesized_expression', 'binary_expression', 'unary_expression', 'type_cast_expression']);

/**
 * Whether a Rust closure reading `captured`, defined before `statement` and called where `node`
 * is, stays valid: the closure borrows what it reads until that call, so nothing else in the
 * statement may move or mutably borrow those names meanwhile. Accepted: the expression is the
 * statement's value (a let, an assignment, a return, the statement itself, an if's condition),
 * possibly inside comparisons, unary operators and casts; and the captured names appear
 * elsewhere in the statement only as the assigned variable (a compound assignment only on a
 * primitive number, whose right side Rust evaluates first). Never in a loop statement, which
 * would keep the closure alive across its body.
 */
export function rustClosureFits(statement: Node, node: Node, captured: ReadonlySet<string>): boolean {
  const stmt = unwrapStatement(statement);
  if (['for_expression', 'while_expression', 'loop_expression'].includes(stmt.type)) return false;
  let slot: Node = node;
  while (slot.parent && slot.id !== stmt.id && RUST_TRANSPARENT.has(slot.parent.type)) slot = slot.parent;
  let scanned: Node = stmt;
  let target: Node | null = null;
  if (slot.id !== stmt.id) {
    if (slot.parent?.id !== stmt.id) return false;
    const field = (name: string) => stmt.childForFieldName(name)?.id === slot.id;
    switch (stmt.type) {
      case 'let_declaration':
        if (!field('value')) return false;
        break;
      case 'assignment_expression':
      case 'compound_assignment_expr': {
        if (!field('right')) return false;
        target = stmt.childForFieldName('left');
        const t = target ? unparenthesize(target) : null;
        if (t && captured.has(placeRoot(t) ?? '')) {
          const primitive = t.type === 'identifier' && rustIsMutableNumber(t, t.text, TYPE_QUERIES);
          if (stmt.type === 'compound_assignment_expr' ? !primitive : t.type !== 'identifier') return false;
        }
        break;
      }
      case 'return_expression':
        break;
      case 'if_expression':
        if (!field('condition')) return false;
        scanned = slot; // the branches run after the call, when the closure is no longer used
        break;
      default:
        return false;
    }
  }
  const elsewhere = descendants(scanned, (n) => {
    if (n.type !== 'identifier' && n.type !== 'self') return false;
    if (n.startIndex >= node.startIndex && n.endIndex <= node.endIndex) return false;
    if (target && n.startIndex >= target.startIndex && n.endIndex <= target.endIndex) return false;
    return captured.has(n.text);
  });
  return elsewhere.length === 0;
}

function unwrapStatement(statement: Node): Node {
  return statement.type === 'expression_statement' ? (statement.namedChildren[0] ?? statement) : statement;
}

/** Whether Java lets a lambda capture the local `name` used at `at`: it is a field, or effectively final. */
export function javaCapturable(at: Node, name: string): boolean {
  const decls = declarationsOf('java', at, name);
  if (decls.length === 0) return true;
  if (decls.every((d) => d.kind === 'field')) {
    // a constructor's lambda may not read a blank final field it has yet to assign
    if (!ancestor(at, ['constructor_declaration'])) return true;
    return !decls.some((d) => d.value === null && /\bfinal\b/.test(namedChildren(d.node).find((c) => c.type === 'modifiers')?.text ?? ''));
  }
  const method = ancestor(at, ['method_declaration', 'constructor_declaration', 'lambda_expression', 'static_initializer']);
  const scope = ancestor(at, ['method_declaration', 'constructor_declaration', 'static_initializer']) ?? method;
  if (!scope) return false;
  for (const d of decls) {
    const hasValue = d.value !== null || d.kind === 'parameter' || d.node.type === 'enhanced_for_statement' || d.kind === 'other';
    if (!hasValue) return false;
  }
  const assigned = descendants(scope, (n) => {
    if (n.type === 'assignment_expression') return unparenthesize(n.childForFieldName('left') ?? n).text === name;
    if (n.type === 'update_expression') return n.namedChildren.some((c) => c !== null && unparenthesize(c).text === name);
    return false;
  });
  return assigned.length === 0;
}

// ---------------------------------------------------------------------------------------------
// TypeScript narrowing

const typeWord = holdingWord(['type']);
const holdingBar = stableTest((text) => text.includes('|'));

/**
 * Whether moving `node` into a closure may lose a narrowing TypeScript applied to what it
 * reads, which becomes a type error: it reads a reference (a variable, `this`, or a member path
 * like `p.name`) that the function narrows somewhere (typeof, instanceof, `in`, comparisons
 * with literals, truthiness, `?.`, `!`, type guard calls, a discriminant `p.kind === 'a'`
 * narrows `p`), or a variable declared with a union, optional or any/unknown type.
 */
export function tsNarrowingHazard(ctx: UnitContext, node: Node): boolean {
  if (!ctx.profile.narrowsOnTests) return false;
  const fn = ancestor(node, FUNCTION_TYPES.typescript);
  const scope = fn ?? ctx.root;
  const narrowed = tsNarrowed(scope);
  for (const ref of descendants(node, (n) => ['identifier', 'this', 'member_expression'].includes(n.type))) {
    const path = referencePath(ref);
    // narrowing a number, string or boolean leaves every operation on it valid
    if (path && narrowed.has(path) && !TS_PRIMITIVE.test(tsDeclaredType(ctx, scope, path) ?? '')) return true;
  }
  const names = new Set(freeNames(ctx, node).map((o) => o.name));
  const unionAliases = perTree(ctx.tree, 'ts-union-aliases', () =>
    new Set(
      // a union alias's text has `type` and `|`: regions without both hold none
      nodesOfType(ctx.root, ['type_alias_declaration'], allOf(holdingBar, typeWord))
        .filter((n) => /\|/.test(n.childForFieldName('value')?.text ?? ''))
        .map((n) => n.childForFieldName('name')?.text ?? ''),
    ),
  );
  for (const d of tsDeclarations(scope)) {
    const id = d.childForFieldName('pattern') ?? d.childForFieldName('name');
    if (!id || !names.has(id.text)) continue;
    const type = d.childForFieldName('type')?.text.replace(/^:\s*/, '') ?? '';
    if (d.type === 'optional_parameter' || /[|?]|\bany\b|\bunknown\b/.test(type)) return true;
    if ((type.match(/[A-Za-z_$][\w$]*/g) ?? []).some((w) => unionAliases.has(w))) return true;
  }
  return false;
}

const TS_DECLARING = ['required_parameter', 'optional_parameter', 'variable_declarator', 'for_in_statement'];

/** Parameters, declarators and for-in/of loops in `scope`, in source order. */
function tsDeclarations(scope: Node): Node[] {
  return perTree(scope.tree, `ts-declarations:${scope.id}`, () => nodesOfType(scope, TS_DECLARING));
}

/** The reference paths `scope` narrows anywhere (see tsNarrowingHazard). */
function tsNarrowed(scope: Node): Set<string> {
  return perTree(scope.tree, `ts-narrowed:${scope.id}`, () => {
    const narrowed = new Set<string>();
    const mark = (n: Node | null) => {
      if (!n) return;
      const inner = unparenthesize(n);
      const path = referencePath(inner);
      if (path) narrowed.add(path);
      if (inner.type === 'call_expression') {
        // a type guard narrows its arguments, a guard method its object
        const callee = inner.childForFieldName('function');
        if (callee?.type === 'member_expression') mark(callee.childForFieldName('object'));
        for (const arg of namedChildren(inner.childForFieldName('arguments') ?? inner)) if (arg !== callee) mark(arg);
      }
      if (inner.type === 'unary_expression' && inner.childForFieldName('operator')?.text === '!') mark(inner.childForFieldName('argument'));
    };
    const literal = (x: Node) => isNullLiteral(x) || TS_LITERALS.includes(unparenthesize(x).type);
    const markCompared = (x: Node) => {
      const inner = unparenthesize(x);
      mark(inner);
      if (inner.type === 'member_expression') mark(inner.childForFieldName('object')); // a discriminant narrows its object
    };
    const visit = (n: Node) => {
      switch (n.type) {
        case 'unary_expression': {
          const op = n.childForFieldName('operator')?.text;
          if (op === 'typeof' || op === '!') mark(n.childForFieldName('argument'));
          break;
        }
        case 'binary_expression': {
          const b = asBinary('typescript', n);
          if (!b) break;
          if (b.operator === 'instanceof') mark(b.left);
          if (b.operator === 'in') mark(b.right);
          if (['&&', '||', '??'].includes(b.operator)) {
            mark(b.left);
            mark(b.right);
          }
          if (['==', '!=', '===', '!=='].includes(b.operator)) {
            if (literal(b.right)) markCompared(b.left);
            if (literal(b.left)) markCompared(b.right);
            if (unparenthesize(b.left).type === 'unary_expression' || unparenthesize(b.right).type === 'unary_expression') {
              mark(b.left);
              mark(b.right);
            }
          }
          break;
        }
        case 'non_null_expression':
          mark(n.namedChildren[0]);
          break;
        case 'member_expression':
        case 'call_expression':
        case 'subscript_expression':
          if (n.children.some((c) => c?.type === 'optional_chain' || c?.type === '?.')) {
            mark(n.childForFieldName('object') ?? n.childForFieldName('function'));
          }
          break;
        case 'if_statement':
        case 'while_statement':
        case 'do_statement':
        case 'ternary_expression':
        case 'for_statement':
          mark(n.childForFieldName('condition'));
          break;
        case 'switch_statement':
          markCompared(n.childForFieldName('value') ?? n);
          break;
      }
      for (const c of namedChildren(n)) visit(c);
    };
    visit(scope);
    return narrowed;
  });
}

const TS_LITERALS = ['string', 'number', 'true', 'false', 'template_string', 'undefined'];

const TS_PRIMITIVE = /^(number|string|boolean|bigint)(\[\])*$/;

/**
 * The declared type of a reference path (`p`, `p.name`) read from annotations, literal
 * initialisers, for-of over an annotated array, and the properties of the file's interfaces
 * and classes; null when this cannot tell or declarations disagree.
 */
function tsDeclaredType(ctx: UnitContext, scope: Node, path: string): string | null {
  return perTree(ctx.tree, `ts-declared-type:${scope.id}:${path}`, () => declaredType(ctx, scope, path));
}

function declaredType(ctx: UnitContext, scope: Node, path: string): string | null {
  const [root, ...members] = path.split('.');
  if (!/^[A-Za-z_$][\w$]*$/.test(root) || root === 'this') return null;
  const types: (string | null)[] = [];
  const annotation = (n: Node) => n.childForFieldName('type')?.text.replace(/^:\s*/, '').trim() ?? null;
  const literalType = (v: Node | null) => {
    const t = v ? unparenthesize(v).type : '';
    if (t === 'number') return 'number';
    if (t === 'string' || t === 'template_string') return 'string';
    return t === 'true' || t === 'false' ? 'boolean' : null;
  };
  for (const d of tsDeclarations(scope)) {
    if (d.type === 'for_in_statement') {
      const left = unparenthesize(d.childForFieldName('left') ?? d);
      if (left.type !== 'identifier' || left.text !== root) continue;
      const over = d.childForFieldName('right');
      const overType = over && d.children.some((c) => c?.type === 'of') ? tsDeclaredType(ctx, scope, over.text) : null;
      // `readonly T[]` holds Ts: the modifier belongs to the array type, and `readonly T` alone does not compile
      types.push(overType?.endsWith('[]') ? overType.slice(0, -2).replace(/^readonly\s+/, '') : null);
      continue;
    }
    const id = d.childForFieldName('pattern') ?? d.childForFieldName('name');
    if (id?.type !== 'identifier' || id.text !== root) continue;
    types.push(annotation(d) ?? (d.type === 'variable_declarator' ? literalType(d.childForFieldName('value')) : null));
  }
  let type = agree(types);
  for (const member of members) {
    if (member === 'length' && type && (type === 'string' || type.endsWith('[]'))) {
      type = 'number';
      continue;
    }
    if (!type || !/^[A-Za-z_$][\w$]*$/.test(type)) return null;
    const named = (n: Node, kinds: string[], name: string) => kinds.includes(n.type) && n.childForFieldName('name')?.text === name;
    const holders = nodesOfType(ctx.root, ['interface_declaration', 'class_declaration']).filter((n) => n.childForFieldName('name')?.text === type);
    if (holders.length !== 1) return null;
    const props = descendants(holders[0], (n) => named(n, ['property_signature', 'public_field_definition'], member));
    type = props.length === 1 && !props[0].text.includes('?') ? annotation(props[0]) : null;
  }
  return type;
}

/** A reference as text without spaces (`x`, `this.items`, `p.name`, `a[0]`), or null for anything else. */
function referencePath(n: Node): string | null {
  const inner = unparenthesize(n);
  switch (inner.type) {
    case 'identifier':
    case 'this':
      return inner.text;
    case 'member_expression': {
      const object = inner.childForFieldName('object');
      const base = object ? referencePath(object) : null;
      return base ? `${base}.${inner.childForFieldName('property')?.text ?? ''}` : null;
    }
    case 'subscript_expression': {
      const object = inner.childForFieldName('object');
      const base = object ? referencePath(object) : null;
      return base ? `${base}[${(inner.childForFieldName('index')?.text ?? '').replace(/\s+/g, '')}]` : null;
    }
    case 'non_null_expression':
      return inner.namedChildren[0] ? referencePath(inner.namedChildren[0]) : null;
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Typed helpers: C

/** Names the expression reads that are locals or parameters of its function (what a C or Java helper takes as parameters). */
export function localNames(ctx: UnitContext, node: Node): string[] {
  return freeNames(ctx, node)
    .filter((o) => {
      const decls = declarationsOf(ctx.lang, node, o.name);
      return decls.length > 0 && decls.some((d) => d.kind !== 'global' && d.kind !== 'field');
    })
    .map((o) => o.name);
}

const C_STORAGE = new Set(['storage_class_specifier', 'attribute_specifier', 'attribute_declaration', 'ms_declspec_modifier']);

/**
 * The parameter declaration that passes the C local `name` (as declared around `at`) to a
 * helper: its type with qualifiers, storage class dropped, and its declarator without the
 * initialiser (`const struct reading *p`, `int grid[3][4]`). Null when the declarations
 * disagree, declare a function pointer or a variable-length array, or use a type that is
 * declared inside a function (invisible to a helper outside it).
 */
export function cParameter(ctx: UnitContext, at: Node, name: string): string | null {
  const decls = declarationsOf('c', at, name);
  if (decls.length === 0) return null;
  // the answer follows from the declarations alone, which every site in their scope shares
  return perTree(ctx.tree, `c parameter ${name}:${decls.map((d) => d.node.id).join(',')}`, () => cParameterOf(ctx, decls, name));
}

function cParameterOf(ctx: UnitContext, decls: ReturnType<typeof declarationsOf>, name: string): string | null {
  let result: string | null = null;
  for (const d of decls) {
    if (d.kind === 'other' || d.kind === 'global' || !d.typeNode) return null;
    const declarator = d.node.childrenForFieldName('declarator').find((x) => x !== null && declaredName(x) === name);
    if (!declarator) return null;
    const plain = declarator.type === 'init_declarator' ? declarator.childForFieldName('declarator') : declarator;
    if (!plain) return null;
    for (const a of descendants(plain, (n) => n.type === 'array_declarator')) {
      const size = a.childForFieldName('size');
      if (size && size.type !== 'number_literal') return null;
    }
    const firstDeclarator = d.node.childrenForFieldName('declarator')[0];
    const specifiers = namedChildren(d.node)
      .filter((c) => firstDeclarator && c.endIndex <= firstDeclarator.startIndex)
      .filter((c) => !C_STORAGE.has(c.type) && !ctx.profile.commentTypes.includes(c.type))
      .map((c) => c.text.replace(/\s+/g, ' '));
    if (specifiers.some((s) => /[{}]/.test(s))) return null;
    if (typeDeclaredLocally(ctx, specifiers.join(' '))) return null;
    const text = `${specifiers.join(' ')} ${plain.text.replace(/\s+/g, ' ')}`.replace(/\s*\*\s*/g, ' *').replace(/ \*(\w)/g, ' *$1');
    if (result !== null && result !== text) return null;
    result = text;
  }
  return result;
}

function declaredName(declarator: Node): string | null {
  let current: Node | null = declarator;
  while (current && current.type !== 'identifier') {
    const next: Node | undefined = namedChildren(current).find((c) => c.type === 'identifier' || c.type.endsWith('declarator'));
    current = current.childForFieldName('declarator') ?? next ?? null;
  }
  return current?.text ?? null;
}

/** Whether a C type text names a struct, union, enum or typedef declared inside a function. */
function typeDeclaredLocally(ctx: UnitContext, typeText: string): boolean {
  return (typeText.match(/[A-Za-z_]\w*/g) ?? []).some((w) => perTree(ctx.tree, `c-local-type:${w}`, () => localTypeNamed(ctx, w)));
}

/**
 * Whether a function of the file defines a type named `word`: only the parts of the file holding
 * the word and a type keyword are read, and each of those once for every word. A region's types
 * defined inside functions are a fact about it (an index, see Narrowing): with a question per
 * word, every word of a declaration's type (`const`, `int`, `size_t`) read again natively the
 * same regions of a 5 MB file, which nearly all hold `int` and a `struct`.
 */
function localTypeNamed(ctx: UnitContext, word: string): boolean {
  const keep = (n: Node) => localTypeName(n) === word;
  return (
    nodesOfType(ctx.root, C_TYPE_DEFINITIONS, allOf(mayHoldTypeDefinition, holdingWord([word])), {
      question: { key: `c local type ${word}`, keep, index: { key: 'c local type names', of: localTypeName, value: word } },
    }).length > 0
  );
}

/** The name of the type a C_TYPE_DEFINITIONS node defines inside a function; null for a use (no body) or a definition outside functions. */
function localTypeName(n: Node): string | null {
  if (n.type !== 'type_definition' && n.childForFieldName('body') === null) return null; // a use, not a definition
  const name = n.type === 'type_definition' ? n.childForFieldName('declarator') : n.childForFieldName('name');
  if (!name || ancestor(n, ['function_definition']) === null) return null;
  return name.text;
}

/**
 * Whether the names an expression uses without a local declaration (globals, functions,
 * macros, enum constants) are all visible at `offset`, where a C helper goes: none of them is
 * declared only inside a function or only after the offset. Names the file never declares come
 * from its headers.
 */
export function cVisibleAt(ctx: UnitContext, node: Node, offset: number): boolean {
  const hazards = macroHazards(ctx.lang, ctx.root);
  for (const o of freeNames(ctx, node)) {
    const decls = declarationsOf(ctx.lang, node, o.name);
    if (decls.some((d) => d.kind !== 'global')) continue;
    if (hazards.has(o.name) && o.name !== 'errno') return false;
    const places = cPlaces(ctx, o.name);
    if (places.length === 0) continue;
    // a declaration inside a body (a compound statement) is local to that function
    if (!places.some((p) => p.startIndex < offset && !ancestor(p, ['compound_statement']))) return false;
  }
  return true;
}

/**
 * Where the file names `name` as a macro, enumerator, function or declared variable, in source
 * order. The name lies in the node that declares it, so only the parts of the file holding the
 * name are read (asking for every name of a large file on every step cost what the file costs).
 */
function cPlaces(ctx: UnitContext, name: string): Node[] {
  const keep = (n: Node) => {
    const names =
      n.type === 'function_declarator'
        ? [declaredName(n)]
        : n.type === 'declaration'
          ? n.childrenForFieldName('declarator').map((d) => d && declaredName(d))
          : [n.childForFieldName('name')?.text];
    return names.includes(name);
  };
  return perTree(ctx.tree, `c-places:${name}`, () =>
    nodesOfType(ctx.root, ['preproc_def', 'preproc_function_def', 'enumerator', 'function_declarator', 'declaration'], holdingWord([name]), {
      question: { key: `c place ${name}`, keep },
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// C arithmetic types

type CArith = 'int' | 'unsigned int' | 'long' | 'unsigned long' | 'long long' | 'unsigned long long' | 'float' | 'double' | 'long double';

const C_RANK: Record<CArith, number> = {
  int: 1, 'unsigned int': 1, long: 2, 'unsigned long': 2, 'long long': 3, 'unsigned long long': 3, float: 10, double: 11, 'long double': 12,
};

const C_TYPEDEFS: Record<string, CArith> = {
  int8_t: 'int', int16_t: 'int', uint8_t: 'int', uint16_t: 'int', int32_t: 'int', uint32_t: 'unsigned int',
  int64_t: 'long', ssize_t: 'long', ptrdiff_t: 'long', intptr_t: 'long', uint64_t: 'unsigned long', size_t: 'unsigned long',
  uintptr_t: 'unsigned long', bool: 'int', _Bool: 'int', wchar_t: 'int',
};

/** A C type's name after integer promotion, for the arithmetic types this knows (LP64: long is 64 bits). */
function cPromoted(typeText: string): CArith | null {
  const words = typeText.split(/\s+/).filter((w) => w && !['const', 'volatile', 'register', 'static', 'extern', 'signed'].includes(w));
  const signedOnly = words.length === 0 && /\bsigned\b/.test(typeText);
  if (signedOnly) return 'int';
  const unsigned = words.includes('unsigned');
  const rest = words.filter((w) => w !== 'unsigned');
  const longs = rest.filter((w) => w === 'long').length;
  const others = rest.filter((w) => w !== 'long' && w !== 'int');
  if (others.length === 0) {
    if (longs === 0) return rest.length > 0 || unsigned ? (unsigned ? 'unsigned int' : 'int') : null;
    if (longs === 1) return unsigned ? 'unsigned long' : 'long';
    return unsigned ? 'unsigned long long' : 'long long';
  }
  if (others.length !== 1) return null;
  const [word] = others;
  if (word === 'char' || word === 'short') return 'int';
  if (unsigned) return null;
  if (word === 'double') return longs === 1 ? 'long double' : longs === 0 ? 'double' : null;
  if (longs > 0) return null;
  if (word === 'float') return 'float';
  return C_TYPEDEFS[word] ?? null;
}

/** The usual arithmetic conversions of two promoted C types. */
function cCommon(a: CArith, b: CArith): CArith {
  if (a === b) return a;
  if (C_RANK[a] >= 10 || C_RANK[b] >= 10) return C_RANK[a] >= C_RANK[b] ? a : b;
  const ua = a.startsWith('unsigned');
  const ub = b.startsWith('unsigned');
  if (ua === ub) return C_RANK[a] >= C_RANK[b] ? a : b;
  const [u, s] = ua ? [a, b] : [b, a];
  if (C_RANK[u] >= C_RANK[s]) return u;
  return s; // the signed type is wider (LP64) and holds every value of the unsigned one
}

/** The type of a C number literal. */
function cLiteralType(text: string): CArith | null {
  const t = text.replace(/'/g, '');
  if (/^0[xX]/.test(t) ? /[pP]/.test(t) : /[.eE]/.test(t)) {
    if (/[fF]$/.test(t)) return 'float';
    return /[lL]$/.test(t) ? 'long double' : 'double';
  }
  const suffix = (/[uUlL]+$/.exec(t)?.[0] ?? '').toLowerCase();
  const digits = t.slice(0, t.length - suffix.length);
  const value = Number(digits.startsWith('0') && /^0[0-7]+$/.test(digits) ? parseInt(digits, 8) : digits);
  const long = suffix.includes('l');
  const unsigned = suffix.includes('u');
  if (!Number.isFinite(value)) return null;
  if (!long && value <= 0x7fffffff) return unsigned ? 'unsigned int' : 'int';
  if (value <= 2 ** 53) return unsigned ? 'unsigned long' : suffix.includes('ll') ? 'long long' : 'long';
  return null;
}

/**
 * The type of a C (or C++) arithmetic expression when every operand's type is known from
 * declarations: variables, array elements, struct members of declared structs, casts to
 * arithmetic types, literals and number macros. Null for anything else (calls, pointers...).
 */
export function cArithmeticType(ctx: UnitContext, node: Node): string | null {
  const macros = perTree(ctx.tree, 'c-object-macros', () => {
    const values = new Map<string, string>();
    for (const d of nodesOfType(ctx.root, ['preproc_def'], mayHoldDirective)) {
      values.set(d.childForFieldName('name')?.text ?? '', d.childForFieldName('value')?.text.trim() ?? '');
    }
    return values;
  });
  const typeOf = (n: Node): CArith | null => {
    const inner = unparenthesize(n);
    switch (inner.type) {
      case 'number_literal':
        return cLiteralType(inner.text);
      case 'char_literal':
        return 'int';
      case 'identifier': {
        const decls = declarationsOf(ctx.lang, inner, inner.text);
        if (decls.length === 0) {
          const value = macros.get(inner.text);
          return value && /^\(?-?[\d.]+[uUlLfF]*\)?$/.test(value) ? cLiteralType(value.replace(/[()-]/g, '')) : null;
        }
        return agree(decls.map((d) => (d.kind === 'other' || d.pointer || d.array || !d.type ? null : cPromoted(d.type))));
      }
      case 'subscript_expression': {
        const arr = unparenthesize(inner.childForFieldName('argument') ?? inner);
        if (arr.type !== 'identifier') return null;
        const decls = declarationsOf(ctx.lang, arr, arr.text);
        if (decls.length === 0) return null;
        // one level: `int a[]`, `int *p`, not `int **p` or `int g[3][4]`
        return agree(
          decls.map((d) => {
            if (d.kind === 'other' || !d.type || d.array === d.pointer) return null;
            const levels = descendants(d.node, (x) => x.type === 'array_declarator' || x.type === 'pointer_declarator').length;
            return levels === 1 ? cPromoted(d.type) : null;
          }),
        );
      }
      case 'field_expression':
        return cFieldType(ctx, inner);
      case 'cast_expression': {
        const type = inner.childForFieldName('type');
        return type && !type.text.includes('*') ? cPromoted(type.text) : null;
      }
      case 'unary_expression': {
        const op = inner.childForFieldName('operator')?.text;
        const arg = inner.childForFieldName('argument');
        if (!arg || op === '!') return null;
        return typeOf(arg);
      }
      case 'binary_expression': {
        const b = asBinary(ctx.lang, inner);
        if (!b || !ARITHMETIC_OPS.has(b.operator)) return null;
        const l = typeOf(b.left);
        const r = typeOf(b.right);
        if (!l || !r) return null;
        if (b.operator === '<<' || b.operator === '>>') return C_RANK[l] >= 10 || C_RANK[r] >= 10 ? null : l;
        if ((b.operator === '%' || ['&', '|', '^'].includes(b.operator)) && (C_RANK[l] >= 10 || C_RANK[r] >= 10)) return null;
        return cCommon(l, r);
      }
      default:
        return null;
    }
  };
  return typeOf(node);
}

function agree<T>(values: (T | null)[]): T | null {
  if (values.length === 0 || values.some((v) => v === null)) return null;
  return values.every((v) => v === values[0]) ? values[0] : null;
}

/** The type of `s.f` or `p->f` where `s` or `p` is declared with a struct type of this file that declares `f`. */
function cFieldType(ctx: UnitContext, node: Node): CArith | null {
  const object = unparenthesize(node.childForFieldName('argument') ?? node);
  const field = node.childForFieldName('field')?.text;
  const arrow = node.children.some((c) => c?.type === '->');
  if (object.type !== 'identifier' || !field) return null;
  const decls = declarationsOf(ctx.lang, object, object.text);
  const structName = agree(decls.map((d) => (d.kind === 'other' || d.array || d.pointer !== arrow || !d.type ? null : d.type)));
  if (!structName) return null;
  const tag = /^(struct|union) (\w+)$/.exec(structName);
  const bodies = descendants(ctx.root, (n) => {
    if (ancestor(n, ['function_definition'])) return false;
    if (tag) {
      const record = n.type === 'struct_specifier' || n.type === 'union_specifier';
      return record && n.childForFieldName('name')?.text === tag[2] && n.childForFieldName('body') !== null;
    }
    return n.type === 'type_definition' && n.childForFieldName('declarator')?.text === structName;
  });
  if (bodies.length !== 1) return null;
  const fields = descendants(bodies[0], (n) => n.type === 'field_declaration');
  for (const f of fields) {
    for (const d of f.childrenForFieldName('declarator')) {
      if (d?.type === 'field_identifier' && d.text === field) {
        const type = f.childForFieldName('type');
        return type ? cPromoted(type.text) : null;
      }
    }
  }
  return null;
}

export const ARITHMETIC_OPS = new Set(['+', '-', '*', '/', '%', '//', '**', '<<', '>>', '&', '|', '^', '&^']);

// ---------------------------------------------------------------------------------------------
// Java

/** Type parameters visible at `at` (a generic method's and its classes'), which a static helper cannot use. */
function javaTypeParameters(at: Node): Set<string> {
  const out = new Set<string>();
  for (let n = at.parent; n; n = n.parent) {
    const params = n.childForFieldName('type_parameters');
    if (!params) continue;
    for (const p of descendants(params, (d) => d.type === 'type_parameter')) {
      const name = namedChildren(p).find((c) => c.type === 'type_identifier' || c.type === 'identifier');
      if (name) out.add(name.text);
    }
  }
  return out;
}

const JAVA_TYPE_DECLARATIONS = ['class_declaration', 'record_declaration', 'enum_declaration', 'interface_declaration'];

/**
 * Classes, records, enums and interfaces declared inside a method: not visible to a sibling method.
 * Kept per tree (every candidate helper asks), from the regions that can declare one.
 */
function javaLocalTypes(root: Node): ReadonlySet<string> {
  return perTree(root.tree, `java-local-types:${root.id}`, () => {
    const out = new Set<string>();
    for (const d of nodesOfType(root, JAVA_TYPE_DECLARATIONS, holdingWord(['class', 'record', 'enum', 'interface']))) {
      if (ancestor(d, ['block'])) out.add(d.childForFieldName('name')?.text ?? '');
    }
    return out;
  });
}

/**
 * Per method name of a class, enum or interface body: true when all its methods of that name are
 * static. Kept per tree, since every unqualified call of every candidate helper asks its class.
 */
function javaStaticMethods(body: Node): ReadonlyMap<string, boolean> {
  return perTree(body.tree, `java-static-methods:${body.id}`, () => {
    const members = body.type === 'enum_body' ? (namedChildren(body).find((c) => c.type === 'enum_body_declarations') ?? body) : body;
    const out = new Map<string, boolean>();
    for (const m of namedChildren(members)) {
      if (m.type !== 'method_declaration') continue;
      const name = m.childForFieldName('name')?.text;
      if (name !== undefined) out.set(name, (out.get(name) ?? true) && isStatic(m));
    }
    return out;
  });
}

function isStatic(decl: Node): boolean {
  const modifiers = namedChildren(decl).find((c) => c.type === 'modifiers');
  return modifiers !== undefined && /\bstatic\b/.test(modifiers.text);
}

/**
 * The parameters of a Java static helper that reads what `node` reads, as `Type name`, or
 * null when a static method cannot: a local whose declared type is unknown (`var` of a
 * non-literal, a lambda parameter) or generic, an instance field, `this`, an unqualified call
 * of an instance method, a constructor call.
 */
export function javaParameters(ctx: UnitContext, node: Node): string[] | null {
  const instance = ['this', 'super', 'object_creation_expression', 'lambda_expression', 'method_reference'];
  if (descendants(node, (n) => instance.includes(n.type)).length > 0) return null;
  const cls = ancestor(node, ['class_body', 'interface_body', 'enum_body']);
  if (!cls) return null;
  for (const call of descendants(node, (n) => n.type === 'method_invocation')) {
    if (call.childForFieldName('object')) continue;
    const name = call.childForFieldName('name')?.text;
    if (name === undefined || javaStaticMethods(cls).get(name) !== true) return null;
  }
  const generic = javaTypeParameters(node);
  const localTypes = javaLocalTypes(ctx.root);
  const params: string[] = [];
  for (const o of freeNames(ctx, node)) {
    const parent = o.node.parent;
    if (parent?.type === 'method_invocation' && parent.childForFieldName('name')?.startIndex === o.start) continue;
    const decls = declarationsOf('java', node, o.name);
    if (decls.length === 0) {
      if (/^[A-Z]/.test(o.name)) continue; // a class name: `Math.max`
      return null;
    }
    if (decls.every((d) => d.kind === 'field')) {
      const fields = javaFieldDeclarations(node, o.name, TYPE_QUERIES);
      if (fields.length === 0 || !fields.every((f) => isStatic(f.node))) return null;
      continue;
    }
    let type: string | null = null;
    for (const d of decls) {
      if (d.kind === 'other' || !d.type) return null;
      let text = d.type;
      if (text === 'var') {
        const literal = d.value ? javaLiteralType(d.value, TYPE_QUERIES) : null;
        if (!literal || literal === 'boxed' || literal === 'other') return null;
        text = literal;
      }
      if (d.node.type === 'spread_parameter') text += '[]';
      else if (d.array && d.typeNode?.type !== 'array_type') text += '[]'.repeat(arrayDims(d.node, o.name));
      if (type !== null && type !== text) return null;
      type = text;
    }
    if (!type) return null;
    const words = type.match(/[A-Za-z_$][\w$]*/g) ?? [];
    if (words.some((w) => generic.has(w) || localTypes.has(w))) return null;
    params.push(`${type} ${o.name}`);
  }
  return params;
}

/** The `[]` count of a C-style Java array declarator `int a[][]`. */
function arrayDims(decl: Node, name: string): number {
  const declarator = descendants(decl, (n) => n.type === 'variable_declarator' && n.childForFieldName('name')?.text === name)[0] ?? decl;
  const dims = declarator.childForFieldName('dimensions')?.text ?? '';
  return Math.max(1, (dims.match(/\[/g) ?? []).length);
}

const JAVA_NUMERIC: readonly JavaType[] = ['int', 'long', 'short', 'byte', 'char', 'float', 'double'];
const JAVA_SIZE_TYPES = new RegExp(
  '^(java\\.util\\.)?(List|ArrayList|LinkedList|Set|HashSet|TreeSet|LinkedHashSet|Map|HashMap|TreeMap|LinkedHashMap|' +
    'Collection|Deque|ArrayDeque|Queue|PriorityQueue|Stack|Vector)\\b',
);

/** Binary numeric promotion. */
function javaPromote(a: JavaType, b: JavaType): JavaType {
  for (const t of ['double', 'float', 'long'] as const) if (a === t || b === t) return t;
  return 'int';
}

/**
 * The type of a Java arithmetic expression (after promotion: `byte * byte` is int), when every
 * operand's type is known: declared variables and fields, array elements, `.length`, literals,
 * casts, `Math` functions, String `length()` and collection `size()`. Null otherwise.
 */
export function javaArithmeticType(node: Node): JavaType | null {
  const typeOf = (n: Node): JavaType | null => {
    const inner = unparenthesize(n);
    const literal = javaLiteralType(inner, TYPE_QUERIES);
    if (literal) return JAVA_NUMERIC.includes(literal) ? literal : null;
    switch (inner.type) {
      case 'identifier':
        return numeric(javaTypeOf(inner, inner.text, TYPE_QUERIES, declarationsOf('java', inner, inner.text).length === 0 ? FIELD : undefined));
      case 'array_access': {
        const arr = unparenthesize(inner.childForFieldName('array') ?? inner);
        return arr.type === 'identifier' ? numeric(javaTypeOf(arr, arr.text, TYPE_QUERIES, ELEMENT)) : null;
      }
      case 'field_access': {
        const object = unparenthesize(inner.childForFieldName('object') ?? inner);
        const field = inner.childForFieldName('field')?.text;
        if (field === 'length' && object.type === 'identifier') return javaTypeOf(object, object.text, TYPE_QUERIES, ELEMENT) ? 'int' : null;
        if (object.type === 'this' && field) return numeric(javaTypeOf(inner, field, TYPE_QUERIES, FIELD));
        return null;
      }
      case 'cast_expression': {
        const type = inner.childForFieldName('type')?.text ?? '';
        return JAVA_NUMERIC.includes(type as JavaType) ? (type as JavaType) : null;
      }
      case 'unary_expression': {
        const op = inner.childForFieldName('operator')?.text;
        const arg = inner.childForFieldName('operand');
        if (!arg || op === '!') return null;
        const t = typeOf(arg);
        return t ? javaPromote(t, 'int') : null;
      }
      case 'method_invocation': {
        const object = inner.childForFieldName('object');
        const name = inner.childForFieldName('name')?.text ?? '';
        const args = namedChildren(inner.childForFieldName('arguments') ?? inner).filter((c) => !c.type.endsWith('comment'));
        if (object?.text === 'Math') {
          if (['sqrt', 'pow', 'floor', 'ceil', 'exp', 'log', 'log10', 'sin', 'cos', 'hypot', 'cbrt'].includes(name)) return 'double';
          if (['abs', 'max', 'min'].includes(name) && args.length > 0) {
            const types = args.map(typeOf);
            if (types.some((t) => t === null)) return null;
            return (types as JavaType[]).reduce((a, b) => javaPromote(a, b), 'int' as JavaType);
          }
          return null;
        }
        if (object?.type === 'identifier' && args.length === 0) {
          const decls = declarationsOf('java', object, object.text);
          const type = agree(decls.map((d) => (d.kind === 'other' ? null : d.type)));
          if (name === 'length' && javaTypeOf(object, object.text, TYPE_QUERIES) === 'String') return 'int';
          if (name === 'size' && type && JAVA_SIZE_TYPES.test(type)) return 'int';
        }
        return null;
      }
      case 'binary_expression': {
        const b = asBinary('java', inner);
        if (!b || !ARITHMETIC_OPS.has(b.operator) && b.operator !== '>>>') return null;
        const l = typeOf(b.left);
        const r = typeOf(b.right);
        if (!l || !r) return null;
        const floating = ['float', 'double'].includes(l) || ['float', 'double'].includes(r);
        if (['<<', '>>', '>>>'].includes(b.operator)) return floating ? null : javaPromote(l, 'int');
        if (['&', '|', '^'].includes(b.operator) && floating) return null;
        return javaPromote(l, r);
      }
      default:
        return null;
    }
  };
  return typeOf(node);
}

function numeric(t: JavaType | null): JavaType | null {
  return t && JAVA_NUMERIC.includes(t) ? t : null;
}

/** The edit that imports a class (after the last import or the package line), or none when the file already has it. */
export function javaImport(ctx: UnitContext, qualified: string): TextEdit | null {
  const pkg = qualified.slice(0, qualified.lastIndexOf('.'));
  const imports = namedChildren(ctx.root).filter((c) => c.type === 'import_declaration');
  const escape = (t: string) => t.replace(/\./g, '\\.');
  if (imports.some((i) => new RegExp(`\\b(${escape(qualified)}|${escape(pkg)}\\.\\*)\\s*;`).test(i.text))) return null;
  const last = imports[imports.length - 1] ?? namedChildren(ctx.root).find((c) => c.type === 'package_declaration');
  if (last) return { start: last.endIndex, end: last.endIndex, text: `\nimport ${qualified};` };
  return { start: 0, end: 0, text: `import ${qualified};\n\n` };
}

/** Whether the Java file declares or imports something else under a class's simple name. */
export function javaNameTaken(ctx: UnitContext, simple: string, qualified: string): boolean {
  if (!ctx.words.has(simple)) return false;
  return !namedChildren(ctx.root).some((c) => c.type === 'import_declaration' && c.text.includes(qualified));
}

/**
 * Whether a Java expression is a constant expression (literals and final variables only): its
 * value may be narrowed implicitly (`byte b = K * 2`) or be required constant, which a call is not.
 */
export function javaConstantExpression(node: Node): boolean {
  return descendants(node, (n) => n.type === 'identifier').every((id) => {
    const decls = declarationsOf('java', id, id.text);
    const all = decls.length > 0 ? decls : javaFieldDeclarations(id, id.text, TYPE_QUERIES);
    return all.length > 0 && all.every((d) => /\bfinal\b/.test(namedChildren(d.node).find((c) => c.type === 'modifiers')?.text ?? ''));
  });
}

// ---------------------------------------------------------------------------------------------
// Go types

const GO_BUILTIN_TYPES = new Set([
  'int', 'int8', 'int16', 'int32', 'int64', 'uint', 'uint8', 'uint16', 'uint32', 'uint64', 'uintptr', 'float32', 'float64', 'byte', 'rune',
  'complex64', 'complex128',
]);

/** A Go type as written, or 'untyped' for constants and literals that take their type from context. */
type GoType = string;

/** The Go nodes goDeclaredType reads. */
const GO_DECLARING = new Set([
  'parameter_declaration', 'variadic_parameter_declaration', 'var_spec', 'const_spec', 'short_var_declaration', 'range_clause',
  'type_switch_statement', 'receive_statement',
]);

/** Declarations of a Go name in a function (parameters, results, var, :=, range) and the file's package-level ones. */
function goDeclaredType(ctx: UnitContext, at: Node, name: string, depth: number): GoType | null {
  if (depth > 8) return null;
  const outerFn = ancestor(at, ['function_declaration', 'method_declaration']);
  // the answer is about the function's (or the file's) declarations of the name, wherever it is
  // asked from: asked afresh for every operand of every site, it scanned the function each time.
  // The depth is part of the question, since the depth limit can cut a deeper answer short
  return perTree(ctx.tree, `go-declared-type:${outerFn?.id ?? 'file'}:${name}:${depth}`, () => goDeclarations(ctx, outerFn, name, depth));
}

function goDeclarations(ctx: UnitContext, outerFn: Node | null, name: string, depth: number): GoType | null {
  const types: (GoType | null)[] = [];
  const scan = (scope: Node, topLevelOnly: boolean) => {
    const nested = (n: Node) => topLevelOnly && n !== scope && (n.type === 'function_declaration' || n.type === 'method_declaration');
    // the table's walk, once per scope: every name an expression reads is looked up in the same list
    const declaring = perTree(ctx.tree, `go-declaring:${scope.id}:${topLevelOnly}`, () =>
      descendants(scope, (d) => GO_DECLARING.has(d.type) && !nested(d), nested),
    );
    for (const n of declaring) {
      switch (n.type) {
        case 'parameter_declaration':
        case 'variadic_parameter_declaration':
          if (n.childrenForFieldName('name').some((x) => x?.text === name)) {
            const t = n.childForFieldName('type')?.text ?? null;
            types.push(n.type === 'variadic_parameter_declaration' ? null : t);
          }
          break;
        case 'var_spec':
        case 'const_spec': {
          const names = n.childrenForFieldName('name');
          const index = names.findIndex((x) => x?.text === name);
          if (index < 0) break;
          const t = n.childForFieldName('type');
          if (t) types.push(t.text);
          else {
            const values = namedChildren(n.childForFieldName('value') ?? n).filter((c) => c.type !== 'comment');
            const v = n.childForFieldName('value') ? values[index] : undefined;
            types.push(v ? (n.type === 'const_spec' ? 'untyped' : goValueType(ctx, v, depth + 1)) : null);
          }
          break;
        }
        case 'short_var_declaration': {
          const left = namedChildren(n.childForFieldName('left') ?? n);
          const index = left.findIndex((x) => x.text === name);
          if (index < 0) break;
          const right = namedChildren(n.childForFieldName('right') ?? n);
          types.push(right.length === left.length ? goValueType(ctx, right[index], depth + 1) : null);
          break;
        }
        case 'range_clause': {
          const left = namedChildren(n.childForFieldName('left') ?? n);
          const index = left.findIndex((x) => x.text === name);
          if (index < 0) break;
          const over = n.childForFieldName('right');
          const overType = over ? goExpressionType(ctx, over, depth + 1) : null;
          if (index === 0) types.push(overType && /^(\[\d*\]|string$)/.test(overType) ? 'int' : null);
          else types.push(overType?.startsWith('[') ? overType.replace(/^\[\d*\]/, '') : overType === 'string' ? 'rune' : null);
          break;
        }
        case 'type_switch_statement':
        case 'receive_statement':
          if (new RegExp(`\\b${name}\\b`).test((n.childForFieldName('alias') ?? n.childForFieldName('left'))?.text ?? '')) types.push(null);
          break;
      }
    }
  };
  if (outerFn) scan(outerFn, false);
  if (types.length === 0) scan(ctx.root, true);
  if (types.length === 0) return null;
  return agree(types);
}

/** The type a Go variable takes from a number, rune or string literal it is initialised with (`1.5` is float64), or null. */
export function goLiteralType(node: Node): GoType | null {
  switch (node.type) {
    case 'int_literal':
      return 'int';
    case 'float_literal':
      return 'float64';
    case 'rune_literal':
      return 'rune';
    case 'interpreted_string_literal':
    case 'raw_string_literal':
      return 'string';
    default:
      return null;
  }
}

/** The type of a Go value expression used to initialise a variable (`0` is int, `1.5` float64, `x * 2` x's type). */
function goValueType(ctx: UnitContext, value: Node, depth: number): GoType | null {
  const inner = unparenthesize(value);
  const literal = goLiteralType(inner);
  if (literal) return literal;
  if (inner.type === 'composite_literal') return inner.childForFieldName('type')?.text ?? null;
  const t = goExpressionType(ctx, inner, depth + 1);
  return t === 'untyped' ? null : t;
}

/**
 * The type of a Go expression, when this can tell: variables with declared or literal types,
 * conversions to basic types, len/cap, elements of slices and arrays, fields of the file's
 * structs; 'untyped' for constant expressions.
 */
export function goExpressionType(ctx: UnitContext, node: Node, depth = 0): GoType | null {
  if (depth > 8) return null;
  const inner = unparenthesize(node);
  switch (inner.type) {
    case 'int_literal':
    case 'float_literal':
    case 'rune_literal':
      return 'untyped';
    case 'interpreted_string_literal':
    case 'raw_string_literal':
      return 'string';
    case 'identifier':
      return goDeclaredType(ctx, inner, inner.text, depth + 1);
    case 'call_expression': {
      const fn = inner.childForFieldName('function');
      const args = namedChildren(inner.childForFieldName('arguments') ?? inner);
      if (!fn) return null;
      if ((fn.text === 'len' || fn.text === 'cap') && !ctx.words.has(`func ${fn.text}`)) return 'int';
      if (GO_BUILTIN_TYPES.has(fn.text) && args.length === 1) return fn.text === 'byte' ? 'uint8' : fn.text === 'rune' ? 'int32' : fn.text;
      return null;
    }
    case 'index_expression': {
      const operand = inner.childForFieldName('operand');
      const t = operand ? goExpressionType(ctx, operand, depth + 1) : null;
      if (t?.startsWith('[')) return t.replace(/^\[\d*\]/, '');
      if (t === 'string') return 'uint8';
      return null;
    }
    case 'selector_expression': {
      const operand = inner.childForFieldName('operand');
      const field = inner.childForFieldName('field')?.text;
      const t = operand ? goExpressionType(ctx, operand, depth + 1) : null;
      return t && field ? goFieldType(ctx, t.replace(/^\*/, ''), field) : null;
    }
    case 'unary_expression': {
      const op = inner.childForFieldName('operator')?.text;
      const arg = inner.childForFieldName('operand');
      return arg && (op === '-' || op === '+' || op === '^') ? goExpressionType(ctx, arg, depth + 1) : null;
    }
    case 'binary_expression': {
      const b = asBinary('go', inner);
      if (!b || !ARITHMETIC_OPS.has(b.operator)) return null;
      const l = goExpressionType(ctx, b.left, depth + 1);
      if (b.operator === '<<' || b.operator === '>>') return l;
      const r = goExpressionType(ctx, b.right, depth + 1);
      if (!l || !r) return null;
      if (l === 'untyped') return r;
      if (r === 'untyped' || l === r) return l;
      return null;
    }
    default:
      return null;
  }
}

function goFieldType(ctx: UnitContext, typeName: string, field: string): GoType | null {
  for (const spec of descendants(ctx.root, (n) => n.type === 'type_spec')) {
    if (spec.childForFieldName('name')?.text !== typeName) continue;
    const struct = spec.childForFieldName('type');
    if (struct?.type !== 'struct_type') return null;
    for (const f of descendants(struct, (n) => n.type === 'field_declaration')) {
      if (f.childrenForFieldName('name').some((x) => x?.text === field)) return f.childForFieldName('type')?.text ?? null;
    }
  }
  return null;
}

/** Whether a Go type is numeric (what a closure returning an arithmetic result may declare). */
export function goNumeric(type: string): boolean {
  return GO_BUILTIN_TYPES.has(type) && !type.startsWith('complex');
}

// ---------------------------------------------------------------------------------------------
// Other small shared checks

/** Whether the node is inside a part of the program that is not evaluated, or must be a constant. */
export function inConstantOrUnevaluated(ctx: UnitContext, node: Node): boolean {
  for (let n: Node | null = node.parent; n; n = n.parent) {
    if (FUNCTION_TYPES[ctx.lang].includes(n.type)) return false;
    switch (n.type) {
      case 'sizeof_expression':
      case 'alignof_expression':
      case 'decltype':
      case 'typeof_expression':
      case 'array_declarator':
      case 'array_type':
      case 'template_argument_list':
      case 'type_arguments':
      case 'switch_label':
      case 'enumerator':
      case 'static_assert_declaration':
      case 'bitfield_clause':
      case 'const_item':
      case 'static_item':
      case 'attribute_item':
      case 'match_pattern':
      case 'range_pattern':
      case 'case_pattern':
      case 'annotation':
      case 'element_value_pair':
        return true;
      case 'case_statement':
      case 'expression_case':
      case 'switch_case': {
        // the case's value must be constant (C, C++, JavaScript for speed's sake), not its body
        const value = n.childForFieldName('value');
        if (value && value.startIndex <= node.startIndex && node.endIndex <= value.endIndex) return true;
        break;
      }
      case 'declaration':
      case 'local_variable_declaration':
      case 'field_declaration':
        const specifiers = namedChildren(n).filter((c) => c.type !== 'init_declarator').map((c) => c.text);
        if (/\b(constexpr|static|consteval|constinit)\b/.test(specifiers.join(' '))) return true;
        break;
      case 'array_expression':
        // Rust `[x; N]`: the length must be a constant
        if (n.childForFieldName('length')?.startIndex === node.startIndex) return true;
        break;
    }
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Helpers that take what they read as parameters

/**
 * A helper function for an expression, taking the locals it reads as parameters: what a
 * person writes when extracting a function, and what stays readable wherever the expression
 * was (a zero-argument closure defined in a loop, called once, only re-states the expression).
 * C and Java: a static function next to the host (staticHelper). Python: a nested def at the
 * top of the host's body (it may read `self` there). JavaScript and TypeScript: an arrow
 * function at the top of the host's body (TypeScript's parameters typed from declarations).
 * C++: a generic lambda at the top of the host's body that captures nothing but the object
 * (`[&]` with every local passed). Go: a function next to the host, its parameters typed from
 * declarations. Rust: a closure at the top of the body whose parameters are typed from
 * declarations, only with Copy types (a Vec passed by value would move).
 */
export interface ParamHelper {
  /** The edits that define the helper, given its name and the text it returns. */
  define(name: string, body: string): TextEdit[];
  /** The call that takes the expression's place. */
  call(name: string): string;
  /** Its parameters' names. */
  params: readonly string[];
}

/** Where a helper at the top of `host`'s body goes: before its first statement that may be preceded. */
export function bodyTop(ctx: UnitContext, host: FunctionInfo): LocalSpot | null {
  if (!host.body) return null;
  const statements = bodyStatements(ctx, host.body);
  const { points, offsets } = pointsOf(ctx);
  for (let i = lowerBound(offsets, statements.startIndex); i < points.length && points[i].offset <= statements.endIndex; i++) {
    const parent = points[i].before.parent;
    if (parent && sameNode(statements, parent)) return ctx.inUnit(points[i].before) ? { offset: points[i].offset, indent: points[i].indent, statement: points[i].before } : null;
  }
  return null;
}

/**
 * The locals (and parameters) of the functions around `expr` that it reads, in order of first
 * reading, as their first occurrences; null when one of them is called (a local function
 * defined later would not be seen from the top of the body in every language).
 */
function readLocals(ctx: UnitContext, expr: Node, host: FunctionInfo): Occurrence[] | null {
  const free = freeNames(ctx, expr);
  if (free.length === 0) return [];
  const names = new Set(free.map((o) => o.name));
  const local = new Set<string>();
  for (const o of occurrencesIn(host.node, ctx.lang)) {
    if (o.role !== 'plain' || !names.has(o.name) || local.has(o.name)) continue;
    const d = declarationOf(ctx.lang, o.node);
    if (d && d.scope.start <= expr.startIndex && expr.endIndex <= d.scope.end) local.add(o.name);
  }
  const out: Occurrence[] = [];
  for (const o of free) {
    if (!local.has(o.name)) continue;
    const parent = o.node.parent;
    if (parent && ['call', 'call_expression'].includes(parent.type) && parent.childForFieldName('function')?.id === o.node.id) return null;
    out.push(o);
  }
  return out;
}

/** The type TypeScript declares for a name where `at` reads it, from the innermost function outwards. */
function tsTypeAt(ctx: UnitContext, at: Node, name: string): string | null {
  for (let scope = ancestor(at, FUNCTION_TYPES.typescript); scope; scope = ancestor(scope, FUNCTION_TYPES.typescript)) {
    const type = tsDeclaredType(ctx, scope, name);
    if (type) return type;
  }
  return null;
}

/**
 * A helper with parameters for `expr`, or null where this language or this expression has
 * none. `result`: the helper's result type where the language writes one (C, Java, Go).
 */
export function paramHelper(ctx: UnitContext, expr: Node, result: string | null): ParamHelper | null {
  const host = hostFunction(ctx, expr);
  if (!host || !host.body) return null;
  const lang = ctx.lang;
  const form = ctx.profile.helpers.parameterHelper;
  if (form === 'static') {
    const helper = staticHelper(ctx, expr, expr);
    if (!helper || !result) return null;
    return {
      params: helper.args,
      define: (name, body) => [insertHelper(helper.helperAt, staticHelperLines(ctx, helper, result, name, body))],
      call: (name) => `${name}(${helper.args.join(', ')})`,
    };
  }
  const read = readLocals(ctx, expr, host);
  if (!read) return null;
  // Python methods read `self` (or `cls`) where the nested def stands; the others are passed
  const own = ctx.profile.helpers.receiverFirstParameter && host.container ? (parametersOf(ctx, host)[0] ?? null) : null;
  const args = read.map((o) => o.name).filter((n) => n !== own);
  if (form === 'function') {
    const spot = staticSpot(ctx, host);
    if (!spot || !result) return null;
    const typed: string[] = [];
    for (const o of read) {
      const type = goExpressionType(ctx, o.node);
      if (!type || type === 'untyped') return null;
      // a struct passed by value is a copy: reading its fields reads the same, calling its methods may not
      const plain = GO_BUILTIN_TYPES.has(type) || ['string', 'bool'].includes(type) || /^(\*|\[|map\[)/.test(type);
      if (!plain && !onlyFieldsRead(expr, o.name)) return null;
      typed.push(`${o.name} ${type}`);
    }
    const unit = ctx.indentUnit;
    return {
      params: args,
      define: (name, body) => [insertHelper(spot, [`func ${name}(${typed.join(', ')}) ${result} {`, `${unit}return ${body}`, '}'])],
      call: (name) => `${name}(${args.join(', ')})`,
    };
  }
  const spot = bodyTop(ctx, host);
  if (!spot) return null;
  // the language's form: a nested def, a closure, a lambda, an arrow function (languages/<id>/localHelper.ts)
  const local = ctx.profile.helpers.localHelper;
  const lines = local?.(expr, host, args, {
    indentUnit: ctx.indentUnit,
    descendants,
    writtenDeclarations: (at, name) => declarationsOf(lang, at, name),
    freeNames: (node) => freeNames(ctx, node),
    declaredType: (at, name) => tsTypeAt(ctx, at, name),
  });
  if (!lines) return null;
  return {
    params: args,
    define: (name, body) => [insertLocal(spot, lines(name, body))],
    call: (name) => `${name}(${args.join(', ')})`,
  };
}

/** Whether the expression only reads fields of `name` (`p.weight`), never calls a method on it or uses it whole. */
function onlyFieldsRead(expr: Node, name: string): boolean {
  return descendants(expr, (n) => n.type === 'identifier' && n.text === name).every((id) => {
    const p = id.parent;
    if (p?.type !== 'selector_expression' || p.childForFieldName('operand')?.id !== id.id) return false;
    return !(p.parent?.type === 'call_expression' && p.parent.childForFieldName('function')?.id === p.id);
  });
}

/** The names of a function's parameters, in order (Python: for the `self` of a method). */
function parametersOf(ctx: UnitContext, fn: FunctionInfo): string[] {
  const list = fn.node.childForFieldName('parameters');
  return list ? namedChildren(list).filter((p) => p.type === 'identifier').map((p) => p.text) : [];
}
