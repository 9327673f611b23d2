import type { Node } from 'web-tree-sitter';
import { profileOf } from '../languages/profiles';
import { lineStart } from '../text/lines';
import type { TextEdit } from '../text/edits';
import type { UnitContext } from '../syntax/context';
import { catalogued } from './catalogue';
import { APPLICABLE, Method, Site } from './method';
import { negatedTest } from './equi-boolean-logic';
import { allmanBlock, blockItems, hasPreprocessor, ifParts, localUnit, parenthesizedIf, startsLine } from '../syntax/conditions';
import { TYPE_QUERIES } from '../syntax/declarations';
import { elifElseClauses } from '../languages/python/ifClauses';
import { effectsOf } from '../syntax/expressions';
import { declaredNames, isComment, reindented } from '../syntax/loops';
import { ancestor, descendants, identifiersIn, namedChildren } from '../syntax/nodes';

/**
 * In a loop body, `if (c) { work; continue; } rest` becomes `if (c) { work } else { rest }`,
 * rest being every statement after the if up to the end of the body. Falling off the end of
 * the body does what the `continue` did (the next iteration, after a for loop's update or a
 * do-while's test). An if that only continues would leave an empty branch behind: its test is
 * negated instead, `if (!c) { rest }`.
 */

interface Plan {
  start: number;
  end: number;
  edits: TextEdit[];
  /** The if only continued: its test is negated and the rest moved into it. */
  negated?: boolean;
}

function isContinue(node: Node): boolean {
  return node.type === 'continue_statement' || node.type === 'continue_expression';
}

/** What a statement holds where `if` and `continue` are expressions (Rust's `continue;` is an expression statement around one), else the statement. */
function statementCore(ctx: UnitContext, stmt: Node): Node | undefined {
  return ctx.profile.blocks.blockExpressions && stmt.type === 'expression_statement' ? namedChildren(stmt)[0] : stmt;
}

/** The unlabeled `continue` a statement is. */
function ownContinue(ctx: UnitContext, stmt: Node): boolean {
  const inner = statementCore(ctx, stmt);
  if (!inner || !isContinue(inner)) return false;
  return namedChildren(inner).every((c) => isComment(ctx, c));
}

/**
 * Whether the statements after the if may move into a block. Declined: functions with gotos (a
 * jump into the new block), `case` labels of a switch around the loop, preprocessor lines, items
 * visible in their whole block (Rust's), and, where every declaration is seen by its whole block
 * (JavaScript), declarations that code before the if reads (hoisted functions, `let` read by an
 * earlier closure).
 */
function restMovable(ctx: UnitContext, loop: Node, items: Node[], rest: Node[]): boolean {
  const lang = ctx.lang;
  const rules = ctx.profile.blocks;
  if (rules.hasGoto) {
    const fn = ancestor(loop, profileOf(lang).blocks.functionScopes) ?? ctx.root;
    if (descendants(fn, (d) => d.type === 'goto_statement').length) return false;
  }
  if (rules.strayCaseLabels) {
    const span = { start: rest[0].startIndex, end: rest[rest.length - 1].endIndex };
    const strayCase = rest.some(
      (r) =>
        descendants(r, (d) => {
          if (d.type !== 'case_statement' && d.type !== 'expression_case' && d.type !== 'default_case') return false;
          const sw = ancestor(d, ['switch_statement', 'expression_switch_statement', 'type_switch_statement']);
          return !sw || sw.startIndex < span.start;
        }).length > 0,
    );
    if (strayCase) return false;
  }
  if (ctx.profile.preprocessor && rest.some(hasPreprocessor)) return false;
  if (rest.some((r) => rules.blockWideItems.has(r.type))) return false;
  if (rules.hoistsEveryDeclaration) {
    const declared = new Set(rest.flatMap((r) => declaredNames(lang, r)));
    const before = items.filter((i) => i.endIndex <= rest[0].startIndex);
    if (before.some((i) => identifiersIn(i).some((n) => declared.has(n)))) return false;
  }
  return true;
}

