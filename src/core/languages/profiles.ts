import type { Node } from 'web-tree-sitter';
import { LanguageId } from './languageIds';

/**
 * What the engine needs to know about a language's tree-sitter grammar that is not a
 * transform's business: where functions are, what a comment or an identifier looks like,
 * which words are reserved, which functions are fixed entry points.
 */
export interface LanguageProfile {
  id: LanguageId;
  /** Node kinds that define a function or method with a body. */
  functionTypes: readonly string[];
  /** Node kinds of classes, impls and the like: a function inside one is a method. */
  containerTypes: readonly string[];
  /** The node that carries a function's name, or null for anonymous ones. */
  nameOf(fn: Node): Node | null;
  /**
   * Function kinds whose name nameOf may find outside the function's own node (JavaScript's
   * `const f = () => {}`); every other kind's name lies inside it, so a search for functions by
   * name reads only the parts of a file that hold the name.
   */
  namedFromParent: readonly string[];
  bodyOf(fn: Node): Node | null;
  /** The node whose range is the whole definition: decorators, templates, `const f = () => ...`. */
  outerOf(fn: Node): Node;
  commentTypes: readonly string[];
  /** Reserved words and names a rename must never produce. */
  reserved: ReadonlySet<string>;
  /** Functions the runtime calls by name: never renamed. */
  entryNames: ReadonlySet<string>;
  /** The convention for new identifiers. */
  naming: 'snake' | 'camel';
  lineComment: string;
}

function field(node: Node, name: string): Node | null {
  return node.childForFieldName(name);
}

/** C and C++ bury the name under declarators: `int *(*f)(int)`, `Foo::bar`, `~Foo`. */
function cDeclaratorName(fn: Node): Node | null {
  let decl = field(fn, 'declarator');
  while (decl) {
    switch (decl.type) {
      case 'function_declarator':
      case 'pointer_declarator':
      case 'reference_declarator':
      case 'parenthesized_declarator':
        decl = field(decl, 'declarator') ?? decl.namedChildren.find((c) => c !== null && c.type.endsWith('declarator')) ?? null;
        break;
      case 'qualified_identifier':
        decl = field(decl, 'name');
        break;
      case 'identifier':
      case 'field_identifier':
        return decl;
      case 'destructor_name':
      case 'operator_name':
      case 'template_function':
        return decl;
      default:
        return null;
    }
  }
  return null;
}

function words(text: string): ReadonlySet<string> {
  return new Set(text.split(/\s+/).filter(Boolean));
}

const JS_RESERVED =
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await async of undefined NaN Infinity arguments eval get set constructor';

const C_RESERVED =
  'auto break case char const continue default do double else enum extern float for goto if inline int long register restrict return short signed sizeof static struct switch typedef union unsigned void volatile while _Bool _Complex bool true false NULL main printf malloc free exit';

const CPP_EXTRA =
  'alignas alignof and and_eq asm catch char16_t char32_t class compl concept consteval constexpr constinit const_cast co_await co_return co_yield decltype delete dynamic_cast explicit export friend mutable namespace new noexcept not not_eq nullptr operator or or_eq private protected public reinterpret_cast requires static_assert static_cast template this thread_local throw try typeid typename using virtual wchar_t xor xor_eq std';

/** Python names a function body can take over only at the cost of shadowing a builtin. */
const PY_RESERVED =
  'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield match case type self cls print len range list dict set tuple int float str bool sum min max abs sorted reversed enumerate zip map filter any all iter next open object super isinstance id input round hash repr format vars';

