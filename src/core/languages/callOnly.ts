import type { Node } from 'web-tree-sitter';
import type { NodeQueries, Occurrence, RenameVerdict } from './nameRoles';

/** Array methods that call a function they are given without printing it. */
const HIGHER_ORDER: ReadonlySet<string> = new Set(
  'map filter reduce reduceRight forEach sort some every find findIndex findLast flatMap then catch'.split(' '),
);

/**
 * JavaScript prints a function value with its name (`[Function: f]`): a renamed function may
 * be called, or handed to an array method, but not passed around otherwise (function-rename,
 * for plain functions and for methods: languages/javascript/bindings.ts).
 */
export function callOnly(o: Occurrence, q: NodeQueries): RenameVerdict {
  const value: Node = o.role === 'member' ? o.node.parent! : o.node;
  const parent = value.parent;
  if (!parent) return 'decline';
  if (parent.type === 'call_expression' && q.fieldName(value) === 'function') return 'rename';
  if (parent.type === 'new_expression' && q.fieldName(value) === 'constructor') return 'rename';
  if (parent.type === 'arguments' && parent.parent?.type === 'call_expression') {
    const callee = parent.parent.childForFieldName('function');
    const method = callee?.type === 'member_expression' ? callee.childForFieldName('property')?.text : undefined;
    if (method && HIGHER_ORDER.has(method)) return 'rename';
  }
  return 'decline';
}
