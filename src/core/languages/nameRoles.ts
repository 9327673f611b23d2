import type { Node } from 'web-tree-sitter';
import type { Span } from '../text/edits';
import type { TreeQueries, WrittenDeclaration } from './writtenDeclarations';

/**
 * What an identifier-like leaf is, as far as renaming goes. Only `plain` names (references and
 * declarations of variables and functions) are renamed as such; the others either name another
 * thing (a field, a keyword argument, a label, a type) or cannot be renamed safely (`shorthand`,
 * `hazard`: `{x}`, an import, a Go composite-literal key that may be a field or a variable).
 * Each language's reader (languages/<id>/bindings.ts) gives the roles its grammar's nodes have;
 * syntax/bindings.ts collects them.
 */
export type Role =
  | 'plain'
  | 'defname' // the name of a function or method definition
  | 'member' // the name after `obj.`, `obj->`, a Go selector, a Java invocation of `obj.name(...)` (qualifier: obj)
  | 'path' // a segment of `a::b` (qualifier: the path before it, when the segment is the last one)
  | 'keyword' // a Python keyword-argument name `f(x=1)`
  | 'key' // an object/struct literal key, designated initialiser or struct-pattern field name
  | 'label'
  | 'type'
  | 'macro'
  | 'fielddecl' // a field or method declared without a body
  | 'shorthand' // `{x}`: a key and a variable at once
  | 'hazard';

export interface Occurrence {
  node: Node;
  name: string;
  start: number;
  end: number;
  role: Role;
  /** members: the object (null for a Java call with none); paths: the qualifier before `::`. */
  qualifier?: Node | null;
}

/** A name's role, with the node that qualifies it for members and paths. */
export interface Classified {
  role: Role;
  qualifier?: Node | null;
}

export interface Declaration {
  /** Where the declared name is visible: a block-scoped one from its declaration to the end of its block. */
  scope: Span;
  param: boolean;
}

/**
 * The tree questions the readers ask, answered by the syntax layer (syntax/nodes.ts, through its
 * node table, which keeps a large file's parents and fields without a call into wasm each): the
 * table lies above languages/, so syntax/bindings.ts passes them down with each call.
 */
export interface NodeQueries {
  /** The field a node fills in its parent (`name`, `left`...), or null. */
  fieldName(node: Node): string | null;
  /** The nearest ancestor of one of the given kinds. */
  ancestor(node: Node, types: readonly string[]): Node | null;
}

/**
 * How the language's grammar binds names (languages/<id>/bindings.ts): what an identifier-like
 * leaf is, and what an identifier declares. syntax/bindings.ts asks them once per name.
 */
export interface BindingRules {
  /**
   * The role of an identifier-like leaf (with a parent) whose node kind says nothing by itself: the
   * shared kinds (`type_identifier`, `field_identifier`, `property_identifier`...) are classified
   * by syntax/bindings.ts before this is asked.
   */
  classify(node: Node, parent: Node, q: NodeQueries): Classified;
  /**
   * The declaration a `plain` identifier makes, with its scope; null when it is a use. Scopes are
   * conservative: a block-scoped name is visible from its declaration to the end of the enclosing
   * block; parameters and Python locals in the whole function.
   */
  declarationOf(id: Node, q: NodeQueries): Declaration | null;
  /**
   * How an occurrence of a method's name (not its definition's) relates to the method, for
   * function-rename: renamed with it, skipped (another thing of that name) or a reason to decline
   * the rename (a use it cannot follow); `decline` where no functions of the language have a
   * container (C, Go: containerTypes is empty), so that none is a method.
   */
  methodUse(o: Occurrence, method: MethodOfClass, q: NodeQueries): RenameVerdict;
  /**
   * Every declaration of `name` that may be the one a use at `at` refers to: those in the
   * enclosing function `fn` (all of them, whatever block they are in: callers want them all to
   * agree), else the enclosing class's fields (Java) or the file's globals (C, C++). null where the
   * language writes no declarations this reads (Go, JavaScript, TypeScript, Python).
   */
  writtenDeclarations: ((at: Node, name: string, fn: Node | null, q: TreeQueries) => WrittenDeclaration[]) | null;
}

/** What function-rename does with one occurrence of the name it renames. */
export type RenameVerdict = 'rename' | 'skip' | 'decline';

/** A method being renamed: the class (impl, ...) holding it, and that container's name. */
export interface MethodOfClass {
  container: Node;
  owner: string | undefined;
}

/** Whether an occurrence lies in the method's container. */
export function inContainer(method: MethodOfClass, o: Occurrence): boolean {
  return method.container.startIndex <= o.start && o.end <= method.container.endIndex;
}

export function sameNode(a: Node | null | undefined, b: Node | null | undefined): boolean {
  return !!a && !!b && a.id === b.id;
}
