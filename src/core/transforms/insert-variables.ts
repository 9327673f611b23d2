import type { LiteralValue } from '../languages/languageProfile';
import type { UnitContext } from '../syntax/context';
import { catalogued } from './catalogue';
import { APPLICABLE, Method, Site } from './method';
import { joinIdentifier } from '../text/identifiers';
import { inHelper, unusedLiterals } from '../syntax/shapes';
import { insertionPoints } from '../syntax/statements';

/**
 * The variables a person leaves behind: a setting declared and not (or no longer) read, its
 * value the kind its name says (a count is an integer, a flag a boolean).
 */
const SPARES: readonly { words: readonly string[]; value: LiteralValue }[] = [
  { words: ['max', 'retries'], value: { kind: 'int', value: '3' } },
  { words: ['batch', 'size'], value: { kind: 'int', value: '64' } },
  { words: ['retry', 'delay', 'ms'], value: { kind: 'int', value: '250' } },
  { words: ['verbose'], value: { kind: 'bool', value: 'false' } },
  { words: ['debug', 'checks'], value: { kind: 'bool', value: 'false' } },
  { words: ['default', 'label'], value: { kind: 'string', value: 'n/a' } },
  { words: ['separator'], value: { kind: 'string', value: ', ' } },
  { words: ['tolerance'], value: { kind: 'float', value: '0.5' } },
  { words: ['growth', 'factor'], value: { kind: 'float', value: '1.5' } },
];

/** Whether a function of the unit already has a variable that is never read: one per unit is enough. */
function hasSpare(ctx: UnitContext): boolean {
  return ctx.nodes(ctx.profile.blocks.functionLike).some((fn) => ctx.inUnit(fn) && unusedLiterals(ctx.lang, fn).length > 0);
}

export const insertVariables: Method = {
  ...catalogued('insert-variables'),
  support: () => APPLICABLE,

  findSites(ctx: UnitContext): Site[] {
    // a goto may not jump over the new declaration: leave such functions alone
    if (ctx.profile.blocks.gotoMayNotSkipDeclarations && ctx.nodes('goto_statement').length > 0) return [];
    if (hasSpare(ctx)) return [];
    return insertionPoints(ctx).filter((p) => !inHelper(ctx.lang, p.before, ctx.target?.node)).map((p) => ({
      start: p.offset,
      end: p.offset,
      label: `before line ${ctx.lineOf(p.offset)}`,
      data: { indent: p.indent },
    }));
  },

  apply(ctx, site, rng) {
    const { indent } = site.data as { indent: string };
    const spare = rng.pick(SPARES);
    const name = ctx.freshName([joinIdentifier(spare.words, ctx.profile.naming)], rng);
    // each language declares it in a form its compiler accepts unused (Go needs `_ = v`, Rust an underscore prefix)
    const lines = ctx.profile.variables.unusedLocal(name, spare.value);
    const text = lines.map((line) => `${line}\n${indent}`).join('');
    return {
      edits: [{ start: site.start, end: site.start, text }],
      summary: `added unused variable \`${ctx.profile.unusedPrefix}${name}\` before line ${ctx.lineOf(site.start)}`,
    };
  },
};
