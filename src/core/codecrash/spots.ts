import type { Rng } from '../random';
import type { TextEdit } from '../text/edits';
import type { UnitContext } from '../transforms/context';
import { insertionPoints } from '../transforms/shared/statements';
import { misleadingMessage, SpotKind, spotKind, subjectOf } from './messages';

export interface Spot {
  offset: number;
  indent: string;
  kind: SpotKind;
  subject: string;
}

/**
 * Statements of the unit's function bodies that begin their own line, with what kind of remark
 * fits them; the first statement of a body also gets the remark about the whole function.
 */
export function misleadingSpots(ctx: UnitContext): Spot[] {
  const out: Spot[] = [];
  const bodies = new Set(ctx.unitFunctions.map((fn) => fn.body?.id).filter((id) => id !== undefined));
  const seenBody = new Set<number>();
  for (const p of insertionPoints(ctx)) {
    const block = p.before.parent;
    const body = block && (bodies.has(block.id) ? block.id : block.parent && block.type === 'statement_list' && bodies.has(block.parent.id) ? block.parent.id : null);
    if (body !== null && body !== undefined && !seenBody.has(body)) {
      seenBody.add(body);
      out.push({ offset: p.offset, indent: p.indent, kind: 'function', subject: '' });
    }
    const kind = spotKind(p.before);
    if (kind) out.push({ offset: p.offset, indent: p.indent, kind, subject: subjectOf(p.before) });
  }
  return out;
}

/** One inserted line per spot, each before its statement, at its indentation. */
export function insertLines(spots: readonly Spot[], rng: Rng, line: (message: string) => string): TextEdit[] {
  const edits: TextEdit[] = [];
  for (const spot of spots) {
    const text = `${line(misleadingMessage(spot.kind, spot.subject, rng))}\n${spot.indent}`;
    edits.push({ start: spot.offset, end: spot.offset, text });
  }
  return edits;
}
