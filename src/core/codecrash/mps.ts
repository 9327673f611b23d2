import type { TextEdit } from '../text/edits';
import { count } from '../text/plural';
import type { UnitContext } from '../syntax/context';
import { APPLICABLE, Method, Site } from '../transforms/method';
import { insertLines, misleadingSpots, Spot } from './spots';

/** A compile-time function cannot print (Rust's `const fn`, C++'s `constexpr` and `consteval`): no print goes inside one. */
function compileTime(ctx: UnitContext, offset: number): boolean {
  const pattern = ctx.profile.spelling.print.compileTime;
  if (!pattern) return false;
  const owner = ctx.unitFunctions.filter((fn) => fn.start <= offset && offset < fn.end).sort((a, b) => b.start - a.start)[0];
  if (!owner) return false;
  return pattern.test(ctx.source.slice(owner.start, owner.body?.startIndex ?? owner.end));
}

/** The include the print statement needs (C's `puts`), when the file has neither form of it. */
function headerEdit(ctx: UnitContext): TextEdit[] {
  const header = ctx.profile.spelling.print.header;
  if (!header || header.present.test(ctx.source)) return [];
  return [{ start: 0, end: 0, text: header.include }];
}

/**
 * MPS (CodeCrash): a misleading print before each function body, return, loop, condition,
 * assignment and call. The return value is kept; the printed output is not, so verification
 * must compare exit status (and the test's verdict), never stdout: see the dataset's test run.
 * Prints only ever go before statements that run anyway, never into a condition. CodeCrash
 * prints in Python; here every language prints with its own statement (its spelling's `print`).
 */
export const mps: Method = {
  id: 'mps',
  category: 'basic',
  description: 'CodeCrash MPS: misleading print statements before functions, returns, loops, conditions, assignments and calls',
  support: () => APPLICABLE,

  findSites(ctx: UnitContext): Site[] {
    if (ctx.profile.spelling.print.rebound(ctx.source)) return [];
    const spots = misleadingSpots(ctx).filter((s) => !compileTime(ctx, s.offset));
    if (spots.length === 0) return [];
    return [{ start: spots[0].offset, end: spots[spots.length - 1].offset, label: count(spots.length, 'misleading print'), data: spots, all: true }];
  },

  apply(ctx, site, rng) {
    const spots = site.data as Spot[];
    const edits = insertLines(spots, rng, (message) => ctx.profile.spelling.print.line(message));
    return { edits: [...headerEdit(ctx), ...edits], summary: `inserted ${count(edits.length, 'misleading print')}` };
  },
};
