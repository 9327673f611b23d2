import { variables as jsVariables } from '../javascript/variables';
import type { VariableRules } from '../languageProfile';

/** TypeScript's variables come to be, alias and end as JavaScript's. */
export const variables: VariableRules = jsVariables;
