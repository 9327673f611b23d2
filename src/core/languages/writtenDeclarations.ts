import type { Node, Tree } from 'web-tree-sitter';
import type { LanguageId } from './languageIds';
import type { NodeQueries } from './nameRoles';

/**
 * A declaration of a variable as the source writes it, with its type's text where written
 * (languages/<id>/declarations.ts read them; syntax/declarations.ts asks through the profile).
 */
export interface WrittenDeclaration {
  name: string;
  /** The declaring node: a declaration, parameter, let, for loop... */
  node: Node;
  /** The declared type's text with spacing collapsed (`int`, `std::string`, `i64`), or null when not written. */
  type: string | null;
  /** The declared type node, when written. */
  typeNode: Node | null;
  /** Declared through an array declarator (`int a[]`) or array dimensions, or a Java varargs. */
  array: boolean;
  /** Declared through a pointer declarator (`int *p`). */
  pointer: boolean;
  value: Node | null;
  /** Rust `mut`; true elsewhere. */
  mutable: boolean;
  kind: 'local' | 'parameter' | 'field' | 'global' | 'other';
}

/**
 * The syntax layer's tree walks and per-tree memos (syntax/nodes.ts), passed down to the readers
 * of declarations as the name readers get NodeQueries: they lie above languages/.
 */
export interface TreeQueries extends NodeQueries {
  /** The nodes under `node` (itself included) that `keep` accepts, not looking under those `prune` accepts. */
  descendants(node: Node, keep: (n: Node) => boolean, prune?: (n: Node) => boolean): Node[];
  /** Named children, without nulls (read-only). */
  namedChildren(node: Node): readonly Node[];
  /** A fact about a tree computed once per tree and key. */
  perTree<T>(tree: Tree, key: string, compute: () => T): T;
}

/** A region test of the syntax layer's node table (syntax/nodeTable.ts MayHold): false where a region cannot hold an answer. */
export type RegionTest = (text: string, root: Node) => boolean;

/**
 * The syntax layer's marks for the region tests a language's reader makes of its own
 * (syntax/nodeTable.ts factTest, syntax/nodes.ts hasErrorIn), passed down in the query objects.
 */
export interface RegionFactQueries {
  /** The test marked as one whose answer follows from a region's text and root kind alone, kept as a fact under `key`. */
  factTest(key: string, test: RegionTest): RegionTest;
  /** Whether the node holds a syntax error. */
  hasErrorIn(node: Node): boolean;
}

/** A binary expression as syntax/expressions.ts reads it. */
export interface BinaryParts {
  readonly left: Node;
  readonly right: Node;
  /** The operator with its words joined by one space. */
  readonly operator: string;
}

/**
 * The syntax layer's answers the languages' readers of types and scopes ask (languages/java/types.ts,
 * cpp/types.ts, rust/types.ts, python/scope.ts and kinds.ts): declarations and expression readers,
 * which lie above languages/. syntax/declarations.ts makes the one object (TYPE_QUERIES) and every
 * caller passes it down.
 */
export interface TypeQueries extends TreeQueries {
  /** syntax/declarations.ts declarationsOf: the written declarations of `name` that a use at `at` may refer to. */
  declarationsOf(lang: LanguageId, at: Node, name: string): WrittenDeclaration[];
  /** The node as a binary expression of the language's kinds, or null. */
  asBinary(lang: LanguageId, node: Node): BinaryParts | null;
  /** The expression inside any parentheses. */
  unparenthesize(node: Node): Node;
  /** The identifiers under `root` spelled `name`. */
  identifiersNamed(root: Node, name: string): Node[];
  /** The identifiers an expression reads (names only, not the fields of member accesses), in source order. */
  identifiersIn(node: Node): string[];
}

export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A declaration whose type this cannot read (a lambda parameter, a pattern): callers decline on it. */
export function opaque(name: string, node: Node): WrittenDeclaration {
  return { name, node, type: null, typeNode: null, array: false, pointer: false, value: null, mutable: false, kind: 'other' };
}
