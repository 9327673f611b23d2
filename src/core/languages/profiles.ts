import type { Node } from 'web-tree-sitter';
import { LanguageId } from './languageIds';
import { reservedWords } from './reserved';

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
  /**
   * A pattern the text of every definition of a function named `name` matches, where the language
   * has one (a keyword before the name): a search of a large file for the function skips the
   * parts that hold the name only as a use.
   */
  definedAs?(name: string): RegExp;
  bodyOf(fn: Node): Node | null;
  /** The node whose range is the whole definition: decorators, templates, `const f = () => ...`. */
  outerOf(fn: Node): Node;
  commentTypes: readonly string[];
  /** Keywords and builtins: names no new identifier may take (reserved.ts). */
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

export const PROFILES: Record<LanguageId, LanguageProfile> = {
  python: {
    id: 'python',
    functionTypes: ['function_definition'],
    containerTypes: ['class_definition'],
    nameOf: (fn) => field(fn, 'name'),
    namedFromParent: [],
    // `def` then the name, maybe across a backslash line break
    definedAs: (name) => new RegExp(`(?<![A-Za-z0-9_])def(?:[ \\t\\f]|\\\\\\r?\\n)+${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9_])`),
    bodyOf: (fn) => field(fn, 'body'),
    outerOf: (fn) => (fn.parent?.type === 'decorated_definition' ? fn.parent : fn),
    commentTypes: ['comment'],
    reserved: reservedWords('python'),
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
    reserved: reservedWords('c'),
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
    reserved: reservedWords('cpp'),
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
    reserved: reservedWords('go'),
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
    reserved: reservedWords('rust'),
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
    reserved: reservedWords('java'),
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
    reserved: reservedWords('javascript'),
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
    reserved: reservedWords('typescript'),
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
