import type { Node } from 'web-tree-sitter';
import type { LanguageId } from '../languageIds';
import type { ChainQueries, IfChain } from '../switchChains';
import type { SwitchContext } from '../switchClauses';
import type { TypeQueries } from '../writtenDeclarations';

/**
 * Rust's match for an if-chain (transforms/if-to-switch.ts, switches.form 'match-arms'): how a
 * string subject is matched, and the match itself. The syntax layer's answers come in `q`
 * (if-to-switch.ts CHAIN_QUERIES).
 */

/** How a string subject is matched: `&str` as it is, a String through `.as_str()`; null when its type is unknown. */
export function rustStringSubject(lang: LanguageId, subject: Node, q: TypeQueries): 'str' | 'String' | null {
  const s = q.unparenthesize(subject);
  if (s.type !== 'identifier') return null;
  const decls = q.declarationsOf(lang, s, s.text);
  if (decls.length === 0) return null;
  const kinds = new Set(
    decls.map((d) => {
      if (d.kind === 'other') return null;
      const type = d.type?.replace(/\s+/g, '');
      if (type) return /^&('\w+)?str$/.test(type) ? 'str' : /^(&(mut)?)?String$/.test(type) ? 'String' : null;
      const value = d.value ? q.unparenthesize(d.value) : null;
      if (value?.type === 'string_literal') return 'str';
      if (value && /^(String::(from|new)\(|format!)|\.to_(string|owned)\(\)$/.test(value.text)) return 'String';
      return null;
    }),
  );
  const [kind] = [...kinds];
  return kinds.size === 1 ? kind : null;
}

/** `match subject { a | b => …, _ => … }`: one arm per branch, the else (or the rest of the chain) as `_`. */
export function rustMatch<C extends SwitchContext>(ctx: C, chain: IfChain, indent: string, unit: string, q: ChainQueries<C>): string | null {
  const armIndent = indent + unit;
  const subject = chain.asStr ? `${chain.subject.text}.as_str()` : chain.subject.text;
  const lines = [`match ${subject} {`];
  /** A block moved one level in, written after `=>`; a block of one short expression becomes that expression. */
  const value = (block: Node): string | null => {
    const items = q.namedChildren(block);
    const only = items.length === 1 ? items[0] : null;
    if (only && !only.type.endsWith('_statement') && !only.type.endsWith('_declaration') && !only.type.endsWith('_item') &&
        only.type !== 'line_comment' && only.type !== 'block_comment' && !only.text.includes('\n')) {
      return `${only.text},`;
    }
    const text = q.rebase(ctx, block.startIndex, block.endIndex, ctx.indentOf(block), armIndent);
    return text === null ? null : text.slice(armIndent.length);
  };
  for (const arm of chain.arms) {
    const body = value(arm.body);
    if (body === null) return null;
    lines.push(`${armIndent}${arm.labels.map((l) => l.text).join(' | ')} => ${body}`);
  }
  const rest = chain.rest;
  if (!rest) lines.push(`${armIndent}_ => {}`);
  else if (rest.kind === 'else') {
    const body = value(rest.body);
    if (body === null) return null;
    lines.push(`${armIndent}_ => ${body}`);
  } else {
    const text = q.rebase(ctx, rest.node.startIndex, rest.node.endIndex, ctx.indentOf(rest.node), armIndent + unit);
    if (text === null) return null;
    lines.push(`${armIndent}_ => {`, text, `${armIndent}}`);
  }
  lines.push(`${indent}}`);
  return lines.join('\n');
}
