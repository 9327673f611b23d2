import type { Node } from 'web-tree-sitter';
import type { UnitContext } from '../syntax/context';
import { catalogued } from './catalogue';
import { APPLICABLE, Method, Site } from './method';
import { afterLine, bodyIndent, cannotComplete, statementsOf } from '../syntax/loops';
import { descendants, namedChildren } from '../syntax/nodes';
import { onlyPlaceholders } from '../syntax/shapes';

/** What the empty else says, so that it reads as a case considered rather than as noise. */
const NOTES = ['nothing to do otherwise', 'otherwise nothing changes', 'no other case to handle'];

function hasElse(ctx: UnitContext, node: Node): boolean {
  if (ctx.profile.blocks.elifClauses) return namedChildren(node).some((c) => c.type === 'else_clause');
  return node.childForFieldName('alternative') !== null;
}

/** Whether the if is the `if` of an `else if`: its label says so. */
function isElseIf(node: Node): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (parent.type === 'else_clause') return true;
  return parent.childForFieldName('alternative')?.equals(node) ?? false;
}

/**
 * Whether the branch that the else would follow does something and can fall through: after
 * a branch that ends in return, break, continue or throw, the code after the if already is
 * the else, and an empty one only says so again.
 */
function worthAnElse(ctx: UnitContext, branch: Node): boolean {
  const statements = ctx.profile.blocks.blockKinds.includes(branch.type) ? statementsOf(ctx, branch) : [branch];
  const last = statements[statements.length - 1];
  if (!last || onlyPlaceholders(ctx.lang, statements)) return false;
  return !cannotComplete(ctx, last);
}

/**
 * Where the else goes and what it says, or null when the if is not a site. An unbraced
 * consequence that holds another if is declined: a new else would bind to the inner if
 * (dangling else). JavaScript needs the consequence to end in `;` or a block: `x = 1 else`
 * gets no automatic semicolon. The else holds a comment saying that nothing is to be done.
 */
function plan(ctx: UnitContext, node: Node, note: string): { at: number; text: string } | null {
  const indent = ctx.indentOf(node);
  const unit = ctx.indentUnit;
  const line = ctx.profile.spelling.comment(note);
  if (ctx.profile.spelling.indentedBlocks) {
    const clauses = namedChildren(node).filter((c) => c.type === 'elif_clause');
    const last = clauses.length ? clauses[clauses.length - 1] : node;
    const block = last.childForFieldName('consequence');
    if (!block || !worthAnElse(ctx, block)) return null;
    const inner = block.startPosition.row > last.startPosition.row ? bodyIndent(ctx, block, indent + unit) : indent + unit;
    return { at: afterLine(ctx, node.endIndex), text: `\n${indent}else:\n${inner}pass  # ${note}` };
  }
  const consequence = node.childForFieldName('consequence');
  if (!consequence || !worthAnElse(ctx, consequence)) return null;
  if (ctx.profile.blocks.blockKinds.includes(consequence.type)) {
    const condition = node.childForFieldName('condition');
    const allman = condition !== null && consequence.startPosition.row > condition.endPosition.row;
    if (allman) return { at: consequence.endIndex, text: `\n${indent}else\n${indent}{\n${indent}${unit}${line}\n${indent}}` };
    const multiLine = !ctx.profile.spelling.oneLineBlocks || consequence.startPosition.row !== consequence.endPosition.row;
    return { at: consequence.endIndex, text: multiLine ? ` else {\n${indent}${unit}${line}\n${indent}}` : ` else { /* ${note} */ }` };
  }
  if (!consequence.text.trimEnd().endsWith(';')) return null;
  if (descendants(consequence, (d) => d.type === ctx.profile.blocks.ifKind).length > 0) return null;
  if (consequence.startPosition.row === node.startPosition.row) return { at: consequence.endIndex, text: ` else { /* ${note} */ }` };
  return { at: afterLine(ctx, consequence.endIndex), text: `\n${indent}else {\n${indent}${unit}${line}\n${indent}}` };
}

export const addCondition: Method = {
  ...catalogued('add-condition'),
  support: () => APPLICABLE,

  findSites(ctx: UnitContext): Site[] {
    const sites: Site[] = [];
    for (const node of ctx.nodes(ctx.profile.blocks.ifKind)) {
      if (!ctx.inFunctionBody(node) || hasElse(ctx, node) || plan(ctx, node, NOTES[0]) === null) continue;
      sites.push({ start: node.startIndex, end: node.endIndex, label: `${isElseIf(node) ? 'else if' : 'if'} at line ${ctx.lineOf(node.startIndex)}` });
    }
    return sites;
  },

  apply(ctx, site, rng) {
    const node = ctx.nodes(ctx.profile.blocks.ifKind).find((n) => n.startIndex === site.start && n.endIndex === site.end);
    const where = node ? plan(ctx, node, rng.pick(NOTES)) : null;
    if (!node || !where) throw new Error(`add-condition: no if without else at ${site.start}`);
    return {
      edits: [{ start: where.at, end: where.at, text: where.text }],
      summary: `added an empty else to the ${site.label}`,
    };
  },
};
