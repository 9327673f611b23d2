import type { Node } from 'web-tree-sitter';
import type { NullableParameter, NullableUnit } from '../languageProfile';

/** Every Python parameter may be None, but a method's `self` and `cls`. */
export function nullable(_fn: Node, list: Node, unit: NullableUnit): NullableParameter[] {
  const out: NullableParameter[] = [];
  for (const p of list.namedChildren) {
    if (!p) continue;
    let name: Node | null = null;
    if (p.type === 'identifier') name = p;
    else if (p.type === 'typed_parameter') name = p.namedChildren.find((c) => c?.type === 'identifier') ?? null;
    else if (p.type === 'default_parameter' || p.type === 'typed_default_parameter') name = p.childForFieldName('name');
    if (!name || name.type !== 'identifier') continue;
    if (unit.inClass && (name.text === 'self' || name.text === 'cls')) continue;
    out.push({ name, tests: [{ condition: `${name.text} is None`, nothing: 'None' }] });
  }
  return out;
}
