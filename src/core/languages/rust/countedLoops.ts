import type { Node } from 'web-tree-sitter';
import type { CountedContext, CountedLoop, CountedQueries } from '../countedLoops';
import { rewritten } from '../countedLoops';

/**
 * Rust's counted loop as transforms/div-loop.ts splits it (where `loops.counted` is
 * 'range-expression'): `for i in a..b` or `a..=b` over integers, standing as a statement, each
 * half a range of its own. The syntax layer's answers come in `q`.
 */
export function readCountedLoop<C extends CountedContext>(ctx: C, loop: Node, q: CountedQueries<C>): CountedLoop | null {
  const pattern = loop.childForFieldName('pattern');
  const range = loop.childForFieldName('value');
  const body = loop.childForFieldName('body');
  const stmt = loop.parent;
  if (!pattern || !range || !body || !stmt || stmt.type !== 'expression_statement' || range.type !== 'range_expression') return null;
  if (q.namedChildren(loop).some((c) => c.type === 'label')) return null;
  const id = pattern.type === 'mut_pattern' ? q.namedChildren(pattern)[0] : pattern;
  if (!id || id.type !== 'identifier') return null;
  const bounds = q.namedChildren(range);
  const operator = q.allChildren(range).find((c) => !c.isNamed)?.type;
  if (bounds.length !== 2 || (operator !== '..' && operator !== '..=')) return null;
  const [start, bound] = bounds;
  if (q.numericType(ctx.lang, start)?.family !== 'int' && q.numericType(ctx.lang, bound)?.family !== 'int') return null;
  return {
    stmt,
    loop,
    index: id.text,
    start,
    bound,
    inclusive: operator === '..=',
    body,
    type: null,
    first: (mid) => rewritten(ctx.source, loop, [[range, `${start.text}..${mid}`]]),
    second: (mid, end) => rewritten(ctx.source, loop, [[range, `${mid}${operator}${end}`]]),
  };
}
