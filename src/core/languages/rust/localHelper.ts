import type { Node } from 'web-tree-sitter';
import type { LocalHelper, LocalHelperQueries } from '../localHelpers';

/**
 * The type of a Rust for loop's variable when the loop runs over a slice or vector parameter
 * by reference (`for p in parcels` with `parcels: &[Parcel]` gives `&Parcel`), else null.
 */
function loopElement(at: Node, name: string, q: LocalHelperQueries): string | null {
  for (let n = at.parent; n; n = n.parent) {
    if (n.type !== 'for_expression' || n.childForFieldName('pattern')?.text !== name) continue;
    const over = n.childForFieldName('value');
    if (over?.type !== 'identifier') return null;
    const decls = q.writtenDeclarations(over, over.text);
    const type = decls.length === 1 ? decls[0].type : null;
    const element = type ? /^&\s*(?:\[\s*(.+?)\s*\]|Vec<\s*(.+)\s*>)$/.exec(type) : null;
    return element ? `&${element[1] ?? element[2]}` : null;
  }
  return null;
}

/** Whether every reading of `name` in a Rust expression is an operand of a binary operator or an argument of a call. */
function onlyOperands(expr: Node, name: string, q: LocalHelperQueries): boolean {
  return q.descendants(expr, (n) => n.type === 'identifier' && n.text === name).every((id) => {
    let p = id.parent;
    while (p?.type === 'parenthesized_expression') p = p.parent;
    return p?.type === 'binary_expression' || p?.type === 'arguments';
  });
}

/** A closure at the top of the body, each local passed by value: only types the declarations write, that are Copy. */
export const localHelper: LocalHelper = (expr, _host, args, q) => {
  if (q.descendants(expr, (n) => n.type === 'self').length > 0) return null;
  const params: string[] = [];
  for (const a of args) {
    const types = [...new Set(q.writtenDeclarations(expr, a).map((d) => d.type ?? loopElement(expr, a, q)))];
    const type = types.length === 1 ? types[0] : null;
    if (type && /^([iu](8|16|32|64|128|size)|f32|f64|bool|char|&(?!\s*mut\b)[^]*)$/.test(type)) params.push(`${a}: ${type}`);
    // an unwritten type is inferred from the call, as long as the body only applies operators to it or passes it on
    else if (!type && onlyOperands(expr, a, q)) params.push(a);
    else return null;
  }
  return (name, body) => [`let ${name} = |${params.join(', ')}| ${body};`];
};
