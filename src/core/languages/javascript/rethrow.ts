import type { RethrowRules } from '../languageProfile';

/** JavaScript catches anything thrown, untyped, and throws the same value again. */
export const rethrow: RethrowRules = {
  catchTypes: () => [],
  catchNames: ['error', 'err', 'e', 'failure'],
  wrapper: (_type, e) => ({ head: 'try {', tail: [[0, `} catch (${e}) {`], [1, `throw ${e};`], [0, '}']] }),
  notInConstantFunctions: false,
  closure: false,
  deferred: null,
};
