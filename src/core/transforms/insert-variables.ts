import type { LanguageId } from '../languages/languageIds';
import type { Rng } from '../random';
import type { UnitContext } from './context';
import { APPLICABLE, Method, Site } from './method';
import { joinIdentifier, SPARE_VARIABLE_WORDS } from './names';
import { insertionPoints } from './shared/statements';

type Literal = { kind: 'int' | 'float' | 'string' | 'bool'; value: string };

const STRINGS = ['', 'n/a', 'pending', 'default', 'none'];

function literal(rng: Rng): Literal {
  switch (rng.int(4)) {
    case 0:
      return { kind: 'int', value: String(rng.int(100)) };
    case 1:
      return { kind: 'float', value: `${rng.int(10)}.${1 + rng.int(9)}` };
    case 2:
      return { kind: 'string', value: rng.pick(STRINGS) };
    default:
      return { kind: 'bool', value: rng.int(2) === 0 ? 'true' : 'false' };
  }
}

function stringLiteral(value: string): string {
  return JSON.stringify(value);
}

/**
 * The declaration of one unused variable, as statements (one per line). Each language gets a
 * form its compiler accepts unused: Go needs `_ = v`, Rust an underscore prefix.
 */
function declaration(lang: LanguageId, name: string, lit: Literal): string[] {
  const text = lit.kind === 'string' ? stringLiteral(lit.value) : lit.value;
  switch (lang) {
    case 'python': {
      const py = lit.kind === 'bool' ? (lit.value === 'true' ? 'True' : 'False') : text;
      return [`${name} = ${py}`];
    }
    case 'c': {
      if (lit.kind === 'string') return [`const char *${name} = ${text};`];
      if (lit.kind === 'float') return [`double ${name} = ${text};`];
      return [`int ${name} = ${lit.kind === 'bool' ? (lit.value === 'true' ? '1' : '0') : text};`];
    }
    case 'cpp': {
      const type = { int: 'int', float: 'double', string: 'const char *', bool: 'bool' }[lit.kind];
      return [`${type}${type.endsWith('*') ? '' : ' '}${name} = ${text};`];
    }
    case 'go':
      return [`${name} := ${text}`, `_ = ${name}`];
    case 'rust': {
      const value = lit.kind === 'float' ? `${text}_f64` : text;
      return [`let _${name} = ${value};`];
    }
    case 'java': {
      const type = { int: 'int', float: 'double', string: 'String', bool: 'boolean' }[lit.kind];
      return [`${type} ${name} = ${text};`];
    }
    case 'javascript':
      return [`${rngKeyword(name)} ${name} = ${text};`];
    case 'typescript': {
      const type = { int: 'number', float: 'number', string: 'string', bool: 'boolean' }[lit.kind];
      return [`${rngKeyword(name)} ${name}: ${type} = ${text};`];
    }
  }
}

/** `let` or `const`, chosen from the name so the choice costs no extra draw from the rng. */
function rngKeyword(name: string): string {
  return name.length % 2 === 0 ? 'let' : 'const';
}

export const insertVariables: Method = {
  id: 'insert-variables',
  category: 'basic',
  description: 'add variables that are never used',
  support: () => APPLICABLE,

  findSites(ctx: UnitContext): Site[] {
    // Go and C++ reject a goto that jumps over a declaration; leave such functions alone.
    if ((ctx.lang === 'go' || ctx.lang === 'cpp') && ctx.nodes('goto_statement').length > 0) return [];
    return insertionPoints(ctx).map((p) => ({
      start: p.offset,
      end: p.offset,
      label: `before line ${ctx.lineOf(p.offset)}`,
      data: { indent: p.indent },
    }));
  },

  apply(ctx, site, rng) {
    const { indent } = site.data as { indent: string };
    const style = ctx.profile.naming;
    const name = ctx.freshName(
      SPARE_VARIABLE_WORDS.map((w) => joinIdentifier(w, style)),
      rng,
    );
    const lines = declaration(ctx.lang, name, literal(rng));
    const text = lines.map((line) => `${line}\n${indent}`).join('');
    return {
      edits: [{ start: site.start, end: site.start, text }],
      summary: `added unused variable \`${ctx.lang === 'rust' ? `_${name}` : name}\` before line ${ctx.lineOf(site.start)}`,
    };
  },
};
