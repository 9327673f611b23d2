import type { Node } from 'web-tree-sitter';
import { blockScope, paramScope, scopeEnds, scopeOf, span } from '../declarationScopes';
import { scopes } from './scopes';
import { containerName } from '../functionHeads';
import { writtenDeclarations } from './declarations';
import type { BindingRules, Classified, Declaration, MethodOfClass, NodeQueries, Occurrence, RenameVerdict } from '../nameRoles';

function classify(node: Node, parent: Node, q: NodeQueries): Classified {
  switch (parent.type) {
    case 'scoped_identifier':
    case 'scoped_type_identifier':
      return { role: 'path', qualifier: q.fieldName(node) === 'name' ? parent.childForFieldName('path') : null };
    case 'scoped_use_list':
    case 'use_list':
    case 'use_as_clause':
    case 'use_wildcard':
    case 'use_declaration':
      return { role: 'hazard' };
    case 'macro_invocation':
    case 'macro_definition':
      if (q.fieldName(node) === 'macro' || q.fieldName(node) === 'name') return { role: 'macro' };
      break;
    case 'function_item':
    case 'function_signature_item':
      if (q.fieldName(node) === 'name') return { role: 'defname' };
      break;
    case 'label':
    case 'lifetime':
      return { role: 'label' };
    case 'tuple_struct_pattern':
      if (q.fieldName(node) === 'type') return { role: 'type' };
      break;
    case 'shorthand_field_initializer':
      return { role: 'shorthand' };
    case 'mod_item':
    case 'extern_crate_declaration':
      return { role: 'path' };
    case 'token_tree':
      return classifyTokenTree(node, q);
  }
  if (q.ancestor(node, ['attribute_item', 'inner_attribute_item', 'use_declaration'])) return { role: 'hazard' };
  return { role: 'plain' };
}

/**
 * Macro arguments are bare tokens: `a.b` is a field (or method) of `a`, `a::b` a path, `x!` a
 * macro and `name = value` a named format argument (renaming it alone would break `{name}`).
 */
function classifyTokenTree(node: Node, q: NodeQueries): Classified {
  const prev = node.previousSibling;
  const next = node.nextSibling;
  if (prev?.type === '.') return { role: 'member', qualifier: prev.previousSibling };
  if (prev?.type === '::') return { role: 'path', qualifier: prev.previousSibling };
  if (next?.type === '::') return { role: 'path' };
  if (next?.type === '!') return { role: 'macro' };
  if (next?.type === '=') return { role: 'hazard' };
  if (q.ancestor(node, ['attribute_item', 'inner_attribute_item'])) return { role: 'hazard' };
  return { role: 'plain' };
}

const ENDS = scopeEnds(scopes);

function declarationOf(id: Node, q: NodeQueries): Declaration | null {
  // lowercase only: `None`, `Red`, `MAX` in a pattern are a variant or a constant, not a binding
  if (!/^[a-z_][a-z0-9_]*$/.test(id.text)) return null;
  let n = id;
  for (;;) {
    const p = n.parent;
    if (!p) return null;
    const child = n;
    const f = () => q.fieldName(child);
    switch (p.type) {
      case 'tuple_pattern':
      case 'slice_pattern':
      case 'ref_pattern':
      case 'mut_pattern':
      case 'reference_pattern':
      case 'or_pattern':
      case 'captured_pattern':
      case 'struct_pattern':
        n = p;
        continue;
      case 'tuple_struct_pattern':
        if (f() === 'type') return null;
        n = p;
        continue;
      case 'field_pattern':
        if (f() === 'pattern') {
          n = p;
          continue;
        }
        return null;
      case 'match_pattern':
        if (f() === 'condition') return null;
        n = p;
        continue;
      case 'parameter':
        if (f() !== 'pattern') return null;
        n = p;
        continue;
      case 'parameters':
        return paramScope(scopes.functionLike, p, p.parent);
      case 'closure_parameters':
        return paramScope(scopes.functionLike, p, p.parent);
      case 'let_declaration':
        return f() === 'pattern' ? blockScope(q, ENDS, id) : null;
      case 'for_expression':
        return f() === 'pattern' ? { scope: span(p), param: false } : null;
      case 'let_condition':
        return f() === 'pattern' ? scopeOf(q, id, ['if_expression', 'while_expression']) : null;
      case 'match_arm':
        return f() === 'pattern' ? { scope: span(p), param: false } : null;
      default:
        return null;
    }
  }
}

/** Rust's names: paths, macros and their token trees, `use` and attributes; `let`, parameters and patterns declare. */
function implType(node: Node, q: NodeQueries): string | undefined {
  const impl = q.ancestor(node, ['impl_item']);
  return impl ? containerName(impl) : undefined;
}

/** A method is reached as `self.m` in an impl of its type, or by the paths `Self::m` there and `Owner::m`. */
function methodUse(o: Occurrence, method: MethodOfClass, q: NodeQueries): RenameVerdict {
  const qualifier = o.qualifier;
  if (o.role === 'member') return qualifier?.type === 'self' && implType(o.node, q) === method.owner ? 'rename' : 'decline';
  if (o.role === 'path') {
    return (qualifier?.text === 'Self' && implType(o.node, q) === method.owner) || qualifier?.text === method.owner ? 'rename' : 'decline';
  }
  return o.role === 'fielddecl' || o.role === 'key' || o.role === 'hazard' ? 'decline' : 'skip';
}

export const bindings: BindingRules = { classify, declarationOf, methodUse, writtenDeclarations };
