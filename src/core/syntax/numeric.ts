import type { Node } from 'web-tree-sitter';
import type { LanguageId } from '../languages/languageIds';
import type { NumericQueries, NumType } from '../languages/numericTypes';
import { profileOf } from '../languages/profiles';
import { enclosingFunction, TYPE_QUERIES } from './declarations';
import { factTest } from './nodeTable';
import { hasErrorIn, holdingWord, identifiersWhere, nodesOfType, perTreeUnguarded } from './nodes';

export type { NumType } from '../languages/numericTypes';
export { cTypeFromText } from '../languages/c/numeric';

/**
 * The syntax layer's answers to the languages' numeric type readers (languages/numericTypes.ts
 * NumericQueries): declarations.ts's TYPE_QUERIES and the node table's walks and memos, which
 * lie above languages/. One object for every call.
 */
const NUMERIC_QUERIES: NumericQueries = {
  ...TYPE_QUERIES,
  perTreeUnguarded,
  enclosingFunction,
  factTest,
  hasErrorIn,
  identifiersWhere,
  nodesOfType,
  holdingWord,
};

/**
 * What the source proves about the numeric type of an expression (languages/numericTypes.ts
 * NumType), read by the language's reader (`expressions.numericType`, languages/<id>/numeric.ts).
 * Null means "not known to be a number", and callers decline on it.
 */
export function numericType(lang: LanguageId, node: Node): NumType | null {
  return profileOf(lang).expressions.numericType(node, NUMERIC_QUERIES);
}

/** Whether an expression is certainly an integer (of any width and signedness). */
export function isInteger(lang: LanguageId, node: Node): boolean {
  return numericType(lang, node)?.family === 'int';
}
