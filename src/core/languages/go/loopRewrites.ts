import type { Node } from 'web-tree-sitter';
import type { LoopRewrite } from '../loopRewrites';
import { replace } from '../loopRewrites';

/**
 * How Go writes the loops transforms/for-while.ts swaps, all with one `for` keyword: a conditional
 * `for c {}` becomes a three-clause `for ; c; {}`, and a counted `for i := 0; i < n; i++ {}` a
 * conditional one with its init before it and its update at the end of the body. The syntax
 * layer's answers come in `q`.
 */
export const rewriteLoop: LoopRewrite = (ctx, node, q) => {
  const body = node.childForFieldName('body');
  const clause = q.namedChildren(node).find((c) => c.type === 'for_clause');
  const bare = q.namedChildren(node).find((c) => c.type !== 'block' && !q.isComment(ctx, c) && c.type !== 'for_clause' && c.type !== 'range_clause');
  if (!body || q.namedChildren(node).some((c) => c.type === 'range_clause')) return null;
  if (!clause) {
    if (!bare || q.constantTruth(ctx.lang, bare) !== null) return null; // `for {}` has no condition to move, `for true {}` none worth moving
    return { toWhile: false, edits: () => [replace(bare.startIndex, bare.endIndex, `; ${bare.text};`)] };
  }
  if (node.parent?.type === 'labeled_statement' || q.descendants(clause, (n) => q.isComment(ctx, n)).length) return null;
  const init = clause.childForFieldName('initializer');
  const cond = clause.childForFieldName('condition');
  const post = clause.childForFieldName('update');
  if (q.bodyBlocksUpdate(ctx, body, post ? q.identifiersIn(post) : [])) return null;
  const declares = init?.type === 'short_var_declaration';
  if (declares) {
    // with per-iteration loop variables (Go 1.22) closures and pointers see one variable per pass
    const names = q.declaredNames(ctx.lang, init);
    const mentions = (n: Node) => q.identifiersIn(n).some((id) => names.includes(id));
    const captured = q.descendants(node, (n) => n.type === 'func_literal' && mentions(n));
    const pointers = q.descendants(node, (n) => n.type === 'unary_expression' && n.text.startsWith('&') && mentions(n));
    if (captured.length || pointers.length) return null;
  }
  return {
    toWhile: true,
    edits: () => {
      const wrap = init !== null && (declares || node.parent?.type !== 'statement_list');
      const extra = wrap ? ctx.indentUnit : '';
      const text = q.layout(ctx, {
        node,
        wrap,
        inits: init ? [q.reindented(ctx, init.startIndex, init.endIndex, extra)] : [],
        header: cond ? `for ${q.reindented(ctx, cond.startIndex, cond.endIndex, extra)}` : 'for',
        body,
        updates: post ? [post.text] : [],
        sep: '; ',
      });
      return [replace(node.startIndex, node.endIndex, text)];
    },
  };
};
