import type { UnitContext } from '../syntax/context';
import { APPLICABLE, Method, Site } from '../transforms/method';
import { insertLines, misleadingSpots, Spot } from './spots';
import { count } from '../text/plural';

/** The line-comment opener of each language. */
function commentPrefix(ctx: UnitContext): string {
  return ctx.profile.lineComment;
}

/**
 * MCC (CodeCrash): a misleading comment before each function body, return, loop, condition,
 * assignment and call. Comments change nothing the program does; the step is contextual only.
 */
export const mcc: Method = {
  id: 'mcc',
  category: 'basic',
  description: 'CodeCrash MCC: misleading comments at functions, returns, loops, conditions, assignments and calls',
  support: () => APPLICABLE,

  findSites(ctx: UnitContext): Site[] {
    const spots = misleadingSpots(ctx);
    if (spots.length === 0) return [];
    return [{ start: spots[0].offset, end: spots[spots.length - 1].offset, label: count(spots.length, 'misleading comment'), data: spots, all: true }];
  },

  apply(ctx, site, rng) {
    const spots = site.data as Spot[];
    const prefix = commentPrefix(ctx);
    const edits = insertLines(spots, rng, (message) => `${prefix} ${message}`);
    return { edits, summary: `inserted ${count(edits.length, 'misleading comment')}` };
  },
};
