import type { RethrowRules } from '../languageProfile';

const TYPES = ['RuntimeException', 'Exception', 'Throwable'];

/**
 * Java rethrows the caught object: a precise rethrow (the parameter is effectively final), so
 * checked exceptions need no new `throws`.
 */
export const rethrow: RethrowRules = {
  catchTypes(source) {
    // a class of the file with one of these names would be caught instead of java.lang's
    const declared = (t: string) => new RegExp(`\\b(class|interface|record|enum)\\s+${t}\\b`).test(source);
    return TYPES.filter((t) => !declared(t)).concat(declared('RuntimeException') ? ['java.lang.RuntimeException'] : []);
  },
  catchNames: ['e', 'ex', 'error', 'failure'],
  wrapper: (type, e) => ({ head: 'try {', tail: [[0, `} catch (${type} ${e}) {`], [1, `throw ${e};`], [0, '}']] }),
  notInConstantFunctions: false,
  closure: false,
  deferred: null,
};
