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
};
