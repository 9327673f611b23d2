import type { Node } from 'web-tree-sitter';
import type { LabelKind, SubjectType } from '../languages/languageProfile';
import { cIntegerOrChar, cIntegral, cIntegralSubject } from '../languages/c/switchSubjects';
import { javaFieldDeclarations } from '../languages/java/declarations';
import { pythonMatch } from '../languages/python/matchText';
import { rustMatch, rustStringSubject } from '../languages/rust/matchText';
import type { ChainQueries, ChainRest } from '../languages/switchChains';
import type { UnitContext } from '../syntax/context';
import { catalogued } from './catalogue';
import { APPLICABLE, Method, Site } from './method';
import { declarationOf } from '../syntax/bindings';
import { declarationsOf, enclosingFunction, TYPE_QUERIES } from '../syntax/declarations';
import { asBinary, isSideEffectFree, macroHazards, unparenthesize } from '../syntax/expressions';
import { cannotComplete, isComment } from '../syntax/loops';
import { descendants, namedChildren } from '../syntax/nodes';
import { bodyItems, definitelyJumps, literalKey, outerBreaks, rebase, renderItems, startsLine } from '../syntax/switches';
import { Attached } from '../attached';

/**
 * if-to-switch: `if (x == 1) A else if (x == 2 || x == 3) B else C` becomes a switch (Go,
 * C-like), a `match` (Rust, Python 3.10+) on `x` with one case per branch and the else as the
 * default. Only chains whose every condition compares the same side-effect-free expression
 * with constants the target construct accepts as labels, in the language's own equality.
 */

type Kind = LabelKind;

interface Label {
  text: string;
  /** Equal for labels a switch would call duplicates. */
  key: string;
  kind: Kind;
  /** Java: compared by `subject.equals(label)` rather than `==`. */
  viaEquals?: boolean;
}

interface Arm {
  labels: Label[];
  body: Node;
}

type Rest = ChainRest;

interface Chain {
  node: Node;
  subject: Node;
  /** Go's `if v := f(); v == 1`: the initializer moves to the switch. */
  init: Node | null;
  arms: Arm[];
  rest: Rest;
  /** Rust: the subject is a String, matched through `.as_str()`. */
  asStr: boolean;
}

// ---------------------------------------------------------------------------------------------
// Walking the chain

function isElseIf(ctx: UnitContext, node: Node): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (parent.type === 'else_clause') return true;
  return parent.type === ctx.profile.blocks.ifKind && parent.childForFieldName('alternative')?.equals(node) === true;
}

function conditionOf(node: Node): Node | null {
  const cond = node.childForFieldName('condition');
  if (!cond) return null;
  if (cond.type === 'condition_clause') {
    if (cond.childForFieldName('initializer')) return null;
    return cond.childForFieldName('value');
  }
  if (cond.type === 'let_condition' || cond.type === 'let_chain') return null;
  return cond;
}

/** The statement after `else`: the next if of the chain or the else body. */
function alternativeOf(ctx: UnitContext, node: Node): Node | null {
  const alt = node.childForFieldName('alternative');
  if (!alt || alt.type !== 'else_clause') return alt;
  return namedChildren(alt).find((c) => !isComment(ctx, c)) ?? null;
}

/** One `a == b` of a condition; Java's `a.equals(b)` has its subject fixed on the left. */
interface Pair {
  left: Node;
  right: Node;
  viaEquals: boolean;
}

/** The comparisons a condition is a disjunction of, or null when it is something else. */
function pairsOf(ctx: UnitContext, cond: Node): Pair[] | null {
  const n = unparenthesize(cond);
  const binary = asBinary(ctx.lang, n);
  if (binary && (binary.operator === '||' || binary.operator === 'or')) {
    const left = pairsOf(ctx, binary.left);
    const right = left && pairsOf(ctx, binary.right);
    return left && right ? [...left, ...right] : null;
  }
  if (ctx.profile.switches.typedLabels && n.type === 'method_invocation') {
    const object = n.childForFieldName('object');
    const args = namedChildren(n.childForFieldName('arguments') ?? n).filter((c) => !isComment(ctx, c));
    if (n.childForFieldName('name')?.text !== 'equals' || !object || args.length !== 1) return null;
    return [{ left: object, right: args[0], viaEquals: true }];
  }
  if (!binary || binary.operator !== ctx.profile.switches.equals) return null;
  return [{ left: binary.left, right: binary.right, viaEquals: false }];
}

