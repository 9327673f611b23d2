import type { Node } from 'web-tree-sitter';

/**
 * How the grammars shared by several languages name and enclose a function: C and C++'s
 * declarators, JavaScript and TypeScript's `const f = () => {}`. Each language's profile picks its own.
 */

export function field(node: Node, name: string): Node | null {
  return node.childForFieldName(name);
}

/** C and C++ bury the name under declarators: `int *(*f)(int)`, `Foo::bar`, `~Foo`. */
export function cDeclaratorName(fn: Node): Node | null {
  let decl = field(fn, 'declarator');
  while (decl) {
    switch (decl.type) {
      case 'function_declarator':
      case 'pointer_declarator':
      case 'reference_declarator':
      case 'parenthesized_declarator':
        decl = field(decl, 'declarator') ?? decl.namedChildren.find((c) => c !== null && c.type.endsWith('declarator')) ?? null;
        break;
      case 'qualified_identifier':
        decl = field(decl, 'name');
        break;
      case 'identifier':
      case 'field_identifier':
        return decl;
      case 'destructor_name':
      case 'operator_name':
      case 'template_function':
        return decl;
      default:
        return null;
    }
  }
  return null;
}

/**
 * A JS/TS function's name: its own, or the variable it is assigned to (`const f = () => {}`).
 * Function expressions passed as arguments have none and are not units.
 */
export function jsName(fn: Node): Node | null {
  const own = fn.childForFieldName('name');
  if (own) return own;
  const parent = fn.parent;
  if (parent?.type === 'variable_declarator' && parent.childForFieldName('value')?.equals(fn)) {
    const name = parent.childForFieldName('name');
    return name?.type === 'identifier' ? name : null;
  }
  return null;
}

export function jsOuter(fn: Node): Node {
  let outer: Node = fn;
  const parent = fn.parent;
  if ((fn.type === 'arrow_function' || fn.type === 'function_expression') && parent?.type === 'variable_declarator') {
    const declaration = parent.parent;
    if (declaration && declaration.namedChildren.filter((c) => c?.type === 'variable_declarator').length === 1) {
      outer = declaration;
    }
  }
  if (outer.parent?.type === 'export_statement') outer = outer.parent;
  return outer;
}
