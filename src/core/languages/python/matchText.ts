import type { ChainQueries, IfChain } from '../switchChains';
import type { SwitchContext } from '../switchClauses';

/**
 * Python's match for an if-chain (transforms/if-to-switch.ts, switches.form 'case-blocks'): one
 * `case a | b:` block per branch, the else as `case _:` (an elif that compares something else goes
 * there as an if). The syntax layer's answers come in `q` (if-to-switch.ts CHAIN_QUERIES).
 */
export function pythonMatch<C extends SwitchContext>(ctx: C, chain: IfChain, indent: string, unit: string, q: ChainQueries<C>): string | null {
  const lines = [`match ${chain.subject.text}:`];
  const clause = (head: string, body: string | null) => {
    if (body === null) return false;
    lines.push(`${indent}${unit}${head}`, body);
    return true;
  };
  for (const arm of chain.arms) {
    if (!clause(`case ${arm.labels.map((l) => l.text).join(' | ')}:`, q.renderItems(ctx, q.bodyItems(ctx, arm.body), indent + unit + unit))) return null;
  }
  const rest = chain.rest;
  if (rest?.kind === 'else' && !clause('case _:', q.renderItems(ctx, q.bodyItems(ctx, rest.body), indent + unit + unit))) return null;
  if (rest?.kind === 'if') {
    const text = q.rebase(ctx, rest.node.startIndex, chain.node.endIndex, ctx.indentOf(rest.node), indent + unit + unit);
    if (!clause('case _:', text === null ? null : text.replace(/^(\s*)elif\b/, '$1if'))) return null;
  }
  return lines.join('\n');
}
