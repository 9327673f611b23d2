import type { Node } from 'web-tree-sitter';
import { collapse } from '../writtenDeclarations';
import type { TypeQueries } from '../writtenDeclarations';

/**
 * What kind of value a C++ variable holds, by its written declarations: callers decline where
 * class types (whose operators are not known) may be involved. The syntax layer's answers come
 * in `q` (syntax/declarations.ts TYPE_QUERIES).
 */

const CPP_ARITHMETIC = new RegExp(
  '^(unsigned |signed |short |long )*' +
    '(int|char|short|long|float|double|bool|unsigned|signed|wchar_t|char(8|16|32)_t|' +
    '(std::)?size_t|ssize_t|ptrdiff_t|(std::)?u?int(8|16|32|64)_t)$',
);
const CPP_STRING = /^(const )?(std::)?string$/;

export type CppType = 'arithmetic' | 'pointer' | 'string' | 'other';

function cppTypeText(text: string): string {
  return collapse(text.replace(/\b(const|volatile|static|constexpr|inline|register)\b/g, ''));
}

/**
 * What kind of value a C++ variable holds, by its declarations around `at`: a built-in
 * arithmetic type, a pointer, `std::string`, or anything else (class types whose operators
 * are not known). With `element`, the element type of an array, pointer, std::vector or std::array.
 */
export function cppTypeOf(at: Node, name: string, q: TypeQueries, element = false): CppType | null {
  const decls = q.declarationsOf('cpp', at, name);
  if (decls.length === 0) return null;
  let result: CppType | null = null;
  for (const d of decls) {
    if (d.kind === 'other' || !d.type || !d.typeNode) return null;
    let type: CppType = 'other';
    const base = cppTypeText(d.type);
    if (element) {
      if (d.array || d.pointer) type = d.array && d.pointer ? 'other' : classify(base);
      else {
        const m = /^(std::)?(vector|array)\s*<\s*([^,<>]+?)\s*(,[^<>]*)?>$/.exec(base);
        type = m ? classify(cppTypeText(m[3])) : 'other';
        if (type === 'pointer') type = 'other';
      }
    } else if (d.array) type = 'other';
    else if (d.pointer) type = 'pointer';
    else if (base === 'auto') type = d.value ? cppLiteralType(d.value, q) ?? 'other' : 'other';
    else type = classify(base);
    if (result && result !== type) return null;
    result = type;
  }
  return result;
}

function classify(base: string): CppType {
  if (CPP_ARITHMETIC.test(base)) return 'arithmetic';
  if (CPP_STRING.test(base)) return 'string';
  return 'other';
}

/** The kind of a C++ literal (`auto x = 0` is arithmetic, `auto s = "a"` a pointer). */
export function cppLiteralType(node: Node, q: TypeQueries): CppType | null {
  const n = q.unparenthesize(node);
  if (n.type === 'number_literal' || n.type === 'char_literal' || n.type === 'true' || n.type === 'false') return 'arithmetic';
  if (n.type === 'unary_expression' && ['-', '+'].includes(n.childForFieldName('operator')?.text ?? '')) {
    const arg = n.childForFieldName('argument');
    return arg && arg.type === 'number_literal' ? 'arithmetic' : null;
  }
  if (n.type === 'string_literal' || n.type === 'concatenated_string' || n.type === 'raw_string_literal') return 'pointer';
  return null;
}

/** Whether a C++ declaration creates only built-in values or pointers, so no constructor runs (syntax/dataflow.ts, transforms/move-assignments.ts, for `variables.classValuesRunCode`). */
export function builtinOnlyDeclaration(d: Node): boolean {
  const type = d.childForFieldName('type');
  if (!type) return false;
  const builtin = type.type === 'primitive_type' || type.type === 'sized_type_specifier';
  return d.childrenForFieldName('declarator').every((decl) => {
    if (!decl) return false;
    const inner = decl.type === 'init_declarator' ? decl.childForFieldName('declarator') : decl;
    return builtin || inner?.type === 'pointer_declarator';
  });
}
