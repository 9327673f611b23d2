import type { CodeCrashRules } from '../languageProfile';

/** Go declares GBC's global with `var`, for its top-level functions. */
export const codecrash: CodeCrashRules = {
  lambdaTemplate: false,
  indentedGarbage: false,
  constructorTypes: [],
  deadLoopBeforeFunction: false,
  shadowingGlobals: 'top-level',
  globalDeclaration: (name, value) => `var ${name} = ${value}`,
  runsFromSource: false,
  hintFromCall: false,
  conditionOwners: ['if_statement'],
  conditionTemplates: [(e) => `!!${e}`, (e) => `${e} == true`, (e) => `true && ${e}`, (e) => `${e} != false`, (e) => `false || ${e}`, (e) => `!(!${e})`],
};
