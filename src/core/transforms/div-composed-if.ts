import type { Node } from 'web-tree-sitter';
import type { TextEdit } from '../text/edits';
import type { UnitContext } from '../syntax/context';
import { catalogued } from './catalogue';
import { APPLICABLE, Method, Site } from './method';
import { allmanBlock, hasPreprocessor, ifParts, localUnit, parenthesizedIf } from '../syntax/conditions';
import { TYPE_QUERIES } from '../syntax/declarations';
import { elifElseClauses } from '../languages/python/ifClauses';
import { asBinary, Binary, booleanAtoms, effectsOf, macroHazards, unparenthesize } from '../syntax/expressions';
import { isComment, reindented } from '../syntax/loops';
import { descendants, identifiersIn, namedChildren } from '../syntax/nodes';

/**
 * `if (a && b) S` becomes `if (a) { if (b) S }`; `if (a || b) S` becomes
 * `if (a) S else if (b) S`, S written twice verbatim (an else of the original stays at the
 * end of the chain). Both keep the short-circuit order: b is tested only when a says so.
 */

type Kind = 'and' | 'or';

interface Plan {
  kind: Kind;
  start: number;
  end: number;
  edit: TextEdit;
}

function kindOf(op: string): Kind | null {
  if (op === '&&' || op === 'and') return 'and';
  if (op === '||' || op === 'or') return 'or';
  return null;
}

/**
 * Whether S may be written twice: nothing in it is shared across copies (C/C++ `static`
 * locals, `case` labels of a switch outside S, labels and gotos, Python `global`).
 */
function duplicable(ctx: UnitContext, body: Node): boolean {
  const banned = ctx.profile.blocks.notDuplicable;
  const bad = descendants(body, (d) => {
    if (banned.includes(d.type)) return true;
    if (d.type === 'storage_class_specifier' && /static|thread_local/.test(d.text)) return true;
    if (d.type === 'case_statement') {
      for (let p = d.parent; p && p.startIndex >= body.startIndex; p = p.parent) if (p.type === 'switch_statement') return false;
      return true;
    }
    return d.type === 'identifier' && d.text === '__LINE__';
  });
  return bad.length === 0 && !(ctx.profile.preprocessor && hasPreprocessor(body));
}

/**
 * The operands of the condition, or null when the split could change what is tested: a
 * comment between them, C/C++ macros that hide operators, bindings (Rust `let`, Java
 * patterns) whose scope the split would change.
 */
function operands(ctx: UnitContext, value: Node): Binary | null {
  const binary = asBinary(ctx.lang, unparenthesize(value));
  if (!binary || !kindOf(binary.operator)) return null;
  if (namedChildren(binary.node).some((c) => isComment(ctx, c))) return null;
  if (ctx.profile.blocks.blockScoped && effectsOf(ctx.lang, binary.node).has('binding')) return null;
  if (descendants(binary.node, (d) => d.type === 'let_condition' || d.type === 'let_chain').length) return null;
  const macros = macroHazards(ctx.lang, ctx.root);
  if (macros.size && identifiersIn(binary.node).some((n) => macros.has(n))) return null;
  return binary;
}

/**
 * An operand written as a whole condition: outer parentheses dropped where the if has its own
 * (or needs none), kept in Go and Rust around a `{` (a struct literal would open the body),
 * added in Python around an operand that spans lines.
 */
function operandText(ctx: UnitContext, operand: Node, extra = ''): string {
  const inner = unparenthesize(operand);
  const strip = inner.type !== 'assignment_expression' && inner.type !== 'named_expression';
  const chosen = strip ? inner : operand;
  const text = reindented(ctx, chosen.startIndex, chosen.endIndex, extra);
  if (chosen.type === 'parenthesized_expression') return text;
  const { bareConditions } = ctx.profile.switches;
  const { indentedBlocks } = ctx.profile.spelling;
  // a bare condition followed by its body's `{`; a condition ended by its line
  if (bareConditions && !indentedBlocks && text.includes('{')) return `(${text})`;
  if (indentedBlocks && text.includes('\n')) return `(${text})`;
  return text;
}

