import type { LanguageId } from '../languages/languageIds';
import type { UnitContext } from './context';
import { APPLICABLE, Method, Site } from './method';
import { IDLE_LOOP_WORDS, joinIdentifier } from './names';
import { insertionPoints } from './shared/statements';

/**
 * A loop that never runs, in one of two shapes per language. The counted shape compares a
 * fresh counter with 0, which Java's reachability rules accept where `while (false)` is an
 * error; Rust's counter gets an underscore so the compiler does not warn.
 */
function loopLines(lang: LanguageId, shape: 'counted' | 'conditional', v: string, unit: string): string[] {
  switch (lang) {
    case 'python':
      return shape === 'counted' ? [`for ${v} in range(0):`, `${unit}pass`] : ['while False:', `${unit}pass`];
    case 'c':
      return shape === 'counted' ? [`for (int ${v} = 0; ${v} < 0; ${v}++) {`, '}'] : ['while (0) {', '}'];
    case 'cpp':
      return shape === 'counted' ? [`for (int ${v} = 0; ${v} < 0; ${v}++) {`, '}'] : ['while (false) {', '}'];
    case 'go':
      return shape === 'counted' ? [`for ${v} := 0; ${v} < 0; ${v}++ {`, '}'] : ['for false {', '}'];
    case 'rust':
      return shape === 'counted' ? [`for _${v} in 0..0 {`, '}'] : ['while false {', '}'];
    case 'java':
      return [`for (int ${v} = 0; ${v} < 0; ${v}++) {`, '}'];
    case 'javascript':
    case 'typescript':
      return shape === 'counted' ? [`for (let ${v} = 0; ${v} < 0; ${v}++) {`, '}'] : ['while (false) {', '}'];
  }
}

export const insertJunkLoop: Method = {
  id: 'insert-junk-loop',
  category: 'basic',
  description: 'add a loop that never runs',
  support: () => APPLICABLE,

  findSites(ctx: UnitContext): Site[] {
    return insertionPoints(ctx).map((p) => ({
      start: p.offset,
      end: p.offset,
      label: `before line ${ctx.lineOf(p.offset)}`,
      data: { indent: p.indent },
    }));
  },

  apply(ctx, site, rng) {
    const { indent } = site.data as { indent: string };
    const shape = rng.int(2) === 0 ? 'counted' : 'conditional';
    const name = ctx.freshName(
      IDLE_LOOP_WORDS.map((w) => joinIdentifier(w, ctx.profile.naming)),
      rng,
    );
    const lines = loopLines(ctx.lang, shape, name, ctx.indentUnit);
    return {
      edits: [{ start: site.start, end: site.start, text: lines.map((l) => `${l}\n${indent}`).join('') }],
      summary: `added a loop that never runs before line ${ctx.lineOf(site.start)}`,
    };
  },
};
