import type { ExpressionRules } from '../languageProfile';

/** C++'s shifts by a negative or too large count are undefined; its truth values are `bool`, its character literals `char`, and `auto` takes the initializer's type. */
export const expressions: ExpressionRules = {
  nonAssociativeComparisons: false,
  awaitForm: 'prefix',
  unaryBeforePowerRejected: false,
  castBeforeLessThanIsGenerics: false,
  trappingOperators: ['<<', '>>'],
  negationTraps: false,
  checkedCasts: false,
  charLiteralsAreInt: false,
  truthValuesAreInt: false,
  autoInfersType: true,
  checkedTypeAnnotations: false,
  logicalOperatorsYieldOperands: false,
  singleQuotes: 'char',
  backquotes: null,
};