/**
 * Conditions whose names or temporaries would reach into the else block (what the language's if
 * header may declare, BlockRules.ifHeaderDeclares): a C/C++ declaration or init-statement, a Go
 * initializer whose names rest uses (rest would see the if's variable instead of the outer one),
 * a Rust `if let` on a call (its temporaries, a lock guard say, would live through rest). A
 * language without block scopes has nothing to reach.
 */
function conditionLeaks(ctx: UnitContext, node: Node, rest: Node[]): boolean {
  if (!ctx.profile.blocks.blockScoped) return false;
  const parts = ifParts(ctx, node);
  if (!parts || parts.special) return true;
  switch (ctx.profile.blocks.ifHeaderDeclares) {
    case 'objects':
      return parts.init !== null || parts.value === null;
    case 'names': {
      if (!parts.init) return false;
      const declared = new Set(declaredNames(ctx.lang, parts.init));
      return rest.some((r) => identifiersIn(r).some((n) => declared.has(n)));
    }
    case 'temporaries': {
      const lets = descendants(parts.condition, (d) => d.type === 'let_condition' || d.type === 'let_chain');
      return lets.some((l) => effectsOf(ctx.lang, l).has('call'));
    }
    default:
      return false;
  }
}

function plan(ctx: UnitContext, loop: Node, items: Node[], index: number): Plan | null {
  const stmt = items[index];
  const node = statementCore(ctx, stmt);
  if (!node || node.type !== ctx.profile.blocks.ifKind) return null;
  // Rust's `if c { continue; };` carries a stray `;` that goes with it.
  let end = stmt.endIndex;
  let next = index + 1;
  const semi = items[next];
  if (semi && semi.type === 'empty_statement' && semi.startPosition.row === stmt.endPosition.row) {
    end = semi.endIndex;
    next++;
  }
  const after = items.slice(next);
  const leading = after.findIndex((i) => !(isComment(ctx, i) && i.startPosition.row === stmt.endPosition.row));
  if (leading < 0) return null;
  const rest = after.slice(leading);
  if (!rest.some((r) => !isComment(ctx, r))) return null;
  if (!restMovable(ctx, loop, items, rest) || conditionLeaks(ctx, node, rest)) return null;

  const consequence = node.childForFieldName('consequence');
  if (!consequence) return null;
  if (ctx.profile.blocks.elifClauses ? elifElseClauses(node, TYPE_QUERIES).length > 0 : node.childForFieldName('alternative') !== null) return null;
  const isBlock = ctx.profile.blocks.blockKinds.includes(consequence.type);
  const inner = isBlock ? blockItems(consequence) : [consequence];
  const statements = inner.filter((i) => !isComment(ctx, i));
  const last = statements[statements.length - 1];
  if (!last || !ownContinue(ctx, last)) return null;

  const first = rest[0];
  const restEnd = rest[rest.length - 1].endIndex;
  const oneLine = first.startPosition.row === stmt.endPosition.row;
  if (oneLine ? rest[rest.length - 1].endPosition.row !== first.startPosition.row : !startsLine(ctx, first) || !startsLine(ctx, stmt)) {
    return null;
  }
  const base = ctx.indentOf(stmt);
  const unit = localUnit(ctx, loop, loop.childForFieldName('body'));
  const edits: TextEdit[] = [];
  const body = reindented(ctx, first.startIndex, restEnd, unit);

  if (statements.length === 1) return inverted(ctx, node, inner, { first, body, base, unit, oneLine, end, restEnd });

  if (ctx.profile.spelling.indentedBlocks) {
    edits.push({ start: inner[inner.indexOf(last) - 1].endIndex, end: last.endIndex, text: '' });
    const at = lineStart(ctx.source, first.startIndex);
    edits.push({ start: at, end: restEnd, text: `${base}else:\n${ctx.indentOf(first)}${unit}${body}` });
    return { start: node.startIndex, end: node.endIndex, edits };
  }

  const condition = node.childForFieldName('condition')!;
  if (!isBlock) {
    edits.push({ start: condition.endIndex, end: end, text: oneLine ? ' {} else {' : ` {\n${base}} else {` });
  } else {
    const position = inner.indexOf(last);
    const from = position > 0 ? inner[position - 1].endIndex : consequence.startIndex + 1;
    edits.push({ start: from, end: last.endIndex, text: '' });
    const allman = !oneLine && allmanBlock(ctx, condition, consequence);
    edits.push({ start: consequence.endIndex, end, text: allman ? `\n${base}else\n${base}{` : ' else {' });
  }
  edits.push({ start: first.startIndex, end: restEnd, text: oneLine ? `${body} }` : `${unit}${body}\n${base}}` });
  return { start: node.startIndex, end: node.endIndex, edits };
}

