import type { Node } from 'web-tree-sitter';
import type { LanguageId } from '../languages/languageIds';
import { PROFILES } from '../languages/profiles';
import { builtinOnlyDeclaration, cppTypeOf } from '../languages/cpp/types';
import { provablyPrimitive } from '../languages/java/types';
import { pythonKindOf } from '../languages/python/kinds';
import { pythonDefinitelyBound } from '../languages/python/scope';
import { formatStringNames } from '../languages/rust/formatStrings';
import type { UnitContext } from './context';
import { declarationOf, occurrencesIn, Occurrence } from './bindings';
import { TYPE_QUERIES } from './declarations';
import { asBinary, effectsOf, macroDefinitions, macroHazards, unparenthesize } from './expressions';
import { ancestor, contains, descendants, fieldName, namedChildren, perTree, spanOf } from './nodes';
import { Attached } from '../attached';

/**
 * Reads, writes and effects of whole statements, for methods that reorder or move statements
 * (change-statement-order, move-assignments). Everything errs one way: a name the analysis is
 * unsure of counts as read and written, an effect it does not follow makes the statement opaque.
 *
 * Variables split into two kinds. A *plain local* is a variable of the function that nothing
 * but the function's own statements can reach: declared in it, every use in scope of such a
 * declaration, never captured by a nested function, never aliased (`&x`, C++ references,
 * Rust `&mut x`, sloppy-mode `arguments`), never made global. Every other name (globals,
 * fields, captured variables) and every access through a field, an index or a pointer is
 * *memory*: a write to memory may be seen by any read of memory.
 */

export interface StatementFacts {
  /** Plain names read (any name in the statement that is not only assigned or declared). */
  reads: Set<string>;
  /** Plain names assigned, updated or declared. */
  writes: Set<string>;
  /**
   * `writes` plus names whose variable or contents a call or an alias may change: call
   * arguments and receivers, `&x`, `&mut x`, macro arguments. What a later read may no longer see.
   */
  mutates: Set<string>;
  /** Every identifier-like word in the statement (for "does not mention x at all"). */
  mentions: Set<string>;
  readsMemory: boolean;
  writesMemory: boolean;
  /** Why the statement's effects are not followed (a call, I/O, a nested function...), or null. */
  opaque: string | null;
  /** A jump out of the statement: return, break/continue of an outer loop, goto, throw, a label. */
  jumps: boolean;
  /** May fail at run time (traps, indexing, fields, pointers, unbound names) or never finish (loops). */
  mayFail: boolean;
}

// ---------------------------------------------------------------------------------------------
// Plain locals

/** Whether a node keeps its own names, apart from the function around it (a nested function, a class body). */
function ownScope(lang: LanguageId, type: string): boolean {
  const { scopes, ownScopes } = PROFILES[lang].variables;
  return scopes.functionLike.includes(type) || ownScopes.includes(type);
}

/** The function-like node a statement belongs to (lambdas and closures included). */
export function functionOf(lang: LanguageId, node: Node): Node | null {
  return ancestor(node, PROFILES[lang].variables.scopes.functionLike);
}

const PLAIN_ROLES = new Set(['plain', 'shorthand']);

const cache = new Attached<UnitContext, Map<number, Set<string>>>('dataflow');

/** The plain locals of a function (see the module comment). */
export function plainLocals(ctx: UnitContext, fn: Node): Set<string> {
  let perFn = cache.get(ctx);
  if (!perFn) cache.set(ctx, (perFn = new Map()));
  const known = perFn.get(fn.id);
  if (known) return known;
  const result = computePlainLocals(ctx.lang, fn);
  perFn.set(fn.id, result);
  return result;
}

