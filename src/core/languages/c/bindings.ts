import type { Node } from 'web-tree-sitter';
import { blockScope, declaratorOwner, scopeEnds, span } from '../declarationScopes';
import { scopes } from './scopes';
import { writtenDeclarations } from './declarations';
import type { BindingRules, Classified, Declaration, NodeQueries, RenameVerdict } from '../nameRoles';

function classify(node: Node, parent: Node, q: NodeQueries): Classified {
  switch (parent.type) {
    case 'qualified_identifier':
      return { role: 'path', qualifier: q.fieldName(node) === 'name' ? parent.childForFieldName('scope') : null };
    case 'template_function':
    case 'template_method':
      if (parent.parent?.type === 'qualified_identifier') return { role: 'path', qualifier: parent.parent.childForFieldName('scope') };
      break;
    case 'using_declaration':
    case 'namespace_alias_definition':
      return { role: 'path' };
    case 'preproc_def':
    case 'preproc_function_def':
    case 'preproc_params':
    case 'preproc_ifdef':
    case 'preproc_defined':
    case 'preproc_call':
      return { role: 'hazard' };
    case 'function_declarator':
      if (q.fieldName(node) === 'declarator' && declaratorOwner(parent)?.type === 'function_definition') return { role: 'defname' };
      break;
  }
  return { role: 'plain' };
}

function declarationOf(ends: readonly string[], id: Node, q: NodeQueries): Declaration | null {
  let n = id;
  for (;;) {
    const p = n.parent;
    if (!p) return null;
    const child = n;
    const f = () => q.fieldName(child);
    switch (p.type) {
      case 'pointer_declarator':
      case 'reference_declarator':
      case 'parenthesized_declarator':
      case 'attributed_declarator':
      case 'structured_binding_declarator':
        n = p;
        continue;
      case 'array_declarator':
      case 'init_declarator':
        if (f() !== 'declarator') return null;
        n = p;
        continue;
      case 'function_declarator':
        // `int (*rule)(int)`: a function pointer; a bare `int f(int)` declares a function
        if (f() !== 'declarator' || n.type !== 'parenthesized_declarator') return null;
        n = p;
        continue;
      case 'parameter_declaration':
      case 'optional_parameter_declaration': {
        if (f() !== 'declarator') return null;
        const list = p.parent;
        if (!list) return null;
        const owner = list.parent;
        if (owner?.type === 'catch_clause') return { scope: span(owner), param: false };
        if (owner?.type === 'function_declarator') {
          const def = declaratorOwner(owner);
          if (def?.type === 'function_definition') return { scope: span(def), param: true };
        }
        if (owner?.type === 'abstract_function_declarator' && owner.parent?.type === 'lambda_expression') {
          return { scope: span(owner.parent), param: true };
        }
        return { scope: span(list), param: false };
      }
      case 'declaration':
        return f() === 'declarator' ? blockScope(q, ends, id) : null;
      case 'for_range_loop':
        return f() === 'declarator' ? { scope: span(p), param: false } : null;
      default:
        return null;
    }
  }
}

/**
 * C's names, and C++'s (its grammar extends C's): paths of `a::b`, preprocessor names; declarators
 * declare. `ends`: the nodes that end a block-scoped name's scope (scopeEnds), which differ, as do
 * their methods; `classes`: the language has classes (C++), whose members a method may name bare.
 */
export function cBindings(ends: readonly string[], methodUse: BindingRules['methodUse'], classes: boolean): BindingRules {
  return { classify, declarationOf: (id, q) => declarationOf(ends, id, q), methodUse, writtenDeclarations: writtenDeclarations(classes) };
}

/** C binds names through declarators, in blocks that end at compound statements and statement headers; its functions have no container, so none is a method. */
export const bindings: BindingRules = cBindings(scopeEnds(scopes), (): RenameVerdict => 'decline', false);
