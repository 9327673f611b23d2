import type { Node, Tree } from 'web-tree-sitter';
import type { LanguageId } from '../languageIds';
import type { TypeQueries, WrittenDeclaration } from '../writtenDeclarations';

/**
 * What a C (or C++) file says about the types a static helper declares: the parameter that passes
 * a local (its declarator copied from the declaration), whether the names an expression uses are
 * visible where the helper goes, and an arithmetic expression's type after the usual arithmetic
 * conversions. Reached from syntax/helpers.ts staticHelper where `declaratorChain` holds, and from
 * extract-arithmetic where `helpers.resultTypes` is 'usual-arithmetic-conversions'. The syntax
 * layer's answers come in `q` (syntax/helpers.ts C_HELPER_QUERIES, made once).
 */

/** The unit read (syntax/context.ts UnitContext): its file, language and comment kinds. */
export interface CUnit {
  readonly tree: Tree;
  readonly root: Node;
  readonly lang: LanguageId;
  readonly profile: { readonly commentTypes: readonly string[] };
}

/** A cheap test of a region's text that says whether it may hold what is sought (syntax/nodeTable.ts MayHold). */
type RegionTest = (text: string, root: Node) => boolean;

/** The syntax layer's answers these readers ask, beyond TypeQueries: one object, made once. */
export interface CHelperQueries<U extends CUnit> extends TypeQueries {
  /** The names `node` reads that it does not declare itself (syntax/helpers.ts freeNames). */
  freeNames(unit: U, node: Node): readonly { name: string }[];
  /** The nodes of the given kinds under `root`, reading only the regions `mayHold` accepts (syntax/nodes.ts; `narrowing` as there). */
  nodesOfType(
    root: Node,
    types: readonly string[],
    mayHold?: RegionTest,
    narrowing?: { question?: { key: string; keep: (n: Node) => boolean; index?: { key: string; of: (n: Node) => string | null; value: string } } },
  ): Node[];
  allOf(...tests: RegionTest[]): RegionTest;
  /** A region test: the text holds one of the words. */
  holdingWord(names: Iterable<string>): RegionTest;
  /** Region tests: may hold a preprocessor directive; may hold a type definition (syntax/bindings.ts). */
  readonly mayHoldDirective: RegionTest;
  readonly mayHoldTypeDefinition: RegionTest;
  /** The kinds that define a type (syntax/bindings.ts C_TYPE_DEFINITIONS). */
  readonly typeDefinitions: readonly string[];
  /** The macros whose expansion makes a name unsafe to move (syntax/expressions.ts). */
  macroHazards(lang: LanguageId, root: Node): ReadonlySet<string>;
}

/** C's arithmetic and bitwise operators. */
const C_ARITHMETIC = new Set(['+', '-', '*', '/', '%', '<<', '>>', '&', '|', '^']);

const C_STORAGE = new Set(['storage_class_specifier', 'attribute_specifier', 'attribute_declaration', 'ms_declspec_modifier']);

/**
 * The parameter declaration that passes the C local `name` (as declared around `at`) to a
 * helper: its type with qualifiers, storage class dropped, and its declarator without the
 * initialiser (`const struct reading *p`, `int grid[3][4]`). Null when the declarations
 * disagree, declare a function pointer or a variable-length array, or use a type that is
 * declared inside a function (invisible to a helper outside it).
 */
export function cParameter<U extends CUnit>(ctx: U, at: Node, name: string, q: CHelperQueries<U>): string | null {
  const decls = q.declarationsOf('c', at, name);
  if (decls.length === 0) return null;
  // the answer follows from the declarations alone, which every site in their scope shares
  return q.perTree(ctx.tree, `c parameter ${name}:${decls.map((d) => d.node.id).join(',')}`, () => cParameterOf(ctx, decls, name, q));
}

function cParameterOf<U extends CUnit>(ctx: U, decls: readonly WrittenDeclaration[], name: string, q: CHelperQueries<U>): string | null {
  let result: string | null = null;
  for (const d of decls) {
    if (d.kind === 'other' || d.kind === 'global' || !d.typeNode) return null;
    const declarator = d.node.childrenForFieldName('declarator').find((x) => x !== null && declaredName(x, q) === name);
    if (!declarator) return null;
    const plain = declarator.type === 'init_declarator' ? declarator.childForFieldName('declarator') : declarator;
    if (!plain) return null;
    for (const a of q.descendants(plain, (n) => n.type === 'array_declarator')) {
      const size = a.childForFieldName('size');
      if (size && size.type !== 'number_literal') return null;
    }
    const firstDeclarator = d.node.childrenForFieldName('declarator')[0];
    const specifiers = q.namedChildren(d.node)
      .filter((c) => firstDeclarator && c.endIndex <= firstDeclarator.startIndex)
      .filter((c) => !C_STORAGE.has(c.type) && !ctx.profile.commentTypes.includes(c.type))
      .map((c) => c.text.replace(/\s+/g, ' '));
    if (specifiers.some((s) => /[{}]/.test(s))) return null;
    if (typeDeclaredLocally(ctx, specifiers.join(' '), q)) return null;
    const text = `${specifiers.join(' ')} ${plain.text.replace(/\s+/g, ' ')}`.replace(/\s*\*\s*/g, ' *').replace(/ \*(\w)/g, ' *$1');
    if (result !== null && result !== text) return null;
    result = text;
  }
  return result;
}

