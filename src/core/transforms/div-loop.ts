import type { Node } from 'web-tree-sitter';
import { profileOf } from '../languages/profiles';
import type { LanguageId } from '../languages/languageIds';
import type { ClauseHeader, CountedLoop, CountedQueries } from '../languages/countedLoops';
import { rewritten } from '../languages/countedLoops';
import { readCountedLoop as readClauseLoop } from '../languages/go/countedLoops';
import { readCountedLoop as readRangeCallLoop } from '../languages/python/countedLoops';
import { readCountedLoop as readRangeExpressionLoop } from '../languages/rust/countedLoops';
import type { UnitContext } from '../syntax/context';
import { catalogued } from './catalogue';
import { APPLICABLE, Method, Site } from './method';
import { declarationOf } from '../syntax/bindings';
import { declarationsRead, enclosingFunction } from '../syntax/declarations';
import { asBinary, effectsOf, macroHazards, needsParens, unparenthesize } from '../syntax/expressions';
import { scanJumps } from '../syntax/loops';
import { allChildren, descendants, fieldName, holdingWord, identifiersIn, identifiersNamed, identifiersWhere, namedChildren, nodesOfType, perTree } from '../syntax/nodes';
import { cTypeFromText, numericType } from '../syntax/numeric';
import { blockStatements, inHelper, onlyPlaceholders, splitLoopIds } from '../syntax/shapes';
import { insertionPoints } from '../syntax/statements';
import { breakable } from '../syntax/switches';

/**
 * Splits a counted loop over `a..b` into two loops over `a..m` and `m..b`, with `m` computed
 * once before them and chosen between `a` and `b` whatever their order, so that together the
 * two loops run exactly the original iterations in the original order:
 * - from 0: `m = b / 2` (C-like division truncates towards zero, so `m` never passes `b`; Python
 *   floors, JavaScript floors and, for `<=`, never goes below 0);
 * - from any other start: `m = a < b ? a + (b - a) / 2 : a`, which never computes `b - a`
 *   when it would be negative (unsigned types, Rust's usize) and otherwise stays in `[a, b]`;
 *   Python's `(a + b) // 2` cannot overflow.
 * The first loop runs while `i < m`, the second from `m` with the original test (`<` or `<=`).
 *
 * Declined: a `break` of the loop's own (the second loop would still run), labelled jumps and
 * gotos, a body that writes the index (C-like, Go, JavaScript) or may change the bound, an
 * index declared outside the loop's header, a bound that is not side-effect-free, statics in
 * the body (two copies would be two statics), an index captured by closures where Go 1.19
 * shares it between iterations. Where the range is evaluated once (Python, Rust), a bound that
 * the body may change is first copied into a temporary.
 */

/** A counted loop as the method splits it (languages/countedLoops.ts: the languages' readers give it too). */
type Counted = CountedLoop;

// ---------------------------------------------------------------------------------------------
// Recognising counted loops

/** `i < b`, `i <= b`, `b > i`, `b >= i`: the bound and whether it is inclusive. */
function boundOf(l: LanguageId, cond: Node, index: string): { bound: Node; inclusive: boolean } | null {
  const b = asBinary(l, unparenthesize(cond));
  if (!b) return null;
  const isIndex = (n: Node) => unparenthesize(n).type === 'identifier' && unparenthesize(n).text === index;
  let bound: Node;
  let op = b.operator;
  if (isIndex(b.left)) bound = b.right;
  else if (isIndex(b.right)) {
    bound = b.left;
    op = { '>': '<', '>=': '<=' }[op] ?? '';
  } else return null;
  if (op !== '<' && op !== '<=') return null;
  if (identifiersIn(bound).includes(index)) return null;
  return { bound, inclusive: op === '<=' };
}

