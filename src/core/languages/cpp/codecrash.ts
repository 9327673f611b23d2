import type { CodeCrashRules } from '../languageProfile';

/** C++ shadows globals of free functions only; its dead-loop function is a lambda. */
export const codecrash: CodeCrashRules = {
  lambdaTemplate: false,
  indentedGarbage: false,
  constructorTypes: [],
  deadLoopBeforeFunction: false,
  shadowingGlobals: 'free',
  globalDeclaration: (name, value) => `static int ${name} = ${value};`,
  runsFromSource: false,
  hintFromCall: false,
};
