import type { ParameterRules } from '../languageProfile';

/** Words of a program that may read a function's signature: a new parameter would show there. */
const INTROSPECTION = ['inspect', 'signature', '__code__', '__defaults__', '__wrapped__', 'getfullargspec', '__signature__', '__kwdefaults__'];

/** Decorators that call the function with the arguments its callers pass, as written. */
const PLAIN_DECORATOR = /^@\s*(staticmethod|classmethod|(functools\.)?(cache|lru_cache)(\([^)]*\))?)\s*$/;

/** Not a dunder the runtime calls (but `__init__`), not in a program that introspects, not wrapped by a decorator that may read the signature. */
export const newParameterAllowed: ParameterRules['newParameterAllowed'] = (fn, unit) => {
  if (/^__.*__$/.test(fn.name) && fn.name !== '__init__') return false;
  if (INTROSPECTION.some((w) => unit.hasWord(w))) return false;
  if (fn.outer.type === 'decorated_definition') {
    const decorators = fn.outer.namedChildren.filter((c) => c?.type === 'decorator');
    if (!decorators.every((d) => PLAIN_DECORATOR.test(d!.text))) return false;
  }
  return true;
};
