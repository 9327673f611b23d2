import type { ExpressionRules } from '../languageProfile';

/** Python chains its comparisons; `await x` binds tighter than `-` and `**`; shifts by a negative count, `**` (0 to a negative power, overflowing floats) and `@` (a method call) may raise. */
export const expressions: ExpressionRules = {
  nonAssociativeComparisons: true,
  awaitForm: 'prefix-above-unary',
  unaryBeforePowerRejected: false,
  castBeforeLessThanIsGenerics: false,
  streamShifts: false,
  trappingOperators: ['<<', '>>', '**', '@'],
  negationTraps: false,
  checkedCasts: false,
  charLiteralsAreInt: false,
  truthValuesAreInt: false,
  autoInfersType: false,
  checkedTypeAnnotations: false,
  compoundLiteralsAreTemporaries: false,
  operatorsReadContainers: true,
  typeArgumentsBySyntax: false,
  logicalOperatorsYieldOperands: true,
  singleQuotes: 'string',
  backquotes: null,
};
