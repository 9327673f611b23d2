import type { RethrowRules } from '../languageProfile';

/** Python's bare `raise` rethrows with the traceback kept; `except BaseException` lets nothing slip past. */
export const rethrow: RethrowRules = {
  catchTypes: () => ['BaseException', 'Exception'],
  catchNames: [],
  wrapper: (type) => ({ head: 'try:', tail: [[0, `except ${type}:`], [1, 'raise']] }),
  notInConstantFunctions: false,
  closure: false,
  deferred: null,
};