function declaredName(declarator: Node, q: TypeQueries): string | null {
  let current: Node | null = declarator;
  while (current && current.type !== 'identifier') {
    const next: Node | undefined = q.namedChildren(current).find((c) => c.type === 'identifier' || c.type.endsWith('declarator'));
    current = current.childForFieldName('declarator') ?? next ?? null;
  }
  return current?.text ?? null;
}

/** Whether a C type text names a struct, union, enum or typedef declared inside a function. */
function typeDeclaredLocally<U extends CUnit>(ctx: U, typeText: string, q: CHelperQueries<U>): boolean {
  return (typeText.match(/[A-Za-z_]\w*/g) ?? []).some((w) => q.perTree(ctx.tree, `c-local-type:${w}`, () => localTypeNamed(ctx, w, q)));
}

/**
 * Whether a function of the file defines a type named `word`: only the parts of the file holding
 * the word and a type keyword are read, and each of those once for every word. A region's types
 * defined inside functions are a fact about it (an index, see Narrowing): with a question per
 * word, every word of a declaration's type (`const`, `int`, `size_t`) read again natively the
 * same regions of a 5 MB file, which nearly all hold `int` and a `struct`.
 */
function localTypeNamed<U extends CUnit>(ctx: U, word: string, q: CHelperQueries<U>): boolean {
  const keep = (n: Node) => localTypeName(n, q) === word;
  return (
    q.nodesOfType(ctx.root, q.typeDefinitions, q.allOf(q.mayHoldTypeDefinition, q.holdingWord([word])), {
      question: { key: `c local type ${word}`, keep, index: { key: 'c local type names', of: (n) => localTypeName(n, q), value: word } },
    }).length > 0
  );
}

/** The name of the type a C_TYPE_DEFINITIONS node defines inside a function; null for a use (no body) or a definition outside functions. */
function localTypeName(n: Node, q: TypeQueries): string | null {
  if (n.type !== 'type_definition' && n.childForFieldName('body') === null) return null; // a use, not a definition
  const name = n.type === 'type_definition' ? n.childForFieldName('declarator') : n.childForFieldName('name');
  if (!name || q.ancestor(n, ['function_definition']) === null) return null;
  return name.text;
}

/**
 * Whether the names an expression uses without a local declaration (globals, functions,
 * macros, enum constants) are all visible at `offset`, where a C helper goes: none of them is
 * declared only inside a function or only after the offset. Names the file never declares come
 * from its headers.
 */
export function cVisibleAt<U extends CUnit>(ctx: U, node: Node, offset: number, q: CHelperQueries<U>): boolean {
  const hazards = q.macroHazards(ctx.lang, ctx.root);
  for (const o of q.freeNames(ctx, node)) {
    const decls = q.declarationsOf(ctx.lang, node, o.name);
    if (decls.some((d) => d.kind !== 'global')) continue;
    if (hazards.has(o.name) && o.name !== 'errno') return false;
    const places = cPlaces(ctx, o.name, q);
    if (places.length === 0) continue;
    // a declaration inside a body (a compound statement) is local to that function
    if (!places.some((p) => p.startIndex < offset && !q.ancestor(p, ['compound_statement']))) return false;
  }
  return true;
}

/**
 * Where the file names `name` as a macro, enumerator, function or declared variable, in source
 * order. The name lies in the node that declares it, so only the parts of the file holding the
 * name are read (asking for every name of a large file on every step cost what the file costs).
 */
