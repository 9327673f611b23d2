import { expressions as cExpressions } from '../c/expressions';
import type { ExpressionRules } from '../languageProfile';
import { cNumericType } from '../c/numeric';

/** C++'s expressions are C's, but its truth values are `bool`, its character literals `char`, `auto` takes the initializer's type, `<<` and `>>` are also stream operators, and a class may define `+`, `*` and `++` as it likes. */
export const expressions: ExpressionRules = {
  ...cExpressions,
  narrowingNeedsCast: false,
  lengthReads: ['size-method'],
  unspecifiedOperandOrder: true,
  constantExpressions: true,
  untypedConstants: false,
  integers: 'fixed-width',
  conditionalForm: 'ternary',
  pureCalls: { functions: [], methods: ['size', 'length'], library: null },
  charLiteralsAreInt: false,
  truthValuesAreInt: false,
  autoInfersType: true,
  streamShifts: true,
  compoundLiteralsAreTemporaries: true,
  additionNumbersOnly: false,
  multiplicationNumbersOnly: false,
  incrementIsAddingOne: false,
  // C's reader, but asked for C++'s rules (bool truth values, char literals, auto) and declarations: the spread would give it C's
  numericType: cNumericType({ id: 'cpp', rules: () => expressions }),
  precedence: { ...cExpressions.precedence, '<=>': 75, or: 10, and: 20 },
};
