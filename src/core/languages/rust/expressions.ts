import type { ExpressionRules } from '../languageProfile';

/** Rust rejects chained comparisons, writes `.await` after its operand, reads `x as T <` as generics, and panics on overflow (`+ - *`, negation, shifts) in a debug build. */
export const expressions: ExpressionRules = {
  otherExpressionKinds: new Set(),
  nonAssociativeComparisons: true,
  awaitForm: 'postfix',
  unaryBeforePowerRejected: false,
  castBeforeLessThanIsGenerics: true,
  streamShifts: false,
  trappingOperators: ['<<', '>>', '+', '-', '*'],
  negationTraps: true,
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
  backquotes: null,
};
