import type { Node } from 'web-tree-sitter';
import type { LoopContext, LoopPlan, LoopQueries, LoopRewrite } from '../loopRewrites';
import { replace } from '../loopRewrites';

/**
 * How C and its family (C++, Java, JavaScript, TypeScript) write the loops transforms/for-while.ts
 * swaps: `while (c)` becomes `for (; c; )`, and a three-clause `for` a `while` with its init before
 * it and its update at the end of the body. The syntax layer's answers come in `q`.
 */

const DECLARATIONS = ['declaration', 'local_variable_declaration', 'lexical_declaration', 'variable_declaration', 'short_var_declaration'];

function trimmedSpan(ctx: LoopContext, start: number, end: number): [number, number] {
  const text = ctx.source.slice(start, end);
  return [start + (text.length - text.trimStart().length), end - (text.length - text.trimEnd().length)];
}

/** The two `;` of a for header, whether they sit in the for node or end its init declaration. */
function headerSemicolons<C extends LoopContext>(node: Node, open: Node, close: Node, q: LoopQueries<C>): Node[] {
  const out: Node[] = [];
  for (const child of q.allChildren(node)) {
    if (child.startIndex <= open.startIndex || child.endIndex > close.startIndex) continue;
    if (child.type === ';') out.push(child);
    else if (child.lastChild?.type === ';') out.push(child.lastChild);
  }
  return out;
}

function cWhileToFor<C extends LoopContext>(ctx: C, node: Node, q: LoopQueries<C>): LoopPlan | null {
  const cond = node.childForFieldName('condition');
  if (!cond) return null;
  let inner: Node | null = cond;
  if (cond.type === 'condition_clause') inner = cond.childForFieldName('value');
  else if (cond.type === 'parenthesized_expression') inner = q.namedChildren(cond).find((c) => !q.isComment(ctx, c)) ?? null;
  // C++ `while (T x = f())` declares: a for would need the declaration in its condition too
  if (!inner || inner.type === 'declaration' || q.namedChildren(cond).length !== 1) return null;
  if (q.descendants(cond, (n) => q.isComment(ctx, n)).length) return null;
  // `while (true)` is `for (;;)`; a loop that never runs is not rewritten into another one
  const constant = q.constantTruth(ctx.lang, inner);
  if (constant === false) return null;
  const text = ctx.source.slice(cond.startIndex + 1, cond.endIndex - 1).trim();
  return { toWhile: false, edits: () => [replace(node.startIndex, cond.endIndex, constant ? 'for (;;)' : `for (; ${text}; )`)] };
}

