import type { Node } from 'web-tree-sitter';
import type { LanguageId } from '../languages/languageIds';
import { PROFILES } from '../languages/profiles';
import { declarationOf } from './bindings';
import { declarationsOf, enclosingFunction, javaLiteralType, javaTypeOf, pythonKindOf, pythonNestedScope, pythonScope } from './declarations';
import { asBinary, unparenthesize } from './expressions';
import { pyNotOnlyCalled } from './pyCalledOnly';
import { ancestor, descendants, fieldName, holdingWord, identifiersNamed, identifiersWhere, namedChildren, nodesOfType, perTree, perTreeUnguarded } from './nodes';

/**
 * What the source proves about the numeric type of an expression, for rewrites whose exactness
 * depends on it (integer-only identities, temporaries that need a written type, midpoints).
 * Every answer is evidence from literals and declarations; null means "not known to be a
 * number", and callers decline on it.
 */
export interface NumType {
  /** 'number': a number, not known whether integer or floating (Python, JavaScript). */
  family: 'int' | 'float' | 'number';
  unsigned: boolean;
  /** C, C++, Java: integer conversion rank (1 char/bool/byte, 2 short, 3 int, 4 long, 5 long long), or float rank (1 float, 2 double, 3 long double). */
  rank: number;
  /** C, C++, Go, Java, Rust: how the type is written in a declaration. */
  spelling: string | null;
}

const INT: NumType = { family: 'int', unsigned: false, rank: 3, spelling: 'int' };
const NUMBER: NumType = { family: 'number', unsigned: false, rank: 0, spelling: null };
const ARITHMETIC = new Set(['+', '-', '*', '/', '%']);
const BITWISE = new Set(['&', '|', '^', '<<', '>>', '>>>', '&^']);

export function numericType(lang: LanguageId, node: Node): NumType | null {
  switch (lang) {
    case 'c':
    case 'cpp':
      return cType(lang, node, new Set());
    case 'java':
      return javaType(node);
    case 'go':
      return goType(node, new Set())?.type ?? null;
    case 'rust':
      return rustType(node, new Set());
    case 'python':
      return pythonType(node);
    case 'javascript':
    case 'typescript':
      return jsNumeric(lang, node, new Set()) ? NUMBER : null;
  }
}

/** Whether an expression is certainly an integer (of any width and signedness). */
export function isInteger(lang: LanguageId, node: Node): boolean {
  return numericType(lang, node)?.family === 'int';
}

function same(a: NumType, b: NumType): boolean {
  return a.family === b.family && a.unsigned === b.unsigned && a.rank === b.rank && a.spelling === b.spelling;
}

/** The one type every declaration agrees on, or null. */
function agree(types: (NumType | null)[]): NumType | null {
  if (types.length === 0 || types.some((t) => t === null)) return null;
  const first = types[0]!;
  return types.every((t) => same(t!, first)) ? first : null;
}

// ---------------------------------------------------------------------------------------------
// C and C++

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
function cMacroLiteral(root: Node, name: string): string | null {
  for (const def of descendants(root, (n) => n.type === 'preproc_def', (n) => n.type === 'function_definition')) {
    if (def.childForFieldName('name')?.text !== name) continue;
    const value = def.childForFieldName('value')?.text.trim() ?? '';
    return /^\(?\d+[uUlL]*\)?$/.test(value) ? value.replace(/[()]/g, '') : null;
  }
  return null;
}

/** How many pointer or array levels a declaration puts between `name` and its base type. */
function cIndirections(declaration: Node, name: string): number | null {
  const id = identifiersNamed(declaration, name)[0];
  if (!id) return null;
  let levels = 0;
  for (let p = id.parent; p && p.id !== declaration.id; p = p.parent) {
    if (p.type === 'pointer_declarator' || p.type === 'array_declarator') levels++;
    else if (p.type === 'function_declarator' || p.type === 'reference_declarator' || p.type === 'parenthesized_declarator') return null;
  }
  return levels;
}

function cNameType(lang: LanguageId, at: Node, name: string, levels: number, seen: Set<string>): NumType | null {
  // declarationsOf reads the enclosing function's declarations (or the file's), wherever in it the name is read
  const fn = enclosingFunction(lang, at);
  return perTreeUnguarded(seen, at.tree, `c-name-type:${lang}:${fn?.id ?? 'file'}:${name}:${levels}`, () => cDeclaredType(lang, at, name, levels, seen));
}