/** `i++`, `++i`, `i += 1`, `i = i + 1` (and Go's statements of the same). */
function stepsByOne(l: LanguageId, update: Node, index: string): boolean {
  const u = unparenthesize(update);
  const one = (n: Node | null) => n !== null && unparenthesize(n).text === '1';
  const isIndex = (n: Node | null) => n !== null && unparenthesize(n).type === 'identifier' && unparenthesize(n).text === index;
  const single = (n: Node | null) => (n && ['expression_list'].includes(n.type) ? (namedChildren(n).length === 1 ? namedChildren(n)[0] : null) : n);
  switch (u.type) {
    case 'update_expression':
      return u.children.some((c) => c?.type === '++') && isIndex(namedChildren(u)[0] ?? null);
    case 'inc_statement':
      return isIndex(namedChildren(u)[0] ?? null);
    case 'assignment_expression':
    case 'augmented_assignment_expression':
    case 'assignment_statement': {
      const left = single(u.childForFieldName('left'));
      const right = single(u.childForFieldName('right'));
      const op = u.childForFieldName('operator')?.text ?? '=';
      if (!isIndex(left)) return false;
      if (op === '+=') return one(right);
      if (op !== '=' || !right) return false;
      const sum = asBinary(l, unparenthesize(right));
      return sum !== null && sum.operator === '+' && ((isIndex(sum.left) && one(sum.right)) || (one(sum.left) && isIndex(sum.right)));
    }
    default:
      return false;
  }
}

/** A three-clause loop with its header in fields of its own (C, C++, Java, JavaScript, TypeScript), its index declared alone. */
function fieldHeaderLoop(ctx: UnitContext, loop: Node): Counted | null {
  const l = ctx.lang;
  const init = loop.childForFieldName('initializer') ?? loop.childForFieldName('init');
  const cond = loop.childForFieldName('condition');
  const update = loop.childForFieldName('update') ?? loop.childForFieldName('increment');
  const body = loop.childForFieldName('body');
  if (!init || !cond || !update || !body || cond.type === ';') return null;
  if (loop.childrenForFieldName('update').length > 1 || loop.childrenForFieldName('init').length > 1) return null;
  // the index is declared in the header, alone: `int i = a`, `let i = a`
  let index: Node | null = null;
  let start: Node | null = null;
  let type: string | null = null;
  if (init.type === 'declaration' || init.type === 'local_variable_declaration') {
    const declarators = init.childrenForFieldName('declarator');
    const d = declarators.length === 1 ? declarators[0] : null;
    index = d?.childForFieldName(init.type === 'declaration' ? 'declarator' : 'name') ?? null;
    start = d?.childForFieldName('value') ?? null;
    type = init.childForFieldName('type')?.text ?? null;
    if (d?.type === 'variable_declarator' && d.childForFieldName('dimensions')) return null;
  } else if (init.type === 'lexical_declaration') {
    const declarators = namedChildren(init).filter((c) => c.type === 'variable_declarator');
    if (declarators.length !== 1 || allChildren(init)[0]?.text !== 'let') return null;
    index = declarators[0].childForFieldName('name');
    start = declarators[0].childForFieldName('value');
  }
  if (!index || index.type !== 'identifier' || !start) return null;
  // `declaration` is C's and C++'s node, `local_variable_declaration` Java's
  if (init.type === 'declaration') {
    if (/\b(static|thread_local)\b/.test(init.text)) return null;
    const t = type ? cTypeFromText(type) : null;
    if (!t || t.family !== 'int') return null;
  }
  if (init.type === 'local_variable_declaration') {
    if (type === 'var') type = start.type === 'decimal_integer_literal' ? 'int' : null;
    if (type !== 'int' && type !== 'long') return null;
  }
  const name = index.text;
  const bounds = boundOf(l, cond, name);
  if (!bounds || !stepsByOne(l, update, name)) return null;
  const condNode = cond.type === 'expression_statement' ? (namedChildren(cond)[0] ?? cond) : cond;
  return threeClause(ctx, loop, { index: name, start, cond: condNode, bounds, body, type });
}

