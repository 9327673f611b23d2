import { bindings as jsBindings } from '../javascript/bindings';
import type { BindingRules } from '../nameRoles';

/** TypeScript's grammar extends JavaScript's: its names bind as JavaScript's. */
export const bindings: BindingRules = jsBindings;