function cDeclaredType(lang: LanguageId, at: Node, name: string, levels: number, seen: Set<string>): NumType | null {
  const decls = declarationsOf(lang, at, name);
  if (decls.length === 0) {
    if (levels !== 0) return null;
    const literal = cMacroLiteral(rootOf(at), name);
    return literal ? cLiteral(literal) : null;
  }
  return agree(
    decls.map((d) => {
      if (d.kind === 'other' || !d.type) return null;
      if (cIndirections(d.node, name) !== levels) return null;
      if (PROFILES[lang].expressions.autoInfersType && /^\s*auto\s*$/.test(d.type)) {
        if (levels !== 0 || !d.value || seen.has(name)) return null;
        return cType(lang, d.value, new Set([...seen, name]));
      }
      return cTypeFromText(d.type);
    }),
  );
}

/** The type of a comparison, a negation or a boolean literal: C's `int`, C++'s `bool`. */
function truthValue(lang: LanguageId): NumType | null {
  return PROFILES[lang].expressions.truthValuesAreInt ? INT : cTypeFromText('bool');
}

function cType(lang: LanguageId, node: Node, seen: Set<string>): NumType | null {
  const n = unparenthesize(node);
  switch (n.type) {
    case 'number_literal':
      return cLiteral(n.text);
    case 'char_literal':
      return PROFILES[lang].expressions.charLiteralsAreInt ? INT : cTypeFromText('char');
    case 'true':
    case 'false':
      return truthValue(lang);
    case 'identifier':
      return cNameType(lang, n, n.text, 0, seen);
    case 'subscript_expression': {
      const array = n.childForFieldName('argument');
      return array?.type === 'identifier' ? cNameType(lang, n, array.text, 1, seen) : null;
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
      const t = cType(lang, arg, seen);
      if (!t || (op === '~' && t.family !== 'int')) return null;
      return op === '-' || op === '+' || op === '~' ? cPromoted(t) : null;
    }
    case 'conditional_expression': {
      const a = n.childForFieldName('consequence');
      const b = n.childForFieldName('alternative');
      const x = a && cType(lang, a, seen);
      const y = b && cType(lang, b, seen);
      return x && y ? cUsual(x, y) : null;
    }
    case 'binary_expression': {
      const b = asBinary(lang, n);
      if (!b) return null;
      if (['<', '>', '<=', '>=', '==', '!=', '&&', '||'].includes(b.operator)) return truthValue(lang);
      const x = cType(lang, b.left, seen);
      const y = cType(lang, b.right, seen);
      if (!x || !y) return null;
      if (b.operator === '<<' || b.operator === '>>') return x.family === 'int' && y.family === 'int' ? cPromoted(x) : null;
      if (BITWISE.has(b.operator) || b.operator === '%') return x.family === 'int' && y.family === 'int' ? cUsual(x, y) : null;
      return ARITHMETIC.has(b.operator) ? cUsual(x, y) : null;
    }
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Java

const JAVA_TYPES: Record<string, NumType> = {
  byte: { family: 'int', unsigned: false, rank: 1, spelling: 'byte' },
  char: { family: 'int', unsigned: true, rank: 1, spelling: 'char' },
  short: { family: 'int', unsigned: false, rank: 2, spelling: 'short' },
  int: { family: 'int', unsigned: false, rank: 3, spelling: 'int' },
  long: { family: 'int', unsigned: false, rank: 4, spelling: 'long' },
  float: { family: 'float', unsigned: false, rank: 1, spelling: 'float' },
  double: { family: 'float', unsigned: false, rank: 2, spelling: 'double' },
};

/** Java's binary numeric promotion. */
function javaPromote(a: NumType, b: NumType): NumType {
  if (a.family === 'float' || b.family === 'float') {
    const r = Math.max(a.family === 'float' ? a.rank : 0, b.family === 'float' ? b.rank : 0);
    return r === 2 ? JAVA_TYPES.double : JAVA_TYPES.float;
  }
  return a.rank === 4 || b.rank === 4 ? JAVA_TYPES.long : JAVA_TYPES.int;
}

function javaType(node: Node): NumType | null {
  const n = unparenthesize(node);
  const literal = javaLiteralType(n);
  if (literal) return JAVA_TYPES[literal] ?? null;
  switch (n.type) {
    case 'identifier': {
      const t = javaTypeOf(n, n.text);
      return t ? (JAVA_TYPES[t] ?? null) : null;
    }
    case 'array_access': {
      const array = n.childForFieldName('array');
      const t = array?.type === 'identifier' ? javaTypeOf(n, array.text, { element: true }) : null;
      return t ? (JAVA_TYPES[t] ?? null) : null;
    }
    case 'field_access': {
      // the length of an array the file declares
      const object = n.childForFieldName('object');
      if (n.childForFieldName('field')?.text !== 'length' || object?.type !== 'identifier') return null;
      const decls = declarationsOf('java', n, object.text);
      return decls.length > 0 && decls.every((d) => d.array || d.typeNode?.type === 'array_type') ? JAVA_TYPES.int : null;
    }
    case 'method_invocation': {
      // String.length() and Collection.size() on a variable of a known class
      const name = n.childForFieldName('name')?.text;
      const object = n.childForFieldName('object');
      const args = n.childForFieldName('arguments');
      if (!object || object.type !== 'identifier' || (args && namedChildren(args).length > 0)) return null;
      const decls = declarationsOf('java', n, object.text);
      const typed = (re: RegExp) => decls.length > 0 && decls.every((d) => d.type !== null && !d.array && re.test(d.type));
      if (name === 'length' && typed(/^String$/)) return JAVA_TYPES.int;
      if (name === 'size' && typed(/^(List|ArrayList|LinkedList|Set|HashSet|TreeSet|Map|HashMap|TreeMap|Deque|ArrayDeque)\b/)) return JAVA_TYPES.int;
      return null;
    }
    case 'cast_expression': {
      const type = n.childForFieldName('type');
      return type ? (JAVA_TYPES[type.text] ?? null) : null;
    }
    case 'unary_expression': {
      const op = n.childForFieldName('operator')?.text;
      const operand = n.childForFieldName('operand');
      const t = operand && javaType(operand);
      if (!t || !['-', '+', '~'].includes(op ?? '') || (op === '~' && t.family !== 'int')) return null;
      return javaPromote(t, JAVA_TYPES.int);
    }
    case 'binary_expression': {
      const b = asBinary('java', n);
      if (!b) return null;
      const x = javaType(b.left);
      const y = javaType(b.right);
      if (!x || !y) return null;
      if (b.operator === '<<' || b.operator === '>>' || b.operator === '>>>') return x.family === 'int' && y.family === 'int' ? javaPromote(x, JAVA_TYPES.int) : null;
      if (BITWISE.has(b.operator)) return x.family === 'int' && y.family === 'int' ? javaPromote(x, y) : null;
      return ARITHMETIC.has(b.operator) ? javaPromote(x, y) : null;
    }
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Go

const GO_TYPES = new Set([
  'int', 'int8', 'int16', 'int32', 'int64', 'uint', 'uint8', 'uint16', 'uint32', 'uint64', 'uintptr', 'byte', 'rune', 'float32', 'float64',
]);

function goNamed(name: string): NumType | null {
  if (!GO_TYPES.has(name)) return null;
  if (name.startsWith('float')) return { family: 'float', unsigned: false, rank: 0, spelling: name };
  return { family: 'int', unsigned: name.startsWith('u') || name === 'byte', rank: 0, spelling: name };
}

/** A Go type with whether it is an untyped constant (which takes the other operand's type). */
interface GoTyped {
  type: NumType;
  untyped: boolean;
}

function goOutermostFunction(node: Node): Node | null {
  let out: Node | null = null;
  for (let p = node.parent; p; p = p.parent) if (['function_declaration', 'method_declaration', 'func_literal'].includes(p.type)) out = p;
  return out;
}

/** Whether the file declares `name` itself anywhere (so a builtin or a type name may be shadowed). */
function goDeclares(root: Node, name: string): boolean {
  // kept per tree and name: every numeric question about the file asks of the same few type names
  return perTree(root.tree, `go-declares:${root.id}:${name}`, () =>
    // whether a region declares it is a fact about the region: a region a step left alone is not read again
    nodesOfType(root, ['identifier', 'type_identifier'], holdingWord([name]), {
      question: { key: `go declares ${name}`, keep: (n) => n.text === name && declaringName(n) },
    }).length > 0,
  );
}

function declaringName(n: Node): boolean {
  const p = n.parent;
  if (!p) return false;
  if (['function_declaration', 'type_spec', 'type_alias'].includes(p.type)) return fieldName(n) === 'name';
  return declarationOf('go', n) !== null;
}

/** A Go identifier outside every function that declares its name (what a whole-file search for globals keeps). */
function goDeclaredOutside(id: Node): boolean {
  return !ancestor(id, ['function_declaration', 'method_declaration']) && declarationOf('go', id) !== null;
}

function rootOf(node: Node): Node {
  let root = node;
  while (root.parent) root = root.parent;
  return root;
}

/** The types the declarations of `name` (in the function around `at`, and at package level) give it. */
function goNameType(at: Node, name: string, seen: Set<string>): GoTyped | null {
  if (seen.has(name)) return null;
  const fn = goOutermostFunction(at);
  // the function's and the file's declarations decide, wherever the name is read
  return perTreeUnguarded(seen, at.tree, `go-name-type:${fn?.id ?? 'file'}:${name}`, () => goDeclaredIn(rootOf(at), fn, name, seen));
}

function goDeclaredIn(root: Node, fn: Node | null, name: string, seen: Set<string>): GoTyped | null {
  const inner = new Set([...seen, name]);
  const scopes = fn ? [fn] : [];
  const ids = [
    ...scopes.flatMap((s) => identifiersNamed(s, name)).filter((id) => declarationOf('go', id) !== null),
    ...identifiersWhere(root, name, 'go declared outside functions', goDeclaredOutside),
  ];
  if (ids.length === 0) return null;
  const results: (GoTyped | null)[] = ids.map((id) => {
    const p = id.parent!;
    switch (p.type) {
      case 'parameter_declaration':
      case 'var_spec':
      case 'const_spec': {
        const type = p.childForFieldName('type');
        if (type) return goNamed(type.text) && !goDeclares(root, type.text) ? { type: goNamed(type.text)!, untyped: p.type === 'const_spec' } : null;
        if (p.type === 'parameter_declaration') return null;
        const names = p.childrenForFieldName('name').filter((c): c is Node => c !== null);
        const values = namedChildren(p.childForFieldName('value') ?? p).filter((c) => c.type !== 'comment');
        const value = p.childForFieldName('value') ? values[names.findIndex((c) => c.id === id.id)] : undefined;
        if (!value || names.length !== values.length) return null;
        const t = goType(value, inner);
        return t ? { type: t.type, untyped: p.type === 'const_spec' && t.untyped } : null;
      }
      case 'expression_list': {
        const owner = p.parent!;
        if (owner.type === 'range_clause') {
          // the index of a range over a slice, array or string is an int
          const index = namedChildren(p)[0];
          const over = owner.childForFieldName('right');
          if (index?.id !== id.id || !over || over.type !== 'identifier') return null;
          return goRangeable(over, inner) ? { type: goNamed('int')!, untyped: false } : null;
        }
        if (owner.type !== 'short_var_declaration') return null;
        const lefts = namedChildren(p);
        const rights = namedChildren(owner.childForFieldName('right') ?? owner);
        if (lefts.length !== rights.length) return null;
        const t = goType(rights[lefts.findIndex((c) => c.id === id.id)], inner);
        // `x := 1` makes x an int variable: typed from here on
        return t ? { type: t.type, untyped: false } : null;
      }
      default:
        return null;
    }
  });
  if (results.some((r) => r === null)) return null;
  const first = results[0]!;
  return results.every((r) => same(r!.type, first.type) && r!.untyped === first.untyped) ? first : null;
}

/** Whether a name is declared only as a slice, array or string (what `range` indexes with ints). */
function goRangeable(name: Node, seen: Set<string>): boolean {
  const fn = goOutermostFunction(name);
  if (!fn) return false;
  const ids = identifiersNamed(fn, name.text).filter((id) => declarationOf('go', id) !== null);
  return (
    ids.length > 0 &&
    ids.every((id) => {
      const p = id.parent!;
      const type = p.type === 'parameter_declaration' || p.type === 'var_spec' ? p.childForFieldName('type') : null;
      if (type) return type.type === 'slice_type' || type.type === 'array_type' || type.text === 'string';
      if (p.type !== 'expression_list' || p.parent?.type !== 'short_var_declaration') return false;
      const lefts = namedChildren(p);
      const rights = namedChildren(p.parent.childForFieldName('right') ?? p.parent);
      const value = lefts.length === rights.length ? rights[lefts.findIndex((c) => c.id === id.id)] : undefined;
      return value !== undefined && value.type === 'composite_literal' && ['slice_type', 'array_type'].includes(value.childForFieldName('type')?.type ?? '') && !seen.has(id.text);
    })
  );
}

/** The element type of a slice or array every declaration of the name gives it (`xs []int`, `xs := []int{...}`). */
function goElementType(name: Node): NumType | null {
  const fn = goOutermostFunction(name);
  const root = rootOf(name);
  const ids = [
    ...(fn ? identifiersNamed(fn, name.text) : []).filter((id) => declarationOf('go', id) !== null),
    // the identifiers outside functions (what a walk pruned at functions finds)
    ...identifiersWhere(root, name.text, 'go declared outside functions', goDeclaredOutside),
  ];
  if (ids.length === 0) return null;
  return agree(
    ids.map((id) => {
      const p = id.parent!;
      let type: Node | null = null;
      if (p.type === 'parameter_declaration' || p.type === 'var_spec') type = p.childForFieldName('type');
      else if (p.type === 'expression_list' && p.parent?.type === 'short_var_declaration') {
        const lefts = namedChildren(p);
        const rights = namedChildren(p.parent.childForFieldName('right') ?? p.parent);
        const value = lefts.length === rights.length ? rights[lefts.findIndex((c) => c.id === id.id)] : undefined;
        if (value?.type === 'composite_literal') type = value.childForFieldName('type');
      }
      if (!type || (type.type !== 'slice_type' && type.type !== 'array_type')) return null;
      const element = type.childForFieldName('element')?.text ?? '';
      return goDeclares(root, element) ? null : goNamed(element);
    }),
  );
}

function goType(node: Node, seen: Set<string>): GoTyped | null {
  const n = unparenthesize(node);
  switch (n.type) {
    case 'int_literal':
      return { type: goNamed('int')!, untyped: true };
    case 'rune_literal':
      return { type: goNamed('rune')!, untyped: true };
    case 'float_literal':
      return { type: goNamed('float64')!, untyped: true };
    case 'identifier':
      return goNameType(n, n.text, seen);
    case 'index_expression': {
      const operand = n.childForFieldName('operand');
      const element = operand?.type === 'identifier' ? goElementType(operand) : null;
      return element ? { type: element, untyped: false } : null;
    }
    case 'call_expression': {
      const fn = n.childForFieldName('function');
      const args = namedChildren(n.childForFieldName('arguments') ?? n);
      if (fn?.type !== 'identifier' || goDeclares(rootOf(n), fn.text)) return null;
      if ((fn.text === 'len' || fn.text === 'cap') && args.length === 1) return { type: goNamed('int')!, untyped: false };
      const conversion = goNamed(fn.text);
      return conversion && args.length === 1 ? { type: conversion, untyped: false } : null;
    }
    case 'unary_expression': {
      const op = n.childForFieldName('operator')?.text;
      const operand = n.childForFieldName('operand');
      const t = operand && goType(operand, seen);
      return t && (op === '-' || op === '+' || (op === '^' && t.type.family === 'int')) ? t : null;
    }
    case 'binary_expression': {
      const b = asBinary('go', n);
      if (!b) return null;
      const x = goType(b.left, seen);
      const y = goType(b.right, seen);
      if (!x || !y) return null;
      if (b.operator === '<<' || b.operator === '>>') return x.untyped ? null : x;
      if (!ARITHMETIC.has(b.operator) && !BITWISE.has(b.operator)) return null;
      if (x.untyped && y.untyped) return x.type.family === 'float' || y.type.family === 'float' ? { type: goNamed('float64')!, untyped: true } : x;
      if (!x.untyped && !y.untyped) return same(x.type, y.type) ? x : null;
      return x.untyped ? y : x;
    }
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Rust

function rustNamed(text: string): NumType | null {
  const m = /^(i|u|f)(8|16|32|64|128|size)$/.exec(text.trim());
  if (!m) return null;
  if (m[1] === 'f') return m[2] === '32' || m[2] === '64' ? { family: 'float', unsigned: false, rank: 0, spelling: text.trim() } : null;
  return { family: 'int', unsigned: m[1] === 'u', rank: 0, spelling: text.trim() };
}

const RUST_INFERRED_INT: NumType = { family: 'int', unsigned: false, rank: 0, spelling: null };
const RUST_INFERRED_FLOAT: NumType = { family: 'float', unsigned: false, rank: 0, spelling: null };

function rustLiteral(n: Node): NumType | null {
  const suffix = /(i8|i16|i32|i64|i128|isize|u8|u16|u32|u64|u128|usize|f32|f64)$/.exec(n.text);
  if (n.type === 'integer_literal') {
    if (suffix) return rustNamed(suffix[1]);
    return /^0x/i.test(n.text) || !/[eE]/.test(n.text) ? RUST_INFERRED_INT : null;
  }
  if (n.type === 'float_literal') return suffix ? rustNamed(suffix[1]) : RUST_INFERRED_FLOAT;
  return null;
}

function rustUnify(a: NumType, b: NumType): NumType | null {
  if (a.family !== b.family) return null;
  if (a.spelling === null) return b;
  if (b.spelling === null) return a;
  return same(a, b) ? a : null;
}

function rustNameType(at: Node, name: string, seen: Set<string>): NumType | null {
  if (seen.has(name)) return null;
  // declarationsOf reads the enclosing function's declarations, wherever in it the name is read
  const fn = enclosingFunction('rust', at);
  return perTreeUnguarded(seen, at.tree, `rust-name-type:${fn?.id ?? 'file'}:${name}`, () => rustDeclaredType(at, name, seen));
}

function rustDeclaredType(at: Node, name: string, seen: Set<string>): NumType | null {
  const inner = new Set([...seen, name]);
  const decls = declarationsOf('rust', at, name);
  if (decls.length === 0) return null;
  return agree(
    decls.map((d) => {
      if (d.node.type === 'for_expression') {
        // `for i in a..b`: i has the bounds' type
        const range = d.node.childForFieldName('value');
        if (d.node.childForFieldName('pattern')?.text !== name || range?.type !== 'range_expression') return null;
        const bounds = namedChildren(range).map((b) => rustType(b, inner));
        if (bounds.length === 0 || bounds.some((b) => b === null || b.family !== 'int')) return null;
        return bounds.reduce<NumType | null>((acc, b) => (acc ? rustUnify(acc, b!) : null), bounds[0]);
      }
      if (d.kind === 'other') return null;
      if (d.type !== null) return rustNamed(d.type);
      return d.value ? rustType(d.value, inner) : null;
    }),
  );
}

function rustType(node: Node, seen: Set<string>): NumType | null {
  const n = unparenthesize(node);
  switch (n.type) {
    case 'integer_literal':
    case 'float_literal':
      return rustLiteral(n);
    case 'identifier':
      return rustNameType(n, n.text, seen);
    case 'type_cast_expression': {
      const type = n.childForFieldName('type');
      return type ? rustNamed(type.text) : null;
    }
    case 'index_expression': {
      // an element of a slice, array or Vec of numbers the declarations name
      const [base, index] = namedChildren(n);
      if (base?.type !== 'identifier' || !index || index.type === 'range_expression') return null;
      const decls = declarationsOf('rust', n, base.text);
      if (decls.length === 0) return null;
      return agree(
        decls.map((d) => {
          const m = d.type && /^&?(mut )?(\[\s*(\w+)\s*(;[^\]]*)?\]|Vec<(\w+)>)$/.exec(d.type);
          return m ? rustNamed(m[3] ?? m[5]) : null;
        }),
      );
    }
    case 'call_expression': {
      // `v.len()` is a usize
      const fn = n.childForFieldName('function');
      const args = namedChildren(n.childForFieldName('arguments') ?? n);
      if (fn?.type === 'field_expression' && fn.childForFieldName('field')?.text === 'len' && args.length === 0) return rustNamed('usize');
      return null;
    }
    case 'unary_expression': {
      const op = n.children[0]?.text;
      const arg = namedChildren(n)[0];
      const t = arg && rustType(arg, seen);
      return t && op === '-' && !t.unsigned ? t : null;
    }
    case 'binary_expression': {
      const b = asBinary('rust', n);
      if (!b) return null;
      const x = rustType(b.left, seen);
      const y = rustType(b.right, seen);
      if (!x || !y) return null;
      if (b.operator === '<<' || b.operator === '>>') return x.family === 'int' && y.family === 'int' ? x : null;
      if (!ARITHMETIC.has(b.operator) && !BITWISE.has(b.operator)) return null;
      return rustUnify(x, y);
    }
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Python

const PY_INT_OPS = new Set(['+', '-', '*', '//', '%', '<<', '>>', '&', '|', '^']);
const PY_NUM_OPS = new Set(['+', '-', '*', '/', '//', '%', '**']);

function pyShadowed(root: Node, name: string): boolean {
  return perTree(root.tree, `py-shadowed:${root.id}:${name}`, () => pyBinds(root, name));
}

function pyBinds(root: Node, name: string): boolean {
  return identifiersWhere(root, name, 'py binds', (id) => {
    const p = id.parent;
    if (!p) return false;
    if (p.type === 'call' && fieldName(id) === 'function') return false;
    if (p.type === 'argument_list') return false;
    return declarationOf('python', id) !== null || ['function_definition', 'class_definition'].includes(p.type) || ['aliased_import', 'dotted_name'].includes(p.type);
    // a region that only calls it binds nothing: its text says so without reading its nodes
  }, pyNotOnlyCalled(name)).length > 0;
}

function pythonType(node: Node): NumType | null {
  if (pythonInt(node, new Set())) return INT_PY;
  const n = unparenthesize(node);
  if (n.type === 'float') return { family: 'float', unsigned: false, rank: 0, spelling: null };
  if (n.type === 'identifier') return pythonKindOf(n, n.text) === 'num' ? NUMBER : null;
  const b = n.type === 'binary_operator' ? asBinary('python', n) : null;
  if (b && PY_NUM_OPS.has(b.operator) && pythonType(b.left) && pythonType(b.right)) return NUMBER;
  if (n.type === 'unary_operator') {
    const arg = n.childForFieldName('argument');
    return arg && pythonType(arg) ? NUMBER : null;
  }
  return null;
}

const INT_PY: NumType = { family: 'int', unsigned: false, rank: 0, spelling: null };

/** Whether a Python expression is certainly an int (or a bool), from literals, int-valued builtins and the bindings of names. */
function pythonInt(node: Node, assumed: Set<string>): boolean {
  const n = unparenthesize(node);
  switch (n.type) {
    case 'integer':
    case 'true':
    case 'false':
      return true;
    case 'identifier':
      return pythonIntName(n, assumed);
    case 'unary_operator': {
      const arg = n.childForFieldName('argument');
      return arg !== null && pythonInt(arg, assumed);
    }
    case 'binary_operator': {
      const b = asBinary('python', n);
      return b !== null && PY_INT_OPS.has(b.operator) && pythonInt(b.left, assumed) && pythonInt(b.right, assumed);
    }
    case 'call': {
      const fn = n.childForFieldName('function');
      return fn?.type === 'identifier' && ['len', 'int', 'ord'].includes(fn.text) && !pyShadowed(rootOf(n), fn.text);
    }
    default:
      return false;
  }
}

/**
 * A name bound only by int-valued assignments, int-preserving augmented assignments, `for` over
 * `range(...)` and `int`-annotated parameters in its scope. Names being solved are assumed int
 * (a greatest fixed point: `i = i + 1` keeps an int an int).
 */
function pythonIntName(id: Node, assumed: Set<string>): boolean {
  const name = id.text;
  if (assumed.has(name)) return true;
  if (pythonKindOf(id, name) !== 'num') return false;
  const scope = pythonScope(id);
  if (!scope) return false;
  // the scope's bindings of the name decide, wherever it is read
  return perTreeUnguarded(assumed, id.tree, `py-int:${scope.id}:${name}`, () => pythonIntIn(scope, rootOf(id), name, assumed));
}

function pythonIntIn(scope: Node, root: Node, name: string, assumed: Set<string>): boolean {
  const inner = new Set([...assumed, name]);
  let bindings = 0;
  let ok = true;
  if (scope.type === 'function_definition') {
    for (const param of namedChildren(scope.childForFieldName('parameters') ?? scope)) {
      const pname = param.type === 'identifier' ? param : (param.childForFieldName('name') ?? namedChildren(param).find((c) => c.type === 'identifier'));
      if (pname?.text !== name) continue;
      bindings++;
      if (param.childForFieldName('type')?.text.trim() !== 'int') ok = false;
    }
  }
  const start = scope.type === 'function_definition' ? (scope.childForFieldName('body') ?? scope) : scope;
  for (const n of identifiersNamed(start, name)) {
    if (!ok) break;
    if (pythonNestedScope(n, scope, start)) continue; // that inner scope's own `name`
    const binder = n.parent && ['assignment', 'augmented_assignment', 'for_statement'].includes(n.parent.type);
    if (binder && fieldName(n) === 'left') {
      const p = n.parent!;
      const right = p.childForFieldName('right');
      bindings++;
      if (p.type === 'assignment') ok = right !== null && right.type !== 'assignment' && pythonInt(right, inner);
      else if (p.type === 'augmented_assignment') {
        const op = p.childForFieldName('operator')?.text.slice(0, -1) ?? '';
        ok = right !== null && PY_INT_OPS.has(op) && pythonInt(right, inner);
      } else if (p.type === 'for_statement') {
        ok = right?.type === 'call' && right.childForFieldName('function')?.text === 'range' && !pyShadowed(root, 'range');
      } else ok = false;
    }
  }
  return ok && bindings > 0;
}

// ---------------------------------------------------------------------------------------------
// JavaScript and TypeScript

const JS_NUMBER_FUNCTIONS = new Set(['Number', 'parseInt', 'parseFloat']);

function jsDeclares(root: Node, name: string): boolean {
  return perTree(root.tree, `js-declares:${root.id}:${name}`, () => identifiersWhere(root, name, 'js declares', (n) => declarationOf('javascript', n) !== null).length > 0);
}

/** Whether a JavaScript or TypeScript expression is certainly a number (never a string or a BigInt). */
export function jsNumeric(lang: LanguageId, node: Node, seen: Set<string>): boolean {
  const n = unparenthesize(node);
  switch (n.type) {
    case 'number':
      return true;
    case 'identifier':
      return jsNumericName(lang, n, seen);
    case 'member_expression':
      return n.childForFieldName('property')?.text === 'length' && !n.children.some((c) => c?.type === 'optional_chain');
    case 'call_expression': {
      const fn = n.childForFieldName('function');
      if (!fn) return false;
      const root = rootOf(n);
      if (fn.type === 'identifier') return JS_NUMBER_FUNCTIONS.has(fn.text) && !jsDeclares(root, fn.text);
      const object = fn.type === 'member_expression' ? fn.childForFieldName('object') : null;
      return object?.type === 'identifier' && object.text === 'Math' && !jsDeclares(root, 'Math');
    }
    case 'as_expression':
      return namedChildren(n)[1]?.text === 'number';
    case 'subscript_expression': {
      // an element of an array TypeScript declares as `number[]`
      const object = n.childForFieldName('object');
      if (!PROFILES[lang].expressions.checkedTypeAnnotations || object?.type !== 'identifier' || n.children.some((c) => c?.type === 'optional_chain')) return false;
      const decls = descendants(rootOf(n), (d) => d.type === 'identifier' && d.text === object.text && declarationOf(lang, d) !== null);
      return decls.length > 0 && decls.every((d) => {
        const type = d.parent?.childForFieldName('type')?.text.replace(/^:\s*/, '').replace(/\s+/g, '');
        return type === 'number[]' || type === 'Array<number>' || type === 'readonlynumber[]';
      });
    }
    case 'unary_expression': {
      const op = n.childForFieldName('operator')?.text;
      const arg = n.childForFieldName('argument');
      return arg !== null && (op === '-' || op === '+' || op === '~') && jsNumeric(lang, arg, seen);
    }
    case 'ternary_expression': {
      const a = n.childForFieldName('consequence');
      const b = n.childForFieldName('alternative');
      return a !== null && b !== null && jsNumeric(lang, a, seen) && jsNumeric(lang, b, seen);
    }
    case 'binary_expression': {
      const b = asBinary(lang, n);
      if (!b || !(ARITHMETIC.has(b.operator) || BITWISE.has(b.operator) || b.operator === '**')) return false;
      return jsNumeric(lang, b.left, seen) && jsNumeric(lang, b.right, seen);
    }
    default:
      return false;
  }
}

/**
 * Every declaration of the name in the file makes it a number: a TypeScript `number`
 * annotation, or an initial value that is a number (in JavaScript, every assignment to the
 * name must keep it one; TypeScript's checker already does).
 */
function jsNumericName(lang: LanguageId, id: Node, seen: Set<string>): boolean {
  const name = id.text;
  if (seen.has(name)) return true;
  // asked once per operand of every arithmetic site, and the answer is about the whole file's
  // mentions of the name: a large unit asks it thousands of times a step for a few dozen names
  return perTreeUnguarded(seen, id.tree, `js-numeric:${lang}:${name}`, () => numericByDeclarations(lang, id, name, seen));
}

function numericByDeclarations(lang: LanguageId, id: Node, name: string, seen: Set<string>): boolean {
  const inner = new Set([...seen, name]);
  const root = rootOf(id);
  const decls = identifiersWhere(root, name, `${lang} declares or names`, (m) => declarationOf(lang, m) !== null || ['function_declaration', 'class_declaration'].includes(m.parent?.type ?? ''));
  if (decls.length === 0) return false;
  const declared = decls.every((d) => {
    const p = d.parent!;
    if (p.type === 'variable_declarator' && fieldName(d) === 'name') {
      const type = p.childForFieldName('type');
      if (type) return PROFILES[lang].expressions.checkedTypeAnnotations && type.text.replace(/^:\s*/, '') === 'number';
      const value = p.childForFieldName('value');
      return value !== null && jsNumeric(lang, value, inner);
    }
    if ((p.type === 'required_parameter' || p.type === 'optional_parameter') && PROFILES[lang].expressions.checkedTypeAnnotations) {
      return p.childForFieldName('type')?.text.replace(/^:\s*/, '') === 'number';
    }
    return false;
  });
  if (!declared) return false;
  // the checker keeps every assignment to an annotated or inferred number a number
  if (PROFILES[lang].expressions.checkedTypeAnnotations) return true;
  const mentions = identifiersNamed(root, name);
  return mentions.every((m) => {
    const p = m.parent;
    if (!p) return true;
    // destructuring and for-of/in assignments give values this does not follow
    if (['array_pattern', 'object_pattern', 'pair_pattern', 'rest_pattern', 'assignment_pattern'].includes(p.type)) return declarationOf(lang, m) !== null;
    if (fieldName(m) !== 'left') return true;
    if (p.type === 'for_in_statement') return false;
    if (p.type === 'assignment_expression') {
      const right = p.childForFieldName('right');
      return right !== null && jsNumeric(lang, right, inner);
    }
    if (p.type === 'augmented_assignment_expression') {
      const op = p.childForFieldName('operator')?.text ?? '';
      const right = p.childForFieldName('right');
      if (['&&=', '||=', '??='].includes(op)) return false;
      return right !== null && jsNumeric(lang, right, inner);
    }
    return true;
  });
}
