import type { LanguageId } from '../languages/languageIds';
import type { TextEdit } from '../text/edits';
import { count } from '../text/plural';
import type { UnitContext } from '../syntax/context';
import { APPLICABLE, Method, Site } from '../transforms/method';
import { insertLines, misleadingSpots, Spot } from './spots';

/** A Python string literal for a message (single quotes, as CodeCrash prints them). */
export function pythonString(text: string): string {
  const escaped = text.replace(/\\/g, '\\\\');
  if (text.includes("'") && !text.includes('"')) return `"${escaped}"`;
  return `'${escaped.replace(/'/g, "\\'")}'`;
}

/** `print` (or `console`) bound to something else in the file (a parameter, an assignment, an import) would not print. */
function printRebound(lang: LanguageId, source: string): boolean {
  if (lang === 'javascript' || lang === 'typescript') return /(?<![\w$.])console(?!\s*\.)/.test(source.replace(/\/\/[^\n]*/g, ''));
  if (lang !== 'python') return false;
  return /(?<![\w.])print(?!\s*\()/.test(source.replace(/#[^\n]*/g, '').replace(/(['"])(?:\\.|(?!\1)[^\\\n])*\1/g, "''"));
}

/** The print statement of each language, on standard output as CodeCrash's (Go's builtin `println` writes to standard error, but needs no import). */
function printLine(lang: LanguageId, message: string): string {
  const quoted = JSON.stringify(message);
  switch (lang) {
    case 'python':
      return `print(${pythonString(message)})`;
    case 'c':
      return `puts(${quoted});`;
    case 'cpp':
      return `std::puts(${quoted});`;
    case 'go':
      return `println(${quoted})`;
    case 'rust':
      return `println!(${quoted.replace(/\{/g, '{{').replace(/\}/g, '}}')});`;
    case 'java':
      return `System.out.println(${quoted});`;
    default:
      return `console.log(${quoted});`;
  }
}

/** C and C++ declare `puts` in a header: the file gets it when it includes neither form. */
function headerEdit(ctx: UnitContext): TextEdit[] {
  if (ctx.lang !== 'c' && ctx.lang !== 'cpp') return [];
  if (/^\s*#\s*include\s*<(stdio\.h|cstdio)>/m.test(ctx.source)) return [];
  return [{ start: 0, end: 0, text: ctx.lang === 'c' ? '#include <stdio.h>\n' : '#include <cstdio>\n' }];
}

/** A function evaluated at compile time cannot print: Rust's `const fn`, C++'s `constexpr` and `consteval`. */
function compileTime(ctx: UnitContext, offset: number): boolean {
  if (ctx.lang !== 'rust' && ctx.lang !== 'cpp') return false;
  const owner = ctx.unitFunctions.filter((fn) => fn.start <= offset && offset < fn.end).sort((a, b) => b.start - a.start)[0];
  if (!owner) return false;
  const head = ctx.source.slice(owner.start, owner.body?.startIndex ?? owner.end);
  return ctx.lang === 'rust' ? /\bconst\s+(unsafe\s+|async\s+|extern\s+("[^"]*"\s+)?)*fn\b/.test(head) : /\b(constexpr|consteval)\b/.test(head);
}

/**
 * MPS (CodeCrash): a misleading print before each function body, return, loop, condition,
 * assignment and call. The return value is kept; the printed output is not, so verification
 * must compare exit status (and the test's verdict), never stdout: see the dataset's test run.
 * Prints only ever go before statements that run anyway, never into a condition. CodeCrash
 * prints in Python; here every language prints with its own statement.
 */
export const mps: Method = {
  id: 'mps',
  category: 'basic',
  description: 'CodeCrash MPS: misleading print statements before functions, returns, loops, conditions, assignments and calls',
  support: () => APPLICABLE,

  findSites(ctx: UnitContext): Site[] {
    if (printRebound(ctx.lang, ctx.source)) return [];
    const spots = misleadingSpots(ctx).filter((s) => !compileTime(ctx, s.offset));
    if (spots.length === 0) return [];
    return [{ start: spots[0].offset, end: spots[spots.length - 1].offset, label: count(spots.length, 'misleading print'), data: spots, all: true }];
  },

  apply(ctx, site, rng) {
    const spots = site.data as Spot[];
    const edits = insertLines(spots, rng, (message) => printLine(ctx.lang, message));
    return { edits: [...headerEdit(ctx), ...edits], summary: `inserted ${count(edits.length, 'misleading print')}` };
  },
};
