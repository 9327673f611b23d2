import type { Node } from 'web-tree-sitter';
import { span } from '../declarationScopes';
import { scopes } from './scopes';
import { inContainer, sameNode } from '../nameRoles';
import type { BindingRules, Classified, Declaration, MethodOfClass, NodeQueries, Occurrence, RenameVerdict } from '../nameRoles';

/** Python statements that bind names in ways a rename does not follow: imports and match patterns. */
const PY_UNFOLLOWED = 'import_statement import_from_statement future_import_statement case_pattern keyword_pattern'.split(' ');

function classify(node: Node, parent: Node, q: NodeQueries): Classified {
  switch (parent.type) {
    case 'attribute':
      if (q.fieldName(node) === 'attribute') return { role: 'member', qualifier: parent.childForFieldName('object') };
      break;
    case 'keyword_argument':
      if (q.fieldName(node) === 'name') return { role: 'keyword' };
      break;
    case 'function_definition':
      if (q.fieldName(node) === 'name') return { role: 'defname' };
      break;
    case 'class_definition':
      if (q.fieldName(node) === 'name') return { role: 'type' };
      break;
    case 'global_statement':
    case 'nonlocal_statement':
      return { role: 'hazard' };
  }
  for (let p: Node | null = parent; p; p = p.parent) {
    if (PY_UNFOLLOWED.includes(p.type)) return { role: 'hazard' };
    if (p.type.endsWith('statement') || p.type === 'block' || p.type === 'module') break;
  }
  return { role: 'plain' };
}

function declarationOf(id: Node, q: NodeQueries): Declaration | null {
  let n = id;
  for (;;) {
    const p = n.parent;
    if (!p) return null;
    const child = n;
    const f = () => q.fieldName(child);
    switch (p.type) {
      case 'pattern_list':
      case 'tuple_pattern':
      case 'list_pattern':
      case 'list_splat_pattern':
      case 'dictionary_splat_pattern':
      case 'tuple':
      case 'list':
      case 'parenthesized_expression':
      case 'expression_list':
        n = p;
        continue;
      case 'typed_parameter':
        if (f() === null) {
          n = p;
          continue;
        }
        return null;
      case 'default_parameter':
      case 'typed_default_parameter':
        if (f() === 'name') {
          n = p;
          continue;
        }
        return null;
      case 'parameters':
      case 'lambda_parameters':
        return p.parent ? { scope: span(p.parent), param: true } : null;
      case 'assignment':
      case 'augmented_assignment':
      case 'for_statement':
        return f() === 'left' ? local(q, id, false) : null;
      case 'for_in_clause':
        return f() === 'left' && p.parent ? { scope: span(p.parent), param: false } : null;
      case 'as_pattern_target':
        return local(q, id, false);
      case 'named_expression':
        return f() === 'name' ? local(q, id, true) : null;
      default:
        return null;
    }
  }
}

const PY_COMPREHENSIONS = 'list_comprehension set_comprehension dictionary_comprehension generator_expression'.split(' ');
const FUNCTIONS_AND_COMPREHENSIONS = [...scopes.functionLike, ...PY_COMPREHENSIONS];

/** Python binds a name in the whole function that assigns it; a walrus in a comprehension binds outside it. */
function local(q: NodeQueries, id: Node, skipComprehensions: boolean): Declaration | null {
  const scope = q.ancestor(id, skipComprehensions ? scopes.functionLike : FUNCTIONS_AND_COMPREHENSIONS);
  return scope ? { scope: span(scope), param: false } : null;
}

/** Python binds names by assignment in the whole function, and by imports, `global` and match patterns in ways a rename does not follow. */
const SCOPES = ['function_definition', 'lambda', 'class_definition'];

/** A method is reached as `Owner.m`, `self.m` or `cls.m`, or by its bare name in the class body itself. */
function methodUse(o: Occurrence, method: MethodOfClass, q: NodeQueries): RenameVerdict {
  const qualifier = o.qualifier;
  if (o.role === 'member') {
    const onSelf = inContainer(method, o) && (qualifier?.text === 'self' || qualifier?.text === 'cls');
    return qualifier?.type === 'identifier' && (qualifier.text === method.owner || onSelf) ? 'rename' : 'decline';
  }
  // a bare name means the method only in the class body itself, never inside a function
  if (o.role === 'plain') return sameNode(q.ancestor(o.node, SCOPES), method.container) ? 'rename' : 'skip';
  return o.role === 'hazard' ? 'decline' : 'skip';
}

export const bindings: BindingRules = { classify, declarationOf, methodUse, writtenDeclarations: null };