/** A three-clause loop: the first loop stops at the midpoint (its condition), the second starts there (its start). */
function threeClause(
  ctx: UnitContext,
  loop: Node,
  parts: { index: string; start: Node; cond: Node; bounds: { bound: Node; inclusive: boolean }; body: Node; type: string | null },
): Counted {
  const { index, start, cond, bounds, body, type } = parts;
  return {
    stmt: loop,
    loop,
    index,
    start,
    bound: bounds.bound,
    inclusive: bounds.inclusive,
    body,
    type,
    first: (mid) => rewritten(ctx.source, loop, [[cond, `${index} < ${mid}`]]),
    second: (mid) => rewritten(ctx.source, loop, [[start, mid]]),
  };
}

/** A three-clause header read by the language (languages/go/countedLoops.ts) made a counted loop, as fieldHeaderLoop makes its own. */
function clauseCounted(ctx: UnitContext, loop: Node, header: ClauseHeader): Counted | null {
  const { index, start, cond, update, body, type } = header;
  const bounds = boundOf(ctx.lang, cond, index);
  if (!bounds || !stepsByOne(ctx.lang, update, index)) return null;
  return threeClause(ctx, loop, { index, start, cond, bounds, body, type });
}

/** What the languages' readers of counted loops (languages/<id>/countedLoops.ts) ask of the syntax layer and of this method: made once. */
const COUNTED_QUERIES: CountedQueries<UnitContext> = { namedChildren, allChildren, numericType, rebound, threeClause: clauseCounted };

function countedLoop(ctx: UnitContext, loop: Node): Counted | null {
  const loops = ctx.profile.loops;
  // the languages that write a counted loop their own way read it in their folders
  if (loops.counted === 'range-call') return readRangeCallLoop(ctx, loop, COUNTED_QUERIES);
  if (loops.counted === 'range-expression') return readRangeExpressionLoop(ctx, loop, COUNTED_QUERIES);
  // a header in a clause of its own: Go's `for_clause`
  return loops.headerClauses ? readClauseLoop(ctx, loop, COUNTED_QUERIES) : fieldHeaderLoop(ctx, loop);
}

// ---------------------------------------------------------------------------------------------
// Hazards

function rebound(ctx: UnitContext, name: string): boolean {
  return identifiersWhere(ctx.root, name, `${ctx.lang} declares`, (n) => declarationOf(ctx.lang, n) !== null).length > 0;
}

/** A `break` that leaves this loop (not an inner loop or switch, not a nested function). */
function ownBreak(l: LanguageId, body: Node): boolean {
  const { functionScopes } = profileOf(l).blocks;
  const visit = (n: Node): boolean => {
    if (functionScopes.includes(n.type)) return false;
    if (n.type === 'break_statement' || n.type === 'break_expression') return true;
    if (n !== body && breakable(l, n)) return false;
    return namedChildren(n).some(visit);
  };
  return visit(body);
}

const ASSIGNMENTS = new Set([
  'assignment_expression', 'augmented_assignment_expression', 'compound_assignment_expr', 'assignment', 'augmented_assignment', 'assignment_statement',
]);
/** Nodes through which a name on an assignment's left is not the thing assigned: `a[i] = ...`, `s.i = ...`. */
const READ_THROUGH = new Set([
  'subscript_expression', 'subscript', 'index_expression', 'array_access', 'field_expression', 'member_expression', 'attribute',
  'selector_expression', 'field_access', 'call_expression', 'call', 'method_invocation', 'slice_expression',
]);

