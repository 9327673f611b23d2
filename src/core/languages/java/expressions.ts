import type { ExpressionRules } from '../languageProfile';

/** Java's casts to reference types are checked; its shifts mask their count and its arithmetic wraps. */
export const expressions: ExpressionRules = {
  otherExpressionKinds: new Set(),
  nonAssociativeComparisons: false,
  awaitForm: 'prefix',
  unaryBeforePowerRejected: false,
  castBeforeLessThanIsGenerics: false,
  streamShifts: false,
  trappingOperators: [],
  negationTraps: false,
  checkedCasts: true,
  charLiteralsAreInt: false,
  truthValuesAreInt: false,
  autoInfersType: false,
  checkedTypeAnnotations: false,
  compoundLiteralsAreTemporaries: false,
  operatorsReadContainers: false,
  typeArgumentsBySyntax: false,
  logicalOperatorsYieldOperands: false,
  singleQuotes: 'char',
  backquotes: null,
};
