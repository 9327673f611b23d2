import type { UnitContext } from '../syntax/context';
import { Method, Site, supportExcept } from './method';
import { inHelper } from '../syntax/shapes';
import { Run, runAt, runDeclarations, runLabel, statementRuns, wrapRun } from '../syntax/runs';
import { catalogued } from './catalogue';

/**
 * Wraps statements in a block of their own, the way a person scopes a temporary: the run
 * declares something, and the block ends where the last use of it is, before the end of the
 * enclosing block (statementRuns never lets a declaration be used after the run; in C, C++
 * and Rust only declarations of plain values, with no destructor or drop, may end early). A block changes no control flow: a `return`,
 * `break` or `continue` inside does what it did, a block completes when its last statement
 * does (Java's definite assignment and reachability, Go's terminating statements), and a Rust
 * block ending in a value has that value. The paper's `if (true)` and one-pass loops are dead
 * syntax and are not written; Python has no bare block, so it has no site.
 */

/**
 * Whether the run is worth a block: it declares a name that the block then scopes, ending
 * before its enclosing block does (a block running to the end of its block scopes nothing).
 */
function scopes(ctx: UnitContext, run: Run): boolean {
  return !run.toEnd && runDeclarations(ctx, run).length > 0;
}

/** C, C++ and Rust runs may end before their block when what they declare has no destructor or drop to move. */
const RUNS = { scalarsEndEarly: true };

export const statementWrapping: Method = {
  ...catalogued('statement-wrapping'),
  support: supportExcept({ python: 'Python has no bare block, and `if True:` or a one-pass loop around statements is dead code' }),

  findSites(ctx: UnitContext): Site[] {
    const sites: Site[] = [];
    for (const run of statementRuns(ctx, RUNS)) {
      if (!scopes(ctx, run) || inHelper(ctx.lang, run.statements[0], ctx.target?.node)) continue;
      sites.push({ start: run.start, end: run.end, label: runLabel(ctx, run) });
    }
    return sites;
  },

  apply(ctx, site) {
    const run = runAt(ctx, site.start, site.end, RUNS);
    return {
      edits: [wrapRun(ctx, run, { head: '{', tail: [[0, '}']] })],
      summary: `wrapped the ${site.label} in a block`,
    };
  },
};
