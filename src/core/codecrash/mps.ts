import type { UnitContext } from '../transforms/context';
import { Method, Site } from '../transforms/method';
import { insertLines, misleadingSpots, Spot } from './spots';

/** A Python string literal for a message (single quotes, as CodeCrash prints them). */
export function pythonString(text: string): string {
  const escaped = text.replace(/\\/g, '\\\\');
  if (text.includes("'") && !text.includes('"')) return `"${escaped}"`;
  return `'${escaped.replace(/'/g, "\\'")}'`;
}

/** `print` bound to something else in the file (a parameter, an assignment, an import) would not print. */
function printRebound(source: string): boolean {
  return /(?<![\w.])print(?!\s*\()/.test(source.replace(/#[^\n]*/g, '').replace(/(['"])(?:\\.|(?!\1)[^\\\n])*\1/g, "''"));
}

/**
 * MPS (CodeCrash): a misleading `print` before each function body, return, loop, condition,
 * assignment and call. The return value is kept; the printed output is not, so verification
 * must compare exit status (and the test's verdict), never stdout: see the dataset's test run.
 * Prints only ever go before statements that run anyway, never into a condition.
 */
export const mps: Method = {
  id: 'mps',
  category: 'basic',
  description: 'CodeCrash MPS: misleading print statements before functions, returns, loops, conditions, assignments and calls',
  support: (lang) => (lang === 'python' ? { applicable: true } : { applicable: false, reason: 'CodeCrash defines misleading prints for Python only' }),

  findSites(ctx: UnitContext): Site[] {
    if (printRebound(ctx.source)) return [];
    const spots = misleadingSpots(ctx);
    if (spots.length === 0) return [];
    return [{ start: spots[0].offset, end: spots[spots.length - 1].offset, label: `${spots.length} misleading prints`, data: spots, all: true }];
  },

  apply(_ctx, site, rng) {
    const spots = site.data as Spot[];
    const edits = insertLines(spots, rng, (message) => `print(${pythonString(message)})`);
    return { edits, summary: `inserted ${edits.length} misleading prints` };
  },
};
