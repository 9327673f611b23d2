import type { Node } from 'web-tree-sitter';
import { lineEnd, lineStart } from '../text/lines';
import type { UnitContext } from './context';
import { afterLine, isComment } from './loops';
import { namedChildren } from './nodes';

/**
 * Statements of a block as whole lines, for methods that move statements around
 * (change-statement-order, move-assignments): which statements a block holds, and the text a
 * statement occupies with its comments, so that moved code keeps its comments and layout.
 */

export interface Placed {
  node: Node;
  /** Start of the statement's own leading comment lines (or of the statement). */
  leadStart: number;
  /** End of the statement with a trailing comment on its last line (before the newline). */
  end: number;
  /** Whether the statement may move: it has its lines to itself and no attribute or directive binds it. */
  movable: boolean;
}

function startsLine(source: string, offset: number): boolean {
  return /^[ \t]*$/.test(source.slice(lineStart(source, offset), offset));
}

/**
 * The statements of a block in order, comments left out, each with the span of lines it owns.
 * A comment on the lines right above a statement (no blank line between) belongs to it.
 */
export function placedStatements(ctx: UnitContext, list: Node): Placed[] {
  const src = ctx.source;
  const children = namedChildren(list);
  const out: Placed[] = [];
  children.forEach((node, i) => {
    if (isComment(ctx, node) || node.type === 'attribute_item' || node.type === 'inner_attribute_item') return;
    const prev = children[i - 1];
    let movable = startsLine(src, node.startIndex) && (!prev || !['attribute_item', 'inner_attribute_item'].includes(prev.type));
    const end = afterLine(ctx, node.endIndex);
    if (end === node.endIndex && src.slice(end, lineEnd(src, end)).trim() !== '') movable = false;
    let leadStart = node.startIndex;
    for (let j = i - 1; j >= 0; j--) {
      const c = children[j];
      if (!isComment(ctx, c) || !startsLine(src, c.startIndex)) break;
      const gap = src.slice(c.endIndex, leadStart);
      if ((gap.match(/\n/g) ?? []).length !== 1 || gap.trim() !== '') break;
      leadStart = c.startIndex;
    }
    out.push({ node, leadStart, end, movable });
  });
  return out;
}

/** The text between two placed statements holds only line breaks and indentation (no comment, no code). */
export function onlySpaceBetween(ctx: UnitContext, a: Placed, b: Placed): boolean {
  return ctx.source.slice(a.end, b.leadStart).trim() === '';
}

/** Whether a statement is the value of its block (Rust's last one, without a semicolon), where blocks are expressions. */
export function isRustTail(ctx: UnitContext, stmt: Node): boolean {
  if (!ctx.profile.blocks.blockExpressions) return false;
  if (stmt.type !== 'expression_statement') return stmt.type !== 'let_declaration' && !stmt.type.endsWith('_item');
  const last = stmt.child(stmt.childCount - 1);
  if (last?.type === ';') return false;
  const next = stmt.nextNamedSibling;
  return next === null || next.type === 'line_comment' || next.type === 'block_comment' ? isLastStatement(ctx, stmt) : false;
}

function isLastStatement(ctx: UnitContext, stmt: Node): boolean {
  for (let n = stmt.nextNamedSibling; n; n = n.nextNamedSibling) if (!isComment(ctx, n)) return false;
  return true;
}
