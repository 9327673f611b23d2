import type { Node } from 'web-tree-sitter';
import type { TextEdit } from '../text/edits';
import type { UnitContext } from '../syntax/context';
import { catalogued } from './catalogue';
import { APPLICABLE, Method, Site } from './method';
import { allmanBlock, hasPreprocessor, ifParts, localUnit } from '../syntax/conditions';
import { TYPE_QUERIES } from '../syntax/declarations';
import { elifElseClauses } from '../languages/python/ifClauses';
import { reindented } from '../syntax/loops';
import { branchBlock, emptiness } from '../syntax/shapes';

/**
 * `if A S else if B T ...` becomes `if A S else { if B T ... }`: the rest of the chain moves,
 * one level deeper, into a block. Python's `elif B:` becomes `else:` over a nested `if B:`
 * that carries every later clause with it.
 */

interface Plan {
  start: number;
  end: number;
  edit: TextEdit;
}

/** Whether a branch does nothing (comments aside). */
function idleBranch(ctx: UnitContext, branch: Node | null): boolean {
  const block = branch ? branchBlock(ctx.lang, branch) : null;
  return block !== null && emptiness(ctx.lang, ctx.source, block).empty;
}

/** Python: the elif turns into `else:` + `if`, and everything after it moves in by one level. */
function planPython(ctx: UnitContext, node: Node, elif: Node): Plan | null {
  if (idleBranch(ctx, elif.childForFieldName('consequence'))) return null;
  const indent = ctx.indentOf(elif);
  const blocks = [node, ...elifElseClauses(node, TYPE_QUERIES)].map((c) => c.childForFieldName(c.type === 'else_clause' ? 'body' : 'consequence'));
  const unit = localUnit(ctx, elif, ...blocks);
  const text = `else:\n${indent}${unit}if${reindented(ctx, elif.startIndex + 'elif'.length, node.endIndex, unit)}`;
  return { start: elif.startIndex, end: node.endIndex, edit: { start: elif.startIndex, end: node.endIndex, text } };
}

/**
 * Braced languages: the next if of the chain goes into a block after `else`. A chain on one
 * line stays on one line; an Allman chain gets its `{` on its own line. Declined: an `else`
 * whose `if` starts another line (the nesting would not match the written indentation) and
 * chains with preprocessor lines in them.
 */
function planBraced(ctx: UnitContext, node: Node): Plan | null {
  const parts = ifParts(ctx, node);
  if (!parts || !parts.elseKeyword || !parts.alternative || parts.alternative.type !== ctx.profile.blocks.ifKind) return null;
  const { elseKeyword, alternative: inner } = parts;
  if (elseKeyword.startPosition.row !== inner.startPosition.row) return null;
  // `else if (c) { /* nothing to do */ } else { ... }` nested alone would read `if (c) {} else { ... }`
  if (idleBranch(ctx, inner.childForFieldName('consequence'))) return null;
  if (ctx.profile.preprocessor && hasPreprocessor(node)) return null;
  const base = ctx.indentOf(elseKeyword);
  const span = { start: inner.startIndex, end: inner.endIndex };
  if (inner.startPosition.row === inner.endPosition.row) {
    return { ...span, edit: { ...span, text: `{ ${ctx.text(inner)} }` } };
  }
  const unit = localUnit(ctx, node, parts.consequence);
  const body = `\n${base}${unit}${reindented(ctx, inner.startIndex, inner.endIndex, unit)}\n${base}}`;
  const consequence = parts.consequence;
  if (ctx.profile.blocks.blockKinds.includes(consequence.type) && allmanBlock(ctx, parts.condition, consequence)) {
    return { ...span, edit: { start: elseKeyword.endIndex, end: inner.endIndex, text: `\n${base}{${body}` } };
  }
  return { ...span, edit: { ...span, text: `{${body}` } };
}

function plans(ctx: UnitContext): Plan[] {
  const out: Plan[] = [];
  for (const node of ctx.nodes(ctx.profile.blocks.ifKind)) {
    if (!ctx.inFunctionBody(node)) continue;
    if (ctx.profile.blocks.elifClauses) {
      for (const clause of elifElseClauses(node, TYPE_QUERIES)) {
        const plan = clause.type === 'elif_clause' ? planPython(ctx, node, clause) : null;
        if (plan) out.push(plan);
      }
    } else {
      const plan = planBraced(ctx, node);
      if (plan) out.push(plan);
    }
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}

export const divIfElse: Method = {
  ...catalogued('div-if-else'),
  support: () => APPLICABLE,

  findSites(ctx: UnitContext): Site[] {
    return plans(ctx).map((p) => ({
      start: p.start,
      end: p.end,
      label: `${ctx.profile.blocks.elifClauses ? 'elif' : 'else if'} at line ${ctx.lineOf(p.start)}`,
    }));
  },

  apply(ctx, site) {
    const plan = plans(ctx).find((p) => p.start === site.start && p.end === site.end);
    if (!plan) throw new Error(`div-if-else: no else if at ${site.start}`);
    return { edits: [plan.edit], summary: `nested the ${site.label} in an else block` };
  },
};
