import type { Node } from 'web-tree-sitter';
import type { Rng } from '../random';
import type { Span } from '../text/edits';
import type { UnitContext } from '../syntax/context';
import { catalogued } from './catalogue';
import { APPLICABLE, Method, Site } from './method';
import { declarationsOf, TYPE_QUERIES } from '../syntax/declarations';
import { javaFieldDeclarations } from '../languages/java/declarations';
import { binaryPrecedence, isSideEffectFree, macroHazards, needsParens, PREC, precedenceOf, unparenthesize } from '../syntax/expressions';
import { BLOCK_TYPES, declaredNames, FUNCTION_TYPES, isComment } from '../syntax/loops';
import { allChildren, descendants, namedChildren } from '../syntax/nodes';
import { baseOf, bodyItems, definitelyJumps, outerBreaks, rebase, renderItems, temporaryName, trailingBreak } from '../syntax/switches';

/**
 * switch-to-if: a switch (Rust and Python: a match) becomes an if / else-if chain with one
 * branch per case (labels joined with `||`) and the default last. Declined: fallthrough
 * (a case that does not end in break/return/throw/continue), a `break` other than a case's
 * last statement (it would leave an enclosing loop instead), patterns that bind names, and
 * switched values that need a temporary where the language cannot write one without a type.
 */

/** One branch of the chain to write. */
interface Clause {
  /** Each label as a condition on the switched value's text. */
  tests: ((subject: string) => string)[];
  /** A Rust or Python guard, already parenthesised where `&&`/`and` needs it. */
  guard: string | null;
  isDefault: boolean;
  /** The statements (and comments) of the body. */
  items: Node[];
  /** The indentation the items' lines are relative to, when not the first item's own. */
  base: string | null;
  /** Trailing breaks to cut out. */
  holes: Span[];
  /** A catch-all that binds the value (`n => ...`, `case other:`): the statement binding it first. */
  prelude?: (subject: string) => string;
}

interface Plan {
  node: Node;
  subject: Node | null;
  /** The subject has effects (or is costly): it goes into a temporary first. */
  temp: boolean;
  /** Go's `switch init; x`: the initializer goes to the first if. */
  init: Node | null;
  clauses: Clause[];
  /** Java switch expressions become a conditional expression. */
  ternary: boolean;
}

/** `subject op label`, with parentheses where precedence needs them. */
function comparison(ctx: UnitContext, subject: Node | null, label: Node, op = ctx.profile.switches.equals): (s: string) => string {
  // a comparison as an operand of `==` is legal but reads badly (and compilers warn): parenthesise it too
  const wrap = (n: Node, side: 'left' | 'right') => needsParens(ctx.lang, n, op, side) || precedenceOf(ctx.lang, n) <= 70;
  const right = wrap(label, 'right') ? `(${label.text})` : label.text;
  return (s) => `${subject && s === subject.text && wrap(subject, 'left') ? `(${s})` : s} ${op} ${right}`;
}

/** `subject.equals(x)`: a receiver that is not a primary needs parentheses. */
function equalsCall(subject: Node | null, argument: string): (s: string) => string {
  const wrap = subject !== null && precedenceOf('java', subject) < PREC.postfix;
  return (s) => `${subject && s === subject.text && wrap ? `(${s})` : s}.equals(${argument})`;
}

/** A case body without its trailing break; `ended` when it cannot fall through to the next case. */
function itemsWithout(ctx: UnitContext, items: Node[]): { items: Node[]; holes: Span[]; ended: boolean } {
  const statements = items.filter((i) => !isComment(ctx, i));
  const last = statements[statements.length - 1];
  const brk = last ? trailingBreak(ctx, last) : null;
  const holes = brk ? [{ start: brk.startIndex, end: brk.endIndex }] : [];
  const ended = brk !== null || (last !== undefined && definitelyJumps(ctx, last));
  // `case 1: { ...; break; }`: the block's own statements, without the braces
  if (items.length === 1 && BLOCK_TYPES[ctx.lang].includes(last.type)) return { items: bodyItems(ctx, last), holes, ended };
  return { items, holes, ended };
}

// ---------------------------------------------------------------------------------------------
// Reading the switch, per language

/** The groups of a C-like switch body: labels then the statements they share. */
interface RawGroup {
  labels: (Node | 'default')[];
  items: Node[];
}

function subjectOf(ctx: UnitContext, node: Node): Node | null {
  const field = node.childForFieldName(ctx.profile.switches.subjectField);
  if (!field) return null;
  if (field.type === 'condition_clause') return field.childForFieldName('initializer') ? null : field.childForFieldName('value');
  return field.type === 'parenthesized_expression' ? unparenthesize(field) : field;
}

