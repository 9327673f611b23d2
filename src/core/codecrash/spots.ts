import { Rng } from '../random';
import type { TextEdit } from '../text/edits';
import type { UnitContext } from '../syntax/context';
import type { Method, Site } from '../transforms/method';
import { insertionPoints } from '../syntax/statements';
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

/**
 * CodeCrash's injection controls for MCC and MPS (--p, --once). `p`: the chance each candidate
 * spot gets its line (every spot when unset, as CodeCrash's default); `once`: at most one line
 * per function, the first of its spots, in a seeded order, that the draw keeps.
 */
export interface InjectionControls {
  p?: number;
  once?: boolean;
}

/** The unit function a spot belongs to: the innermost one whose body holds it (-1: none of the unit's named ones). */
function ownerOf(ctx: UnitContext, offset: number): number {
  let owner: { id: number; start: number } | null = null;
  for (const fn of ctx.unitFunctions) {
    const body = fn.body;
    if (!body || offset < body.startIndex || offset >= body.endIndex) continue;
    if (!owner || body.startIndex >= owner.start) owner = { id: fn.node.id, start: body.startIndex };
  }
  return owner?.id ?? -1;
}

/** The spots that get a line under `controls`, in source order; every one when none is set. */
export function injectedSpots(ctx: UnitContext, spots: readonly Spot[], controls: InjectionControls, rng: Rng): Spot[] {
  const p = controls.p ?? 1;
  const drawn = () => p >= 1 || rng.next() < p;
  if (!controls.once) return spots.filter(drawn);
  const byFunction = new Map<number, Spot[]>();
  for (const spot of spots) {
    const key = ownerOf(ctx, spot.offset);
    const group = byFunction.get(key);
    if (group) group.push(spot);
    else byFunction.set(key, [spot]);
  }
  const out: Spot[] = [];
  for (const group of byFunction.values()) {
    const first = rng.shuffle(group).find(drawn);
    if (first) out.push(first);
  }
  return out.sort((a, b) => a.offset - b.offset);
}

/**
 * MCC or MPS with injection controls: the method's one all-spots site narrowed to the spots the
 * seeded draw keeps, the same ones on every call for the same unit. No spot drawn: no site.
 */
export function withInjection(method: Method, controls: InjectionControls, seed: number): Method {
  return {
    ...method,
    findSites(ctx: UnitContext): Site[] {
      const site = method.findSites(ctx)[0];
      if (!site) return [];
      const all = site.data as Spot[];
      const chosen = injectedSpots(ctx, all, controls, new Rng(seed));
      if (chosen.length === 0) return [];
      return [{ ...site, start: chosen[0].offset, end: chosen[chosen.length - 1].offset, label: `${chosen.length} of ${all.length} spots`, data: chosen }];
    },
  };
}
