import type { LanguageId } from '../languages/languageIds';
import { addCondition } from './add-condition';
import { CATALOGUE, Category, CATEGORIES } from './catalogue';
import { forWhile } from './for-while';
import { functionRename } from './function-rename';
import { insertJunkLoop } from './insert-junk-loop';
import { insertVariables } from './insert-variables';
import type { Method } from './method';
import { modifyOperations } from './modify-operations';
import { swapBooleanExpression } from './swap-boolean-expression';
import { variableRename } from './variable-rename';

/** Local implementations, in catalogue order (the order matters: it is part of what a seed reproduces). */
const IMPLEMENTED: readonly Method[] = [
  insertJunkLoop,
  insertVariables,
  functionRename,
  variableRename,
  addCondition,
  forWhile,
  swapBooleanExpression,
  modifyOperations,
];

const BY_ID = new Map(IMPLEMENTED.map((m) => [m.id, m]));

export const METHODS: readonly Method[] = CATALOGUE.map((entry) => BY_ID.get(entry.id)).filter((m): m is Method => m !== undefined);

export function methodById(id: string): Method | undefined {
  return BY_ID.get(id);
}

export function isKnownMethodId(id: string): boolean {
  return CATALOGUE.some((m) => m.id === id);
}

/** Methods of a category that the language supports, in catalogue order. */
export function methodsIn(category: Category, lang: LanguageId, allowed?: ReadonlySet<string>): Method[] {
  return METHODS.filter((m) => m.category === category && m.support(lang).applicable && (!allowed || allowed.has(m.id)));
}

export { CATEGORIES };
