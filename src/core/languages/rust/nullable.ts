import type { Node } from 'web-tree-sitter';
import type { NullableParameter } from '../languageProfile';

/** Rust's parameters of an Option type (or a reference to one), and raw pointers outside a `const fn` (where `is_null` is not const). */
export function nullable(fn: Node, list: Node): NullableParameter[] {
  const out: NullableParameter[] = [];
  const constFn = /^[^(]*\bconst\b/.test(fn.text.slice(0, (fn.childForFieldName('name')?.startIndex ?? fn.startIndex) - fn.startIndex));
  for (const p of list.namedChildren) {
    if (!p || p.type !== 'parameter') continue;
    const name = p.childForFieldName('pattern');
    let type = p.childForFieldName('type');
    if (!name || name.type !== 'identifier' || !type) continue;
    if (type.type === 'pointer_type') {
      if (!constFn) out.push({ name, tests: [{ condition: `${name.text}.is_null()`, nothing: 'a null pointer' }] });
      continue;
    }
    if (type.type === 'reference_type') type = type.childForFieldName('type');
    const head = type?.type === 'generic_type' ? type.childForFieldName('type')?.text ?? '' : '';
    if (!/^((std|core)::option::)?Option$/.test(head)) continue;
    out.push({ name, tests: [{ condition: `${name.text}.is_none()`, nothing: 'None' }, { condition: `let None = ${name.text}`, nothing: 'None' }] });
  }
  return out;
}
