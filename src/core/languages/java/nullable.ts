import type { Node } from 'web-tree-sitter';
import type { NullableParameter } from '../languageProfile';

const PRIMITIVES = new Set(['integral_type', 'floating_point_type', 'boolean_type']);

/** Java's parameters of a reference type (arrays of primitives too) may be null. */
export function nullable(_fn: Node, list: Node): NullableParameter[] {
  const out: NullableParameter[] = [];
  for (const p of list.namedChildren) {
    if (!p) continue;
    let name: Node | null = null;
    if (p.type === 'formal_parameter') {
      const type = p.childForFieldName('type');
      // `int a[]` is an array: a reference like any other
      if (!type || (PRIMITIVES.has(type.type) && !p.childForFieldName('dimensions'))) continue;
      name = p.childForFieldName('name');
    } else if (p.type === 'spread_parameter') {
      name = p.namedChildren.find((c) => c?.type === 'variable_declarator')?.childForFieldName('name') ?? null;
    }
    if (name) out.push({ name, tests: [{ condition: `(${name.text} == null)`, nothing: 'null' }] });
  }
  return out;
}