/**
 * `if (c) continue; rest` as `if (!c) { rest }`, or null where the test cannot be negated or a
 * comment inside the if would be lost. A comment after the if, on its line, stays there.
 */
function inverted(
  ctx: UnitContext,
  node: Node,
  inner: Node[],
  at: { first: Node; body: string; base: string; unit: string; oneLine: boolean; end: number; restEnd: number },
): Plan | null {
  const { first, body, base, unit, oneLine, end, restEnd } = at;
  const condition = node.childForFieldName('condition');
  const consequence = node.childForFieldName('consequence');
  if (!condition || !consequence || inner.length !== 1) return null;
  if (ctx.source.slice(condition.endIndex, consequence.startIndex).replace(/[:\s]/g, '') !== '') return null;
  const test = ctx.profile.spelling.indentedBlocks ? condition : ifParts(ctx, node)?.value;
  const negation = test ? negatedTest(ctx, test) : null;
  if (!negation) return null;
  const edits: TextEdit[] = [{ start: condition.startIndex, end: condition.endIndex, text: parenthesizedIf(ctx.lang) ? `(${negation})` : negation }];
  if (ctx.profile.spelling.indentedBlocks) {
    edits.push({ start: condition.endIndex, end, text: ':' });
    const line = lineStart(ctx.source, first.startIndex);
    edits.push({ start: line, end: restEnd, text: `${ctx.indentOf(first)}${unit}${body}` });
  } else {
    const allman = !oneLine && ctx.profile.blocks.blockKinds.includes(consequence.type) && allmanBlock(ctx, condition, consequence);
    edits.push({ start: condition.endIndex, end, text: allman ? `\n${base}{` : ' {' });
    edits.push({ start: first.startIndex, end: restEnd, text: oneLine ? `${body} }` : `${unit}${body}\n${base}}` });
  }
  return { start: node.startIndex, end: node.endIndex, edits, negated: true };
}

function plans(ctx: UnitContext): Plan[] {
  const out: Plan[] = [];
  for (const loop of ctx.nodes(ctx.profile.loops.kinds)) {
    const body = loop.childForFieldName('body');
    if (!body || !ctx.profile.blocks.blockKinds.includes(body.type) || !ctx.inFunctionBody(loop)) continue;
    const items = blockItems(body);
    items.forEach((_, i) => {
      const p = plan(ctx, loop, items, i);
      if (p) out.push(p);
    });
  }
  return out.sort((a, b) => a.start - b.start);
}

export const ifContinueToIfElse: Method = {
  ...catalogued('if-continue-to-if-else'),
  support: () => APPLICABLE,

  findSites(ctx: UnitContext): Site[] {
    return plans(ctx).map((p) => ({ start: p.start, end: p.end, label: `if-continue at line ${ctx.lineOf(p.start)}` }));
  },

  apply(ctx, site) {
    const plan = plans(ctx).find((p) => p.start === site.start && p.end === site.end);
    if (!plan) throw new Error(`if-continue-to-if-else: no if-continue at ${site.start}`);
    const where = plan.negated ? `the ${site.label}, its test negated` : `an else of the ${site.label}`;
    return { edits: plan.edits, summary: `moved the rest of the loop body into ${where}` };
  },
};
