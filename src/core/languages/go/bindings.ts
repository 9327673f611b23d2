import type { Node } from 'web-tree-sitter';
import { blockScope, hasChildOfType, paramScope, scopeEnds, span } from '../declarationScopes';
import { scopes } from './scopes';
import type { BindingRules, Classified, Declaration, NodeQueries, RenameVerdict } from '../nameRoles';

function classify(node: Node, parent: Node, q: NodeQueries): Classified {
  if (parent.type === 'function_declaration' && q.fieldName(node) === 'name') return { role: 'defname' };
  // `T{x: v}` names a field when T is a struct, and reads variable x when T is a map
  const keyed = parent.type === 'literal_element' && parent.parent?.type === 'keyed_element' && q.fieldName(parent) === 'key';
  if (keyed) return { role: 'hazard' };
  if (parent.type === 'import_spec') return { role: 'hazard' };
  return { role: 'plain' };
}

const ENDS = scopeEnds(scopes);

function declarationOf(id: Node, q: NodeQueries): Declaration | null {
  const p = id.parent;
  if (!p) return null;
  const f = () => q.fieldName(id);
  switch (p.type) {
    case 'parameter_declaration':
    case 'variadic_parameter_declaration':
      return f() === 'name' && p.parent ? paramScope(scopes.functionLike, p.parent, p.parent.parent) : null;
    case 'var_spec':
    case 'const_spec':
      return f() === 'name' ? blockScope(q, ENDS, id) : null;
    case 'expression_list': {
      const owner = p.parent;
      const role = q.fieldName(p);
      if (!owner) return null;
      if (owner.type === 'short_var_declaration' && role === 'left') return blockScope(q, ENDS, id);
      if ((owner.type === 'range_clause' || owner.type === 'receive_statement') && role === 'left' && hasChildOfType(owner, [':='])) {
        return blockScope(q, ENDS, id);
      }
      if (owner.type === 'type_switch_statement' && role === 'alias') return { scope: span(owner), param: false };
      return null;
    }
    default:
      return null;
  }
}

/** Go's names: a keyed element's key may be a field or a variable, imports are not followed; `:=`, `var`, parameters and range clauses declare. */
/** Go's functions have no container (containerTypes is empty): none is renamed as a method. */
const methodUse = (): RenameVerdict => 'decline';

export const bindings: BindingRules = { classify, declarationOf, methodUse, writtenDeclarations: null };
