import type { RethrowRules, WrapperLine } from '../languageProfile';

/** A deferred function that recovers what panics and panics again with the same value. */
const RECOVER: WrapperLine[] = [
  [0, 'defer func() {'],
  [1, 'if r := recover(); r != nil {'],
  [2, 'panic(r)'],
  [1, '}'],
  [0, '}()'],
];

/**
 * Go has no try: a deferred recover that panics again, at the top of a function or in a closure
 * called on the spot around a run of statements.
 */
export const rethrow: RethrowRules = {
  catchTypes: () => [],
  catchNames: [],
  wrapper: () => ({ head: 'func() {', before: RECOVER, tail: [[0, '}()']] }),
  notInConstantFunctions: false,
  closure: true,
  deferred: RECOVER,
};
