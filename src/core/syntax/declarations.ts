import type { Node } from 'web-tree-sitter';
import type { LanguageId } from '../languages/languageIds';
import { profileOf } from '../languages/profiles';
import type { TypeQueries, WrittenDeclaration as Declaration } from '../languages/writtenDeclarations';
import { asBinary, unparenthesize } from './expressions';
import { ancestor, descendants, fieldName, identifiersIn, identifiersNamed, namedChildren, perTree } from './nodes';

/**
 * What a file says about a variable's type, without a type checker: the declarations of a name
 * in the function around a use (and the file's fields or globals). Every answer is "known" or
 * "don't know"; callers decline on "don't know". Each language's readers of types and scopes
 * (languages/java/types.ts, cpp/types.ts, rust/types.ts, python/scope.ts and kinds.ts) get the
 * syntax layer's answers through TYPE_QUERIES.
 */

export type { WrittenDeclaration as Declaration } from '../languages/writtenDeclarations';

/** The nearest function (of the language's function kinds) around a node, or null at top level. */
export function enclosingFunction(lang: LanguageId, node: Node): Node | null {
  const kinds = profileOf(lang).functionTypes;
  for (let n = node.parent; n; n = n.parent) if (kinds.includes(n.type)) return n;
  return null;
}

/**
 * The syntax layer's answers to the languages' readers of declarations, types and scopes
 * (languages/writtenDeclarations.ts TypeQueries: languages/<id>/declarations.ts, java/types.ts,
 * cpp/types.ts, rust/types.ts, python/scope.ts and kinds.ts), which lie below the syntax layer:
 * one object for every call, which callers of those readers pass down.
 */
export const TYPE_QUERIES: TypeQueries = {
  fieldName,
  ancestor,
  descendants,
  namedChildren,
  perTree,
  declarationsOf,
  asBinary,
  unparenthesize,
  identifiersNamed,
  identifiersIn,
};

/**
 * Every declaration of `name` that may be the one a use at `at` refers to: those in the
 * enclosing function (all of them, whatever block they are in: callers want them all to agree),
 * else the enclosing class's fields (Java) or the file's globals (C, C++). Languages without
 * written declarations this reads (Go, JavaScript, TypeScript, Python) give [] (languages/<id>/declarations.ts).
 */
export function declarationsOf(lang: LanguageId, at: Node, name: string): Declaration[] {
  return declarationsRead(lang, at, name) ?? [];
}

/**
 * declarationsOf's answer, or null where the language has no written declarations to read
 * (Go, JavaScript, TypeScript, Python: `bindings.writtenDeclarations` is null): an empty list
 * then says nothing, and a caller may ask bindings.ts's declarationOf of the name's occurrences instead.
 */
export function declarationsRead(lang: LanguageId, at: Node, name: string): Declaration[] | null {
  const read = profileOf(lang).variables.bindings.writtenDeclarations;
  return read ? read(at, name, enclosingFunction(lang, at), TYPE_QUERIES) : null;
}