/** The labels of one branch's comparisons against `subject`, or null when one does not compare it with a constant. */
function labelsFor(ctx: UnitContext, pairs: readonly Pair[], subject: string): Label[] | null {
  const labels: Label[] = [];
  for (const p of pairs) {
    const sides = p.viaEquals ? [[p.left, p.right]] : [[p.left, p.right], [p.right, p.left]];
    const side = sides.find(([s]) => sameText(s.text, subject));
    const label = side ? constantLabel(ctx, side[1]) : null;
    if (!label) return null;
    // Java: `"a".equals(s)` is false for null where switch throws; equals compares strings only
    if (p.viaEquals && label.kind !== 'string') return null;
    if (ctx.profile.switches.typedLabels && !p.viaEquals && label.kind === 'string') return null; // `==` compares references
    labels.push(p.viaEquals ? { ...label, viaEquals: true } : label);
  }
  return labels;
}

/** The ifs of a chain (Python: the if and its elifs) and the final else body. */
function branchesOf(ctx: UnitContext, head: Node): { ifs: Node[]; elseBody: Node | null } {
  if (ctx.profile.blocks.elifClauses) {
    const clauses = namedChildren(head);
    const elseClause = clauses.find((c) => c.type === 'else_clause');
    return { ifs: [head, ...clauses.filter((c) => c.type === 'elif_clause')], elseBody: elseClause?.childForFieldName('body') ?? null };
  }
  const ifs = [head];
  for (let node = head; ; ) {
    const alt = alternativeOf(ctx, node);
    if (!alt) return { ifs, elseBody: null };
    if (alt.type !== ctx.profile.blocks.ifKind) return { ifs, elseBody: alt };
    ifs.push(alt);
    node = alt;
  }
}

/** The chain headed by an if, when it is a site. */
function chainAt(ctx: UnitContext, head: Node): Chain | null {
  if (isElseIf(ctx, head) || !ctx.inFunctionBody(head)) return null;
  const { ifs, elseBody } = branchesOf(ctx, head);
  const pairs: Pair[][] = [];
  for (const [i, node] of ifs.entries()) {
    const cond = conditionOf(node);
    const found = cond && node.childForFieldName('consequence') ? pairsOf(ctx, cond) : null;
    if (!found || (ctx.profile.switches.ifHeaderStatement && i > 0 && node.childForFieldName('initializer'))) break;
    pairs.push(found);
  }
  if (pairs.length < 2) return null;
  // The subject is a side of the first comparison: the one the most branches compare with
  // constants (`self.state == Machine.IDLE`: both sides look constant until the next branch).
  const first = pairs[0][0];
  const candidates = first.viaEquals ? [first.left] : [first.left, first.right];
  let best: { subject: Node; labels: Label[][] } | null = null;
  for (const candidate of candidates) {
    const labels: Label[][] = [];
    for (const p of pairs) {
      const found = labelsFor(ctx, p, candidate.text);
      if (!found) break;
      labels.push(found);
    }
    if (!best || labels.length > best.labels.length) best = { subject: candidate, labels };
  }
  // a literal is no subject (`1 == x`); a name or member that could be a label may be one (`self.state`)
  const literal = constantLabel(ctx, best?.subject ?? first.left);
  if (!best || best.labels.length < 2 || (literal && literal.kind !== 'other')) return null;
  const arms = best.labels.map((labels, i) => ({ labels, body: ifs[i].childForFieldName('consequence')! }));
  const rest: Rest = arms.length < ifs.length ? { kind: 'if', node: ifs[arms.length] } : elseBody ? { kind: 'else', body: elseBody } : null;
  const init = ctx.profile.switches.ifHeaderStatement ? head.childForFieldName('initializer') : null;
  const chain: Chain = { node: head, subject: best.subject, init, arms, rest, asStr: false };
  return acceptable(ctx, chain) ? chain : null;
}

