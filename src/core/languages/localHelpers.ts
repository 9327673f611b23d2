import type { Node } from 'web-tree-sitter';
import type { FunctionInfo } from './functions';
import type { WrittenDeclaration } from './writtenDeclarations';

/**
 * What a helper written first in its host's body (HelperRules.localHelper) may ask of the unit
 * around it: syntax/helpers.ts answers, from the syntax layer above languages/.
 */
export interface LocalHelperQueries {
  /** One level of the file's indentation. */
  indentUnit: string;
  /** The nodes under `node` (itself included) that `keep` accepts, not looking under those `prune` accepts. */
  descendants(node: Node, keep: (n: Node) => boolean, prune?: (n: Node) => boolean): Node[];
  /** The declarations of `name` that a use at `at` may refer to (syntax/declarations.ts, declarationsOf). */
  writtenDeclarations(at: Node, name: string): WrittenDeclaration[];
  /** The names `node` reads that it does not declare itself. */
  freeNames(node: Node): readonly { name: string }[];
  /** The type the source declares for `name` where `at` reads it, from the innermost function outwards, or null. */
  declaredType(at: Node, name: string): string | null;
}

/**
 * A local helper of the locals `args` for `expr` in `host`: its definition's lines given its name
 * and body (its parameters written as the language types them), or null where it cannot be written.
 */
export type LocalHelper = (
  expr: Node,
  host: FunctionInfo,
  args: readonly string[],
  q: LocalHelperQueries,
) => ((name: string, body: string) => string[]) | null;

/** An arrow function of the locals, untyped (JavaScript). */
export const arrowHelper: LocalHelper = (_expr, _host, args) => (name, body) => [`const ${name} = (${args.join(', ')}) => ${body};`];
