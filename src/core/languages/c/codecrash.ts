import type { CodeCrashRules } from '../languageProfile';

/** C has no local functions: GBC's dead-loop function goes before the function. */
export const codecrash: CodeCrashRules = {
  lambdaTemplate: false,
  indentedGarbage: false,
  constructorTypes: [],
  deadLoopBeforeFunction: true,
  shadowingGlobals: 'top-level',
  globalDeclaration: (name, value) => `static int ${name} = ${value};`,
  runsFromSource: false,
  hintFromCall: false,
};