/** Whether an occurrence of a variable may change it: assigned, incremented, address taken, bound again, passed by reference (C++). */
function writes(ctx: UnitContext, id: Node): boolean {
  const l = ctx.lang;
  const { variables, expressions } = ctx.profile;
  for (let child = id, p = id.parent; p; child = p, p = p.parent) {
    if (READ_THROUGH.has(p.type) && namedChildren(p)[0]?.id !== child.id) return false;
    if (READ_THROUGH.has(p.type)) {
      // the object of a member or subscript: written only through it, not rebound; a member call on a
      // class value runs the class's code, which may change the value in place (C++'s `v.push_back(x)`)
      if (!variables.classValuesRunCode || p.type !== 'field_expression' || child.id !== id.id) return false;
      const method = p.childForFieldName('field')?.text ?? '';
      return !(p.parent?.type === 'call_expression' && ['size', 'length', 'empty', 'at', 'find', 'count'].includes(method));
    }
    if (ASSIGNMENTS.has(p.type)) return fieldName(child) === 'left';
    if ((p.type === 'for_in_statement' || p.type === 'range_clause') && fieldName(child) === 'left') return true;
    if (['update_expression', 'inc_statement', 'dec_statement'].includes(p.type)) return true;
    if (p.type === 'pointer_expression' || p.type === 'reference_expression') return true;
    if (p.type === 'unary_expression' && allChildren(p)[0]?.text === '&') return true;
    // an argument may be bound to a reference parameter (C++'s `void f(int &n)`)
    if (p.type === 'argument_list' && variables.referenceVariables) return true;
    // `std::cin >> n` reads into n
    if (expressions.streamShifts && p.type === 'binary_expression' && asBinary(l, p)?.operator === '>>') return true;
    // a local that comes to be by assignment: `for`, `with ... as`, `except ... as`, `:=` bind it too
    if (variables.declaredByAssignment && declarationOf(l, id) !== null) return true;
    if (['expression_list', 'parenthesized_expression', 'pattern_list', 'tuple_pattern', 'array_pattern', 'object_pattern', 'list_pattern', 'tuple'].includes(p.type)) continue;
    return false;
  }
  return false;
}

function occurrences(scope: Node, name: string): Node[] {
  return identifiersNamed(scope, name);
}

/**
 * Whether a bound that is re-evaluated every iteration (C-like, Go) keeps its value while the
 * body runs: it only reads locals (or anything, when the body calls nothing) that neither the
 * body nor an alias writes, and the lengths of collections the body only indexes.
 */
function stableBound(ctx: UnitContext, counted: Counted, fn: Node): boolean {
  const l = ctx.lang;
  const { bound, body } = counted;
  const hazards = macroHazards(l, ctx.root);
  const effects = effectsOf(l, bound, hazards);
  const lengths = lengthObjects(ctx, bound);
  if (lengths === null || identifiersIn(bound).some((n) => hazards.has(n))) return false;
  if (effects.has('write') || effects.has('suspend') || effects.has('binding') || effects.has('deref')) return false;
  const calls = descendants(body, (n) => ['call_expression', 'method_invocation', 'call', 'new_expression', 'object_creation_expression'].includes(n.type));
  for (const name of new Set(identifiersIn(bound))) {
    if (occurrences(body, name).some((id) => writes(ctx, id))) return false;
    if (!isLocal(l, fn, name, bound) && calls.length > 0) return false;
    if (aliased(ctx, fn, name)) return false;
    if (lengths.has(name)) {
      for (const id of occurrences(body, name)) {
        const p = id.parent!;
        const indexed = READ_THROUGH.has(p.type) && namedChildren(p)[0]?.id === id.id && ['subscript_expression', 'index_expression', 'array_access'].includes(p.type);
        // an array assigned past its end may grow (JavaScript)
        const assigned = p.parent && ASSIGNMENTS.has(p.parent.type) && fieldName(p) === 'left';
        const sameLength = sameLengthRead(ctx, id, bound);
        if (!(indexed && !(ctx.profile.variables.arraysGrowOnAssignment && assigned)) && !sameLength) return false;
      }
    }
  }
  return true;
}

/**
 * The collections whose length the bound reads (`xs.length`, `v.size()`, `len(xs)`), or null
 * when the bound does anything else than read names, literals, arithmetic and such lengths.
 */
function lengthObjects(ctx: UnitContext, bound: Node): Set<string> | null {
  const l = ctx.lang;
  const out = new Set<string>();
  let ok = true;
  const visit = (n: Node) => {
    if (!ok) return;
    const object = lengthOf(ctx, n);
    if (object) {
      out.add(object);
      return;
    }
    if (n.type === 'identifier' || ['number_literal', 'integer_literal', 'decimal_integer_literal', 'int_literal', 'integer', 'number'].includes(n.type)) return;
    if (n.type === 'parenthesized_expression' || asBinary(l, n) !== null || (n.type === 'unary_expression' && allChildren(n)[0]?.text === '-')) {
      namedChildren(n).forEach(visit);
      return;
    }
    ok = false;
  };
  visit(bound);
  return ok ? out : null;
}