function rawGroups(ctx: UnitContext, node: Node): RawGroup[] | null {
  const body = ctx.profile.switches.casesInSwitchNode ? node : node.childForFieldName('body');
  if (!body) return null;
  const header = new Set(['initializer', 'value']);
  const groups: RawGroup[] = [];
  let pending: (Node | 'default')[] = [];
  const push = (labels: (Node | 'default')[], items: Node[]) => {
    pending.push(...labels);
    if (items.some((i) => !isComment(ctx, i))) {
      groups.push({ labels: pending, items });
      pending = [];
    } else if (items.length > 0) return false; // a comment alone under a label: nowhere to keep it
    return true;
  };
  for (const child of namedChildren(body)) {
    if (isComment(ctx, child)) continue; // kept only if inside a body: see commentsKept
    if (ctx.profile.switches.casesInSwitchNode && [...header].some((f) => node.childForFieldName(f)?.equals(child))) continue;
    let ok = true;
    switch (child.type) {
      case 'case_statement': {
        const value = child.childForFieldName('value');
        const items = namedChildren(child).filter((c) => !value || !c.equals(value));
        ok = push([value ?? 'default'], items);
        break;
      }
      case 'switch_case':
      case 'switch_default': {
        const value = child.childForFieldName('value');
        ok = push([value ?? 'default'], child.childrenForFieldName('body').filter((c): c is Node => c !== null));
        break;
      }
      case 'expression_case':
      case 'default_case': {
        const list = namedChildren(child).find((c) => c.type === 'statement_list');
        const values = child.type === 'default_case' ? ['default' as const] : [...namedChildren(child.childForFieldName('value') ?? child)];
        const items = list ? [...namedChildren(list)] : namedChildren(child).filter((c) => isComment(ctx, c));
        // Go: a case without statements does nothing (no fallthrough)
        groups.push({ labels: values, items });
        if (pending.length) return null;
        break;
      }
      case 'switch_block_statement_group': {
        const labels = namedChildren(child).filter((c) => c.type === 'switch_label');
        const items = namedChildren(child).filter((c) => c.type !== 'switch_label');
        ok = push(labels.flatMap(javaLabelValues), items);
        break;
      }
      case 'switch_rule': {
        const labels = namedChildren(child).filter((c) => c.type === 'switch_label');
        const body = namedChildren(child).filter((c) => c.type !== 'switch_label');
        if (pending.length || body.length !== 1) return null;
        const items = body[0].type === 'block' ? bodyItems(ctx, body[0]) : body;
        groups.push({ labels: labels.flatMap(javaLabelValues), items });
        break;
      }
      default:
        return null; // statements before the first label, or something this does not know
    }
    if (!ok) return null;
  }
  if (pending.length) {
    // labels at the very end share an empty body
    groups.push({ labels: pending, items: [] });
  }
  return groups;
}

function javaLabelValues(label: Node): (Node | 'default')[] {
  if (label.children.some((c) => c?.type === 'default')) return ['default'];
  return [...namedChildren(label)];
}

// ---------------------------------------------------------------------------------------------
// Labels to conditions

type JavaSubject = { kind: 'int' } | { kind: 'string' } | { kind: 'enum'; type: string } | null;

const JAVA_INTEGRAL = new Set(['int', 'short', 'byte', 'char', 'Integer', 'Short', 'Byte', 'Character']);

function javaSubjectType(subject: Node): JavaSubject {
  const s = unparenthesize(subject);
  let decls;
  if (s.type === 'identifier') decls = declarationsOf('java', s, s.text);
  else if (s.type === 'field_access' && s.childForFieldName('object')?.type === 'this') decls = javaFieldDeclarations(s, s.childForFieldName('field')?.text ?? '', TYPE_QUERIES);
  else if (s.type === 'method_invocation' && !s.childForFieldName('object')) {
    // a call to a method of this file: its declared return type (overloads must agree)
    let root = s;
    while (root.parent) root = root.parent;
    const name = s.childForFieldName('name')?.text;
    const methods = descendants(root, (d) => d.type === 'method_declaration' && d.childForFieldName('name')?.text === name);
    decls = methods.map((m) => ({ kind: 'local', array: false, type: m.childForFieldName('type')?.text ?? null }));
  } else return null;
  if (decls.length === 0) return null;
  const types = new Set(decls.map((d) => (d.kind === 'other' || d.array ? '?' : (d.type ?? '?'))));
  if (types.size !== 1) return null;
  const [type] = [...types];
  if (JAVA_INTEGRAL.has(type)) return { kind: 'int' };
  if (type === 'String') return { kind: 'string' };
  return /^[A-Z]\w*(\.[A-Z]\w*)*$/.test(type) ? { kind: 'enum', type } : null;
}

function cLikeTests(ctx: UnitContext, subject: Node | null, labels: Node[], temp: boolean): ((s: string) => string)[] | null {
  // a tagless switch tests its cases in order, like the chain; a label with effects could change a subject read again
  if (ctx.profile.switches.tagless && !subject) return labels.map((l) => () => l.text);
  if (!subject) return null;
  const hazards = macroHazards(ctx.lang, ctx.root);
  if (!temp && labels.some((l) => !isSideEffectFree(ctx.lang, l, hazards))) return null;
  if (ctx.profile.switches.caseRanges) {
    // GNU case ranges (`case 1 ... 5:`) do not parse as one expression
    if (labels.some((l) => l.hasError || l.type === 'parameter_pack_expansion')) return null;
  }
  if (!ctx.profile.switches.typedLabels) return labels.map((l) => comparison(ctx, temp ? null : subject, l));
  const literalKinds = labels.map((l) => (l.type === 'string_literal' ? 'string' : /literal$/.test(unparenthesize(l).type) || l.type === 'unary_expression' ? 'int' : 'name'));
  if (literalKinds.every((k) => k === 'int')) return labels.map((l) => comparison(ctx, temp ? null : subject, l));
  if (literalKinds.every((k) => k === 'string')) return labels.map((l) => equalsCall(temp ? null : subject, l.text));
  const type = javaSubjectType(subject);
  if (!type) return null;
  const direct = temp ? null : subject;
  if (type.kind === 'int' && !literalKinds.includes('string')) return labels.map((l) => comparison(ctx, direct, l));
  if (type.kind === 'string' && !literalKinds.includes('int')) return labels.map((l) => equalsCall(direct, l.text));
  // An enum: `equals` throws on null like the switch does (`==` would quietly be false).
  if (type.kind === 'enum' && literalKinds.every((k) => k === 'name')) return labels.map((l) => equalsCall(direct, `${type.type}.${l.text}`));
  return null;
}

