import type { Node } from 'web-tree-sitter';
import type { LanguageProfile } from '../languageProfile';

function childTypes(node: Node): string[] {
  const out: string[] = [];
  for (let i = 0; i < node.childCount; i++) {
    const c = node.child(i);
    if (c) out.push(c.type);
  }
  return out;
}

/** Exported functions (unless other files are updated too), named function expressions, accessors and methods of object literals or derived classes keep their names. */
export const renameAllowed: LanguageProfile['renameAllowed'] = (fn, _file, crossFile) => {
  const container = fn.container;
  if (!crossFile && (fn.outer.type === 'export_statement' || fn.outer.parent?.type === 'export_statement')) return false;
  // `const f = function g() {}`: two names for one function
  if (fn.node.type === 'function_expression' && fn.node.childForFieldName('name') && fn.node.parent?.type === 'variable_declarator') {
    return false;
  }
  if (fn.node.type === 'method_definition') {
    if (!container) return false; // an object literal's method: called as obj.m()
    if (childTypes(fn.node).some((t) => t === 'get' || t === 'set')) return false;
    if (container.namedChildren.some((c) => c?.type === 'class_heritage')) return false;
    if (container.parent?.type === 'export_statement' && !crossFile) return false;
  }
  return true;
};