/** The name whose length `n` reads, in the forms the language reads lengths with (its profile's lengthReads). */
function lengthOf(ctx: UnitContext, n: Node): string | null {
  const plain = (x: Node | null | undefined) => (x && x.type === 'identifier' ? x.text : null);
  const forms = ctx.profile.expressions.lengthReads;
  // `xs.length`: JavaScript's member_expression, Java's field_access
  if (forms.includes('member')) {
    if (n.type === 'member_expression' && n.childForFieldName('property')?.text === 'length') return plain(n.childForFieldName('object'));
    if (n.type === 'field_access' && n.childForFieldName('field')?.text === 'length') return plain(n.childForFieldName('object'));
  }
  if (forms.includes('size-method')) {
    // Java's method_invocation
    if (n.type === 'method_invocation' && ['length', 'size'].includes(n.childForFieldName('name')?.text ?? '') && namedChildren(n.childForFieldName('arguments')!).length === 0) {
      return plain(n.childForFieldName('object'));
    }
    // C++'s call of a field_expression, on an object (`.`) rather than through a pointer
    if (n.type === 'call_expression' && namedChildren(n.childForFieldName('arguments')!).length === 0) {
      const fn = n.childForFieldName('function');
      if (fn?.type === 'field_expression' && ['size', 'length'].includes(fn.childForFieldName('field')?.text ?? '') && fn.text.includes('.')) return plain(fn.childForFieldName('argument'));
    }
  }
  // Go's `len(xs)`
  if (forms.includes('len-builtin') && n.type === 'call_expression' && n.childForFieldName('function')?.text === 'len') {
    const args = namedChildren(n.childForFieldName('arguments')!);
    return args.length === 1 ? plain(args[0]) : null;
  }
  return null;
}

function sameLengthRead(ctx: UnitContext, id: Node, bound: Node): boolean {
  for (let p: Node | null = id.parent; p && p.startIndex === id.startIndex; p = p.parent) {
    if (lengthOf(ctx, p) === id.text) return true;
  }
  return false;
}

/** Whether a name is a local or parameter of the function (so code called from the body cannot change it). */
function isLocal(l: LanguageId, fn: Node, name: string, at: Node): boolean {
  // the written declarations syntax/declarations.ts reads, with their kinds; else any declaration of the name in the function
  const decls = declarationsRead(l, at, name);
  if (decls) return decls.length > 0 && decls.every((d) => d.kind === 'local' || d.kind === 'parameter');
  return occurrences(fn, name).some((id) => declarationOf(l, id) !== null);
}

/** Whether the function lets anything else write the name: its address, a C++ reference or `[&]` capture, a closure assigning it. */
function aliased(ctx: UnitContext, fn: Node, name: string): boolean {
  // lambda captures and reference declarators are C++'s nodes
  if (descendants(fn, (n) => n.type === 'lambda_capture_specifier' && /&/.test(n.text)).length > 0) return true;
  if (descendants(fn, (n) => n.type === 'reference_declarator').some((d) => (d.parent?.childForFieldName('value')?.text ?? '') === name)) return true;
  const nested = descendants(fn, (n) => n.id !== fn.id && ctx.profile.blocks.functionScopes.includes(n.type));
  return occurrences(fn, name).some((id) => {
    const p = id.parent;
    const address = p !== null && ((p.type === 'unary_expression' && allChildren(p)[0]?.text === '&') || p.type === 'pointer_expression' || p.type === 'reference_expression');
    const inClosure = nested.some((f) => f.startIndex <= id.startIndex && id.endIndex <= f.endIndex) && writes(ctx, id);
    return address || inClosure;
  });
}