/** The head of a new `if` for an operand: `if (` with the original spacing, `if ` where the if has no parentheses. */
function innerHead(ctx: UnitContext, keyword: Node, condition: Node): string {
  return parenthesizedIf(ctx.lang) ? `if${ctx.source.slice(keyword.endIndex, condition.startIndex)}(` : 'if ';
}

/**
 * Whether `else` may follow the consequence: not after an unbraced body that holds an if (the
 * else would bind to it), nor in JavaScript after a statement without `;` (`x = f() else`).
 * (When the if has an else already, the new one goes where that one is written.)
 */
function takesElse(ctx: UnitContext, consequence: Node): boolean {
  if (ctx.profile.blocks.blockKinds.includes(consequence.type)) return true;
  if (descendants(consequence, (d) => d.type === ctx.profile.blocks.ifKind).length) return false;
  const end = consequence.text.trimEnd();
  return end.endsWith(';') || (end.endsWith('}') && !ctx.profile.loops.automaticSemicolons);
}

const ORDERINGS = new Set(['<', '>', '<=', '>=']);

/**
 * TypeScript narrows the types of names a condition tests: each copy of S sees a narrower
 * type than S did (`kind` is `'a'` in the first copy of `if (kind === 'a' || kind === 'b')`),
 * which can turn a comparison or an inferred `let` into a type error. Declined when S uses a
 * name of the condition, unless the condition only orders values (which never narrows).
 */
function narrowsDifferently(ctx: UnitContext, binary: Binary, body: Node): boolean {
  if (!ctx.profile.narrowsOnTests) return false;
  const atoms = booleanAtoms(ctx.lang, binary.node);
  if (atoms.every((a) => ORDERINGS.has(asBinary(ctx.lang, a)?.operator ?? ''))) return false;
  const tested = new Set(identifiersIn(binary.node));
  return identifiersIn(body).some((n) => tested.has(n));
}

function planBraced(ctx: UnitContext, node: Node): Plan | null {
  const parts = ifParts(ctx, node);
  if (!parts || !parts.value || parts.special) return null;
  const { keyword, condition, value, consequence } = parts;
  const binary = operands(ctx, value);
  if (!binary) return null;
  const kind = kindOf(binary.operator)!;
  if (ctx.profile.preprocessor && hasPreprocessor(node)) return null;
  const base = ctx.indentOf(node);
  const unit = localUnit(ctx, node, consequence);
  const head = ctx.source.slice(node.startIndex, value.startIndex);
  const close = ctx.source.slice(value.endIndex, condition.endIndex);
  const nested = innerHead(ctx, keyword, condition);
  const oneLine = node.startPosition.row === node.endPosition.row;
  const span = { start: node.startIndex, end: node.endIndex };
  if (kind === 'and') {
    if (parts.alternative) return null;
    const a = operandText(ctx, binary.left);
    if (oneLine) {
      const inner = `${nested}${operandText(ctx, binary.right)}${close}${ctx.source.slice(condition.endIndex, node.endIndex)}`;
      return { kind, ...span, edit: { ...span, text: `${head}${a}${close} { ${inner} }` } };
    }
    const brace = ctx.profile.blocks.blockKinds.includes(consequence.type) && allmanBlock(ctx, condition, consequence) ? `\n${base}{` : ' {';
    const inner = `${nested}${operandText(ctx, binary.right, unit)}${close}${reindented(ctx, condition.endIndex, node.endIndex, unit)}`;
    return { kind, ...span, edit: { ...span, text: `${head}${a}${close}${brace}\n${base}${unit}${inner}\n${base}}` } };
  }
  if (!parts.elseKeyword && !takesElse(ctx, consequence)) return null;
  if (!duplicable(ctx, consequence) || narrowsDifferently(ctx, binary, consequence)) return null;
  const branch = close + ctx.source.slice(condition.endIndex, consequence.endIndex);
  let between: string;
  if (parts.elseKeyword) between = ctx.source.slice(consequence.endIndex, parts.elseKeyword.startIndex);
  else if (oneLine) between = ' ';
  else if (ctx.profile.blocks.blockKinds.includes(consequence.type) && !allmanBlock(ctx, condition, consequence)) between = ' ';
  else between = `\n${base}`;
  const first = `${head}${operandText(ctx, binary.left)}${branch}`;
  const second = `${between}else ${nested}${operandText(ctx, binary.right)}${branch}`;
  return { kind, start: node.startIndex, end: consequence.endIndex, edit: { start: node.startIndex, end: consequence.endIndex, text: first + second } };
}

