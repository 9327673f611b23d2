import type { RethrowRules } from '../languageProfile';

/** C++ catches anything with `catch (...)` and rethrows the same object with `throw;`. */
export const rethrow: RethrowRules = {
  catchTypes: () => [],
  catchNames: [],
  wrapper: () => ({ head: 'try {', tail: [[0, '} catch (...) {'], [1, 'throw;'], [0, '}']] }),
  // C++17 forbids a try block in a constexpr function
  notInConstantFunctions: true,
  closure: false,
  deferred: null,
};