/** For Python and Rust, whose range is evaluated once: a bound the second loop can read again as it was. */
function rereadable(ctx: UnitContext, counted: Counted): boolean {
  const b = unparenthesize(counted.bound);
  if (['integer', 'integer_literal'].includes(b.type)) return true;
  if (b.type !== 'identifier') return false;
  if (occurrences(counted.body, b.text).some((id) => writes(ctx, id))) return false;
  // a name declared `global` or `nonlocal` (Python's statements) may be rebound by the code the body calls
  const rebinding = nodesOfType(ctx.root, ['global_statement', 'nonlocal_statement'], holdingWord(['global', 'nonlocal']));
  return !rebinding.some((n) => n.text.includes(b.text));
}

/** What this method refuses in a body duplicated into two loops. */
function bodyHazard(ctx: UnitContext, counted: Counted): boolean {
  const l = ctx.lang;
  const { body, index } = counted;
  const jumps = scanJumps(l, body);
  if (jumps.irregular || ownBreak(l, body)) return true;
  // each copy of a static is a static of its own (C and C++'s storage class, Rust's item)
  if (descendants(body, (n) => n.type === 'storage_class_specifier' && /static|thread_local/.test(n.text)).length) return true;
  if (descendants(body, (n) => n.type === 'static_item').length) return true;
  // local and anonymous classes numbered by the compiler in source order
  if (ctx.profile.blocks.classesNumberedInOrder && descendants(body, (n) => n.type === 'class_body').length) return true;
  // block functions and classes hoist (JavaScript's declarations: Go's function_declaration is top-level only, a Java
  // local class_declaration holds a class_body, declined above)
  if (descendants(body, (n) => ['function_declaration', 'class_declaration', 'generator_function_declaration'].includes(n.type)).length) return true;
  // a loop over a range takes each index from it afresh: the body may write the index, closures see their own
  if (ctx.profile.loops.counted !== 'three-clause') return false;
  // the index steps by one: the body may read it, not change it (`&i` is a write)
  if (occurrences(body, index).some((id) => writes(ctx, id))) return true;
  const captured = descendants(body, (n) => ctx.profile.blocks.functionScopes.includes(n.type) && identifiersIn(n).includes(index));
  return ctx.profile.loops.closuresShareIndex && captured.length > 0;
}

// ---------------------------------------------------------------------------------------------
// The split

/** An operand's text, in parentheses where its place would regroup it. */
function operand(ctx: UnitContext, node: Node, text: string, op: string, side: 'left' | 'right'): string {
  return text !== ctx.text(node) || !needsParens(ctx.lang, node, op, side) ? text : `(${text})`;
}

interface Plan {
  counted: Counted;
  /** Python and Rust: the bound is copied to a temporary first. */
  copyBound: boolean;
  /** Both ends are integer literals: the midpoint is written as a literal too. */
  literalMid: string | null;
}

function integerValue(node: Node | null): number | null {
  if (node === null) return 0;
  const text = unparenthesize(node).text.replace(/_/g, '');
  return /^\d+$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : null;
}

/**
 * Whether the loop is, holds or sits in a half of an earlier split (a loop over a range
 * adjacent to its twin's): a loop is split once, never its halves or the copies they hold.
 */
function splitBefore(ctx: UnitContext, loop: Node, fn: Node): boolean {
  const halves = perTree(ctx.tree, `split-loops:${fn.id}`, () => splitLoopIds(ctx.lang, fn));
  if (halves.size === 0) return false;
  for (let p: Node | null = loop; p && p.id !== fn.id; p = p.parent) if (halves.has(p.id)) return true;
  return descendants(loop, (n) => halves.has(n.id)).length > 0;
}

