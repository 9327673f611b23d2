import type { ScalarQueries } from '../languages/cpp/scalars';
import { TYPE_QUERIES } from './declarations';
import { isLogical, isNullLiteral, negatedOperand } from './expressions';
import { numericType } from './numeric';

/**
 * The syntax layer's answers to languages/cpp/scalars.ts's readers of built-in scalars (which
 * lie below the syntax layer): one object for every call, which the boolean rewrites pass down.
 */
export const SCALAR_QUERIES: ScalarQueries = {
  ...TYPE_QUERIES,
  numericType,
  isNullLiteral,
  isLogical,
  negatedOperand,
};
