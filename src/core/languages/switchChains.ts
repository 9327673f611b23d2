import type { Node } from 'web-tree-sitter';
import type { SwitchContext } from './switchClauses';
import type { TypeQueries } from './writtenDeclarations';

/**
 * What transforms/if-to-switch.ts hands the languages' writers of a match (languages/rust/matchText.ts,
 * python/matchText.ts) and readers of a subject's type (c/switchSubjects.ts, rust/matchText.ts):
 * the if-chain it found and the syntax layer's answers they ask.
 */

/** What follows the last comparing branch: a plain else, or an if (chain) that compares something else. */
export type ChainRest = { kind: 'else'; body: Node } | { kind: 'if'; node: Node } | null;

/** One branch of the chain: the labels it compares the subject with (as written), and its body. */
export interface ChainArm {
  readonly labels: readonly { readonly text: string }[];
  readonly body: Node;
}

/** An if-chain that compares one subject with constants, as the match that replaces it reads it. */
export interface IfChain {
  /** The chain's first if. */
  readonly node: Node;
  readonly subject: Node;
  readonly arms: readonly ChainArm[];
  readonly rest: ChainRest;
  /** Rust: the subject is a String, matched through `.as_str()`. */
  readonly asStr: boolean;
}

/**
 * The syntax layer's answers the writers of a match ask (syntax/switches.ts), which lie above
 * languages/: transforms/if-to-switch.ts makes the one object (CHAIN_QUERIES) and passes it down.
 * `C` is the caller's context type, handed back to the syntax readers unchanged.
 */
export interface ChainQueries<C extends SwitchContext> extends TypeQueries {
  /** A body's statements and comments: a block's own, without its braces. */
  bodyItems(ctx: C, body: Node): Node[];
  /** A run of items at `newBase`; '' when there are none, null when a line is not under the first item's indentation. */
  renderItems(ctx: C, items: readonly Node[], newBase: string): string | null;
  /** The source from `start` to `end` moved from indentation `oldBase` to `newBase`; null when a line is not under `oldBase`. */
  rebase(ctx: C, start: number, end: number, oldBase: string, newBase: string): string | null;
}
