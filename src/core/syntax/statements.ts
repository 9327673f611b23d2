import type { Node } from 'web-tree-sitter';
import { profileOf } from '../languages/profiles';
import type { UnitContext } from './context';
import { isComment } from './loops';

/** A place between statements where a method may insert whole statements. */
export interface InsertionPoint {
  /** Offset of the statement the new text goes before (the start of its line's code). */
  offset: number;
  /** Indentation of that statement: new lines use it. */
  indent: string;
  /** The statement the insertion precedes. */
  before: Node;
}

/**
 * Points before statements inside the unit's function bodies where statements can be added.
 * Only statements that begin their own line qualify, so the inserted text keeps the layout.
 * Statements directly under `case` labels are skipped: C and C++ forbid declarations there
 * and jumping past an initialisation.
 */
export function insertionPoints(ctx: UnitContext): InsertionPoint[] {
  const points: InsertionPoint[] = [];
  const { blocks } = profileOf(ctx.lang);
  for (const block of ctx.nodes(blocks.statementLists)) {
    if (!ctx.inFunctionBody(block)) continue;
    if (block.parent?.type === 'unsafe_block') continue;
    // a C or C++ switch body holds case labels: code before the first one never runs, and a
    // declaration there is jumped over (an error in C++, an uninitialised variable in C)
    if (block.parent?.type === 'switch_statement') continue;
    // a Python match statement's block holds only its case clauses
    if (block.parent?.type === 'match_statement') continue;
    // asked once: each ask of namedChildren makes a new array
    const named = block.namedChildren;
    const children = named.filter((c): c is Node => c !== null);
    children.forEach((stmt) => {
      if (isComment(ctx, stmt) || stmt.type === 'attribute_item') return;
      // a statement that must come first, or binds what follows (profile.blocks.staysFirst)
      if (blocks.staysFirst(stmt, named.indexOf(stmt), block)) return;
      const indent = ctx.indentOf(stmt);
      const lineStart = ctx.source.lastIndexOf('\n', stmt.startIndex - 1) + 1;
      if (ctx.source.slice(lineStart, stmt.startIndex) !== indent) return; // shares its line with other code
      points.push({ offset: stmt.startIndex, indent, before: stmt });
    });
  }
  return points.sort((a, b) => a.offset - b.offset);
}
