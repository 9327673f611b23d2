import { cBindings } from '../c/bindings';
import { scopeEnds } from '../declarationScopes';
import { scopes } from './scopes';
import { inContainer } from '../nameRoles';
import type { BindingRules, MethodOfClass, Occurrence, RenameVerdict } from '../nameRoles';

/** A method is reached as `this->m` or by its bare name in its class, or by the path `Owner::m`. */
function methodUse(o: Occurrence, method: MethodOfClass): RenameVerdict {
  const qualifier = o.qualifier;
  const inClass = inContainer(method, o);
  if (o.role === 'member') return qualifier?.type === 'this' && inClass ? 'rename' : 'decline';
  if (o.role === 'path') return qualifier?.text === method.owner ? 'rename' : 'decline';
  if (o.role === 'plain') return inClass ? 'rename' : 'decline';
  return o.role === 'fielddecl' || o.role === 'hazard' || o.role === 'macro' ? 'decline' : 'skip';
}

/** C++ binds names as C does, in its own blocks (range loops, catch clauses) and functions (lambdas). */
export const bindings: BindingRules = cBindings(scopeEnds(scopes), methodUse, true);