/** Python: an if or elif clause (its keyword, condition and block), split the same ways. */
function planPython(ctx: UnitContext, clause: Node, last: boolean): Plan | null {
  const condition = clause.childForFieldName('condition');
  const consequence = clause.childForFieldName('consequence');
  if (!condition || !consequence) return null;
  const binary = operands(ctx, condition);
  if (!binary) return null;
  const kind = kindOf(binary.operator)!;
  const keyword = clause.type === 'elif_clause' ? 'elif' : 'if';
  const base = ctx.indentOf(clause);
  const unit = localUnit(ctx, clause, consequence);
  if (kind === 'and') {
    if (!last) return null;
    const span = { start: clause.startIndex, end: clause.endIndex };
    const inner = `if ${operandText(ctx, binary.right, unit)}${reindented(ctx, condition.endIndex, clause.endIndex, unit)}`;
    return { kind, ...span, edit: { ...span, text: `${keyword} ${operandText(ctx, binary.left)}:\n${base}${unit}${inner}` } };
  }
  if (!duplicable(ctx, consequence)) return null;
  const branch = ctx.source.slice(condition.endIndex, consequence.endIndex);
  const text = `${keyword} ${operandText(ctx, binary.left)}${branch}\n${base}elif ${operandText(ctx, binary.right)}${branch}`;
  return { kind, start: clause.startIndex, end: consequence.endIndex, edit: { start: clause.startIndex, end: consequence.endIndex, text } };
}

function plans(ctx: UnitContext): Plan[] {
  const out: Plan[] = [];
  for (const node of ctx.nodes(ctx.profile.blocks.ifKind)) {
    if (!ctx.inFunctionBody(node)) continue;
    if (ctx.profile.blocks.elifClauses) {
      const clauses = elifElseClauses(node, TYPE_QUERIES);
      const chain = [node, ...clauses.filter((c) => c.type === 'elif_clause')];
      chain.forEach((clause, i) => {
        const plan = planPython(ctx, clause, i === clauses.length);
        if (plan) out.push(plan);
      });
    } else {
      const plan = planBraced(ctx, node);
      if (plan) out.push(plan);
    }
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}

export const divComposedIf: Method = {
  ...catalogued('div-composed-if'),
  support: () => APPLICABLE,

  findSites(ctx: UnitContext): Site[] {
    return plans(ctx).map((p) => ({
      start: p.start,
      end: p.end,
      label: `${p.kind === 'and' ? 'conjunction' : 'disjunction'} if at line ${ctx.lineOf(p.start)}`,
      data: { kind: p.kind },
    }));
  },

  apply(ctx, site) {
    const plan = plans(ctx).find((p) => p.start === site.start && p.end === site.end);
    if (!plan) throw new Error(`div-composed-if: no composed condition at ${site.start}`);
    const how = plan.kind === 'and' ? 'split into nested ifs' : 'split into an else-if chain';
    return { edits: [plan.edit], summary: `${how}: the ${site.label}` };
  },
};
