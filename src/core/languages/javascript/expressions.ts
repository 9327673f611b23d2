import type { ExpressionRules } from '../languageProfile';

/** JavaScript rejects `-a ** b` unparenthesised; on numbers its operators fail nowhere but division and remainder. */
export const expressions: ExpressionRules = {
  otherExpressionKinds: new Set(),
  nonAssociativeComparisons: false,
  awaitForm: 'prefix',
  unaryBeforePowerRejected: true,
  castBeforeLessThanIsGenerics: false,
  streamShifts: false,
  trappingOperators: [],
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
  backquotes: 'template',
};
