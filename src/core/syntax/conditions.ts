import type { Node } from 'web-tree-sitter';
import type { LanguageId } from '../languages/languageIds';
import { profileOf } from '../languages/profiles';
import type { UnitContext } from './context';
import { bodyIndent, isComment } from './loops';
import { allChildren, descendants, namedChildren } from './nodes';

/**
 * Reading if statements and if chains the same way in every language: where the condition's
 * tested expression is, what the branches are, and where the `else` keyword sits.
 */

/** Languages whose if condition is written in parentheses that belong to the if. */
export function parenthesizedIf(lang: LanguageId): boolean {
  return !profileOf(lang).switches.bareConditions;
}

/** The parts of an if (not Python's clauses: see languages/python/ifClauses.ts). */
export interface IfParts {
  node: Node;
  keyword: Node;
  /** The `condition` field: `(a && b)` in C, `a && b` in Go, a C++ condition_clause. */
  condition: Node;
  /** The tested expression, the if's own parentheses removed; null for a C++ declaration condition. */
  value: Node | null;
  /** What runs before the test: a C++ init-statement, a Go initializer. */
  init: Node | null;
  /** C++ `if constexpr` / `if consteval`: the branches are not ordinary code. */
  special: boolean;
  consequence: Node;
  elseKeyword: Node | null;
  /** The statement after `else` (a block, a statement or the next if of a chain). */
  alternative: Node | null;
}

function firstNamed(node: Node, ctx: UnitContext): Node | null {
  return namedChildren(node).find((c) => !isComment(ctx, c)) ?? null;
}

export function ifParts(ctx: UnitContext, node: Node): IfParts | null {
  // an if whose else and elifs are clauses of its own (Python) has no parts to give
  if (node.type !== ctx.profile.blocks.ifKind || ctx.profile.blocks.elifClauses) return null;
  const children = allChildren(node);
  const keyword = children[0];
  const condition = node.childForFieldName('condition');
  const consequence = node.childForFieldName('consequence');
  if (!keyword || keyword.type !== 'if' || !condition || !consequence) return null;
  let value: Node | null = condition;
  let init: Node | null = node.childForFieldName('initializer');
  if (condition.type === 'condition_clause') {
    init = condition.childForFieldName('initializer');
    value = condition.childForFieldName('value');
    if (value && value.type === 'declaration') value = null;
  } else if (condition.type === 'parenthesized_expression' && parenthesizedIf(ctx.lang)) {
    value = firstNamed(condition, ctx);
  }
  const special = children.some((c) => c.type === 'constexpr' || c.type === 'consteval' || c.type === '!');
  let elseKeyword: Node | null = null;
  let alternative: Node | null = null;
  const field = node.childForFieldName('alternative');
  if (field && field.type === 'else_clause') {
    elseKeyword = allChildren(field).find((c) => c.type === 'else') ?? null;
    alternative = firstNamed(field, ctx);
  } else if (field) {
    elseKeyword = children.find((c) => c.type === 'else') ?? null;
    alternative = field;
  }
  return { node, keyword, condition, value, init, special, consequence, elseKeyword, alternative };
}

/**
 * Everything a block holds, comments included, in source order; Go's statement_list is
 * flattened (its comments may sit inside or outside it).
 */
export function blockItems(block: Node): Node[] {
  return namedChildren(block).flatMap((c) => (c.type === 'statement_list' ? namedChildren(c) : [c]));
}

/** Whether the text holds preprocessor lines, which re-indenting or duplicating would not respect. */
export function hasPreprocessor(node: Node): boolean {
  return descendants(node, (d) => d.type.startsWith('preproc')).length > 0;
}

/** Whether a node begins its line (only indentation before it). */
export function startsLine(ctx: UnitContext, node: Node): boolean {
  const lineStart = ctx.source.lastIndexOf('\n', node.startIndex - 1) + 1;
  return /^[ \t]*$/.test(ctx.source.slice(lineStart, node.startIndex));
}

/**
 * Whether a block's `{` stands on its own line below the if's head (Allman style), so new
 * braces and `else` keywords written next to it should do the same.
 */
export function allmanBlock(ctx: UnitContext, head: Node, block: Node): boolean {
  return block.startPosition.row > head.endPosition.row && startsLine(ctx, block);
}

/**
 * One level of indentation as the code around `owner` writes it: how much deeper than the
 * owner's line the first of `blocks` that starts a line puts its statements, else how much
 * deeper the owner stands than the construct around it. The file-wide unit is the last resort
 * (it can be misled by lines inside multi-line strings).
 */
export function localUnit(ctx: UnitContext, owner: Node, ...blocks: (Node | null)[]): string {
  const base = ctx.indentOf(owner);
  for (const block of blocks) {
    let inner = '';
    if (block && (ctx.profile.spelling.indentedBlocks || ctx.profile.blocks.blockKinds.includes(block.type))) inner = bodyIndent(ctx, block, '');
    else if (block && startsLine(ctx, block)) inner = ctx.indentOf(block);
    if (inner.startsWith(base) && inner.length > base.length) return inner.slice(base.length);
  }
  for (let p = owner.parent; p; p = p.parent) {
    const outer = ctx.indentOf(p);
    if (base.startsWith(outer) && base.length > outer.length) return base.slice(outer.length);
  }
  return ctx.indentUnit;
}