function computePlainLocals(lang: LanguageId, fn: Node): Set<string> {
  const all = occurrencesIn(fn, lang);
  const names = new Set(all.map((o) => o.name));
  if (PROFILES[lang].variables.reflective.some((w) => names.has(w))) return new Set();
  const scopes = new Map<string, { start: number; end: number }[]>();
  const nestedSpans = descendants(fn, (n) => n !== fn && ownScope(lang, n.type)).map(spanOf);
  const nested = (o: Occurrence) => nestedSpans.some((s) => contains(s, o));
  for (const o of all) {
    if (o.role !== 'plain' || nested(o)) continue;
    const decl = declarationOf(lang, o.node);
    if (!decl) continue;
    const list = scopes.get(o.name) ?? [];
    list.push(decl.scope);
    scopes.set(o.name, list);
  }
  const out = new Set<string>();
  for (const [name, spans] of scopes) {
    const uses = all.filter((o) => o.name === name);
    const ok = uses.every((o) => {
      if (o.role === 'hazard') return false;
      if (!PLAIN_ROLES.has(o.role)) return true; // a field or key of the same spelling is another thing
      if (nested(o)) return false; // captured
      return spans.some((s) => contains(s, o));
    });
    if (ok && !aliased(lang, fn, name)) out.add(name);
  }
  if (PROFILES[lang].variables.argumentsObject && names.has('arguments')) {
    for (const p of fn.childForFieldName('parameters')?.descendantsOfType('identifier') ?? []) if (p) out.delete(p.text);
  }
  return out;
}

/** The first of the named fields a node has. */
export function firstField(node: Node, fields: readonly string[]): Node | null {
  for (const f of fields) {
    const child = node.childForFieldName(f);
    if (child) return child;
  }
  return null;
}

const INNER_FIELDS = ['argument', 'object', 'operand', 'value'];
const ACCESS_TYPES = ['field_expression', 'subscript_expression', 'index_expression', 'selector_expression', 'parenthesized_expression'];

/** The variable an lvalue-ish expression is part of: `x` in `x`, `x.f`, `x[i]`, `(x)`. */
function baseName(node: Node): string | null {
  let n: Node | null = unparenthesize(node);
  while (n) {
    if (n.type === 'identifier') return n.text;
    const inner = firstField(n, INNER_FIELDS);
    if (!inner || !ACCESS_TYPES.includes(n.type)) return null;
    n = inner;
  }
  return null;
}

