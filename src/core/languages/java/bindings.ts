import type { Node } from 'web-tree-sitter';
import { blockScope, paramScope, scopeEnds, scopeOf, span } from '../declarationScopes';
import { scopes } from './scopes';
import { inContainer, sameNode } from '../nameRoles';
import { writtenDeclarations } from './declarations';
import type { BindingRules, Classified, Declaration, MethodOfClass, NodeQueries, Occurrence, RenameVerdict } from '../nameRoles';

function classify(node: Node, parent: Node, q: NodeQueries): Classified {
  switch (parent.type) {
    case 'method_invocation':
      if (q.fieldName(node) === 'name') return { role: 'member', qualifier: parent.childForFieldName('object') };
      break;
    case 'field_access':
      if (q.fieldName(node) === 'field') return { role: 'member', qualifier: parent.childForFieldName('object') };
      break;
    case 'method_reference': {
      const named = parent.namedChildren;
      if (named.length > 1 && named[named.length - 1]?.id === node.id) return { role: 'member', qualifier: named[0] };
      break;
    }
    case 'method_declaration':
    case 'constructor_declaration':
    case 'compact_constructor_declaration':
      if (q.fieldName(node) === 'name') return { role: 'defname' };
      break;
    case 'class_declaration':
    case 'interface_declaration':
    case 'enum_declaration':
    case 'record_declaration':
    case 'annotation_type_declaration':
    case 'marker_annotation':
    case 'annotation':
      if (q.fieldName(node) === 'name') return { role: 'type' };
      break;
    case 'labeled_statement':
    case 'break_statement':
    case 'continue_statement':
      return { role: 'label' };
    case 'scoped_identifier':
    case 'import_declaration':
    case 'package_declaration':
      return { role: 'path' };
    case 'variable_declarator':
      if (q.fieldName(node) === 'name' && parent.parent?.type === 'field_declaration') return { role: 'fielddecl' };
      break;
    case 'enum_constant':
      return { role: 'fielddecl' };
  }
  return { role: 'plain' };
}

const ENDS = scopeEnds(scopes);

function declarationOf(id: Node, q: NodeQueries): Declaration | null {
  const p = id.parent;
  if (!p) return null;
  const f = () => q.fieldName(id);
  switch (p.type) {
    case 'variable_declarator':
      if (f() !== 'name') return null;
      if (p.parent?.type === 'local_variable_declaration') return blockScope(q, ENDS, id);
      if (p.parent?.type === 'spread_parameter' && p.parent.parent) return paramScope(scopes.functionLike, p.parent.parent, p.parent.parent.parent);
      return null;
    case 'formal_parameter':
      if (f() !== 'name' || !p.parent) return null;
      // a record's components are its fields
      if (p.parent.parent?.type === 'record_declaration') return null;
      return paramScope(scopes.functionLike, p.parent, p.parent.parent);
    case 'catch_formal_parameter':
      return f() === 'name' ? scopeOf(q, id, ['catch_clause']) : null;
    case 'enhanced_for_statement':
      return f() === 'name' ? { scope: span(p), param: false } : null;
    case 'resource':
      return f() === 'name' ? scopeOf(q, id, ['try_with_resources_statement']) : null;
    case 'lambda_expression':
      return f() === 'parameters' ? paramScope(scopes.functionLike, id, p) : null;
    case 'inferred_parameters':
      return paramScope(scopes.functionLike, p, p.parent);
    case 'instanceof_expression':
      return f() === 'name' ? blockScope(q, ENDS, id) : null;
    default:
      return null;
  }
}

/** Java's names: members by invocation and field access, labels, paths of imports and packages; locals, parameters and patterns declared. */
/** A method is called as `m(...)` in its class, `this.m(...)` or `Owner.m(...)`; variables and fields of its name are other things. */
function methodUse(o: Occurrence, method: MethodOfClass, q: NodeQueries): RenameVerdict {
  if (o.role !== 'member') return 'skip'; // variables and fields live apart from methods
  const qualifier = o.qualifier;
  const kind = o.node.parent?.type;
  if (kind === 'field_access') return 'skip';
  if (!qualifier) return inContainer(method, o) ? 'rename' : 'decline';
  const body = method.container.childForFieldName('body');
  if (qualifier.type === 'this' && sameNode(q.ancestor(o.node, ['class_body']), body)) return 'rename';
  if (qualifier.type === 'identifier' && qualifier.text === method.owner) return 'rename';
  return 'decline';
}

export const bindings: BindingRules = { classify, declarationOf, methodUse, writtenDeclarations };
