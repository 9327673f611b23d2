import type { Node } from 'web-tree-sitter';
import type { Rng } from '../random';
import type { Span } from '../text/edits';
import type { UnitContext } from '../syntax/context';
import { catalogued } from './catalogue';
import { APPLICABLE, Method, Site } from './method';
import { TYPE_QUERIES } from '../syntax/declarations';
import { javaLabelValues, javaSubjectType, javaValueSwitch } from '../languages/java/switchTests';
import { pythonClauses } from '../languages/python/switchTests';
import { rustClauses, rustSubjectKind } from '../languages/rust/switchTests';
import type { SwitchClause, SwitchQueries } from '../languages/switchClauses';
import { tsOpenSubject } from '../languages/typescript/switchTests';
import { binaryPrecedence, isSideEffectFree, macroHazards, needsParens, PREC, precedenceOf, unparenthesize } from '../syntax/expressions';
import { declaredNames, isComment } from '../syntax/loops';
import { descendants, namedChildren } from '../syntax/nodes';
import { baseOf, bodyItems, definitelyJumps, outerBreaks, rebase, renderItems, temporaryName, trailingBreak } from '../syntax/switches';

/**
 * switch-to-if: a switch (Rust and Python: a match) becomes an if / else-if chain with one
 * branch per case (labels joined with `||`) and the default last. Declined: fallthrough
 * (a case that does not end in break/return/throw/continue), a `break` other than a case's
 * last statement (it would leave an enclosing loop instead), patterns that bind names, and
 * switched values that need a temporary where the language cannot write one without a type.
 */

type Clause = SwitchClause;

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

/** `subject.equals(x)` (switches.typedLabels): a receiver that is not a primary needs parentheses. */
function equalsCall(ctx: UnitContext, subject: Node | null, argument: string): (s: string) => string {
  const wrap = subject !== null && precedenceOf(ctx.lang, subject) < PREC.postfix;
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
  if (items.length === 1 && ctx.profile.blocks.blockKinds.includes(last.type)) return { items: bodyItems(ctx, last), holes, ended };
  return { items, holes, ended };
}

// ---------------------------------------------------------------------------------------------
// Reading the switch, per language

/** The groups of a switch body of case labels: labels then the statements they share. */
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
        ok = push(labels.flatMap((l) => javaLabelValues(l, TYPE_QUERIES)), items);
        break;
      }
      case 'switch_rule': {
        const labels = namedChildren(child).filter((c) => c.type === 'switch_label');
        const body = namedChildren(child).filter((c) => c.type !== 'switch_label');
        if (pending.length || body.length !== 1) return null;
        const items = body[0].type === 'block' ? bodyItems(ctx, body[0]) : body;
        groups.push({ labels: labels.flatMap((l) => javaLabelValues(l, TYPE_QUERIES)), items });
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

// ---------------------------------------------------------------------------------------------
// Labels to conditions

/** The conditions of a case's labels (switches.form 'case-labels'), on the subject or its temporary; null when one cannot be written. */
function caseLabelTests(ctx: UnitContext, subject: Node | null, labels: Node[], temp: boolean): ((s: string) => string)[] | null {
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
  if (literalKinds.every((k) => k === 'string')) return labels.map((l) => equalsCall(ctx, temp ? null : subject, l.text));
  const type = javaSubjectType(subject, TYPE_QUERIES);
  if (!type) return null;
  const direct = temp ? null : subject;
  if (type.kind === 'int' && !literalKinds.includes('string')) return labels.map((l) => comparison(ctx, direct, l));
  if (type.kind === 'string' && !literalKinds.includes('int')) return labels.map((l) => equalsCall(ctx, direct, l.text));
  // An enum: `equals` throws on null like the switch does (`==` would quietly be false).
  if (type.kind === 'enum' && literalKinds.every((k) => k === 'name')) return labels.map((l) => equalsCall(ctx, direct, `${type.type}.${l.text}`));
  return null;
}

// ---------------------------------------------------------------------------------------------
// Planning

/**
 * The syntax layer's answers the languages' readers of cases ask (languages/<id>/switchTests.ts),
 * made once: they lie below the syntax layer.
 */
const SWITCH_QUERIES: SwitchQueries<UnitContext> = { ...TYPE_QUERIES, isComment, bodyItems, precedenceOf, binaryPrecedence, needsParens };

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
    if (!javaValueSwitch(node, TYPE_QUERIES)) return null;
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
    const direct = sw.form === 'match-arms' && rustSubjectKind(ctx.root, subject, TYPE_QUERIES) !== null && /\.(as_str|len)\(\)$/.test(subject.text) &&
      isSideEffectFree(lang, subject.childForFieldName('function')?.childForFieldName('value') ?? subject, hazards);
    if (!direct) {
      // C has no declaration without a type; a value switch has no statement to put it before
      // (Java's became a ternary; what is left without a place is Rust's value match)
      if (!sw.temporary || ternary || (sw.ifHeaderStatement && init) || place === 'case') return null;
      if (!place) return null;
      temp = true;
    }
  }
  const clauses = sw.form === 'match-arms' ? rustClauses(ctx, node, subject!, temp, SWITCH_QUERIES) : sw.form === 'case-blocks' ? pythonClauses(ctx, node, subject!, SWITCH_QUERIES) : caseLabelClauses(ctx, node, subject, temp);
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

/** The clauses of a switch of case labels (switches.form 'case-labels': C and its family, Go, Java); null on fallthrough or a stray break. */
function caseLabelClauses(ctx: UnitContext, node: Node, subject: Node | null, temp: boolean): Clause[] | null {
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
    const tests = isDefault ? [] : caseLabelTests(ctx, subject, labels, temp);
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
  if (sw.exhaustiveUnions && !clauses.some((c) => c.isDefault) && !tsOpenSubject(subject, temp, TYPE_QUERIES)) {
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
  while (fn && !ctx.profile.blocks.functionScopes.includes(fn.type) && fn.type !== 'program') fn = fn.parent;
  if (!fn) return true;
  const unset = new Set(
    descendants(fn, (d) => d.type === 'variable_declarator' && !d.childForFieldName('value')).map((d) => d.childForFieldName('name')?.text ?? ''),
  );
  const assigned = descendants(node, (d) => d.type === 'assignment_expression').map((a) => a.childForFieldName('left')?.text ?? '');
  return assigned.some((name) => unset.has(name));
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
    values.push(precedenceOf(ctx.lang, expr) <= PREC.conditional ? `(${expr.text})` : expr.text);
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