/** Whether a variable may be reached through a pointer or a reference made in the function. */
function aliased(lang: LanguageId, fn: Node, name: string): boolean {
  const hit = (n: Node) => {
    switch (PROFILES[lang].variables.aliasing) {
      case 'address-of': {
        if (n.type !== 'pointer_expression' && n.type !== 'unary_expression') return false;
        const op = n.childForFieldName('operator')?.text;
        const arg = n.childForFieldName('argument') ?? n.childForFieldName('operand');
        return op === '&' && arg !== null && baseName(arg) === name;
      }
      case 'mutable-borrow': {
        if (n.type === 'reference_expression' && n.namedChildren.some((c) => c?.type === 'mutable_specifier')) {
          const value = n.childForFieldName('value');
          return value !== null && baseName(value) === name;
        }
        return n.type === 'ref_pattern' && n.text.includes('mut') && n.text.endsWith(name);
      }
      default:
        return false;
    }
  };
  if (descendants(fn, hit).length > 0) return true;
  if (PROFILES[lang].variables.referenceVariables) {
    // a reference variable, or a variable a reference is bound to
    for (const d of descendants(fn, (n) => n.type === 'reference_declarator')) {
      if (d.descendantsOfType('identifier').some((i) => i?.text === name)) return true;
      const init = d.parent?.type === 'init_declarator' ? d.parent.childForFieldName('value') : null;
      if (init && baseName(init) === name) return true;
      const loop = d.parent?.type === 'for_range_loop' ? d.parent.childForFieldName('right') : null;
      if (loop && baseName(loop) === name) return true;
    }
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Statements

/** Nodes whose parts this analysis walks itself; any other node is an expression, judged by effectsOf. */
const STRUCTURAL = new Set([
  'block', 'compound_statement', 'statement_block', 'statement_list', 'else_clause', 'elif_clause', 'expression_statement',
  'declaration', 'init_declarator', 'local_variable_declaration', 'variable_declarator', 'lexical_declaration',
  'variable_declaration', 'short_var_declaration', 'var_declaration', 'var_spec', 'assignment_statement', 'inc_statement',
  'dec_statement', 'let_declaration', 'if_statement', 'for_statement', 'while_statement', 'do_statement', 'for_clause',
  'condition_clause', 'if_expression', 'while_expression', 'for_expression', 'loop_expression', 'expression_list',
  'for_range_loop', 'range_clause', 'break_statement', 'continue_statement', 'pass_statement', 'empty_statement',
  'assignment', 'augmented_assignment', 'assignment_expression', 'augmented_assignment_expression', 'compound_assignment_expr',
  'update_expression', 'pattern_list', 'tuple_pattern', 'else', 'for_in_statement', 'enhanced_for_statement',
]);

/** Statements whose effects this analysis does not follow (jumps among them, found apart). */
const UNFOLLOWED = new Set([
  'return_statement', 'goto_statement', 'throw_statement', 'raise_statement', 'yield_statement', 'fallthrough_statement',
  'return_expression', 'labeled_statement', 'label', 'assert_statement', 'delete_statement', 'global_statement',
  'nonlocal_statement', 'defer_statement', 'go_statement', 'select_statement', 'send_statement', 'try_statement',
  'with_statement', 'switch_statement', 'expression_switch_statement', 'type_switch_statement', 'match_statement',
  'import_statement', 'import_from_statement', 'function_definition', 'class_definition', 'decorated_definition',
  'function_declaration', 'class_declaration', 'local_class_declaration', 'synchronized_statement', 'try_with_resources_statement',
]);

/** Nodes that leave the statement or are a target of a jump. */
const JUMPS = new Set([
  'return_statement', 'goto_statement', 'throw_statement', 'raise_statement', 'fallthrough_statement', 'return_expression',
  'throw_expression', 'try_expression', 'labeled_statement', 'label', 'label_statement',
]);

/** What a `break` may belong to besides a loop. */
const SWITCHES = new Set([
  'switch_statement', 'expression_switch_statement', 'type_switch_statement', 'select_statement', 'switch_expression',
]);

const BREAK_TYPES = new Set(['break_statement', 'break_expression']);
const CONTINUE_TYPES = new Set(['continue_statement', 'continue_expression']);

/** Assignment-like nodes and the field of their target. */
const TARGETS: Record<string, { field: string; compound: boolean }> = {
  assignment: { field: 'left', compound: false },
  augmented_assignment: { field: 'left', compound: true },
  assignment_expression: { field: 'left', compound: false },
  augmented_assignment_expression: { field: 'left', compound: true },
  compound_assignment_expr: { field: 'left', compound: true },
  assignment_statement: { field: 'left', compound: false },
  named_expression: { field: 'name', compound: false },
};

const CALLS = new Set(['call', 'call_expression', 'method_invocation', 'macro_invocation', 'new_expression', 'object_creation_expression']);

interface Walk {
  facts: StatementFacts;
  /** Identifier nodes (by start offset) that are only assigned or declared, not read. */
  pureTargets: Set<number>;
}

/** What one statement reads, writes and may do; `plain` is plainLocals of its function. */
export function statementFacts(ctx: UnitContext, stmt: Node, plain: ReadonlySet<string>): StatementFacts {
  const lang = ctx.lang;
  const facts: StatementFacts = {
    reads: new Set(), writes: new Set(), mutates: new Set(), mentions: new Set(),
    readsMemory: false, writesMemory: false, opaque: null, jumps: false, mayFail: false,
  };
  const w: Walk = { facts, pureTargets: new Set() };
  const hazards = macroHazards(ctx.lang, ctx.root);
  const opaque = (why: string) => {
    facts.opaque ??= why;
  };

  // Targets of assignments and declarations.
  const write = (name: string, at: Node, pure: boolean) => {
    if (plain.has(name)) facts.writes.add(name);
    else facts.writesMemory = true;
    facts.mutates.add(name);
    if (pure) w.pureTargets.add(at.startIndex);
  };
  const target = (t: Node, pure: boolean) => {
    const n = unparenthesize(t);
    if (n.type === 'identifier') return write(n.text, n, pure);
    if (['pattern_list', 'tuple_pattern', 'list_pattern', 'expression_list', 'tuple', 'list', 'array_pattern'].includes(n.type)) {
      for (const c of namedChildren(n)) target(c, pure);
      return;
    }
    // a field, an element, a dereference: memory, and the parts are read
    facts.writesMemory = true;
    const base = baseName(n);
    if (base) facts.mutates.add(base);
  };

  for (const n of descendants(stmt, () => true)) {
    const t = TARGETS[n.type];
    if (t) {
      const left = n.childForFieldName(t.field);
      if (left) target(left, !t.compound);
    }
    if (n.type === 'update_expression' || n.type === 'inc_statement' || n.type === 'dec_statement') {
      const arg = n.childForFieldName('argument') ?? namedChildren(n)[0];
      if (arg) target(arg, false);
    }
    for (const name of declaredIn(lang, n)) write(name.text, name, true);
    if (PROFILES[lang].variables.augmentedAssignmentInPlace && n.type === 'augmented_assignment') {
      // `a += b` extends a list in place: memory unless `a` is a number or a string
      const left = n.childForFieldName('left');
      if (left?.type === 'identifier' && !pythonKindOf(left, left.text, TYPE_QUERIES)) facts.writesMemory = true;
    }
    if (CALLS.has(n.type)) for (const id of callMutates(lang, n)) facts.mutates.add(id);
    // `&x`, `&mut x`: the variable may change through the pointer or reference from here on
    const address = n.type === 'pointer_expression' || n.type === 'unary_expression' || n.type === 'reference_expression';
    if (address && (n.childForFieldName('operator')?.text === '&' || n.type === 'reference_expression')) {
      const arg = n.childForFieldName('argument') ?? n.childForFieldName('operand') ?? n.childForFieldName('value');
      const base = arg ? baseName(arg) : null;
      if (base) facts.mutates.add(base);
    }
  }

  // Reads, mentions, memory reads.
  for (const o of occurrencesIn(stmt, lang)) {
    facts.mentions.add(o.name);
    if (!PLAIN_ROLES.has(o.role)) {
      if (o.role === 'hazard' || o.role === 'macro') opaque(`\`${o.name}\``);
      continue;
    }
    if (w.pureTargets.has(o.start)) continue;
    if (plain.has(o.name)) facts.reads.add(o.name);
    else facts.readsMemory = true;
    if (PROFILES[lang].variables.unboundReadsFail && !pythonDefinitelyBound(o.node, o.name, TYPE_QUERIES)) facts.mayFail = true;
  }

  // Effects of the expressions, jumps, loops.
  const visit = (n: Node) => {
    if (UNFOLLOWED.has(n.type)) {
      opaque(n.type.replace(/_/g, ' '));
      return;
    }
    if (BREAK_TYPES.has(n.type) || CONTINUE_TYPES.has(n.type)) return;
    if (PROFILES[lang].loops.kinds.includes(n.type)) {
      facts.mayFail = true;
      // iterating calls iterator code (a Python generator, a Java Iterable, a C++ begin())
      if (PROFILES[lang].loops.iterating.includes(n.type)) opaque('an iterator');
      if (PROFILES[lang].loops.headerClauses && namedChildren(n).some((c) => c.type === 'range_clause')) {
        // ranging over a channel blocks; over a slice or map it only reads
        facts.readsMemory = true;
      }
    }
    if (!STRUCTURAL.has(n.type) && !PROFILES[lang].loops.kinds.includes(n.type)) {
      expressionEffects(ctx, n, hazards, facts, opaque);
      // an expression's own nested statements (a closure body...) are already opaque
      return;
    }
    for (const c of namedChildren(n)) visit(c);
  };
  visit(stmt);
  facts.jumps = jumpsOut(lang, stmt);
  if (facts.jumps) opaque('a jump');
  if (PROFILES[lang].variables.namesInFormatStrings) {
    // `println!("{total}")` reads `total` from inside a string
    for (const name of formatStringNames(stmt, TYPE_QUERIES)) {
      facts.mentions.add(name);
      if (plain.has(name)) facts.reads.add(name);
      else facts.readsMemory = true;
    }
  }

  languageRules(ctx, stmt, facts, opaque);
  // what an opaque statement does is not known: any name it mentions may change
  if (facts.opaque) for (const name of facts.mentions) facts.mutates.add(name);
  return facts;
}

/**
 * Whether control may leave the statement other than by finishing it (return, throw, goto, an
 * outer loop's break or continue, Rust's `?`), or jump into it (a label). Nested functions are theirs.
 */
export function jumpsOut(lang: LanguageId, stmt: Node): boolean {
  let found = false;
  const visit = (n: Node, loops: number, switches: number) => {
    if (found || (n !== stmt && ownScope(lang, n.type))) return;
    if (JUMPS.has(n.type)) found = true;
    if (BREAK_TYPES.has(n.type) || CONTINUE_TYPES.has(n.type)) {
      const labelled = namedChildren(n).some((c) => ['label', 'identifier', 'label_name', 'statement_identifier'].includes(c.type));
      const bound = BREAK_TYPES.has(n.type) ? loops + switches > 0 : loops > 0;
      if (labelled || !bound) found = true;
    }
    const loop = PROFILES[lang].loops.kinds.includes(n.type) ? 1 : 0;
    const sw = SWITCHES.has(n.type) ? 1 : 0;
    for (const c of namedChildren(n)) visit(c, loops + loop, switches + sw);
  };
  visit(stmt, 0, 0);
  return found;
}

type Opaque = (why: string) => void;

function expressionEffects(ctx: UnitContext, n: Node, hazards: ReadonlySet<string>, facts: StatementFacts, opaque: Opaque): void {
  const effects = effectsOf(ctx.lang, n, hazards);
  if (effects.has('call')) opaque('a call');
  if (effects.has('suspend')) opaque('an await or yield');
  if (effects.has('binding')) opaque('a binding');
  if (effects.has('index') || effects.has('member') || effects.has('deref')) {
    facts.readsMemory = true;
    facts.mayFail = true;
  }
  if (effects.has('trap')) facts.mayFail = true;
  // effectsOf counts a channel receive and `delete` as writes: both are more than a local write
  for (const u of descendants(n, (d) => d.type === 'unary_expression')) {
    const op = u.childForFieldName('operator')?.text;
    if (op === '<-' || op === 'delete') opaque('a channel or delete');
  }
}

/** Names a declaration node introduces (its own name nodes), for the declaration kinds statements use. */
function declaredIn(lang: LanguageId, n: Node): Node[] {
  const ids = (x: Node | null): Node[] => (x ? descendants(x, (d) => d.type === 'identifier') : []);
  switch (n.type) {
    case 'init_declarator':
      return ids(n.childForFieldName('declarator'));
    case 'declaration':
      return n
        .childrenForFieldName('declarator')
        .flatMap((d) => (d && d.type !== 'init_declarator' && d.type !== 'function_declarator' ? ids(d) : []));
    case 'variable_declarator':
      // only Java's, JavaScript's and TypeScript's grammars have variable_declarator
      return ids(n.childForFieldName('name'));
    case 'short_var_declaration':
      return ids(n.childForFieldName('left'));
    case 'var_spec':
      return n.childrenForFieldName('name').filter((c): c is Node => c !== null);
    case 'let_declaration':
      return ids(n.childForFieldName('pattern'));
    case 'for_statement':
      return PROFILES[lang].loops.iterating.includes(n.type) ? ids(n.childForFieldName('left')) : [];
    case 'for_expression':
      return ids(n.childForFieldName('pattern'));
    case 'enhanced_for_statement':
      return ids(n.childForFieldName('name'));
    case 'for_range_loop':
      return ids(n.childForFieldName('declarator'));
    case 'for_in_statement':
      return ids(n.childForFieldName('left'));
    case 'range_clause':
      return ids(n.childForFieldName('left'));
    default:
      return [];
  }
}

/**
 * Names whose variable or contents a call may change: C++ arguments (references), receivers
 * (`v.push(x)`, Go pointer receivers, Rust `&mut self`), Rust and C macro arguments, and in
 * every language the objects passed to a call, whose contents the callee may change.
 */
function callMutates(lang: LanguageId, call: Node): string[] {
  const out: string[] = [];
  const callee = call.childForFieldName('function') ?? call.childForFieldName('object') ?? call.childForFieldName('macro');
  if (callee) {
    const base = baseName(firstField(callee, INNER_FIELDS) ?? callee);
    if (base && base !== callee.text) out.push(base);
  }
  if (call.type === 'method_invocation') {
    const object = call.childForFieldName('object');
    const base = object ? baseName(object) : null;
    if (base) out.push(base);
  }
  const args = call.childForFieldName('arguments') ?? namedChildren(call).find((c) => c.type === 'token_tree') ?? null;
  if (args) for (const id of args.descendantsOfType('identifier')) if (id) out.push(id.text);
  return out;
}

/** Per-language operators that run code without a call in the tree, and constructors of declarations. */
function languageRules(ctx: UnitContext, stmt: Node, facts: StatementFacts, opaque: Opaque): void {
  const profile = PROFILES[ctx.lang];
  if (profile.preprocessor) {
    // a macro whose body names variables reads or writes them out of sight
    const macros = macroBodies(ctx);
    for (const name of facts.mentions) if (macros.get(name)) opaque(`the macro \`${name}\``);
  }
  if (profile.variables.typesInDeclarations) {
    // `struct point { ... } p;` declares a type the other statement may use
    const types = ['struct_specifier', 'union_specifier', 'enum_specifier', 'class_specifier'];
    if (descendants(stmt, (n) => types.includes(n.type) && n.childForFieldName('body') !== null).length > 0) opaque('a type definition');
  }
  if (destructors(ctx)) {
    // rebinding or dropping a value may run a destructor that prints: only literals are safe
    const values = descendants(stmt, (n) => n.type === 'let_declaration' || !!TARGETS[n.type] || n.type === 'init_declarator')
      .map((n) => n.childForFieldName('value') ?? n.childForFieldName('right'))
      .filter((v): v is Node => v !== null);
    const writes = facts.writes.size > 0 || facts.writesMemory;
    if (writes && !values.every(literalOnly)) opaque('a destructor may run');
  }
  if (profile.variables.classValuesRunCode) {
    // class types overload operators and run constructors: every variable must be of a built-in type
    if (descendants(stmt, (n) => n.type === 'qualified_identifier' || n.type === 'this').length > 0) opaque('a qualified name');
    for (const id of descendants(stmt, (n) => n.type === 'identifier')) {
      if (fieldName(id) === 'field' || id.parent?.type === 'field_expression') continue;
      // an array or vector of numbers may be indexed (operator[] of std::vector has no effect)
      const indexed = id.parent?.type === 'subscript_expression' && fieldName(id) === 'argument';
      const kind = indexed ? (cppTypeOf(id, id.text, TYPE_QUERIES, true) ?? cppTypeOf(id, id.text, TYPE_QUERIES)) : cppTypeOf(id, id.text, TYPE_QUERIES);
      if (kind !== 'arithmetic' && kind !== 'pointer') {
        opaque(`\`${id.text}\` of a class type`);
        break;
      }
    }
    for (const d of descendants(stmt, (n) => n.type === 'declaration')) {
      if (!builtinOnlyDeclaration(d)) opaque('a constructor');
    }
  }
  if (profile.variables.objectOperandsRunCode) {
    // string concatenation calls toString() on objects
    for (const n of descendants(stmt, (d) => d.type === 'binary_expression' || d.type === 'assignment_expression')) {
      const b = asBinary('java', n);
      const left = b?.left ?? n.childForFieldName('left');
      const right = b?.right ?? n.childForFieldName('right');
      const op = b?.operator ?? n.childForFieldName('operator')?.text;
      if (!left || !right || (provablyPrimitive(left, TYPE_QUERIES) && provablyPrimitive(right, TYPE_QUERIES))) continue;
      if (op === '+' || op === '+=') opaque('string concatenation');
      else if (op && !['==', '!=', '=', '&&', '||'].includes(op)) facts.mayFail = true; // unboxing a null throws
    }
    if (descendants(stmt, (d) => d.type === 'array_creation_expression').length > 0) facts.mayFail = true;
  }
}

/** C and C++ macros of the file, and whether each one's body names anything (beyond its parameters). */
function macroBodies(ctx: UnitContext): Map<string, boolean> {
  return perTree(ctx.tree, 'macro-bodies', () => {
    const map = new Map<string, boolean>();
    for (const [name, def] of macroDefinitions(ctx.root)) {
      const params = new Set((def.childForFieldName('parameters')?.text ?? '').match(/[A-Za-z_]\w*/g) ?? []);
      const body = (def.childForFieldName('value')?.text ?? '').replace(/"(\\.|[^"\\])*"|'(\\.|[^'\\])*'/g, '');
      const words = (body.match(/[A-Za-z_]\w*/g) ?? []).filter((w) => !params.has(w));
      map.set(name, words.length > 0);
    }
    return map;
  });
}

/** Whether the file defines destructors with effects of their own (Rust `impl Drop`, Python `__del__`). */
export function destructors(ctx: UnitContext): boolean {
  // asked for every statement; the answer is the file's, so it is read once per tree
  return perTree(ctx.tree, 'destructors', () => {
    const destructor = PROFILES[ctx.lang].variables.destructor;
    return destructor !== null && destructor.test(ctx.source);
  });
}

const LITERALS = new Set([
  'integer_literal', 'float_literal', 'number_literal', 'int_literal', 'integer', 'float', 'number', 'string', 'string_literal',
  'raw_string_literal', 'interpreted_string_literal', 'char_literal', 'rune_literal', 'true', 'false', 'boolean_literal', 'none',
  'null', 'nil', 'string_content', 'escape_sequence', 'decimal_integer_literal', 'decimal_floating_point_literal',
]);
const OPERATORS = new Set(['unary_expression', 'binary_expression', 'parenthesized_expression', 'unary_operator', 'binary_operator']);

/** An expression made of literals and operators only: no value with a destructor. */
export function literalOnly(node: Node): boolean {
  return descendants(node, () => true).every((n) => LITERALS.has(n.type) || OPERATORS.has(n.type));
}

// ---------------------------------------------------------------------------------------------
// Context

const HANDLERS = new Set([
  'try_statement', 'try_with_resources_statement', 'with_statement', 'catch_clause', 'finally_clause', 'except_clause',
]);

/**
 * Whether a failure in a statement at `node` may be observed inside the function after other
 * statements' local writes: it sits in a try or with block, or a Go function defers code.
 */
export function failureObservable(ctx: UnitContext, node: Node): boolean {
  const fn = functionOf(ctx.lang, node);
  for (let p = node.parent; p && p !== fn; p = p.parent) if (HANDLERS.has(p.type)) return true;
  // a deferred call runs after the failure and may recover from it (Go)
  if (PROFILES[ctx.lang].blocks.deferAndRecover && fn && descendants(fn, (n) => n.type === 'defer_statement').length > 0) return true;
  return false;
}

/** Whether the function has a goto or a label (C, C++, Go): jumps this analysis does not follow. */
export function hasGoto(ctx: UnitContext, fn: Node): boolean {
  return descendants(fn, (n) => n.type === 'goto_statement' || n.type === 'labeled_statement' || n.type === 'label_statement').length > 0;
}