function planOf(ctx: UnitContext, loop: Node, points: Set<number>): Plan | null {
  const l = ctx.lang;
  const counted = countedLoop(ctx, loop);
  if (!counted || !points.has(counted.stmt.startIndex)) return null;
  const fn = enclosingFunction(l, loop);
  if (!fn) return null;
  // an empty body is nothing to split; a split half, or a loop in a helper, is never split again
  if (blockStatements(l, counted.body).length === 0 || onlyPlaceholders(l, blockStatements(l, counted.body))) return null;
  if (splitBefore(ctx, loop, fn) || inHelper(l, loop, ctx.target?.node)) return null;
  // a range of integer literals is split at a literal, and needs two passes at least
  const from = integerValue(counted.start);
  const to = integerValue(counted.bound);
  let literalMid: string | null = null;
  if (from !== null && to !== null) {
    const passes = to - from + (counted.inclusive ? 1 : 0);
    if (passes < 2) return null;
    literalMid = String(from + Math.floor(passes / 2));
  }
  if (counted.start && !quiet(ctx, counted.start)) return null;
  if (counted.start && identifiersIn(counted.start).includes(counted.index)) return null;
  if (bodyHazard(ctx, counted)) return null;
  let copyBound = false;
  // a range is evaluated once (Python's range(), Rust's `a..b`), a three-clause condition every iteration
  if (ctx.profile.loops.counted !== 'three-clause') copyBound = !rereadable(ctx, counted);
  else if (!stableBound(ctx, counted, fn)) return null;
  if (counted.type !== null && ctx.profile.expressions.narrowingNeedsCast && !boundFits(ctx, counted)) return null;
  // the midpoint of doubles is floored with `Math.floor` (JavaScript's), which the file must not rebind
  if (ctx.profile.expressions.integers === 'doubles' && identifiersWhere(ctx.root, 'Math', `${l} declares`, (n) => declarationOf(l, n) !== null).length > 0) return null;
  if (literalMid !== null) copyBound = false;
  return { counted, copyBound, literalMid };
}

function quiet(ctx: UnitContext, node: Node): boolean {
  const e = effectsOf(ctx.lang, node, macroHazards(ctx.lang, ctx.root));
  return !['call', 'write', 'suspend', 'binding'].some((x) => e.has(x as never));
}

/** The midpoint is declared with the index's type, so the bound must convert to it implicitly (Java's int or long). */
function boundFits(ctx: UnitContext, counted: Counted): boolean {
  const t = numericType(ctx.lang, counted.bound);
  if (!t || t.family !== 'int') return false;
  return counted.type === 'long' || t.rank <= 3;
}

function isZero(node: Node | null): boolean {
  return node === null || unparenthesize(node).text === '0';
}

/** The statements before the loops: the copied bound (if any) and the midpoint, one per line. */
function midpoint(ctx: UnitContext, plan: Plan, mid: string, bound: string): string[] {
  const { integers, conditionalForm } = ctx.profile.expressions;
  const { counted } = plan;
  const start = counted.start;
  const zero = isZero(start);
  const b = (op: string, side: 'left' | 'right') => operand(ctx, counted.bound, bound, op, side);
  const a = (op: string, side: 'left' | 'right') => (start ? operand(ctx, start, ctx.text(start), op, side) : '0');
  const lt = `${a('<', 'left')} < ${b('<', 'right')}`;
  const half = (sep: string) => `${a('+', 'left')} + (${b('-', 'left')}${sep}-${sep}${a('-', 'right')})`;
  const whole = start ? ctx.text(start) : '0';
  // declared with the index's type where the index has one written (C, C++, Java), else as the language declares a local without one
  const temporary = ctx.profile.switches.temporary;
  const declare = (value: string) => (counted.type !== null || temporary === null ? `${counted.type ?? 'int'} ${mid} = ${value};` : temporary(mid, value));
  // unbounded integers (Python's): `a + b` cannot overflow, and `//` floors
  if (integers === 'unbounded') return [declare(zero ? `${b('//', 'left')} // 2` : `(${a('+', 'left')} + ${b('+', 'right')}) // 2`)];
  // numbers are doubles (JavaScript's): `/` gives a fraction, floored; from 0 with `<=`, a negative bound must not floor below 0
  if (integers === 'doubles') {
    if (zero) return [declare(counted.inclusive ? `Math.max(0, Math.floor(${b('/', 'left')} / 2))` : `Math.floor(${b('/', 'left')} / 2)`)];
    return [declare(`${lt} ? ${a('+', 'left')} + Math.floor((${b('-', 'left')} - ${a('-', 'right')}) / 2) : ${whole}`)];
  }
  // fixed-width integers: `/` truncates towards zero, so `b / 2` never passes `b`; `b - a` only when it cannot be negative
  if (zero) return [declare(`${b('/', 'left')} / 2`)];
  if (conditionalForm === 'if-expression') return [declare(`if ${lt} { ${half(' ')} / 2 } else { ${whole} }`)];
  if (conditionalForm === 'ternary') return [declare(`${lt} ? ${half(' ')} / 2 : ${whole}`)];
  // no conditional expression (Go): the start, then the midpoint assigned under an if
  return [declare(whole), `${ctx.profile.spelling.ifHeader(lt)} {`, `${ctx.indentUnit}${mid} = ${half('')}/2`, '}'];
}

