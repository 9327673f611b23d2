import type { Node } from 'web-tree-sitter';
import type { FunctionInfo } from '../languages/functions';
import type { LanguageId } from '../languages/languageIds';
import { GO_BUILTIN_TYPES, goExpressionType } from '../languages/go/expressionTypes';
import { cParameter, cVisibleAt } from '../languages/c/helperTypes';
import type { CHelperQueries } from '../languages/c/helperTypes';
import { javaParameters } from '../languages/java/helperTypes';
import type { JavaHelperQueries } from '../languages/java/helperTypes';
import { tsNarrowingHazard, tsTypeAt } from '../languages/typescript/narrowing';
import type { NarrowingQueries } from '../languages/typescript/narrowing';
import type { Rng } from '../random';
import type { TextEdit } from '../text/edits';
import { lowerBound, upperBound } from '../sorted';
import { lineEnd, lineStart } from '../text/lines';
import type { UnitContext } from './context';
import { joinIdentifier, splitIdentifier } from '../text/identifiers';
import { C_TYPE_DEFINITIONS, declarationOf, mayHoldDirective, mayHoldTypeDefinition, Occurrence, occurrencesIn } from './bindings';
import { declarationsOf, TYPE_QUERIES } from './declarations';
import { effectsOf, isNullLiteral, macroDefinitions, macroHazards } from './expressions';
import { allOf, ancestor, descendants, fieldName, holdingWord, namedChildren, nodesOfType, spanOf, stableTest } from './nodes';
import { InsertionPoint, insertionPoints } from './statements';
import { Attached } from '../attached';

/**
 * What the methods that add a function or a closure share (insert-junk-function, extract-if,
 * extract-arithmetic): where a new function goes next to the unit's function, where a local
 * closure goes before a statement, which variables an expression reads, whether a closure may
 * capture them, and the types a typed helper (C, Java) needs for its parameters and result.
 * Each language's readers of those lie in its folder (languages/c/helperTypes.ts,
 * java/helperTypes.ts, arithmetic.ts, captures.ts, imports.ts, go/expressionTypes.ts,
 * typescript/narrowing.ts, cpp/captures.ts, rust/closures.ts), which get the syntax layer's
 * answers through one query object each (TYPE_QUERIES, C_HELPER_QUERIES, JAVA_HELPER_QUERIES,
 * NARROWING_QUERIES).
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

/** Whether a function's definition may have a sibling definition next to it, and whether that sibling is a member. */
function siblingKind(ctx: UnitContext, fn: FunctionInfo): { ok: boolean; member: boolean } {
  const parent = fn.outer.parent;
  if (!parent || !ctx.profile.helpers.definitionHolders.includes(parent.type)) return { ok: false, member: false };
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
    const typed = args.map((n) => cParameter(ctx, expr, n, C_HELPER_QUERIES));
    if (typed.some((p) => p === null) || !cVisibleAt(ctx, expr, spot.offset, C_HELPER_QUERIES)) return null;
    params = typed as string[];
  } else {
    const typed = javaParameters(ctx, expr, JAVA_HELPER_QUERIES);
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
    if (ctx.profile.blocks.functionScopes.includes(n.type) || CLASS_LIKE.includes(n.type)) return null;
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

// What each language's closures may capture: languages/cpp/captures.ts, rust/closures.ts, java/captures.ts.

// ---------------------------------------------------------------------------------------------
// Narrowing (TypeScript's readers: languages/typescript/narrowing.ts)

/** The syntax layer's answers to TypeScript's readers of narrowing and declared types: one object for every call. */
const NARROWING_QUERIES: NarrowingQueries<UnitContext> = {
  ...TYPE_QUERIES,
  freeNames,
  nodesOfType,
  allOf,
  holdingType: holdingWord(['type']),
  holdingBar: stableTest((text) => text.includes('|')),
  isNullLiteral,
};

/**
 * Whether moving `node` into a closure may lose a narrowing the language's type checker applied
 * to what it reads, which becomes a type error (where `narrowsOnTests` holds: TypeScript).
 */
export function losesNarrowing(ctx: UnitContext, node: Node): boolean {
  return ctx.profile.narrowsOnTests && tsNarrowingHazard(ctx, node, NARROWING_QUERIES);
}

// ---------------------------------------------------------------------------------------------
// Typed helpers: C (the readers of C parameters and arithmetic types: languages/c/helperTypes.ts)

/** Names the expression reads that are locals or parameters of its function (what a C or Java helper takes as parameters). */
export function localNames(ctx: UnitContext, node: Node): string[] {
  return freeNames(ctx, node)
    .filter((o) => {
      const decls = declarationsOf(ctx.lang, node, o.name);
      return decls.length > 0 && decls.some((d) => d.kind !== 'global' && d.kind !== 'field');
    })
    .map((o) => o.name);
}

/**
 * The syntax layer's answers to C's readers of parameters, visibility and arithmetic types
 * (languages/c/helperTypes.ts): one object for every call, which callers pass down.
 */
export const C_HELPER_QUERIES: CHelperQueries<UnitContext> = {
  ...TYPE_QUERIES,
  freeNames,
  nodesOfType,
  allOf,
  holdingWord,
  mayHoldDirective,
  mayHoldTypeDefinition,
  typeDefinitions: C_TYPE_DEFINITIONS,
  macroHazards,
};

export const ARITHMETIC_OPS = new Set(['+', '-', '*', '/', '%', '//', '**', '<<', '>>', '&', '|', '^', '&^']);

// ---------------------------------------------------------------------------------------------
// Java

/**
 * The syntax layer's answers to Java's reader of static helper parameters
 * (languages/java/helperTypes.ts): one object for every call.
 */
const JAVA_HELPER_QUERIES: JavaHelperQueries<UnitContext> = {
  ...TYPE_QUERIES,
  freeNames,
  nodesOfType,
  holdingWord,
};

// Java's static helper parameters: languages/java/helperTypes.ts.
// Java's arithmetic types, constant expressions and imports: languages/java/arithmetic.ts, captures.ts, imports.ts.

// ---------------------------------------------------------------------------------------------
// Go types: languages/go/expressionTypes.ts.

// ---------------------------------------------------------------------------------------------
// Other small shared checks

/** Whether the node is inside a part of the program that is not evaluated, or must be a constant. */
export function inConstantOrUnevaluated(ctx: UnitContext, node: Node): boolean {
  for (let n: Node | null = node.parent; n; n = n.parent) {
    if (ctx.profile.blocks.functionScopes.includes(n.type)) return false;
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
      const type = goExpressionType(ctx, o.node, TYPE_QUERIES);
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
    declaredType: (at, name) => tsTypeAt(ctx, at, name, NARROWING_QUERIES),
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