function sameText(a: string, b: string): boolean {
  return a.replace(/\s+/g, '') === b.replace(/\s+/g, '');
}

// ---------------------------------------------------------------------------------------------
// Constants

interface Tables {
  /** C/C++ enumerators: value (when known), enum name, whether scoped (`enum class`). */
  enumerators: Map<string, { value: bigint | null; owner: string; scoped: boolean }[]>;
  enumTypes: Set<string>;
  /** C/C++ object-like macros and Go/Rust constants whose value is a literal: name to literal key. */
  constants: Map<string, { key: string; kind: Kind } | null>;
}

const tableCache = new Attached<object, Tables>('switch tables');

/** Whether the file declares an enum of that name (C, C++: languages/c/switchSubjects.ts asks), its tables read only when asked. */
function enumTypeOf(ctx: UnitContext): (name: string) => boolean {
  return (name) => tablesOf(ctx).enumTypes.has(name);
}

function tablesOf(ctx: UnitContext): Tables {
  const cached = tableCache.get(ctx.tree);
  if (cached) return cached;
  const tables: Tables = { enumerators: new Map(), enumTypes: new Set(), constants: new Map() };
  const setConstant = (name: string, key: string | null, kind: Kind = 'other') =>
    tables.constants.set(name, tables.constants.has(name) || !key ? null : { key, kind });
  for (const n of descendants(ctx.root, (d) => ['enum_specifier', 'type_definition', 'preproc_def', 'const_declaration', 'const_item'].includes(d.type))) {
    if (n.type === 'enum_specifier') {
      const owner = n.childForFieldName('name')?.text ?? '';
      if (owner) tables.enumTypes.add(owner);
      const scoped = n.children.some((c) => c?.type === 'class' || c?.type === 'struct');
      let next: bigint | null = 0n;
      for (const e of namedChildren(n.childForFieldName('body') ?? n).filter((c) => c.type === 'enumerator')) {
        const value = e.childForFieldName('value');
        if (value) {
          const key = literalKey(ctx.lang, value.text);
          next = key?.startsWith('n:') && !key.includes('.') ? BigInt(key.slice(2)) : null;
        }
        const name = e.childForFieldName('name')?.text ?? '';
        tables.enumerators.set(name, [...(tables.enumerators.get(name) ?? []), { value: next, owner, scoped }]);
        next = next === null ? null : next + 1n;
      }
    } else if (n.type === 'type_definition' && n.childForFieldName('type')?.type === 'enum_specifier') {
      for (const d of n.childrenForFieldName('declarator')) if (d?.type === 'type_identifier') tables.enumTypes.add(d.text);
    } else if (n.type === 'preproc_def') {
      // a C preprocessor definition (the C and C++ grammars alone have the node): C's literals
      const name = n.childForFieldName('name')?.text;
      const value = n.childForFieldName('value')?.text.trim() ?? '';
      const key = cIntegerOrChar(value) ? literalKey(ctx.lang, value) : null;
      if (name) setConstant(name, key, 'int');
    } else if (n.type === 'const_declaration') {
      // Go: a spec without a value repeats the previous one's expression with the next iota
      let previous: Node | null = null;
      namedChildren(n)
        .filter((s) => s.type === 'const_spec')
        .forEach((spec, iota) => {
          const value = spec.childForFieldName('value');
          if (value) previous = value;
          const items: readonly Node[] = previous ? namedChildren(previous) : [];
          const names = spec.childrenForFieldName('name').filter((c): c is Node => c !== null);
          names.forEach((name, i) => {
            const item = items.length === names.length ? items[i] : null;
            const key = !item ? null : item.text === 'iota' ? `n:${iota}` : literalKey(ctx.lang, item.text);
            setConstant(name.text, key);
          });
        });
    } else if (n.type === 'const_item') {
      const name = n.childForFieldName('name')?.text;
      const value = n.childForFieldName('value');
      const literal = value ? constItemLiteral(ctx, value) : null;
      if (name) setConstant(name, literal?.key ?? null, literal?.kind);
    }
  }
  tableCache.set(ctx.tree, tables);
  return tables;
}