const MID_WORDS = ['half', 'mid', 'middle', 'split', 'pivot'];
const END_WORDS: Record<'snake' | 'camel', string[]> = { snake: ['end', 'stop', 'limit', 'upper'], camel: ['end', 'stop', 'limit', 'upper'] };

export const divLoop: Method = {
  ...catalogued('div-loop'),
  support: () => APPLICABLE,

  findSites(ctx: UnitContext): Site[] {
    const l = ctx.lang;
    // Go and C++ reject a goto that jumps over the new declaration (C, Go and C++ have goto_statement)
    if (ctx.nodes(['goto_statement']).length > 0) return [];
    const points = new Set(insertionPoints(ctx).map((p) => p.offset));
    // Rust's for is an expression; the other grammars have no for_expression
    const loopTypes = ['for_statement', 'for_expression'];
    const sites: Site[] = [];
    for (const loop of ctx.nodes(loopTypes)) {
      if (!ctx.inFunctionBody(loop)) continue;
      const plan = planOf(ctx, loop, points);
      if (plan) sites.push({ start: loop.startIndex, end: loop.endIndex, label: `split the loop over \`${plan.counted.index}\` at line ${ctx.lineOf(loop.startIndex)}`, data: { type: loop.type } });
    }
    return sites;
  },

  apply(ctx, site, rng) {
    const { type } = site.data as { type: string };
    const loop = ctx.nodes(type).find((n) => n.startIndex === site.start && n.endIndex === site.end);
    const points = new Set(insertionPoints(ctx).map((p) => p.offset));
    const plan = loop ? planOf(ctx, loop, points) : null;
    if (!plan) throw new Error(`div-loop: no loop to split at ${site.start}`);
    const { counted } = plan;
    const indent = ctx.indentOf(counted.stmt);
    if (plan.literalMid !== null) {
      const mid = plan.literalMid;
      const bound = ctx.text(counted.bound);
      return {
        edits: [{ start: counted.loop.startIndex, end: counted.loop.endIndex, text: `${counted.first(mid)}\n${indent}${counted.second(mid, bound)}` }],
        summary: `split the loop over \`${counted.index}\` at line ${ctx.lineOf(site.start)} in two at ${mid}`,
      };
    }
    let bound = ctx.text(counted.bound);
    const lines: string[] = [];
    if (plan.copyBound) {
      const end = ctx.freshName(END_WORDS[ctx.profile.naming], rng);
      lines.push(ctx.profile.spelling.declareInteger(end, bound, false));
      bound = end;
    }
    const mid = ctx.freshName(MID_WORDS, rng);
    lines.push(...midpoint(ctx, plan, mid, bound));
    const loops = `${counted.first(mid)}\n${indent}${counted.second(mid, bound)}`;
    const text = `${lines.join(`\n${indent}`)}\n${indent}${loops}`;
    return {
      edits: [{ start: counted.loop.startIndex, end: counted.loop.endIndex, text }],
      summary: `split the loop over \`${counted.index}\` at line ${ctx.lineOf(site.start)} in two at \`${mid}\``,
    };
  },
};
