import type { Node } from 'web-tree-sitter';
import type { NullableParameter, NullableUnit } from '../languageProfile';

const NILABLE = new Set(['pointer_type', 'slice_type', 'map_type', 'channel_type', 'function_type', 'interface_type']);

/** Go types that hold nil: by their form, `error` and `any`, or a type of the file declared as one of those forms. */
function nilable(unit: NullableUnit, type: Node | null): boolean {
  if (!type) return false;
  if (NILABLE.has(type.type)) return true;
  if (type.type !== 'type_identifier') return false;
  if (type.text === 'error' || type.text === 'any') return true;
  // only the parts of the file holding the name: a walk of the whole file cost a large file's step most of its time
  return unit.nodesHolding(['type_spec'], type.text).filter((n) => n.childForFieldName('name')?.text === type.text).some(
    (spec) => spec.childForFieldName('type_parameters') === null && NILABLE.has(spec.childForFieldName('type')?.type ?? ''),
  );
}

function descendantsOfType(node: Node, type: string): Node[] {
  const out: Node[] = [];
  const walk = (n: Node) => {
    for (const c of n.namedChildren) {
      if (!c) continue;
      if (c.type === type) out.push(c);
      walk(c);
    }
  };
  walk(node);
  return out;
}

/** Go's receiver and parameters of a type that holds nil (variadic ones are slices); a type parameter may not compare with nil. */
export function nullable(fn: Node, list: Node, unit: NullableUnit): NullableParameter[] {
  const out: NullableParameter[] = [];
  const typeParams = new Set(descendantsOfType(fn.childForFieldName('type_parameters') ?? list, 'type_parameter_declaration').flatMap((d) => d.childrenForFieldName('name').map((c) => c?.text ?? '')));
  const lists = [fn.childForFieldName('receiver'), list].filter((l): l is Node => l !== null);
  for (const l of lists) {
    for (const p of l.namedChildren) {
      if (!p) continue;
      const variadic = p.type === 'variadic_parameter_declaration';
      if (p.type !== 'parameter_declaration' && !variadic) continue;
      const type = p.childForFieldName('type');
      if (type && typeParams.has(type.text)) continue;
      if (!variadic && !nilable(unit, type)) continue;
      for (const name of p.childrenForFieldName('name')) {
        if (name && name.text !== '_') out.push({ name, tests: [{ condition: `${name.text} == nil`, nothing: 'nil' }] });
      }
    }
  }
  return out;
}
