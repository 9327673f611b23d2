import type { ExpressionRules } from '../languageProfile';

/** Python chains its comparisons; `await x` binds tighter than `-` and `**`; shifts by a negative count, `**` (0 to a negative power, overflowing floats) and `@` (a method call) may raise. */
export const expressions: ExpressionRules = {
  otherExpressionKinds: new Set([
    'binary_operator', 'boolean_operator', 'comparison_operator', 'not_operator', 'unary_operator', 'call', 'attribute', 'subscript',
    'lambda', 'list_comprehension', 'dictionary_comprehension', 'set_comprehension', 'generator_expression', 'assignment', 'augmented_assignment',
  ]),
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