function cForToWhile<C extends LoopContext>(ctx: C, node: Node, q: LoopQueries<C>): LoopPlan | null {
  const loops = ctx.profile.loops;
  const body = node.childForFieldName('body');
  const kids = q.allChildren(node);
  const open = kids.find((k) => k.type === '(');
  const close = body ? [...kids].reverse().find((k) => k.type === ')' && k.endIndex <= body.startIndex) : undefined;
  if (!body || !open || !close || node.parent?.type === 'labeled_statement') return null;
  if (ctx.source.slice(close.endIndex, body.startIndex).trim() !== '') return null;
  const inHeader = (n: Node) => n.startIndex > open.startIndex && n.endIndex <= close.startIndex;
  if (q.descendants(node, (n) => q.isComment(ctx, n) && inHeader(n)).length) return null;
  const semis = headerSemicolons(node, open, close, q);
  if (semis.length !== 2) return null;
  const [first, second] = semis;
  const headerNodes = q.namedChildren(node).filter(inHeader);
  const initNodes = headerNodes.filter((n) => n.endIndex <= first.endIndex);
  const condNodes = headerNodes.filter((n) => n.startIndex >= first.endIndex && n.endIndex <= second.endIndex && n.type !== 'empty_statement');
  const updateNodes = headerNodes.filter((n) => n.startIndex >= second.endIndex);
  if (condNodes.some((n) => n.type === 'declaration')) return null;
  const declares = initNodes.some((n) => DECLARATIONS.includes(n.type));
  const updateNames = updateNodes.flatMap((n) => q.identifiersIn(n));
  if (q.bodyBlocksUpdate(ctx, body, updateNames)) return null;
  const functions = q.descendants(node, (n) => n !== node && ctx.profile.blocks.functionScopes.includes(n.type));
  // `let` gives each iteration its own binding, which closures can observe
  const perIteration = initNodes.some((n) => n.type === 'lexical_declaration');
  if (loops.perIterationBindings && functions.length && perIteration) return null;
  const wrapNeeded = declares || !loops.statementSlots.includes(node.parent?.type ?? '');

  return {
    toWhile: true,
    edits: () => {
      const piece = (start: number, end: number, wrap: boolean) => {
        const [s, e] = trimmedSpan(ctx, start, end);
        return q.reindented(ctx, s, e, wrap ? ctx.indentUnit : '').replace(/;$/, '');
      };
      const pieces = (nodes: Node[], from: number, to: number, wrap: boolean) =>
        // without a comma operator (Java) each init or update expression is its own statement
        !loops.commaOperator && !nodes.some((n) => DECLARATIONS.includes(n.type))
          ? nodes.map((n) => `${piece(n.startIndex, n.endIndex, wrap)};`)
          : piece(from, to, wrap)
            ? [`${piece(from, to, wrap)};`]
            : [];
      const wrap = wrapNeeded && piece(open.endIndex, first.startIndex, false) !== '';
      const cond = piece(first.endIndex, second.startIndex, wrap) || loops.alwaysTrue;
      const text = q.layout(ctx, {
        node,
        wrap,
        inits: pieces(initNodes, open.endIndex, first.startIndex, wrap),
        header: `while (${cond})`,
        body,
        tail: node.startPosition.row === node.endPosition.row ? unterminated(ctx, body, q) : undefined,
        updates: pieces(updateNodes, second.endIndex, close.startIndex, false),
        sep: ' ',
      });
      return [replace(node.startIndex, node.endIndex, text)];
    },
  };
}

/**
 * JavaScript without semicolons: where the body's last statement ends without `;`, so that a
 * statement written after it on the same line needs one (a newline would do instead).
 */
function unterminated<C extends LoopContext>(ctx: C, body: Node, q: LoopQueries<C>): number | undefined {
  if (!ctx.profile.loops.automaticSemicolons) return undefined;
  const statements = ctx.profile.blocks.blockKinds.includes(body.type) ? q.statementsOf(ctx, body) : [body];
  const last = statements[statements.length - 1];
  if (!last) return undefined;
  let leaf: Node = last;
  while (leaf.childCount > 0) leaf = leaf.child(leaf.childCount - 1) ?? leaf;
  if (leaf.type === ';') return undefined;
  // a block closes its statement, but a function's body only closes an expression
  const owner = leaf.parent;
  const statementBlock = owner?.type === 'statement_block' && !ctx.profile.blocks.functionScopes.includes(owner.parent?.type ?? '');
  if (leaf.type === '}' && (statementBlock || owner?.type === 'switch_body')) return undefined;
  return last.endIndex;
}

/** JavaScript without semicolons: a line starting with one of these would continue the line before it. */
function asiHazard<C extends LoopContext>(ctx: C, node: Node, q: LoopQueries<C>): boolean {
  if (!ctx.profile.loops.automaticSemicolons) return false;
  const kids = q.allChildren(node);
  const open = kids.find((k) => k.type === '(');
  const close = [...kids].reverse().find((k) => k.type === ')');
  if (!open || !close) return false;
  const header = ctx.source.slice(open.endIndex, close.startIndex).split(';');
  return header.some((part) => /^\s*[([`+\-/]/.test(part));
}

/** A `while` becomes a `for (; c; )`, a three-clause `for` a `while`. */
export const rewriteLoop: LoopRewrite = (ctx, node, q) => {
  if (node.type === 'while_statement') return cWhileToFor(ctx, node, q);
  return asiHazard(ctx, node, q) ? null : cForToWhile(ctx, node, q);
};
