import { codecrash as jsCodecrash } from '../javascript/codecrash';
import type { CodeCrashRules } from '../languageProfile';

/** TypeScript writes CodeCrash's code as JavaScript does; it runs compiled, and shadows globals in a module only (lib.dom declares `name`, `status`...). */
export const codecrash: CodeCrashRules = {
  ...jsCodecrash,
  shadowingGlobals: 'module-top-level',
  runsFromSource: false,
  // TypeScript narrows through `!`, `&&` and `||` as through the bare condition (syntax/helpers.ts losesNarrowing guards the rest)
  conditionTemplates: [(e) => `!!${e}`, (e) => `${e} ? true : false`, (e) => `true && ${e}`, (e) => `false || ${e}`, (e) => `!(!${e})`],
};