/** The literal a Rust `const` item is set to (the node kinds are Rust's). */
function constItemLiteral(ctx: UnitContext, node: Node): { key: string; kind: Kind } | null {
  const n = unparenthesize(node);
  const kinds: Record<string, Kind> = { integer_literal: 'int', char_literal: 'char', string_literal: 'string' };
  const negative = n.type === 'unary_expression' && n.text.startsWith('-') && namedChildren(n)[0]?.type === 'integer_literal';
  const kind = negative ? 'int' : kinds[n.type];
  const key = kind ? literalKey(ctx.lang, n.text) : null;
  return kind && key ? { key, kind } : null;
}

/** Whether a name at `at` is declared (as a variable, parameter...) inside its function: then it is not the file's constant. */
function locallyDeclared(ctx: UnitContext, at: Node): boolean {
  const fn = enclosingFunction(ctx.lang, at) ?? ctx.root;
  return descendants(fn, (d) => d.type === 'identifier' && d.text === at.text && d.id !== at.id).some((d) => {
    const decl = declarationOf(ctx.lang, d);
    return decl !== null && decl.scope.start <= at.startIndex && at.endIndex <= decl.scope.end;
  });
}

function kindOfKey(key: string, text: string): Kind {
  if (key.startsWith('s:')) return 'string';
  return /^[a-zA-Z]*'/.test(text) ? 'char' : 'int';
}

/** A constant the language's switch (or match) accepts as a label, as written here; null for anything else. */
function constantLabel(ctx: UnitContext, node: Node): Label | null {
  const n = unparenthesize(node);
  const text = n.text;
  const negative = n.type === 'unary_expression' || n.type === 'unary_operator' ? negativeNumber(ctx, n) : false;
  const sw = ctx.profile.switches;
  const syntax = sw.caseLabel(n, negative);
  if (!syntax) return null;
  switch (syntax.form) {
    case 'literal': {
      if (syntax.by === 'text') return { text, key: `t:${text}`, kind: syntax.kind ?? 'other' };
      // a label must be an integer constant expression: `1.5` is none
      if (sw.integralOnly && syntax.kind === 'int' && !cIntegerOrChar(text)) return null;
      const key = literalKey(ctx.lang, text);
      if (key) return { text, key, kind: syntax.kind ?? kindOfKey(key, text) };
      return syntax.by === 'value-or-text' ? { text, key: `t:${text}`, kind: syntax.kind ?? 'other' } : null;
    }
    case 'file-constant': {
      const shadowed = syntax.shadowedBy === 'locals' ? locallyDeclared(ctx, n) : declarationsOf(ctx.lang, n, text).length > 0;
      if (shadowed) return null;
      const tables = tablesOf(ctx);
      const enums = tables.enumerators.get(text)?.filter((e) => !e.scoped) ?? [];
      if (enums.length === 1 && enums[0].value !== null) return { text, key: `n:${enums[0].value}`, kind: 'int' };
      const constant = tables.constants.get(text);
      if (constant && enums.length === 0) return { text, ...constant };
      return sw.constVariableLabels ? constVariable(ctx, n) : null;
    }
    case 'final-variable':
      return finalVariable(ctx, n);
    case 'scoped-enumerator': {
      if (!sw.scopedEnumLabels) return null;
      const scope = n.childForFieldName('scope')?.text;
      const name = n.childForFieldName('name');
      const e = tablesOf(ctx).enumerators.get(name?.text ?? '')?.find((x) => x.owner === scope);
      if (e && e.value !== null && name?.type === 'identifier') return { text, key: `n:${scope}::${e.value}`, kind: 'other' };
      return null;
    }
  }
}

/** `-5`, `-1.5`: a minus sign on a number literal. */
function negativeNumber(ctx: UnitContext, n: Node): boolean {
  const operand = namedChildren(n);
  if (operand.length !== 1 || !n.text.startsWith('-')) return false;
  return ['number_literal', 'integer', 'float', 'number', 'int_literal', 'float_literal', 'integer_literal'].includes(operand[0].type) ||
    /integer_literal$/.test(operand[0].type);
}

