import type { Node } from 'web-tree-sitter';
import type { TypeQueries } from '../writtenDeclarations';
import type { SwitchClause, SwitchContext, SwitchQueries } from '../switchClauses';

/**
 * How Python writes what transforms/switch-to-if.ts reads of a match: a case's pattern as
 * conditions. The syntax layer's answers come in `q` (syntax/declarations.ts TYPE_QUERIES).
 */

/** A case's pattern as conditions: literals and dotted names compare with `==`, None/True/False with `is`. */
export function pythonTests(
  source: string,
  clause: Node,
  subject: Node,
  /** The subject needs parentheses as the left operand of `==` (syntax/expressions.ts needsParens). */
  parenthesized: boolean,
  q: TypeQueries,
): { tests: ((s: string) => string)[]; wildcard: boolean; capture?: string } | null {
  const patterns = q.namedChildren(clause).filter((c) => c.type === 'case_pattern');
  if (patterns.length !== 1) return null;
  let pattern = patterns[0];
  if (q.namedChildren(pattern).length === 0) return pattern.text.trim() === '_' ? { tests: [], wildcard: true } : null;
  // `case other:` binds the value and matches anything (Python allows it only last)
  const only = q.namedChildren(pattern)[0];
  if (q.namedChildren(pattern).length === 1 && only.type === 'dotted_name' && q.namedChildren(only).length === 1) return { tests: [], wildcard: true, capture: only.text };
  // `(1 | 2)` is a group, `(1,)` a tuple
  while (q.namedChildren(pattern).length === 1 && ['case_pattern', 'tuple_pattern'].includes(q.namedChildren(pattern)[0].type)) {
    const inner = q.namedChildren(pattern)[0];
    if (inner.type === 'tuple_pattern' && (inner.children.some((c) => c?.type === ',') || q.namedChildren(inner).length !== 1)) return null;
    pattern = inner.type === 'tuple_pattern' ? q.namedChildren(inner)[0] : inner;
  }
  const top = q.namedChildren(pattern).length === 1 && pattern.type === 'case_pattern' ? q.namedChildren(pattern)[0] : pattern;
  // the alternatives' texts: the spans between `|` tokens (a minus sign is a token of its own)
  const alternatives: string[] = [];
  if (top.type === 'union_pattern') {
    let start = top.startIndex;
    for (const c of top.children) {
      if (c?.type === '|') {
        alternatives.push(source.slice(start, c.startIndex).trim());
        start = c.endIndex;
      }
    }
    alternatives.push(source.slice(start, top.endIndex).trim());
  } else alternatives.push(pattern.text); // the pattern's own text keeps a minus sign
  const subjectText = (s: string) => (s === subject.text && parenthesized ? `(${s})` : s);
  const tests: ((s: string) => string)[] = [];
  for (const alt of alternatives) {
    if (/^(None|True|False)$/.test(alt)) tests.push((s) => `${subjectText(s)} is ${alt}`);
    else if (/^-?\s*(\d[\d_]*(\.\d*)?|\.\d+)([eE][+-]?\d+)?j?$|^-?\s*0[xXoObB][\da-fA-F_]+$/.test(alt)) tests.push((s) => `${subjectText(s)} == ${alt}`);
    else if (/^(-?\s*\d[\d_.]*\s*[+-]\s*\d[\d_.]*j)$/.test(alt)) tests.push((s) => `${subjectText(s)} == ${alt}`);
    else if (/^([rRbBuU]{0,2}("([^"\\\n]|\\.)*"|'([^'\\\n]|\\.)*')\s*)+$/.test(alt)) tests.push((s) => `${subjectText(s)} == ${alt}`);
    else if (/^[A-Za-z_]\w*(\s*\.\s*[A-Za-z_]\w*)+$/.test(alt)) tests.push((s) => `${subjectText(s)} == ${alt}`);
    else return null; // captures, classes, sequences, mappings, wildcards inside alternatives
  }
  return { tests, wildcard: false };
}

/** A match's cases as the branches of an if-chain, or null where one is not understood. */
export function pythonClauses<C extends SwitchContext>(ctx: C, node: Node, subject: Node, q: SwitchQueries<C>): SwitchClause[] | null {
  if (node.childrenForFieldName('subject').length !== 1) return null;
  const body = node.childForFieldName('body');
  if (!body) return null;
  const clauses: SwitchClause[] = [];
  for (const clause of q.namedChildren(body)) {
    if (clause.type !== 'case_clause') return null;
    const found = pythonTests(ctx.source, clause, subject, q.needsParens('python', subject, '==', 'left'), q);
    const consequence = clause.childForFieldName('consequence');
    if (!found || !consequence) return null;
    const guardClause = clause.childForFieldName('guard');
    const guardNode = guardClause ? q.namedChildren(guardClause)[0] : null;
    const guard = guardNode ? (q.precedenceOf('python', guardNode) <= (q.binaryPrecedence('python', 'and') ?? 20) ? `(${guardNode.text})` : guardNode.text) : null;
    const items = q.bodyItems(ctx, consequence);
    if (found.capture && guardNode) return null; // the guard reads the binding
    if (found.wildcard && guardNode) clauses.push({ tests: [() => guardNode.text], guard: null, isDefault: false, items, base: null, holes: [] });
    else clauses.push({ tests: found.tests, guard, isDefault: found.wildcard, items, base: null, holes: [] });
    const capture = found.capture;
    if (capture) clauses[clauses.length - 1].prelude = (s) => `${capture} = ${s}`;
  }
  return clauses;
}
