import type { Node } from 'web-tree-sitter';
import type { NullableParameter, NullableUnit } from '../languageProfile';

const NULL_HEADERS = /#\s*include\s*[<"](stdio|stdlib|string|stddef|time|locale|wchar|cstdio|cstdlib|cstring|cstddef)(\.h)?[>"]/;

/**
 * Pointer parameters (and, given `smartPointers`, parameters of a smart pointer type, by value or
 * reference) may be null. C's `NULL` comes from its headers (`fromHeaders`), C++'s `nullptr` is a
 * keyword: `p == NULL` only where a header or a #define gives NULL, `!p` always.
 */
export function pointerParameters(nothing: { literal: string; fromHeaders: boolean }, smartPointers: RegExp | null) {
  return (_fn: Node, list: Node, unit: NullableUnit): NullableParameter[] => {
    const out: NullableParameter[] = [];
    for (const p of list.namedChildren) {
      if (!p || (p.type !== 'parameter_declaration' && p.type !== 'optional_parameter_declaration')) continue;
      let d = p.childForFieldName('declarator');
      let pointer = false;
      while (d?.type === 'pointer_declarator') {
        pointer = true;
        d = d.childForFieldName('declarator');
      }
      const typeText = p.childForFieldName('type')?.text ?? '';
      const smart = smartPointers !== null && smartPointers.test(typeText);
      if (smart && !pointer && d?.type === 'reference_declarator') d = d.namedChildren.find((c) => c?.type === 'identifier') ?? null;
      if (!d || d.type !== 'identifier' || !(pointer || smart)) continue;
      const n = d.text;
      const tests = [{ condition: `(!${n})`, nothing: nothing.literal }];
      const defined = !nothing.fromHeaders || NULL_HEADERS.test(unit.source) || /#\s*define\s+NULL\b/.test(unit.source);
      if (defined) tests.push({ condition: `(${n} == ${nothing.literal})`, nothing: nothing.literal });
      out.push({ name: d, tests });
    }
    return out;
  };
}
