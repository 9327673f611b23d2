import type { Node } from 'web-tree-sitter';
import type { Span } from '../text/edits';
import type { LanguageId } from './languageIds';
import type { TypeQueries } from './writtenDeclarations';

/**
 * What transforms/switch-to-if.ts reads of a switch (or match) into the branches of its if-chain:
 * languages/<id>/switchTests.ts read each language's cases into these.
 */

/** One branch of the chain to write. */
export interface SwitchClause {
  /** Each label as a condition on the switched value's text. */
  tests: ((subject: string) => string)[];
  /** A Rust or Python guard, already parenthesised where `&&`/`and` needs it. */
  guard: string | null;
  isDefault: boolean;
  /** The statements (and comments) of the body. */
  items: Node[];
  /** The indentation the items' lines are relative to, when not the first item's own. */
  base: string | null;
  /** Trailing breaks to cut out. */
  holes: Span[];
  /** A catch-all that binds the value (`n => ...`, `case other:`): the statement binding it first. */
  prelude?: (subject: string) => string;
}

/** What a reader of cases reads of the unit (syntax/context.ts UnitContext has all of it). */
export interface SwitchContext {
  readonly lang: LanguageId;
  readonly source: string;
  readonly root: Node;
  indentOf(node: Node): string;
}

/**
 * The syntax layer's answers the readers of cases ask, which lie above languages/:
 * transforms/switch-to-if.ts makes the one object (SWITCH_QUERIES) and passes it down. `C` is the
 * caller's context type, handed back to the syntax readers unchanged.
 */
export interface SwitchQueries<C extends SwitchContext> extends TypeQueries {
  isComment(ctx: C, node: Node): boolean;
  /** A case body's statements: a block's own, without its braces. */
  bodyItems(ctx: C, body: Node): Node[];
  /** syntax/expressions.ts precedenceOf and binaryPrecedence. */
  precedenceOf(lang: LanguageId, node: Node): number;
  binaryPrecedence(lang: LanguageId, op: string): number | undefined;
  /** Whether an operand needs parentheses on that side of `op`. */
  needsParens(lang: LanguageId, operand: Node, op: string, side: 'left' | 'right'): boolean;
}
