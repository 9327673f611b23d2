import type { Node } from 'web-tree-sitter';
import { blockScope, hasChildOfType, paramScope, scopeEnds, span } from '../declarationScopes';
import { scopes } from './scopes';
import { callOnly } from '../callOnly';
import { sameNode } from '../nameRoles';
import type { BindingRules, Classified, Declaration, MethodOfClass, NodeQueries, Occurrence, RenameVerdict } from '../nameRoles';

function classify(node: Node, parent: Node, q: NodeQueries): Classified {
  switch (parent.type) {
    case 'function_declaration':
    case 'generator_function_declaration':
    case 'function_expression':
    case 'function':
    case 'generator_function':
      if (q.fieldName(node) === 'name') return { role: 'defname' };
      break;
    case 'class_declaration':
    case 'class':
      if (q.fieldName(node) === 'name') return { role: 'type' };
      break;
    case 'import_specifier':
    case 'import_clause':
    case 'namespace_import':
    case 'export_specifier':
    case 'namespace_export':
      return { role: 'hazard' };
    case 'nested_identifier':
    case 'nested_type_identifier':
      return { role: 'path' };
    case 'required_parameter':
    case 'optional_parameter':
      // `constructor(private x: number)` declares a field as well as a parameter
      if (hasChildOfType(parent, ['accessibility_modifier', 'override_modifier', 'readonly'])) return { role: 'hazard' };
      break;
    case 'meta_property':
      return { role: 'type' };
  }
  return { role: 'plain' };
}

const ENDS = scopeEnds(scopes);

function declarationOf(id: Node, q: NodeQueries): Declaration | null {
  let n = id;
  for (;;) {
    const p = n.parent;
    if (!p) return null;
    const child = n;
    const f = () => q.fieldName(child);
    switch (p.type) {
      case 'object_pattern':
      case 'array_pattern':
      case 'rest_pattern':
        n = p;
        continue;
      case 'pair_pattern':
        if (f() === 'value') {
          n = p;
          continue;
        }
        return null;
      case 'assignment_pattern':
      case 'object_assignment_pattern':
        if (f() === 'left') {
          n = p;
          continue;
        }
        return null;
      case 'required_parameter':
      case 'optional_parameter':
        if (f() === 'pattern') {
          n = p;
          continue;
        }
        return null;
      case 'formal_parameters':
        return paramScope(scopes.functionLike, p, p.parent);
      case 'arrow_function':
        return f() === 'parameter' ? paramScope(scopes.functionLike, n, p) : null;
      case 'variable_declarator': {
        if (f() !== 'name') return null;
        const declaration = p.parent;
        if (declaration?.type === 'variable_declaration') return functionScope(q, id);
        return blockScope(q, ENDS, id);
      }
      case 'for_in_statement': {
        if (f() !== 'left') return null;
        const kind = p.childForFieldName('kind')?.type;
        if (kind === 'var') return functionScope(q, id);
        return kind === 'let' || kind === 'const' ? { scope: span(p), param: false } : null;
      }
      case 'catch_clause':
        return f() === 'parameter' ? { scope: span(p), param: false } : null;
      default:
        return null;
    }
  }
}

/** `var` is hoisted to the top of its function. */
function functionScope(q: NodeQueries, id: Node): Declaration | null {
  const fn = q.ancestor(id, scopes.functionLike);
  return fn ? { scope: span(fn), param: false } : null;
}

/** JavaScript (and TypeScript, whose grammar extends it) binds names by declarations, patterns and parameters; imports and exports are not followed. */
const NON_ARROW_FUNCTIONS = 'function_declaration generator_function_declaration function_expression function generator_function'.split(' ');

/** The class whose instance `this` is, for a `this` in a method (arrow functions keep it). */
function thisClass(node: Node): Node | null {
  for (let p = node.parent; p; p = p.parent) {
    if (['class_declaration', 'class', 'abstract_class_declaration'].includes(p.type)) return p;
    if (NON_ARROW_FUNCTIONS.includes(p.type)) return null;
  }
  return null;
}

/** A method is reached as `this.m` in its class or `Owner.m`, and only called (callOnly). */
function methodUse(o: Occurrence, method: MethodOfClass, q: NodeQueries): RenameVerdict {
  const qualifier = o.qualifier;
  if (o.role === 'member') {
    if (qualifier?.type === 'this' && sameNode(thisClass(qualifier), method.container)) return callOnly(o, q);
    if (qualifier?.type === 'identifier' && qualifier.text === method.owner) return callOnly(o, q);
    return 'decline';
  }
  return o.role === 'fielddecl' || o.role === 'hazard' ? 'decline' : 'skip';
}

export const bindings: BindingRules = { classify, declarationOf, methodUse, writtenDeclarations: null };
