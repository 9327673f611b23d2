import type { Node } from 'web-tree-sitter';
import type { LoopContext, LoopPlan, LoopQueries, LoopRewrite } from '../loopRewrites';
import { replace } from '../loopRewrites';

/**
 * How Rust writes the loops transforms/for-while.ts swaps: `while c {}` becomes `loop { if !c
 * { break; } }`, and `for i in a..b {}` a `while` over a counter. The syntax layer's answers come in `q`.
 */

/** Expressions `!` can negate without parentheses. */
const RUST_SIMPLE = [
  'identifier',
  'integer_literal',
  'field_expression',
  'call_expression',
  'index_expression',
  'parenthesized_expression',
  'boolean_literal',
];

function rustWhileToLoop<C extends LoopContext>(ctx: C, node: Node, q: LoopQueries<C>): LoopPlan | null {
  const cond = node.childForFieldName('condition');
  const body = node.childForFieldName('body');
  const keyword = q.allChildren(node).find((c) => c.type === 'while');
  if (!cond || !body || !keyword || cond.type === 'let_condition' || cond.type === 'let_chain') return null;
  const constant = q.constantTruth(ctx.lang, cond);
  if (constant === false) return null;
  // `while true` is what `loop` says
  if (constant === true) return { toWhile: false, edits: () => [replace(keyword.startIndex, cond.endIndex, 'loop')] };
  return {
    toWhile: false,
    edits: () => {
      const negated = RUST_SIMPLE.includes(cond.type) ? `!${cond.text}` : `!(${cond.text})`;
      const open = body.startIndex + 1;
      let guard: string;
      if (body.startPosition.row === body.endPosition.row) {
        guard = ` if ${negated} { break; }${q.statementsOf(ctx, body).length ? '' : ' '}`;
      } else {
        const inside = q.bodyIndent(ctx, body, ctx.indentOf(node) + ctx.indentUnit);
        guard = `\n${inside}if ${negated} {\n${inside}${ctx.indentUnit}break;\n${inside}}`;
      }
      return [replace(keyword.startIndex, cond.endIndex, 'loop'), replace(open, open, guard)];
    },
  };
}

function rustForToWhile<C extends LoopContext>(ctx: C, node: Node, q: LoopQueries<C>): LoopPlan | null {
  const pattern = node.childForFieldName('pattern');
  const range = node.childForFieldName('value');
  const body = node.childForFieldName('body');
  if (!pattern || !range || !body || pattern.type !== 'identifier' || range.type !== 'range_expression') return null;
  if (q.namedChildren(node).some((c) => c.type === 'label')) return null;
  const bounds = q.namedChildren(range);
  const operator = q.allChildren(range).find((c) => !c.isNamed);
  if (bounds.length !== 2 || operator?.type !== '..') return null;
  const [from, to] = bounds;
  const name = pattern.text;
  if (q.identifiersIn(to).includes(name) || q.bodyBlocksUpdate(ctx, body, [name])) return null;
  const items = q.namedChildren(body).filter((c) => !q.isComment(ctx, c));
  const last = items[items.length - 1];
  const statement = last && (['expression_statement', 'let_declaration', 'empty_statement'].includes(last.type) || last.type.endsWith('_item'));
  const needsSemicolon = last && !statement;
  // the range is evaluated once: a bound that is not a literal or a name the body leaves alone is copied first
  const stable =
    to.type === 'integer_literal' ||
    (to.type === 'identifier' &&
      !q.descendants(body, (n) => {
        if (n.type === 'assignment_expression' || n.type === 'compound_assignment_expr') return n.childForFieldName('left')?.text === to.text;
        return n.type === 'reference_expression' && n.text.replace(/\s+/g, ' ').startsWith('&mut ') && q.identifiersIn(n).includes(to.text);
      }).length);
  return {
    toWhile: true,
    edits: (rng) => {
      const inits = [`let mut ${name} = ${from.text};`];
      let bound = to.text;
      if (!stable) {
        bound = ctx.freshName(['end', 'limit', 'stop', 'upper'], rng);
        inits.push(`let ${bound} = ${to.text};`);
      }
      const text = q.layout(ctx, {
        node,
        wrap: true,
        inits,
        header: `while ${name} < ${bound}`,
        body,
        updates: [`${name} += 1;`],
        sep: ' ',
        tail: needsSemicolon ? last.endIndex : undefined,
      });
      return [replace(node.startIndex, node.endIndex, text)];
    },
  };
}

/** A `while` becomes a `loop` with a guard, a `for` over a range a `while`. */
export const rewriteLoop: LoopRewrite = (ctx, node, q) => (node.type === 'while_expression' ? rustWhileToLoop(ctx, node, q) : rustForToWhile(ctx, node, q));
