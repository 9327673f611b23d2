import type { Node } from 'web-tree-sitter';
import type { LanguageId } from '../languageIds';
import type { TypeQueries } from '../writtenDeclarations';

/**
 * What a C (and C++) switch takes, read for transforms/if-to-switch.ts (switches.integralOnly):
 * integer constant labels and subjects of integral or enum type. The syntax layer's answers come
 * in `q` (if-to-switch.ts CHAIN_QUERIES).
 */

/** An integer or character literal as C and C++ write one (`0x1F`, `10'000ul`, `L'a'`): what an integer constant label may be. */
export function cIntegerOrChar(text: string): boolean {
  return /^-?\s*(0[xX][0-9a-fA-F']+|0[bB][01']+|[0-9][0-9']*)[uUlLzZ]*$/.test(text) || /^[LuU]?'(\\.|[^'\\])+'$/.test(text);
}

const C_INTEGRAL =
  /^((un)?signed|short|long|int|char|size_t|ssize_t|ptrdiff_t|wchar_t|char(8|16|32)_t|u?int(_fast|_least)?(8|16|32|64)_t|std::size_t|std::u?int(8|16|32|64)_t)( ((un)?signed|short|long|int|char))*$/;

/** Whether a type's text is an integral type, or an enum the file declares (`isEnumType`). */
export function cIntegral(typeText: string, isEnumType: (name: string) => boolean): boolean {
  const t = typeText.replace(/\b(const|volatile|static|register|constexpr|inline|extern)\b/g, '').replace(/\s+/g, ' ').trim();
  if (C_INTEGRAL.test(t)) return true;
  const m = /^(enum )?((\w+::)*(\w+))$/.exec(t);
  return m !== null && isEnumType(m[4]);
}

/**
 * Whether a subject has an integral or enum type, by its declarations: what switch accepts.
 * `containerElements`: an element of a `std::string`, `std::vector` or `std::array` counts
 * (switches.containerElementSubjects: C++).
 */
export function cIntegralSubject(
  lang: LanguageId, subject: Node, isEnumType: (name: string) => boolean, containerElements: boolean, q: TypeQueries,
): boolean {
  const s = q.unparenthesize(subject);
  const declared = (name: Node, indirection: 'none' | 'element'): boolean => {
    if (name.type !== 'identifier') return false;
    const decls = q.declarationsOf(lang, name, name.text);
    return decls.length > 0 && decls.every((d) => {
      if (d.kind === 'other' || !d.type) return false;
      if (indirection === 'none') {
        if (d.array || d.pointer) return false;
        if (d.type === 'auto') return d.value !== null && cIntegerOrChar(d.value.text.trim());
        return cIntegral(d.type, isEnumType);
      }
      if (d.array !== d.pointer) return cIntegral(d.type, isEnumType);
      const container = /^(const )?(std::)?(string|vector\s*<\s*([^<>,]+?)\s*>|array\s*<\s*([^<>,]+?)\s*,[^<>]*>)$/.exec(d.type);
      return containerElements && !d.array && !d.pointer && container !== null && (container[3] === 'string' || cIntegral(container[4] ?? container[5], isEnumType));
    });
  };
  switch (s.type) {
    case 'identifier':
      return declared(s, 'none');
    case 'subscript_expression': {
      const base = s.childForFieldName('argument');
      return base !== null && declared(base, 'element');
    }
    case 'pointer_expression': {
      const operand = s.childForFieldName('argument');
      return s.text.startsWith('*') && operand !== null && declared(operand, 'element');
    }
    case 'cast_expression': {
      const type = s.childForFieldName('type');
      return type !== null && cIntegral(type.text, isEnumType);
    }
    default:
      return false;
  }
}