// ---- Rust ----------------------------------------------------------------------------------

type RustKind = 'num' | 'char' | 'bool' | 'str';

const RUST_NUMBER = /^(i8|i16|i32|i64|i128|isize|u8|u16|u32|u64|u128|usize)$/;

function rustTypeKind(type: string): RustKind | null {
  const t = type.replace(/\s+/g, '');
  if (RUST_NUMBER.test(t)) return 'num';
  if (t === 'char') return 'char';
  if (t === 'bool') return 'bool';
  if (/^&('\w+)?str$/.test(t)) return 'str';
  return null;
}

function rustValueKind(value: Node): RustKind | null {
  const v = unparenthesize(value);
  if (v.type === 'integer_literal' && !/(f32|f64)$/.test(v.text)) return 'num';
  if (v.type === 'char_literal') return 'char';
  if (v.type === 'boolean_literal') return 'bool';
  if (v.type === 'string_literal') return 'str';
  if (v.type === 'type_cast_expression') return rustTypeKind(v.childForFieldName('type')?.text ?? '');
  return null;
}

/**
 * What a Rust subject is, when its declarations (or the function it calls) say so: the
 * comparisons `==` and ranges need a plain number, char, bool or `&str`; anything else is
 * tested with `matches!`, which takes the pattern as it is.
 */
function rustSubjectKind(ctx: UnitContext, subject: Node): RustKind | null {
  const s = unparenthesize(subject);
  if (s.type === 'call_expression') {
    const fn = s.childForFieldName('function');
    const method = fn?.type === 'field_expression' ? fn.childForFieldName('field')?.text : null;
    if (method === 'as_str') return 'str';
    if (method === 'len' || method === 'count') return 'num';
    if (fn?.type === 'identifier') {
      const item = descendants(ctx.root, (d) => d.type === 'function_item' && d.childForFieldName('name')?.text === fn.text);
      const ret = item.length === 1 ? item[0].childForFieldName('return_type') : null;
      return ret ? rustTypeKind(ret.text) : null;
    }
    return null;
  }
  if (s.type === 'type_cast_expression') return rustValueKind(s);
  if (s.type !== 'identifier') return null;
  const decls = declarationsOf('rust', s, s.text);
  if (decls.length === 0) return null;
  const kinds = new Set(
    decls.map((d) => {
      if (d.kind !== 'other') return d.type ? rustTypeKind(d.type) : d.value ? rustValueKind(d.value) : null;
      // `for c in s.chars()`, `for i in 0..n`
      if (d.node.type !== 'for_expression') return null;
      const iter = d.node.childForFieldName('value');
      if (iter?.type === 'range_expression') return namedChildren(iter).every((c) => rustValueKind(c) === 'num' || c.type === 'identifier') ? 'num' : null;
      if (iter && /\.chars\(\)$/.test(iter.text)) return 'char';
      if (iter && /\.bytes\(\)$/.test(iter.text)) return 'num';
      return null;
    }),
  );
  const [kind] = [...kinds];
  return kinds.size === 1 ? kind : null;
}

const RUST_LITERALS: Record<string, RustKind> = {
  integer_literal: 'num', negative_literal: 'num', char_literal: 'char', boolean_literal: 'bool', string_literal: 'str', raw_string_literal: 'str',
};

/** An arm's pattern as conditions; null when it binds names or is not understood. */
function rustTests(ctx: UnitContext, pattern: Node, subject: Node, kind: RustKind | null): ((s: string) => string)[] | null {
  const pieces: Node[] = [];
  const flatten = (p: Node) => {
    if (p.type === 'or_pattern') namedChildren(p).forEach(flatten);
    else pieces.push(p);
  };
  namedChildren(pattern).filter((c) => !pattern.childForFieldName('condition')?.equals(c)).forEach(flatten);
  if (pieces.length === 0) return [];
  const literalKind = (p: Node) => (p.type === 'char_literal' && p.text.startsWith('b') ? 'num' : RUST_LITERALS[p.type]);
  const simple = pieces.every((p) => {
    if (RUST_LITERALS[p.type]) return literalKind(p) === kind && !/(f32|f64)$/.test(p.text) && !p.text.includes('.');
    if (p.type === 'range_pattern') return kind === 'num' || kind === 'char';
    return false;
  });
  const allowed = pieces.every((p) => RUST_LITERALS[p.type] || p.type === 'range_pattern' || p.type === 'scoped_identifier');
  if (!allowed) return null; // bindings, tuples, structs, bare names (a constant or a binding?)
  const text = pieces.map((p) => p.text).join(' | ');
  const paren = subject.type === 'unary_expression' || subject.type === 'type_cast_expression' || subject.type === 'binary_expression';
  if (!simple) return [(s) => `matches!(${s}, ${text})`];
  return pieces.map((p) => (s) => {
    const left = s === subject.text && paren ? `(${s})` : s;
    if (p.type === 'boolean_literal') return p.text === 'true' ? s : `!${left}`;
    if (p.type !== 'range_pattern') return `${left} == ${p.text}`;
    const lo = p.childForFieldName('left');
    const hi = p.childForFieldName('right');
    const inclusive = p.children.some((c) => c?.type === '..=');
    if (lo && hi) return `(${lo.text}${inclusive ? '..=' : '..'}${hi.text}).contains(&${s})`;
    if (lo) return `${left} >= ${lo.text}`;
    return `${left} ${inclusive ? '<=' : '<'} ${hi!.text}`;
  });
}

/**
 * The name a last arm `n => ...` binds, when binding it by a `let` is a copy: the subject is a
 * number, char, bool or `&str`, or a temporary nothing else uses. A bare name that is a
 * constant of the file is a constant pattern, not a binding.
 */
function rustCatchAll(ctx: UnitContext, pattern: Node, copyable: boolean): string | null {
  const parts = namedChildren(pattern);
  if (parts.length !== 1 || parts[0].type !== 'identifier' || !copyable) return null;
  const name = parts[0].text;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) return null;
  const items = descendants(ctx.root, (d) => ['const_item', 'static_item'].includes(d.type) && d.childForFieldName('name')?.text === name);
  return items.length === 0 ? name : null;
}

// ---- Python --------------------------------------------------------------------------------

/** A case's pattern as conditions: literals and dotted names compare with `==`, None/True/False with `is`. */
function pythonTests(ctx: UnitContext, clause: Node, subject: Node): { tests: ((s: string) => string)[]; wildcard: boolean; capture?: string } | null {
  const patterns = namedChildren(clause).filter((c) => c.type === 'case_pattern');
  if (patterns.length !== 1) return null;
  let pattern = patterns[0];
  if (namedChildren(pattern).length === 0) return pattern.text.trim() === '_' ? { tests: [], wildcard: true } : null;
  // `case other:` binds the value and matches anything (Python allows it only last)
  const only = namedChildren(pattern)[0];
  if (namedChildren(pattern).length === 1 && only.type === 'dotted_name' && namedChildren(only).length === 1) return { tests: [], wildcard: true, capture: only.text };
  // `(1 | 2)` is a group, `(1,)` a tuple
  while (namedChildren(pattern).length === 1 && ['case_pattern', 'tuple_pattern'].includes(namedChildren(pattern)[0].type)) {
    const inner = namedChildren(pattern)[0];
    if (inner.type === 'tuple_pattern' && (inner.children.some((c) => c?.type === ',') || namedChildren(inner).length !== 1)) return null;
    pattern = inner.type === 'tuple_pattern' ? namedChildren(inner)[0] : inner;
  }
  const top = namedChildren(pattern).length === 1 && pattern.type === 'case_pattern' ? namedChildren(pattern)[0] : pattern;
  // the alternatives' texts: the spans between `|` tokens (a minus sign is a token of its own)
  const alternatives: string[] = [];
  if (top.type === 'union_pattern') {
    let start = top.startIndex;
    for (const c of allChildren(top)) {
      if (c.type === '|') {
        alternatives.push(ctx.source.slice(start, c.startIndex).trim());
        start = c.endIndex;
      }
    }
    alternatives.push(ctx.source.slice(start, top.endIndex).trim());
  } else alternatives.push(pattern.text); // the pattern's own text keeps a minus sign
  const subjectText = (s: string) => (s === subject.text && needsParens('python', subject, '==', 'left') ? `(${s})` : s);
  const tests: ((s: string) => string)[] = [];
  for (const alt of alternatives) {
    if (/^(None|True|False)$/.test(alt)) tests.push((s) => `${subjectText(s)} is ${alt}`);
    else if (/^-?\s*(\d[\d_]*(\.\d*)?|\.\d+)([eE][+-]?\d+)?j?$|^-?\s*0[xXoObB][\da-fA-F_]+$/.test(alt)) tests.push((s) => `${subjectText(s)} == ${alt}`);
    else if (/^(-?\s*\d[\d_.]*\s*[+-]\s*\d[\d_.]*j)$/.test(alt)) tests.push((s) => `${subjectText(s)} == ${alt}`);
    else if (/^([rRbBuU]{0,2}("([^"\\\n]|\\.)*"|'([^'\\\n]|\\.)*')\s*)+$/.test(alt)) tests.push((s) => `${subjectText(s)} == ${alt}`);
    else if (/^[A-Za-z_]\w*(\s*\.\s*[A-Za-z_]\w*)+$/.test(alt)) tests.push((s) => `${subjectText(s)} == ${alt}`);
    else return null; // captures, classes, sequences, mappings, wildcards inside alternatives
  }
  return { tests, wildcard: false };
}

// ---------------------------------------------------------------------------------------------
// Planning

/** Whether the switch stands where the chain can replace it: a statement in a statement list. */
function statementPlace(ctx: UnitContext, node: Node): 'block' | 'case' | null {
  const parent = node.parent;
  if (!parent) return null;
  const blocks = ['compound_statement', 'block', 'statement_block', 'statement_list', 'constructor_body'];
  if (blocks.includes(parent.type)) return 'block';
  if (['case_statement', 'switch_block_statement_group', 'switch_case', 'switch_default'].includes(parent.type)) return 'case';
  if (ctx.profile.blocks.blockExpressions && parent.type === 'expression_statement' && parent.parent?.type === 'block') return 'block';
  return null;
}

/** Rust: positions where an `if` expression can stand for the match without parentheses. */
const RUST_VALUE_PARENTS = new Set([
  'let_declaration', 'assignment_expression', 'compound_assignment_expr', 'return_expression', 'arguments', 'match_arm',
  'closure_expression', 'array_expression', 'tuple_expression', 'field_initializer', 'parenthesized_expression', 'break_expression',
]);

function planOf(ctx: UnitContext, node: Node): Plan | null {
  if (!ctx.inFunctionBody(node)) return null;
  const lang = ctx.lang;
  const sw = ctx.profile.switches;
  const subject = subjectOf(ctx, node);
  if (!sw.tagless && !subject) return null;
  const place = statementPlace(ctx, node);
  let ternary = false;
  if (sw.valueSwitch === 'ternary' && !place) {
    if (!javaValueSwitch(node)) return null;
    ternary = true;
  } else if (sw.valueSwitch === 'if-expression' && !place) {
    const parent = node.parent;
    const right = parent?.type === 'binary_expression' && parent.childForFieldName('right')?.equals(node);
    if (!parent || !(RUST_VALUE_PARENTS.has(parent.type) || right)) return null;
  } else if (!place) return null;
  const init = sw.ifHeaderStatement ? node.childForFieldName('initializer') : null;
  const hazards = macroHazards(lang, ctx.root);
  let temp = false;
  if (subject && !isSideEffectFree(lang, subject, hazards)) {
    const direct = sw.form === 'match-arms' && rustSubjectKind(ctx, subject) !== null && /\.(as_str|len)\(\)$/.test(subject.text) &&
      isSideEffectFree(lang, subject.childForFieldName('function')?.childForFieldName('value') ?? subject, hazards);
    if (!direct) {
      // C has no declaration without a type; a value switch has no statement to put it before
      // (Java's became a ternary; what is left without a place is Rust's value match)
      if (!sw.temporary || ternary || (sw.ifHeaderStatement && init) || place === 'case') return null;
      if (!place) return null;
      temp = true;
    }
  }
  const clauses = sw.form === 'match-arms' ? rustClauses(ctx, node, subject!, temp) : sw.form === 'case-blocks' ? pythonClauses(ctx, node, subject!) : cLikeClauses(ctx, node, subject, temp);
  if (!clauses || !clauses.some((c) => !c.isDefault)) return null;
  // The chain tests in order, the default last: a wildcard before other arms would change that.
  if (sw.form !== 'case-labels' && clauses.slice(0, -1).some((c) => c.isDefault)) return null;
  if (ternary && !clauses.some((c) => c.isDefault)) return null;
  const plan: Plan = { node, subject, temp, init, clauses, ternary };
  return commentsKept(ctx, plan) ? plan : null;
}

/** Every comment inside the switch must be among the copied items, or it would be lost. */
function commentsKept(ctx: UnitContext, plan: Plan): boolean {
  const spans = plan.clauses.filter((c) => c.items.length).map((c) => ({ start: c.items[0].startIndex, end: c.items[c.items.length - 1].endIndex }));
  return descendants(plan.node, (d) => isComment(ctx, d)).every((c) => spans.some((s) => s.start <= c.startIndex && c.endIndex <= s.end));
}

function cLikeClauses(ctx: UnitContext, node: Node, subject: Node | null, temp: boolean): Clause[] | null {
  const lang = ctx.lang;
  const sw = ctx.profile.switches;
  const groups = rawGroups(ctx, node);
  if (!groups || groups.length === 0) return null;
  const rules = sw.arrowRules && namedChildren(node.childForFieldName('body') ?? node).some((c) => c.type === 'switch_rule');
  if (sw.casesEndThemselves && descendants(node, (d) => d.type === 'fallthrough_statement').length) return null;
  const clauses: Clause[] = [];
  for (const [index, group] of groups.entries()) {
    const last = index === groups.length - 1;
    const { items, holes, ended } = itemsWithout(ctx, group.items);
    // Fallthrough: every case but the last must leave the switch by a jump.
    if (!last && !ended && !rules && !sw.casesEndThemselves) return null;
    // Any other break would now leave an enclosing loop.
    const kept = new Set(holes.map((h) => h.start));
    if (group.items.some((i) => outerBreaks(lang, i).some((b) => !kept.has(b.startIndex)))) return null;
    if (sw.yields && group.items.some((i) => descendants(i, (d) => d.type === 'yield_statement').length)) return null;
    const isDefault = group.labels.includes('default');
    const labels = group.labels.filter((l): l is Node => l !== 'default');
    const tests = isDefault ? [] : cLikeTests(ctx, subject, labels, temp);
    if (!tests) return null;
    clauses.push({ tests, guard: null, isDefault, items, base: null, holes });
  }
  // A name declared in one case (outside braces) is in scope in the later ones: the switch body is one block.
  if (sw.sharedCaseScope && !rules) {
    for (const [i, group] of groups.entries()) {
      const names = group.items.filter((it) => !isComment(ctx, it)).flatMap((it) => declaredNames(lang, it));
      const others = groups.filter((_, j) => j !== i).flatMap((g) => g.items.flatMap((it) => descendants(it, (d) => d.type === 'identifier').map((d) => d.text)));
      if (names.some((n) => others.includes(n))) return null;
    }
  }
  if (sw.exhaustiveUnions && !clauses.some((c) => c.isDefault) && !tsOpenSubject(subject, temp)) {
    // TypeScript treats a switch over every member of a union as exhaustive, the if-chain not:
    // decline where that matters, when no case goes on after the switch (a missing return,
    // an inferred `| undefined`) or a variable declared without a value is assigned in it.
    const leaves = groups.every((g) => {
      const statements = g.items.filter((i) => !isComment(ctx, i));
      const last = statements[statements.length - 1];
      return last !== undefined && !trailingBreak(ctx, last) && definitelyJumps(ctx, last);
    });
    if (leaves || assignsUnset(ctx, node)) return null;
  }
  return clauses;
}

/** TypeScript: whether the switch assigns a variable its function declares without a value (`let v: T;`). */
function assignsUnset(ctx: UnitContext, node: Node): boolean {
  let fn: Node | null = node.parent;
  while (fn && !FUNCTION_TYPES[ctx.lang].includes(fn.type) && fn.type !== 'program') fn = fn.parent;
  if (!fn) return true;
  const unset = new Set(
    descendants(fn, (d) => d.type === 'variable_declarator' && !d.childForFieldName('value')).map((d) => d.childForFieldName('name')?.text ?? ''),
  );
  const assigned = descendants(node, (d) => d.type === 'assignment_expression').map((a) => a.childForFieldName('left')?.text ?? '');
  return assigned.some((name) => unset.has(name));
}

/** A subject declared `number` or `string`: no union for a switch to exhaust. */
function tsOpenSubject(subject: Node | null, temp: boolean): boolean {
  if (!subject || temp || subject.type !== 'identifier') return false;
  let scope: Node | null = subject;
  while (scope && !['function_declaration', 'arrow_function', 'method_definition', 'function_expression', 'program'].includes(scope.type)) scope = scope.parent;
  if (!scope) return false;
  const decls = descendants(scope, (d) => (d.type === 'required_parameter' || d.type === 'variable_declarator') &&
    (d.childForFieldName('pattern') ?? d.childForFieldName('name'))?.text === subject.text);
  return decls.length > 0 && decls.every((d) => /^:\s*(number|string)$/.test(d.childForFieldName('type')?.text ?? ''));
}

function rustClauses(ctx: UnitContext, node: Node, subject: Node, temp: boolean): Clause[] | null {
  const body = node.childForFieldName('body');
  if (!body) return null;
  const arms = namedChildren(body).filter((c) => c.type === 'match_arm');
  if (namedChildren(body).some((c) => c.type !== 'match_arm' && !isComment(ctx, c))) return null;
  const kind = rustSubjectKind(ctx, subject); // a temporary has the subject's type
  const clauses: Clause[] = [];
  for (const [index, arm] of arms.entries()) {
    const pattern = arm.childForFieldName('pattern');
    const value = arm.childForFieldName('value');
    if (!pattern || !value || arm.children.some((c) => c?.type === 'attribute_item')) return null;
    const guardNode = pattern.childForFieldName('condition');
    if (guardNode && (guardNode.type === 'let_condition' || guardNode.type === 'let_chain')) return null;
    const binding = index === arms.length - 1 && !guardNode ? rustCatchAll(ctx, pattern, kind !== null || temp) : null;
    const tests = binding ? [] : rustTests(ctx, pattern, subject, kind);
    if (!tests) return null;
    const wildcard = tests.length === 0;
    const isLast = index === arms.length - 1;
    // A compiled match is exhaustive: its last arm, unguarded, takes whatever is left.
    const isDefault = (wildcard && !guardNode) || (isLast && !guardNode);
    const guard = guardNode ? (precedenceOf('rust', guardNode) <= (binaryPrecedence('rust', '&&') ?? 20) ? `(${guardNode.text})` : guardNode.text) : null;
    if (wildcard && guardNode) clauses.push({ tests: [() => guardNode.text], guard: null, isDefault: false, items: [], base: null, holes: [] });
    else clauses.push({ tests: isDefault ? [] : tests, guard, isDefault, items: [], base: null, holes: [] });
    const clause = clauses[clauses.length - 1];
    if (binding) clause.prelude = (s) => `let ${binding} = ${s};`;
    if (value.type === 'block') clause.items = bodyItems(ctx, value);
    else {
      clause.items = [value];
      clause.base = ctx.indentOf(arm);
    }
  }
  return clauses;
}

function pythonClauses(ctx: UnitContext, node: Node, subject: Node): Clause[] | null {
  if (node.childrenForFieldName('subject').length !== 1) return null;
  const body = node.childForFieldName('body');
  if (!body) return null;
  const clauses: Clause[] = [];
  for (const clause of namedChildren(body)) {
    if (clause.type !== 'case_clause') return null;
    const found = pythonTests(ctx, clause, subject);
    const consequence = clause.childForFieldName('consequence');
    if (!found || !consequence) return null;
    const guardClause = clause.childForFieldName('guard');
    const guardNode = guardClause ? namedChildren(guardClause)[0] : null;
    const guard = guardNode ? (precedenceOf('python', guardNode) <= (binaryPrecedence('python', 'and') ?? 20) ? `(${guardNode.text})` : guardNode.text) : null;
    const items = bodyItems(ctx, consequence);
    if (found.capture && guardNode) return null; // the guard reads the binding
    if (found.wildcard && guardNode) clauses.push({ tests: [() => guardNode.text], guard: null, isDefault: false, items, base: null, holes: [] });
    else clauses.push({ tests: found.tests, guard, isDefault: found.wildcard, items, base: null, holes: [] });
    const capture = found.capture;
    if (capture) clauses[clauses.length - 1].prelude = (s) => `${capture} = ${s}`;
  }
  return clauses;
}

/** A Java switch expression whose value initialises a typed local or is returned, with an expression in every arm. */
function javaValueSwitch(node: Node): boolean {
  const parent = node.parent;
  let type: string | null = null;
  if (parent?.type === 'variable_declarator' && parent.childForFieldName('value')?.equals(node)) type = parent.parent?.childForFieldName('type')?.text ?? null;
  else if (parent?.type === 'return_statement') {
    let m: Node | null = parent;
    while (m && m.type !== 'method_declaration' && m.type !== 'lambda_expression') m = m.parent;
    type = m?.type === 'method_declaration' ? (m.childForFieldName('type')?.text ?? null) : null;
  }
  // The conditional's type rules differ from the switch's for boxed and mixed arms: keep to plain types.
  if (!type || !/^(int|long|short|byte|char|double|float|boolean|String)$/.test(type)) return false;
  const body = node.childForFieldName('body');
  return body !== null && namedChildren(body).every((c) => c.type === 'switch_rule' && namedChildren(c).some((x) => x.type === 'expression_statement'));
}

// ---------------------------------------------------------------------------------------------
// Writing the chain

function condition(ctx: UnitContext, clause: Clause, s: string): string {
  const parts = clause.tests.map((t) => t(s));
  const and = ctx.profile.switches.and;
  const many = parts.length > 1;
  const joined = parts.map((p) => (many && / && | and /.test(p) ? `(${p})` : p)).join(ctx.profile.switches.or);
  if (!clause.guard) return joined;
  return `${many ? `(${joined})` : joined}${and}${clause.guard}`;
}

/** The clauses in the order the chain tests them: the default last, and left out when it does nothing. */
function ordered(ctx: UnitContext, plan: Plan): Clause[] {
  const idle = (c: Clause) => nothingToDo(ctx, c, '', false) !== null || ['', 'pass', '()'].includes((body(ctx, c, '') ?? '').trim());
  const defaults = plan.clauses.filter((c) => c.isDefault && (plan.ternary || !idle(c)));
  return [...plan.clauses.filter((c) => !c.isDefault), ...defaults];
}

/**
 * A case that does nothing (`case 6: case 8: break;`, `_ => {}`, `case _: pass`) says so in its
 * branch: an empty if branch without a word reads as a mistake.
 */
function nothingToDo(ctx: UnitContext, clause: Clause, indent: string, inline: boolean): string | null {
  const { items, holes, prelude } = clause;
  if (prelude || items.some((i) => isComment(ctx, i))) return null;
  const idle = (i: Node) =>
    i.type === 'pass_statement' || i.type === 'empty_statement' || holes.some((h) => h.start <= i.startIndex && i.endIndex <= h.end) || /^\{\s*\}$/.test(i.text);
  if (!items.every(idle)) return null;
  return `${indent}${ctx.profile.switches.nothingToDo(inline)}`;
}

function body(ctx: UnitContext, clause: Clause, indent: string, s = '', inline = false): string | null {
  const { items, base, holes, prelude } = clause;
  const note = nothingToDo(ctx, clause, indent, inline);
  if (note !== null) return note;
  const first = prelude ? `${indent}${prelude(s)}` : '';
  if (items.length === 0) return first;
  const text = rebase(ctx, items[0].startIndex, items[items.length - 1].endIndex, base ?? baseOf(ctx, items[0]), indent, holes);
  return text === null ? null : first ? `${first}\n${text}` : text;
}

/** The body's text for a chain written on one line. */
function inlineBody(ctx: UnitContext, clause: Clause, s: string): string {
  const text = body(ctx, clause, '', s, true) ?? '';
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

function chainText(ctx: UnitContext, plan: Plan, s: string): string | null {
  const indent = ctx.indentOf(plan.node);
  const inner = indent + ctx.indentUnit;
  const sw = ctx.profile.switches;
  const clauses = ordered(ctx, plan);
  if (ctx.profile.spelling.indentedBlocks) {
    const lines: string[] = [];
    for (const [i, c] of clauses.entries()) {
      const text = body(ctx, c, inner, s);
      if (!text) return null;
      lines.push(`${i === 0 ? '' : indent}${c.isDefault ? 'else' : `${i === 0 ? 'if' : 'elif'} ${condition(ctx, c, s)}`}:`, text);
    }
    return lines.join('\n');
  }
  const bare = sw.bareConditions;
  const head = (c: Clause, i: number) => {
    const cond = condition(ctx, c, s);
    const init = i === 0 && plan.init ? `${plan.init.text}; ` : i === 0 && plan.temp && sw.ifHeaderStatement ? `${sw.temporary!(s, plan.subject!.text)}; ` : '';
    return bare ? `if ${init}${cond}` : `if (${cond})`;
  };
  const heads = clauses.map((c, i) => (c.isDefault ? 'else' : `${i === 0 ? '' : 'else '}${head(c, i)}`));
  const bodyNode = plan.node.childForFieldName('body');
  if (plan.node.startPosition.row === plan.node.endPosition.row) {
    return clauses.map((c, i) => `${heads[i]} { ${inlineBody(ctx, c, s)} }`.replace('{  }', sw.emptyBlock)).join(' ');
  }
  const opener = bodyNode?.previousSibling;
  const allman = !bare && bodyNode !== null && opener !== null && opener !== undefined && bodyNode.startPosition.row > opener.endPosition.row;
  const lines: string[] = [];
  for (const [i, c] of clauses.entries()) {
    const text = body(ctx, c, inner, s);
    if (text === null) return null;
    if (allman) lines.push(`${i === 0 ? '' : indent}${heads[i]}`, `${indent}{`);
    else lines.push(`${i === 0 ? '' : `${indent}} `}${heads[i]} {`);
    if (text) lines.push(text);
    if (allman) lines.push(`${indent}}`);
  }
  if (!allman) lines.push(`${indent}}`);
  return lines.join('\n');
}

/** A Java switch expression as a conditional expression: `x == 1 ? a : x == 2 ? b : c`. */
function ternaryText(ctx: UnitContext, plan: Plan, s: string): string | null {
  const clauses = ordered(ctx, plan);
  const values: string[] = [];
  for (const c of clauses) {
    const stmt = c.items.find((i) => i.type === 'expression_statement');
    const expr = stmt ? namedChildren(stmt).find((x) => !isComment(ctx, x)) : undefined;
    if (!expr || c.items.length !== 1 || expr.text.includes('\n')) return null;
    values.push(precedenceOf('java', expr) <= PREC.conditional ? `(${expr.text})` : expr.text);
  }
  const parts = clauses.slice(0, -1).map((c, i) => `${condition(ctx, c, s)} ? ${values[i]}`);
  const last = values[values.length - 1];
  if (plan.node.startPosition.row === plan.node.endPosition.row) return [...parts, last].join(' : ');
  const continuation = ctx.indentOf(plan.node) + ctx.indentUnit + ctx.indentUnit;
  return [parts[0], ...parts.slice(1).map((p) => `${continuation}: ${p}`), `${continuation}: ${last}`].join('\n');
}

function temporary(ctx: UnitContext, name: string, value: string): string {
  const declare = ctx.profile.switches.temporary;
  if (!declare) throw new Error(`switch-to-if: no temporary in ${ctx.lang}`);
  return declare(name, value);
}

function describe(ctx: UnitContext, plan: Plan): string {
  const what = ctx.profile.switches.keyword;
  return `${what}${plan.subject ? ` on \`${plan.subject.text.replace(/\s+/g, ' ')}\`` : ''} at line ${ctx.lineOf(plan.node.startIndex)}`;
}

function render(ctx: UnitContext, plan: Plan, name: string | null): string | null {
  const s = name ?? plan.subject?.text ?? '';
  const text = plan.ternary ? ternaryText(ctx, plan, s) : chainText(ctx, plan, s);
  // Go's temporary is in the first if's header
  if (text === null || !name || ctx.profile.switches.ifHeaderStatement) return text;
  // `switch (a, b)`, Python's `match (x := f())`: the value needs its parentheses in a declaration
  const subject = plan.subject!;
  const value = precedenceOf(ctx.lang, subject) === PREC.sequence ? `(${subject.text})` : subject.text;
  return `${temporary(ctx, name, value)}\n${ctx.indentOf(plan.node)}${text}`;
}

export const switchToIf: Method = {
  ...catalogued('switch-to-if'),
  support: () => APPLICABLE,

  findSites(ctx: UnitContext): Site[] {
    const sites: Site[] = [];
    for (const node of ctx.nodes(ctx.profile.switches.node)) {
      const plan = planOf(ctx, node);
      if (plan && render(ctx, plan, plan.temp ? 'value' : null) !== null) {
        sites.push({ start: node.startIndex, end: node.endIndex, label: describe(ctx, plan) });
      }
    }
    return sites;
  },

  apply(ctx, site, rng: Rng) {
    const node = ctx.nodes(ctx.profile.switches.node).find((n) => n.startIndex === site.start && n.endIndex === site.end);
    const plan = node ? planOf(ctx, node) : null;
    if (!plan) throw new Error(`switch-to-if: no switch at ${site.start}`);
    const name = plan.temp ? temporaryName(ctx, plan.subject!, rng) : null;
    const text = render(ctx, plan, name);
    if (text === null) throw new Error(`switch-to-if: cannot rewrite the switch at ${site.start}`);
    return {
      edits: [{ start: plan.node.startIndex, end: plan.node.endIndex, text }],
      summary: `turned the ${describe(ctx, plan)} into an if-chain${name ? ` (the value in \`${name}\`)` : ''}`,
    };
  },
};
