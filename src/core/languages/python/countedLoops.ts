import type { Node } from 'web-tree-sitter';
import type { CountedContext, CountedLoop, CountedQueries } from '../countedLoops';
import { rewritten } from '../countedLoops';

/**
 * Python's counted loop as transforms/div-loop.ts splits it (where `loops.counted` is
 * 'range-call'): `for i in range(b)`, `range(a, b)` or `range(a, b, 1)` with the builtin `range`,
 * no `else`, not `async`; each half calls `range` with arguments of its own. The syntax layer's
 * answers come in `q`.
 */
export function readCountedLoop<C extends CountedContext>(ctx: C, loop: Node, q: CountedQueries<C>): CountedLoop | null {
  const left = loop.childForFieldName('left');
  const right = loop.childForFieldName('right');
  const body = loop.childForFieldName('body');
  if (!left || !right || !body || left.type !== 'identifier' || loop.childForFieldName('alternative')) return null;
  if (q.allChildren(loop)[0]?.type === 'async') return null;
  if (right.type !== 'call' || right.childForFieldName('function')?.text !== 'range' || q.rebound(ctx, 'range')) return null;
  const argList = right.childForFieldName('arguments');
  const args = q.namedChildren(argList ?? right).filter((a) => a.type !== 'comment');
  if (!argList || args.length < 1 || args.length > 3) return null;
  if (args.some((a) => ['keyword_argument', 'list_splat', 'dictionary_splat', 'parenthesized_list_splat'].includes(a.type))) return null;
  if (args.length === 3 && args[2].text !== '1') return null;
  const start = args.length === 1 ? null : args[0];
  const bound = args.length === 1 ? args[0] : args[1];
  const step = args.length === 3 ? `, ${args[2].text}` : '';
  return {
    stmt: loop,
    loop,
    index: left.text,
    start,
    bound,
    inclusive: false,
    body,
    type: null,
    first: (mid) => rewritten(ctx.source, loop, [[argList, start ? `(${start.text}, ${mid}${step})` : `(${mid})`]]),
    second: (mid, end) => rewritten(ctx.source, loop, [[argList, `(${mid}, ${end}${step})`]]),
  };
}