/** A `const`/`constexpr` integral variable initialised with a literal, which C++ takes as a constant expression. */
function constVariable(ctx: UnitContext, n: Node): Label | null {
  const decls = declarationsOf(ctx.lang, n, n.text);
  if (decls.length !== 1) return null;
  const d = decls[0];
  if (!d.type || !d.value || d.array || d.pointer || !/\b(const|constexpr)\b/.test(d.node.text.slice(0, d.node.text.indexOf(n.text)))) return null;
  if (!cIntegral(d.type, enumTypeOf(ctx)) || !cIntegerOrChar(d.value.text.trim())) return null;
  const key = literalKey(ctx.lang, d.value.text);
  return key ? { text: n.text, key, kind: 'int' } : null;
}

/** A constant variable (Java's): `final` with a literal of a primitive or String type. */
function finalVariable(ctx: UnitContext, n: Node): Label | null {
  let decls = declarationsOf(ctx.lang, n, n.text);
  if (decls.length === 0) decls = javaFieldDeclarations(n, n.text, TYPE_QUERIES);
  if (decls.length !== 1) return null;
  const d = decls[0];
  const modifiers = namedChildren(d.node).find((c) => c.type === 'modifiers')?.text ?? '';
  if (!/\bfinal\b/.test(modifiers) || !d.value || !d.type) return null;
  const value = unparenthesize(d.value);
  const kinds: Record<string, Kind> = { int: 'int', char: 'char', String: 'string', short: 'int', byte: 'int' };
  const kind = kinds[d.type];
  if (!kind) return null;
  const literalType = /integer_literal$/.test(value.type) ? 'int' : value.type === 'character_literal' ? 'char' : value.type === 'string_literal' ? 'string' : null;
  if (!literalType || (literalType === 'string') !== (kind === 'string')) return null;
  const key = literalKey(ctx.lang, value.text);
  return key ? { text: n.text, key, kind } : null;
}

// ---------------------------------------------------------------------------------------------
// Subjects

/** The declared type of a subject (a name, or Java's `this.name`) when it is one the switch takes. */
function declaredSubjectType(ctx: UnitContext, subject: Node, types: Readonly<Record<string, SubjectType>>): SubjectType | null {
  const s = unparenthesize(subject);
  let decls;
  if (s.type === 'identifier') decls = declarationsOf(ctx.lang, s, s.text);
  else if (s.type === 'field_access' && s.childForFieldName('object')?.type === 'this') {
    const field = s.childForFieldName('field');
    decls = field ? javaFieldDeclarations(s, field.text, TYPE_QUERIES) : [];
  } else return null;
  if (decls.length === 0) return null;
  const names = new Set(decls.map((d) => (d.kind === 'other' || d.array ? null : d.type)));
  const [name] = [...names];
  return names.size === 1 && name && Object.prototype.hasOwnProperty.call(types, name) ? types[name] : null;
}

/** Whether every label fits a subject's type as a case constant. */
function labelsFit(type: SubjectType, labels: readonly Label[]): boolean {
  if (type === 'strings') return labels.every((l) => l.kind === 'string' && l.viaEquals);
  return labels.every((l) => {
    if (l.viaEquals || l.kind === 'string') return false;
    if (type.label && l.kind !== type.label) return false;
    const value = Number(l.key.slice(2));
    return l.key.startsWith('n:') && value >= type.min && value <= type.max;
  });
}

