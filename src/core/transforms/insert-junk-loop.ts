import type { Rng } from '../random';
import type { UnitContext } from '../syntax/context';
import { catalogued } from './catalogue';
import { APPLICABLE, Method, Site } from './method';
import { joinIdentifier } from '../text/identifiers';
import { TYPE_QUERIES } from '../syntax/declarations';
import { shadowsBuiltin } from '../languages/python/scope';
import { inHelper } from '../syntax/shapes';
import { insertionPoints } from '../syntax/statements';

/**
 * A loop that never runs, written as code a person leaves behind: a pass count set to zero
 * and a counted loop up to it, its body a comment on what it is for (a retry or warm-up hook
 * turned off). The bound is a variable, not a constant test: Java's reachability rules reject
 * `while (false)`, and `for i in range(0)` reads as dead code. Go, Rust and the others accept
 * the counter unused; Rust's gets an underscore so the compiler does not warn.
 */

interface Hook {
  bound: readonly string[];
  counter: readonly string[];
  note: string;
}

const HOOKS: readonly Hook[] = [
  { bound: ['extra', 'passes'], counter: ['pass', 'index'], note: 'no extra pass by default' },
  { bound: ['retry', 'limit'], counter: ['attempt'], note: 'retries are off by default' },
  { bound: ['warmup', 'rounds'], counter: ['round'], note: 'no warm-up round by default' },
];

function loopLines(ctx: UnitContext, bound: string, v: string, note: string): string[] {
  const spelling = ctx.profile.spelling;
  const unit = ctx.indentUnit;
  const declare = spelling.declareInteger(bound, '0', false);
  const header = spelling.countedForHeader(`${ctx.profile.unusedPrefix}${v}`, bound);
  // an indented block must hold a statement (Python's `pass`): the note goes after it, two spaces off as PEP 8 puts an inline comment
  if (spelling.indentedBlocks) return [declare, `${header}:`, `${unit}${spelling.emptyBlock ?? ''}  ${spelling.comment(note)}`];
  return [declare, `${header} {`, `${unit}${spelling.comment(note)}`, '}'];
}

export const insertJunkLoop: Method = {
  ...catalogued('insert-junk-loop'),
  support: () => APPLICABLE,

  findSites(ctx: UnitContext): Site[] {
    // the loop counts with the builtin `range`, which the file may have rebound
    if (ctx.profile.loops.counted === 'range-call' && shadowsBuiltin(ctx.root, 'range', TYPE_QUERIES)) return [];
    // a goto may not jump over the loop's declarations
    if (ctx.profile.blocks.gotoMayNotSkipDeclarations && ctx.nodes('goto_statement').length > 0) return [];
    return insertionPoints(ctx)
      .filter((p) => !inHelper(ctx.lang, p.before, ctx.target?.node))
      .map((p) => ({
        start: p.offset,
        end: p.offset,
        label: `before line ${ctx.lineOf(p.offset)}`,
        data: { indent: p.indent },
      }));
  },

  apply(ctx, site, rng: Rng) {
    const { indent } = site.data as { indent: string };
    const hook = rng.pick(HOOKS);
    const bound = ctx.freshName([joinIdentifier(hook.bound, ctx.profile.naming)], rng);
    const counter = ctx.freshName([joinIdentifier(hook.counter, ctx.profile.naming)], rng);
    const lines = loopLines(ctx, bound, counter, hook.note);
    return {
      edits: [{ start: site.start, end: site.start, text: lines.map((l) => `${l}\n${indent}`).join('') }],
      summary: `added a loop up to \`${bound}\`, which is 0, before line ${ctx.lineOf(site.start)}`,
    };
  },
};
