import type { SwitchRules } from '../languageProfile';
import { switches as javascript } from '../javascript/switches';

/** JavaScript's switch, which TypeScript's checker reads as exhaustive over a union. */
export const switches: SwitchRules = { ...javascript, exhaustiveUnions: true };
