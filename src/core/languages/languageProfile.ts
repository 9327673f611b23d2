import type { Node } from 'web-tree-sitter';
import type { LanguageId } from './languageIds';

/**
 * The names a new identifier must never be, per language: its keywords (reserved and
 * contextual), and the builtins a program sees without declaring them (Python's builtins, Go's
 * predeclared identifiers, the Rust prelude, java.lang, the JavaScript and DOM globals that
 * `tsc --lib es2022,dom` declares, the C library and, for C++, the std names `using namespace std`
 * brings in). Taking one would shadow it (a local `sum` in Python hides the builtin for the whole
 * function) or collide with it (a top-level TypeScript `name` redeclares the DOM's). Renames,
 * helpers and every other new name check this one list (UnitContext.isFree).
 */
export interface ReservedNames {
  keywords: ReadonlySet<string>;
  builtins: ReadonlySet<string>;
  /**
   * Methods a runtime, a base class or a language protocol calls by name: a function is neither
   * renamed away from one nor to one (a Java method renamed to `toString` would start overriding it).
   */
  protocol: ReadonlySet<string>;
}

/**
 * Everything the engine knows about one language, kept in the language's folder
 * (src/core/languages/<id>/profile.ts) and reached through the registry (registry.ts), which
 * the compiler checks has every language: a new language is a new folder whose profile fills
 * every field below. What its grammar calls things, which words are reserved, which functions
 * are fixed entry points, how it is written: the methods ask this, not `lang === '…'`.
 */
export interface LanguageProfile {
  id: LanguageId;
  /** The language's name as people write it (prompts, pickers). */
  name: string;
  /** File extensions, the usual one first. */
  extensions: readonly string[];
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
  /** Keywords, builtins and protocol methods, kept apart (reserved.ts reads them). */
  reservedNames: ReservedNames;
  /** Keywords and builtins: names no new identifier may take. */
  reserved: ReadonlySet<string>;
  /** Functions the runtime calls by name: never renamed. */
  entryNames: ReadonlySet<string>;
  /** The convention for new identifiers. */
  naming: 'snake' | 'camel';
  lineComment: string;
  /**
   * Why running a lone file of the language would execute none of its code, or null when it runs
   * something (entryCode.ts).
   */
  runsNothing(root: Node): string | null;
}
