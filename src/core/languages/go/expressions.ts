import type { ExpressionRules } from '../languageProfile';

/** Go's shifts by a negative count panic. */
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
  charLiteralsAreInt: false,
  truthValuesAreInt: false,
  autoInfersType: false,
  checkedTypeAnnotations: false,
  compoundLiteralsAreTemporaries: false,
  operatorsReadContainers: false,
  typeArgumentsBySyntax: false,
  logicalOperatorsYieldOperands: false,
  singleQuotes: 'char',
  backquotes: 'raw-string',
};
