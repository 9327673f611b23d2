import { helpers as jsHelpers } from '../javascript/helpers';
import type { HelperRules } from '../languageProfile';
import { localHelper } from './localHelper';

/** TypeScript's helpers are JavaScript's, with the helper's parameters typed as their locals are declared. */
export const helpers: HelperRules = { ...jsHelpers, localHelper };
