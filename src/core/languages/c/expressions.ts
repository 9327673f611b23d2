import type { ExpressionRules } from '../languageProfile';

/** C's shifts by a negative or too large count are undefined; its character literals and truth values are ints, and a name may be a macro. */
export const expressions: ExpressionRules = {
  otherExpressionKinds: new Set(),
  nonAssociativeComparisons: false,
  awaitForm: 'prefix',
  unaryBeforePowerRejected: false,
  castBeforeLessThanIsGenerics: false,
  streamShifts: false,
  trappingOperators: ['<<', '>>'],
  negationTraps: false,
  checkedCasts: false,
  charLiteralsAreInt: true,
  truthValuesAreInt: true,
  autoInfersType: false,
  checkedTypeAnnotations: false,
  compoundLiteralsAreTemporaries: false,
  operatorsReadContainers: false,
  typeArgumentsBySyntax: false,
  logicalOperatorsYieldOperands: false,
  singleQuotes: 'char',
  backquotes: null,
};
