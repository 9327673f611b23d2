import type { Node } from 'web-tree-sitter';
import type { LanguageId } from './languageIds';
import type { NumType } from './numericTypes';

/**
 * How a language writes the loops over consecutive integers that transforms/div-loop.ts splits
 * in two: languages/<id>/countedLoops.ts read the loops the language writes its own way (Go's
 * `for_clause`, Rust's `for i in a..b`, Python's `for i in range(a, b)`), imported by the method
 * where the profile's `loops.counted` and `loops.headerClauses` say the language writes them so.
 * The method file says what the method does; these say how the language spells it.
 */

/** A counted loop the method can split. */
export interface CountedLoop {
  /** The statement the new declaration goes before, and whose text the two loops replace. */
  stmt: Node;
  loop: Node;
  index: string;
  /** Start and bound expressions (null start: Python's `range(b)`). */
  start: Node | null;
  bound: Node;
  inclusive: boolean;
  body: Node;
  /** The declared type of the index (C, C++, Java). */
  type: string | null;
  /** Text replacements that turn the loop into the first and the second loop, relative to the loop's source. */
  first: (mid: string) => string;
  second: (mid: string, bound: string) => string;
}

/** What a reader reads of the unit it works on (syntax/context.ts UnitContext has all of it). */
export interface CountedContext {
  readonly lang: LanguageId;
  readonly source: string;
}

/** The parts of a three-clause header whose index is declared alone in it. */
export interface ClauseHeader {
  index: string;
  start: Node;
  cond: Node;
  update: Node;
  body: Node;
  /** The index's written type, or null. */
  type: string | null;
}

/**
 * The syntax layer's answers and the method's own reading of a three-clause header, which lie
 * above languages/: transforms/div-loop.ts makes the one object (COUNTED_QUERIES) and passes it
 * down. `C` is the caller's context type, handed back unchanged.
 */
export interface CountedQueries<C extends CountedContext> {
  namedChildren(node: Node): readonly Node[];
  allChildren(node: Node): Node[];
  /** syntax/numeric.ts numericType: what the language proves of an expression's numeric type. */
  numericType(lang: LanguageId, node: Node): NumType | null;
  /** Whether the file declares `name` itself (so a builtin of that name may not be the builtin). */
  rebound(ctx: C, name: string): boolean;
  /** A three-clause loop whose condition bounds the index and whose update steps it by one, or null. */
  threeClause(ctx: C, loop: Node, header: ClauseHeader): CountedLoop | null;
}

/** The loop's text with some of its nodes' spans replaced. */
export function rewritten(source: string, loop: Node, replacements: [Node, string][]): string {
  let out = '';
  let at = loop.startIndex;
  for (const [node, text] of [...replacements].sort((x, y) => x[0].startIndex - y[0].startIndex)) {
    out += source.slice(at, node.startIndex) + text;
    at = node.endIndex;
  }
  return out + source.slice(at, loop.endIndex);
}