/** The hazards that do not depend on the layout: subject, labels, jumps, comments. */
function acceptable(ctx: UnitContext, chain: Chain): boolean {
  const lang = ctx.lang;
  const labels = chain.arms.flatMap((a) => a.labels);
  const keys = labels.map((l) => l.key);
  if (new Set(keys).size !== keys.length) return false; // a switch rejects duplicate labels; the first would win
  if (!isSideEffectFree(lang, chain.subject, macroHazards(lang, ctx.root))) return false;
  if (labels.some((l) => l.viaEquals) && !labels.every((l) => l.viaEquals)) return false;
  const sw = ctx.profile.switches;
  if (sw.integralOnly && (!cIntegralSubject(lang, chain.subject, enumTypeOf(ctx), sw.containerElementSubjects, CHAIN_QUERIES) || labels.some((l) => l.kind === 'string'))) return false;
  if (sw.subjectTypes) {
    const type = declaredSubjectType(ctx, chain.subject, sw.subjectTypes);
    if (!type || !labelsFit(type, labels)) return false;
  }
  if (sw.typedPatterns) {
    const kinds = new Set(labels.map((l) => l.kind));
    if (kinds.size !== 1) return false;
    if (kinds.has('string')) {
      const kind = rustStringSubject(lang, chain.subject, CHAIN_QUERIES);
      if (!kind) return false;
      chain.asStr = kind === 'String';
    }
  }
  const bodies = [...chain.arms.map((a) => a.body), ...(chain.rest ? [chain.rest.kind === 'else' ? chain.rest.body : chain.rest.node] : [])];
  // A break in a branch leaves the loop (or switch) around the chain; inside a switch it would leave the switch (a match has no break of its own).
  if (ctx.profile.switches.form === 'case-labels' && bodies.some((b) => outerBreaks(lang, b).length > 0)) return false;
  if (ctx.profile.switches.yields && bodies.some((b) => descendants(b, (d) => d.type === 'yield_statement').length > 0)) return false;
  // Every comment must be inside a body that is copied, or it would be lost.
  const copied = bodies.map((b) => ({ start: b.startIndex, end: b.endIndex }));
  const comments = descendants(chain.node, (d) => isComment(ctx, d));
  return comments.every((c) => copied.some((s) => s.start <= c.startIndex && c.endIndex <= s.end));
}

// ---------------------------------------------------------------------------------------------
// Writing the switch

/**
 * The syntax layer's answers the languages' readers of subjects and writers of a match ask
 * (languages/c/switchSubjects.ts, rust/matchText.ts, python/matchText.ts), made once: they lie
 * above languages/.
 */
const CHAIN_QUERIES: ChainQueries<UnitContext> = { ...TYPE_QUERIES, bodyItems, renderItems, rebase };

const DECLARATIONS = new Set([
  'declaration', 'local_variable_declaration', 'lexical_declaration', 'variable_declaration', 'function_declaration',
  'class_declaration', 'local_class_declaration', 'generator_function_declaration', 'record_declaration', 'enum_declaration',
  'interface_declaration', 'type_alias_declaration',
]);

/** Whether the file writes `case` at the level of its `switch` (the Linux and Go style) rather than one level in. */
function flushCases(ctx: UnitContext): boolean {
  if (ctx.profile.switches.casesAtSwitchIndent) return true;
  for (const sw of descendants(ctx.root, (d) => ctx.profile.switches.kinds.includes(d.type))) {
    const body = sw.childForFieldName('body');
    const first = body ? namedChildren(body).find((c) => !isComment(ctx, c)) : undefined;
    if (first && startsLine(ctx, first)) return ctx.indentOf(first) === ctx.indentOf(sw);
  }
  return false;
}

function rendered(ctx: UnitContext, items: readonly Node[], base: string | null, newBase: string): string | null {
  if (items.length === 0) return '';
  if (base === null) return renderItems(ctx, items, newBase);
  return rebase(ctx, items[0].startIndex, items[items.length - 1].endIndex, base, newBase);
}