function cPlaces<U extends CUnit>(ctx: U, name: string, q: CHelperQueries<U>): Node[] {
  const keep = (n: Node) => {
    const names =
      n.type === 'function_declarator'
        ? [declaredName(n, q)]
        : n.type === 'declaration'
          ? n.childrenForFieldName('declarator').map((d) => d && declaredName(d, q))
          : [n.childForFieldName('name')?.text];
    return names.includes(name);
  };
  return q.perTree(ctx.tree, `c-places:${name}`, () =>
    q.nodesOfType(ctx.root, ['preproc_def', 'preproc_function_def', 'enumerator', 'function_declarator', 'declaration'], q.holdingWord([name]), {
      question: { key: `c place ${name}`, keep },
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// C arithmetic types

type CArith = 'int' | 'unsigned int' | 'long' | 'unsigned long' | 'long long' | 'unsigned long long' | 'float' | 'double' | 'long double';

const C_RANK: Record<CArith, number> = {
  int: 1, 'unsigned int': 1, long: 2, 'unsigned long': 2, 'long long': 3, 'unsigned long long': 3, float: 10, double: 11, 'long double': 12,
};

const C_TYPEDEFS: Record<string, CArith> = {
  int8_t: 'int', int16_t: 'int', uint8_t: 'int', uint16_t: 'int', int32_t: 'int', uint32_t: 'unsigned int',
  int64_t: 'long', ssize_t: 'long', ptrdiff_t: 'long', intptr_t: 'long', uint64_t: 'unsigned long', size_t: 'unsigned long',
  uintptr_t: 'unsigned long', bool: 'int', _Bool: 'int', wchar_t: 'int',
};

/** A C type's name after integer promotion, for the arithmetic types this knows (LP64: long is 64 bits). */
function cPromoted(typeText: string): CArith | null {
  const words = typeText.split(/\s+/).filter((w) => w && !['const', 'volatile', 'register', 'static', 'extern', 'signed'].includes(w));
  const signedOnly = words.length === 0 && /\bsigned\b/.test(typeText);
  if (signedOnly) return 'int';
  const unsigned = words.includes('unsigned');
  const rest = words.filter((w) => w !== 'unsigned');
  const longs = rest.filter((w) => w === 'long').length;
  const others = rest.filter((w) => w !== 'long' && w !== 'int');
  if (others.length === 0) {
    if (longs === 0) return rest.length > 0 || unsigned ? (unsigned ? 'unsigned int' : 'int') : null;
    if (longs === 1) return unsigned ? 'unsigned long' : 'long';
    return unsigned ? 'unsigned long long' : 'long long';
  }
  if (others.length !== 1) return null;
  const [word] = others;
  if (word === 'char' || word === 'short') return 'int';
  if (unsigned) return null;
  if (word === 'double') return longs === 1 ? 'long double' : longs === 0 ? 'double' : null;
  if (longs > 0) return null;
  if (word === 'float') return 'float';
  return C_TYPEDEFS[word] ?? null;
}

/** The usual arithmetic conversions of two promoted C types. */
function cCommon(a: CArith, b: CArith): CArith {
  if (a === b) return a;
  if (C_RANK[a] >= 10 || C_RANK[b] >= 10) return C_RANK[a] >= C_RANK[b] ? a : b;
  const ua = a.startsWith('unsigned');
  const ub = b.startsWith('unsigned');
  if (ua === ub) return C_RANK[a] >= C_RANK[b] ? a : b;
  const [u, s] = ua ? [a, b] : [b, a];
  if (C_RANK[u] >= C_RANK[s]) return u;
  return s; // the signed type is wider (LP64) and holds every value of the unsigned one
}

/** The type of a C number literal. */
function cLiteralType(text: string): CArith | null {
  const t = text.replace(/'/g, '');
  if (/^0[xX]/.test(t) ? /[pP]/.test(t) : /[.eE]/.test(t)) {
    if (/[fF]$/.test(t)) return 'float';
    return /[lL]$/.test(t) ? 'long double' : 'double';
  }
  const suffix = (/[uUlL]+$/.exec(t)?.[0] ?? '').toLowerCase();
  const digits = t.slice(0, t.length - suffix.length);
  const value = Number(digits.startsWith('0') && /^0[0-7]+$/.test(digits) ? parseInt(digits, 8) : digits);
  const long = suffix.includes('l');
  const unsigned = suffix.includes('u');
  if (!Number.isFinite(value)) return null;
  if (!long && value <= 0x7fffffff) return unsigned ? 'unsigned int' : 'int';
  if (value <= 2 ** 53) return unsigned ? 'unsigned long' : suffix.includes('ll') ? 'long long' : 'long';
  return null;
}

/**
 * The type of a C (or C++) arithmetic expression when every operand's type is known from
 * declarations: variables, array elements, struct members of declared structs, casts to
 * arithmetic types, literals and number macros. Null for anything else (calls, pointers...).
 */
export function cArithmeticType<U extends CUnit>(ctx: U, node: Node, q: CHelperQueries<U>): string | null {
  const macros = q.perTree(ctx.tree, 'c-object-macros', () => {
    const values = new Map<string, string>();
    for (const d of q.nodesOfType(ctx.root, ['preproc_def'], q.mayHoldDirective)) {
      values.set(d.childForFieldName('name')?.text ?? '', d.childForFieldName('value')?.text.trim() ?? '');
    }
    return values;
  });
  const typeOf = (n: Node): CArith | null => {
    const inner = q.unparenthesize(n);
    switch (inner.type) {
      case 'number_literal':
        return cLiteralType(inner.text);
      case 'char_literal':
        return 'int';
      case 'identifier': {
        const decls = q.declarationsOf(ctx.lang, inner, inner.text);
        if (decls.length === 0) {
          const value = macros.get(inner.text);
          return value && /^\(?-?[\d.]+[uUlLfF]*\)?$/.test(value) ? cLiteralType(value.replace(/[()-]/g, '')) : null;
        }
        return agree(decls.map((d) => (d.kind === 'other' || d.pointer || d.array || !d.type ? null : cPromoted(d.type))));
      }
      case 'subscript_expression': {
        const arr = q.unparenthesize(inner.childForFieldName('argument') ?? inner);
        if (arr.type !== 'identifier') return null;
        const decls = q.declarationsOf(ctx.lang, arr, arr.text);
        if (decls.length === 0) return null;
        // one level: `int a[]`, `int *p`, not `int **p` or `int g[3][4]`
        return agree(
          decls.map((d) => {
            if (d.kind === 'other' || !d.type || d.array === d.pointer) return null;
            const levels = q.descendants(d.node, (x) => x.type === 'array_declarator' || x.type === 'pointer_declarator').length;
            return levels === 1 ? cPromoted(d.type) : null;
          }),
        );
      }
      case 'field_expression':
        return cFieldType(ctx, inner, q);
      case 'cast_expression': {
        const type = inner.childForFieldName('type');
        return type && !type.text.includes('*') ? cPromoted(type.text) : null;
      }
      case 'unary_expression': {
        const op = inner.childForFieldName('operator')?.text;
        const arg = inner.childForFieldName('argument');
        if (!arg || op === '!') return null;
        return typeOf(arg);
      }
      case 'binary_expression': {
        const b = q.asBinary(ctx.lang, inner);
        if (!b || !C_ARITHMETIC.has(b.operator)) return null;
        const l = typeOf(b.left);
        const r = typeOf(b.right);
        if (!l || !r) return null;
        if (b.operator === '<<' || b.operator === '>>') return C_RANK[l] >= 10 || C_RANK[r] >= 10 ? null : l;
        if ((b.operator === '%' || ['&', '|', '^'].includes(b.operator)) && (C_RANK[l] >= 10 || C_RANK[r] >= 10)) return null;
        return cCommon(l, r);
      }
      default:
        return null;
    }
  };
  return typeOf(node);
}

function agree<T>(values: (T | null)[]): T | null {
  if (values.length === 0 || values.some((v) => v === null)) return null;
  return values.every((v) => v === values[0]) ? values[0] : null;
}

/** The type of `s.f` or `p->f` where `s` or `p` is declared with a struct type of this file that declares `f`. */
function cFieldType<U extends CUnit>(ctx: U, node: Node, q: CHelperQueries<U>): CArith | null {
  const object = q.unparenthesize(node.childForFieldName('argument') ?? node);
  const field = node.childForFieldName('field')?.text;
  const arrow = node.children.some((c) => c?.type === '->');
  if (object.type !== 'identifier' || !field) return null;
  const decls = q.declarationsOf(ctx.lang, object, object.text);
  const structName = agree(decls.map((d) => (d.kind === 'other' || d.array || d.pointer !== arrow || !d.type ? null : d.type)));
  if (!structName) return null;
  const tag = /^(struct|union) (\w+)$/.exec(structName);
  const bodies = q.descendants(ctx.root, (n) => {
    if (q.ancestor(n, ['function_definition'])) return false;
    if (tag) {
      const record = n.type === 'struct_specifier' || n.type === 'union_specifier';
      return record && n.childForFieldName('name')?.text === tag[2] && n.childForFieldName('body') !== null;
    }
    return n.type === 'type_definition' && n.childForFieldName('declarator')?.text === structName;
  });
  if (bodies.length !== 1) return null;
  const fields = q.descendants(bodies[0], (n) => n.type === 'field_declaration');
  for (const f of fields) {
    for (const d of f.childrenForFieldName('declarator')) {
      if (d?.type === 'field_identifier' && d.text === field) {
        const type = f.childForFieldName('type');
        return type ? cPromoted(type.text) : null;
      }
    }
  }
  return null;
}
