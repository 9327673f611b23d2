import type { Node } from 'web-tree-sitter';
import type { ParameterRules } from '../languageProfile';

/** Not exported, not a constructor or accessor, not an object literal's method, not in strict mode of its own, not an unnamed function. */
export const newParameterAllowed: ParameterRules['newParameterAllowed'] = (fn, unit) => {
  const node = fn.node;
  if (fn.outer.type === 'export_statement' || unit.ancestor(fn.node, ['export_statement'])) return false;
  if (node.type === 'method_definition') {
    if (fn.name === 'constructor' || node.children.some((c) => c?.type === 'get' || c?.type === 'set')) return false;
    if (!fn.container) return false; // an object literal's method may be called with any arguments
  }
  // a function with its own 'use strict' may not have default parameters
  const strict = (c: Node | null) => c?.type === 'expression_statement' && /^['"]use strict['"]$/.test(c.firstNamedChild?.text ?? '');
  if ((fn.body ?? node).namedChildren.some(strict)) return false;
  const anonymous = ['function_expression', 'arrow_function'].includes(node.type);
  return !anonymous || fn.outer.type === 'lexical_declaration' || fn.outer.type === 'variable_declaration';
};
