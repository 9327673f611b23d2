import type { Node } from 'web-tree-sitter';
import type { Rng } from '../random';
import type { TextEdit } from '../text/edits';
import type { LanguageId } from './languageIds';
import type { LanguageProfile } from './languageProfile';
import type { RegionFactQueries } from './writtenDeclarations';

/**
 * How a language writes the loops transforms/for-while.ts swaps (a while into a for and back):
 * languages/<id>/loopRewrites.ts hold each language's rewrites, reached through the profile's
 * `loops.rewrite`. The method file says what the method does; these say how the language spells it.
 */

/** One loop the method can rewrite: which way, and how (names are drawn when applied). */
export interface LoopPlan {
  toWhile: boolean;
  edits(rng: Rng): TextEdit[];
}

/** What a rewrite reads of the unit it works on (syntax/context.ts UnitContext has all of it). */
export interface LoopContext {
  readonly lang: LanguageId;
  readonly profile: LanguageProfile;
  readonly source: string;
  readonly root: Node;
  readonly indentUnit: string;
  indentOf(node: Node): string;
  text(node: Node): string;
  freshName(candidates: readonly string[], rng: Rng): string;
}

/** A rewritten loop's parts, which the method lays out like the original (transforms/for-while.ts layout). */
export interface LoopLayout {
  node: Node;
  wrap: boolean;
  /** Statements before the loop, complete with their terminators. */
  inits: string[];
  /** The loop's head without the body: `while (i < n)`, `for i < n`. */
  header: string;
  body: Node;
  /** Statements appended to the body. */
  updates: string[];
  /** What separates statements written on one line: `' '` where statements end in `;`, Go's `'; '`. */
  sep: string;
  /** Where the body's last statement needs a `;` before more statements follow (Rust tail expressions, JavaScript without semicolons). */
  tail?: number;
}

/**
 * The syntax layer's answers and the method's own layout, which lie above languages/:
 * transforms/for-while.ts makes the one object (LOOP_QUERIES) and passes it down. `C` is the
 * caller's context type, handed back to the syntax readers unchanged.
 */
export interface LoopQueries<C extends LoopContext> {
  isComment(ctx: C, node: Node): boolean;
  statementsOf(ctx: C, block: Node): Node[];
  /** The source between `start` and `end` with `extra` added to the indentation of its lines after the first. */
  reindented(ctx: C, start: number, end: number, extra: string): string;
  /** The indentation of a block's statements, or `fallback`. */
  bodyIndent(ctx: C, block: Node, fallback: string): string;
  /** The end of the line holding `offset`. */
  afterLine(ctx: C, offset: number): number;
  /** The names a statement declares. */
  declaredNames(lang: LanguageId, stmt: Node): string[];
  /** What a condition always is, or null. */
  constantTruth(lang: LanguageId, node: Node): boolean | null;
  allChildren(node: Node): Node[];
  namedChildren(node: Node): readonly Node[];
  descendants(node: Node, keep: (n: Node) => boolean): Node[];
  /** The identifiers an expression reads (names only, not the fields of member accesses), in source order. */
  identifiersIn(node: Node): string[];
  /** syntax/nodes.ts identifiersWhere: identifiers under `root` spelled `name` that `keep` accepts, asked by region under `key`. */
  identifiersWhere(root: Node, name: string, key: string, keep: (id: Node) => boolean, mayHold?: (text: string, root: Node) => boolean): Node[];
  /** The nodes of the given kinds under `root`, in regions `mayHold` lets through. */
  nodesOfType(root: Node, types: readonly string[], mayHold?: (text: string, root: Node) => boolean): Node[];
  /** A region test: the region holds one of the words. */
  holdingWord(names: Iterable<string>): (text: string, root: Node) => boolean;
  /** The syntax layer's marks for the region tests a language's reader makes of its own (Python's calledOnly.ts). */
  factTest: RegionFactQueries['factTest'];
  hasErrorIn: RegionFactQueries['hasErrorIn'];
  /**
   * The hazards every counted loop shares when it becomes a while with its update at the end of
   * the body (a `continue`, a final jump, a body declaration capturing the update's names).
   */
  bodyBlocksUpdate(ctx: C, body: Node, updateNames: readonly string[]): boolean;
  /** The text of the rewritten loop, laid out like the original. */
  layout(ctx: C, p: LoopLayout): string;
}

/** The rewrite of one loop the language writes (languages/<id>/loopRewrites.ts), or null where none is safe. */
export type LoopRewrite = <C extends LoopContext>(ctx: C, node: Node, q: LoopQueries<C>) => LoopPlan | null;

export function replace(start: number, end: number, text: string): TextEdit {
  return { start, end, text };
}
