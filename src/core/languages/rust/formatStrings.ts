import type { Node } from 'web-tree-sitter';
import type { TreeQueries } from '../writtenDeclarations';

/**
 * Names a Rust format string reads (`{total}`, `{count:>4}`) in the macros of a statement
 * (syntax/dataflow.ts, for `variables.namesInFormatStrings`).
 */
export function formatStringNames(stmt: Node, q: TreeQueries): string[] {
  const out: string[] = [];
  for (const m of q.descendants(stmt, (n) => n.type === 'macro_invocation')) {
    for (const s of m.descendantsOfType('string_literal')) {
      if (!s) continue;
      for (const hit of s.text.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)[}:]/g)) out.push(hit[1]);
    }
  }
  return out;
}
