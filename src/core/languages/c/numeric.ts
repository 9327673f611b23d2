import type { Node } from 'web-tree-sitter';
import { agree, INT, rootOf, ARITHMETIC, BITWISE } from '../numericTypes';
import type { NumericLanguage, NumericQueries, NumericTypeReader, NumType } from '../numericTypes';

/**
 * What C's and C++'s literals, casts and declarations prove about an expression's numeric type,
 * with C's integer promotions and usual arithmetic conversions (languages/numericTypes.ts).
 */

/** C's reader for `lang` (C, or C++, whose rules say `bool` truth values, `char` literals and `auto`). */
export function cNumericType(lang: NumericLanguage): NumericTypeReader {
  return (node, q) => cType(lang, node, new Set(), q);
}

const C_WIDTH = [0, 8, 16, 32, 64, 64];
const C_NAMED: Record<string, [number, boolean]> = {
  size_t: [4, true], ssize_t: [4, false], ptrdiff_t: [4, false], intptr_t: [4, false], uintptr_t: [4, true],
  int8_t: [1, false], uint8_t: [1, true], int16_t: [2, false], uint16_t: [2, true],
  int32_t: [3, false], uint32_t: [3, true], int64_t: [4, false], uint64_t: [4, true],
};

/** A C type's text as a number type: `unsigned long int`, `const size_t`, `double`. */
export function cTypeFromText(text: string): NumType | null {
  const clean = text
    .replace(/\b(const|volatile|static|register|extern|inline|constexpr|auto)\b/g, ' ')
    .replace(/\bstd::/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (clean === 'float') return { family: 'float', unsigned: false, rank: 1, spelling: 'float' };
  if (clean === 'double') return { family: 'float', unsigned: false, rank: 2, spelling: 'double' };
  if (clean === 'long double') return { family: 'float', unsigned: false, rank: 3, spelling: 'long double' };
  const named = C_NAMED[clean];
  if (named) return { family: 'int', unsigned: named[1], rank: named[0], spelling: clean };
  const words = clean.split(' ');
  if (!words.every((w) => ['unsigned', 'signed', 'short', 'long', 'int', 'char', 'bool', '_Bool'].includes(w))) return null;
  const count = (w: string) => words.filter((x) => x === w).length;
  const unsigned = count('unsigned') > 0;
  let rank: number;
  if (count('bool') || count('_Bool')) rank = words.length === 1 ? 1 : 0;
  else if (count('char')) rank = 1;
  else if (count('short')) rank = 2;
  else if (count('long') === 1) rank = 4;
  else if (count('long') === 2) rank = 5;
  else rank = 3;
  if (rank === 0) return null;
  return { family: 'int', unsigned: unsigned || count('bool') + count('_Bool') > 0, rank, spelling: clean };
}

function cCanonical(rank: number, unsigned: boolean): NumType {
  const base = ['', 'char', 'short', 'int', 'long', 'long long'][rank];
  return { family: 'int', unsigned, rank, spelling: unsigned ? `unsigned ${base}` : base };
}

/** The type an integer operand has after the integer promotions. */
function cPromoted(t: NumType): NumType {
  if (t.family !== 'int' || t.rank >= 3) return t;
  return INT;
}

/** C's usual arithmetic conversions; the result keeps an operand's spelling when it is that operand's type. */
function cUsual(a: NumType, b: NumType): NumType {
  if (a.family === 'float' || b.family === 'float') {
    if (a.family === 'float' && b.family === 'float') return a.rank >= b.rank ? a : b;
    return a.family === 'float' ? a : b;
  }
  const x = cPromoted(a);
  const y = cPromoted(b);
  if (x.unsigned === y.unsigned) return x.rank >= y.rank ? x : y;
  const [u, s] = x.unsigned ? [x, y] : [y, x];
  if (u.rank >= s.rank) return u;
  if (C_WIDTH[s.rank] > C_WIDTH[u.rank]) return s;
  return cCanonical(s.rank, true);
}

function cLiteral(text: string): NumType | null {
  const t = text.replace(/'/g, '').toLowerCase();
  if (/^0x/.test(t) ? /p/.test(t) : /[.e]/.test(t) || /f$/.test(t)) {
    if (/f$/.test(t)) return cTypeFromText('float');
    if (/l$/.test(t)) return cTypeFromText('long double');
    return cTypeFromText('double');
  }
  const m = /^(0x[0-9a-f]+|0b[01]+|[0-9]+)(u?l{0,2}|l{1,2}u)$/.exec(t);
  if (!m) return null;
  const suffix = m[2];
  const unsigned = suffix.includes('u');
  const longs = (suffix.match(/l/g) ?? []).length;
  const value = Number(m[1].startsWith('0b') ? parseInt(m[1].slice(2), 2) : m[1]);
  let rank = longs === 2 ? 5 : longs === 1 ? 4 : 3;
  if (rank === 3 && value > (unsigned ? 0xffffffff : 0x7fffffff)) rank = 4;
  return cCanonical(rank, unsigned);
}

/** Object-like macros of the file whose body is a plain integer literal: `#define N 10`. */
function cMacroLiteral(root: Node, name: string, q: NumericQueries): string | null {
  for (const def of q.descendants(root, (n) => n.type === 'preproc_def', (n) => n.type === 'function_definition')) {
    if (def.childForFieldName('name')?.text !== name) continue;
    const value = def.childForFieldName('value')?.text.trim() ?? '';
    return /^\(?\d+[uUlL]*\)?$/.test(value) ? value.replace(/[()]/g, '') : null;
  }
  return null;
}

/** How many pointer or array levels a declaration puts between `name` and its base type. */
function cIndirections(declaration: Node, name: string, q: NumericQueries): number | null {
  const id = q.identifiersNamed(declaration, name)[0];
  if (!id) return null;
  let levels = 0;
  for (let p = id.parent; p && p.id !== declaration.id; p = p.parent) {
    if (p.type === 'pointer_declarator' || p.type === 'array_declarator') levels++;
    else if (p.type === 'function_declarator' || p.type === 'reference_declarator' || p.type === 'parenthesized_declarator') return null;
  }
  return levels;
}

function cNameType(lang: NumericLanguage, at: Node, name: string, levels: number, seen: Set<string>, q: NumericQueries): NumType | null {
  // declarationsOf reads the enclosing function's declarations (or the file's), wherever in it the name is read
  const fn = q.enclosingFunction(lang.id, at);
  return q.perTreeUnguarded(seen, at.tree, `c-name-type:${lang.id}:${fn?.id ?? 'file'}:${name}:${levels}`, () => cDeclaredType(lang, at, name, levels, seen, q));
}

function cDeclaredType(lang: NumericLanguage, at: Node, name: string, levels: number, seen: Set<string>, q: NumericQueries): NumType | null {
  const decls = q.declarationsOf(lang.id, at, name);
  if (decls.length === 0) {
    if (levels !== 0) return null;
    const literal = cMacroLiteral(rootOf(at), name, q);
    return literal ? cLiteral(literal) : null;
  }
  return agree(
    decls.map((d) => {
      if (d.kind === 'other' || !d.type) return null;
      if (cIndirections(d.node, name, q) !== levels) return null;
      if (lang.rules().autoInfersType && /^\s*auto\s*$/.test(d.type)) {
        if (levels !== 0 || !d.value || seen.has(name)) return null;
        return cType(lang, d.value, new Set([...seen, name]), q);
      }
      return cTypeFromText(d.type);
    }),
  );
}

/** The type of a comparison, a negation or a boolean literal: C's `int`, C++'s `bool`. */
function truthValue(lang: NumericLanguage): NumType | null {
  return lang.rules().truthValuesAreInt ? INT : cTypeFromText('bool');
}

function cType(lang: NumericLanguage, node: Node, seen: Set<string>, q: NumericQueries): NumType | null {
  const n = q.unparenthesize(node);
  switch (n.type) {
    case 'number_literal':
      return cLiteral(n.text);
    case 'char_literal':
      return lang.rules().charLiteralsAreInt ? INT : cTypeFromText('char');
    case 'true':
    case 'false':
      return truthValue(lang);
    case 'identifier':
      return cNameType(lang, n, n.text, 0, seen, q);
    case 'subscript_expression': {
      const array = n.childForFieldName('argument');
      return array?.type === 'identifier' ? cNameType(lang, n, array.text, 1, seen, q) : null;
    }
    case 'sizeof_expression':
      return cTypeFromText('size_t');
    case 'cast_expression': {
      const type = n.childForFieldName('type');
      return type ? cTypeFromText(type.text) : null;
    }
    case 'unary_expression': {
      const op = n.childForFieldName('operator')?.text;
      const arg = n.childForFieldName('argument');
      if (!arg) return null;
      if (op === '!') return truthValue(lang);
      const t = cType(lang, arg, seen, q);
      if (!t || (op === '~' && t.family !== 'int')) return null;
      return op === '-' || op === '+' || op === '~' ? cPromoted(t) : null;
    }
    case 'conditional_expression': {
      const a = n.childForFieldName('consequence');
      const b = n.childForFieldName('alternative');
      const x = a && cType(lang, a, seen, q);
      const y = b && cType(lang, b, seen, q);
      return x && y ? cUsual(x, y) : null;
    }
    case 'binary_expression': {
      const b = q.asBinary(lang.id, n);
      if (!b) return null;
      if (['<', '>', '<=', '>=', '==', '!=', '&&', '||'].includes(b.operator)) return truthValue(lang);
      const x = cType(lang, b.left, seen, q);
      const y = cType(lang, b.right, seen, q);
      if (!x || !y) return null;
      if (b.operator === '<<' || b.operator === '>>') return x.family === 'int' && y.family === 'int' ? cPromoted(x) : null;
      if (BITWISE.has(b.operator) || b.operator === '%') return x.family === 'int' && y.family === 'int' ? cUsual(x, y) : null;
      return ARITHMETIC.has(b.operator) ? cUsual(x, y) : null;
    }
    default:
      return null;
  }
}