/** One `case ...:` (or `default:`) clause of a switch of case labels (switches.form 'case-labels'), as lines; null when it cannot be written safely. */
function caseLabelClause(ctx: UnitContext, heads: string[], items: Node[], base: string | null, caseIndent: string): string[] | null {
  const stmtIndent = caseIndent + ctx.indentUnit;
  const body = rendered(ctx, items, base, stmtIndent);
  if (body === null) return null;
  const statements = items.filter((i) => !isComment(ctx, i));
  const lines = heads.map((h) => `${caseIndent}${h}`);
  // a case ends by itself: no break
  if (ctx.profile.switches.casesEndThemselves) return body ? [...lines, body] : lines;
  const last = statements[statements.length - 1];
  let needsBreak = true;
  if (last && definitelyJumps(ctx, last)) needsBreak = false;
  // Java rejects a break it can prove unreachable; where completion is unclear, decline.
  else if (last && ctx.profile.switches.unreachableBreakRejected && cannotComplete(ctx, last)) return null;
  const braced = statements.some((s) => DECLARATIONS.has(s.type));
  if (braced) lines[lines.length - 1] += ' {';
  if (body) lines.push(body);
  // a file that leaves semicolons out (JavaScript) gets a break without one
  const bare = ctx.profile.loops.automaticSemicolons && last !== undefined && !/[;}]$/.test(last.text);
  if (needsBreak) lines.push(`${stmtIndent}break${bare ? '' : ';'}`);
  if (braced) lines.push(`${caseIndent}}`);
  return lines;
}

function restItems(ctx: UnitContext, rest: Exclude<Rest, null>): { items: Node[]; base: string | null } {
  if (rest.kind === 'else') return { items: bodyItems(ctx, rest.body), base: null };
  // `else if (...)`: the if's lines are relative to the line it shares with `else`
  return { items: [rest.node], base: ctx.indentOf(rest.node) };
}

function switchText(ctx: UnitContext, chain: Chain): string | null {
  const indent = ctx.indentOf(chain.node);
  const unit = ctx.indentUnit;
  const subject = chain.subject.text;
  const sw = ctx.profile.switches;
  if (sw.form === 'case-blocks') return pythonMatch(ctx, chain, indent, unit, CHAIN_QUERIES);
  if (sw.form === 'match-arms') return rustMatch(ctx, chain, indent, unit, CHAIN_QUERIES);
  const caseIndent = flushCases(ctx) ? indent : indent + unit;
  const lines = [sw.bareConditions ? `switch ${chain.init ? `${chain.init.text}; ` : ''}${subject} {` : `switch (${subject}) {`];
  for (const arm of chain.arms) {
    // where a case ends by itself (Go), an empty case would do nothing rather than share the next one's statements: list the labels in one
    const heads = sw.casesEndThemselves ? [`case ${arm.labels.map((l) => l.text).join(', ')}:`] : arm.labels.map((l) => `case ${l.text}:`);
    const clause = caseLabelClause(ctx, heads, bodyItems(ctx, arm.body), null, caseIndent);
    if (!clause) return null;
    lines.push(...clause);
  }
  if (chain.rest) {
    const { items, base } = restItems(ctx, chain.rest);
    const clause = caseLabelClause(ctx, ['default:'], items, base, caseIndent);
    if (!clause) return null;
    lines.push(...clause);
  }
  lines.push(`${indent}}`);
  return lines.join('\n');
}

function describe(ctx: UnitContext, chain: Chain): string {
  return `if-chain on \`${chain.subject.text}\` at line ${ctx.lineOf(chain.node.startIndex)}`;
}

export const ifToSwitch: Method = {
  ...catalogued('if-to-switch'),
  support: () => APPLICABLE,

  findSites(ctx: UnitContext): Site[] {
    const sites: Site[] = [];
    for (const node of ctx.nodes(ctx.profile.blocks.ifKind)) {
      const chain = chainAt(ctx, node);
      if (chain && switchText(ctx, chain) !== null) sites.push({ start: node.startIndex, end: node.endIndex, label: describe(ctx, chain) });
    }
    return sites;
  },

  apply(ctx, site) {
    const node = ctx.nodes(ctx.profile.blocks.ifKind).find((n) => n.startIndex === site.start && n.endIndex === site.end);
    const chain = node ? chainAt(ctx, node) : null;
    const text = chain ? switchText(ctx, chain) : null;
    if (!chain || text === null) throw new Error(`if-to-switch: no if-chain at ${site.start}`);
    const keyword = ctx.profile.switches.keyword;
    return {
      edits: [{ start: chain.node.startIndex, end: chain.node.endIndex, text }],
      summary: `turned the ${describe(ctx, chain)} into a ${keyword}`,
    };
  },
};