export const PROFILES: Record<LanguageId, LanguageProfile> = {
  python: {
    id: 'python',
    functionTypes: ['function_definition'],
    containerTypes: ['class_definition'],
    nameOf: (fn) => field(fn, 'name'),
    namedFromParent: [],
    bodyOf: (fn) => field(fn, 'body'),
    outerOf: (fn) => (fn.parent?.type === 'decorated_definition' ? fn.parent : fn),
    commentTypes: ['comment'],
    reserved: words(PY_RESERVED),
    entryNames: words('main __init__ __new__ __call__'),
    naming: 'snake',
    lineComment: '#',
  },
  c: {
    id: 'c',
    functionTypes: ['function_definition'],
    containerTypes: [],
    nameOf: cDeclaratorName,
    namedFromParent: [],
    bodyOf: (fn) => field(fn, 'body'),
    outerOf: (fn) => fn,
    commentTypes: ['comment'],
    reserved: words(C_RESERVED),
    entryNames: words('main'),
    naming: 'snake',
    lineComment: '//',
  },
  cpp: {
    id: 'cpp',
    functionTypes: ['function_definition'],
    containerTypes: ['class_specifier', 'struct_specifier', 'union_specifier'],
    nameOf: cDeclaratorName,
    namedFromParent: [],
    bodyOf: (fn) => field(fn, 'body'),
    outerOf: (fn) => (fn.parent?.type === 'template_declaration' ? fn.parent : fn),
    commentTypes: ['comment'],
    reserved: words(`${C_RESERVED} ${CPP_EXTRA}`),
    entryNames: words('main'),
    naming: 'snake',
    lineComment: '//',
  },
  go: {
    id: 'go',
    functionTypes: ['function_declaration', 'method_declaration'],
    containerTypes: [],
    nameOf: (fn) => field(fn, 'name'),
    namedFromParent: [],
    bodyOf: (fn) => field(fn, 'body'),
    outerOf: (fn) => fn,
    commentTypes: ['comment'],
    reserved: words(
      'break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var true false nil iota append cap close complex copy delete imag len make new panic print println real recover any bool byte error float32 float64 int int8 int16 int32 int64 rune string uint uint8 uint16 uint32 uint64 uintptr fmt main init',
    ),
    entryNames: words('main init'),
    naming: 'camel',
    lineComment: '//',
  },
  rust: {
    id: 'rust',
    functionTypes: ['function_item'],
    containerTypes: ['impl_item', 'trait_item'],
    nameOf: (fn) => field(fn, 'name'),
    namedFromParent: [],
    bodyOf: (fn) => field(fn, 'body'),
    outerOf: (fn) => fn,
    commentTypes: ['line_comment', 'block_comment'],
    reserved: words(
      'as async await break const continue crate dyn else enum extern false fn for if impl in let loop match mod move mut pub ref return self Self static struct super trait true type unsafe use where while abstract become box do final macro override priv typeof unsized virtual yield try union main Some None Ok Err Vec String Box Option Result i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize f32 f64 bool char str',
    ),
    entryNames: words('main'),
    naming: 'snake',
    lineComment: '//',
  },
  java: {
    id: 'java',
    functionTypes: ['method_declaration', 'constructor_declaration'],
    containerTypes: ['class_declaration', 'interface_declaration', 'enum_declaration', 'record_declaration'],
    nameOf: (fn) => field(fn, 'name'),
    namedFromParent: [],
    bodyOf: (fn) => field(fn, 'body'),
    outerOf: (fn) => fn,
    commentTypes: ['line_comment', 'block_comment'],
    reserved: words(
      'abstract assert boolean break byte case catch char class const continue default do double else enum extends final finally float for goto if implements import instanceof int interface long native new package private protected public return short static strictfp super switch synchronized this throw throws transient try void volatile while true false null var record yield sealed permits String Object System Math Integer Long Double List Map main',
    ),
    entryNames: words('main'),
    naming: 'camel',
    lineComment: '//',
  },
  javascript: {
    id: 'javascript',
    functionTypes: ['function_declaration', 'generator_function_declaration', 'method_definition', 'arrow_function', 'function_expression'],
    containerTypes: ['class_declaration', 'class'],
    nameOf: jsName,
    namedFromParent: ['arrow_function', 'function_expression'],
    bodyOf: (fn) => field(fn, 'body'),
    outerOf: jsOuter,
    commentTypes: ['comment'],
    reserved: words(`${JS_RESERVED} console Math JSON Object Array String Number Boolean Map Set Promise Error require module exports process`),
    entryNames: words('constructor main'),
    naming: 'camel',
    lineComment: '//',
  },
  typescript: {
    id: 'typescript',
    functionTypes: ['function_declaration', 'generator_function_declaration', 'method_definition', 'arrow_function', 'function_expression'],
    containerTypes: ['class_declaration', 'class', 'abstract_class_declaration'],
    nameOf: jsName,
    namedFromParent: ['arrow_function', 'function_expression'],
    bodyOf: (fn) => field(fn, 'body'),
    outerOf: jsOuter,
    commentTypes: ['comment'],
    reserved: words(
      `${JS_RESERVED} console Math JSON Object Array String Number Boolean Map Set Promise Error require module exports process any unknown never number string boolean symbol bigint object type namespace declare readonly abstract as is keyof infer satisfies`,
    ),
    entryNames: words('constructor main'),
    naming: 'camel',
    lineComment: '//',
  },
};

/**
 * A JS/TS function's name: its own, or the variable it is assigned to (`const f = () => {}`).
 * Function expressions passed as arguments have none and are not units.
 */
function jsName(fn: Node): Node | null {
  const own = fn.childForFieldName('name');
  if (own) return own;
  const parent = fn.parent;
  if (parent?.type === 'variable_declarator' && parent.childForFieldName('value')?.equals(fn)) {
    const name = parent.childForFieldName('name');
    return name?.type === 'identifier' ? name : null;
  }
  return null;
}

function jsOuter(fn: Node): Node {
  let outer: Node = fn;
  const parent = fn.parent;
  if ((fn.type === 'arrow_function' || fn.type === 'function_expression') && parent?.type === 'variable_declarator') {
    const declaration = parent.parent;
    if (declaration && declaration.namedChildren.filter((c) => c?.type === 'variable_declarator').length === 1) {
      outer = declaration;
    }
  }
  if (outer.parent?.type === 'export_statement') outer = outer.parent;
  return outer;
}

export function profileOf(lang: LanguageId): LanguageProfile {
  return PROFILES[lang];
}
